"""Computer players for every game, found by convention in ``engine.<game>.ai``."""

from __future__ import annotations

import importlib
from typing import Any

from engine.game import HandState, Move

LEVELS = ("baseline",)


def choose_move(hand: HandState[Any], seed: int, level: str = "baseline") -> Move:
    """The move a computer player makes for ``hand.current_player``; same seed, same move."""
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}; known: {', '.join(LEVELS)}")
    module = importlib.import_module(f"engine.{hand.game}.ai")
    move: Move = module.choose_move(hand, seed, level)
    return move
