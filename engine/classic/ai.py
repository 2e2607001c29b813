"""A baseline computer player for the classic games.

It takes the play that scores most now; between equal plays it sheds the heaviest tile
(a double before a non-double of the same weight, since doubles are the hardest tiles to
place later), and a seeded coin decides what is still equal. It draws when it cannot play.
Stronger levels (easy/normal/hard) come later.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.classic.hand import ClassicHand
from engine.classic.moves import ClassicMove

LEVELS = ("baseline",)


def computer_move(view: Mapping[str, Any], seed: int, level: str = "baseline") -> str:
    """The move a computer player in ``view``'s seat makes, decided from that view alone."""
    return str(choose_move(ClassicHand.for_seat(view), seed, level))


def choose_move(hand: ClassicHand, seed: int, level: str = "baseline") -> ClassicMove:
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}; known: {', '.join(LEVELS)}")
    if hand.current_player is None:
        raise ValueError("the hand is over")
    moves = hand.legal_moves()
    if not moves[0].is_play:
        return moves[0]  # draw (or the pass the engine would make anyway)
    best_key: tuple[int, int, bool] | None = None
    best: list[ClassicMove] = []
    for move in moves:
        tile = move.tile
        assert tile is not None
        key = (hand.score_if(move), tile.pips, tile.is_double)
        if best_key is None or key > best_key:
            best_key, best = key, [move]
        elif key == best_key:
            best.append(move)
    return best[0] if len(best) == 1 else random.Random(seed).choice(best)
