"""The computer players of FIDO, at three levels. Each decides from its seat's view alone
(:meth:`FidoHand.for_seat`) and returns the same move for the same view and seed.

* **easy** — a legal move at random (seeded).
* **normal** — plays the divisor: the play that scores most now; among equals it keeps
  its jokers (tiles whose difference is a multiple of the divisor, which keep a scoring
  total scoring) and sheds heavy tiles, so few pips are left to deduct.
* **hard** — see :mod:`engine.fido.search`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.fido.differences import is_joker
from engine.fido.hand import FidoHand
from engine.fido.moves import FidoMove

LEVELS = ("easy", "normal", "hard")


def normal_key(game: FidoHand, move: FidoMove) -> tuple[int, int, int]:
    """Points now; then not spending a joker; then the heavier tile."""
    tile = move.tile
    if tile is None:
        return (0, 0, 0)
    joker = is_joker(tile, game.divisor, game.options.crosswise)
    return (game.score_if(move), 0 if joker else 1, tile.pips)


def normal_move(game: FidoHand, rng: random.Random) -> FidoMove:
    moves = game.legal_moves()
    best = max(normal_key(game, m) for m in moves)
    return rng.choice([m for m in moves if normal_key(game, m) == best])


def computer_move(view: Mapping[str, Any], seed: int, level: str) -> str:
    """``(seat view, seed, level) -> move notation`` for the registry."""
    game = FidoHand.for_seat(view)
    rng = random.Random(seed)
    moves = game.legal_moves()
    if len(moves) == 1:
        return str(moves[0])
    if level == "easy":
        return str(rng.choice(moves))
    return str(normal_move(game, rng))
