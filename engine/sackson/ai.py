"""Computer players for Sackson's Network, deciding from the seat's view alone."""

from __future__ import annotations

import random
from typing import Final

from engine.game import JSON
from engine.sackson.game import SacksonGame
from engine.sackson.moves import SacksonMove

LEVELS: Final = ("easy",)


def game_from_view(view: JSON) -> SacksonGame:
    """The game a view shows (nothing is hidden, so the view is the whole game)."""
    return SacksonGame.from_view(view)


def computer_move(view: JSON, seed: int, level: str) -> str:
    """``easy``: any legal move."""
    game = game_from_view(view)
    codes = game.legal_codes()
    return str(SacksonMove.from_code(random.Random(seed).choice(codes)))
