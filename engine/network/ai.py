"""The computer players of Network dominoes, decided from one seat's view.

* **easy** — a random legal move, passing now and then;
* **normal** — values each move by the points it expects: rings now, the +3 end-of-hand
  bonus and how likely it is to keep it, ring chances left to the others, and whether a
  pass ends the hand (see :mod:`engine.network.policy`);
* **hard** — a PIMC search over normal's best moves (see :mod:`engine.network.hard`).

A seat stored with the old level name "baseline" plays as normal.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.dealt import computer_turn
from engine.network.hand import NetworkHand
from engine.network.hard import hard_move
from engine.network.moves import NetworkMove
from engine.network.policy import easy_move, knowledge, normal_move

LEVELS = ("easy", "normal", "hard")
ALIASES = {"baseline": "normal"}


def computer_move(view: Mapping[str, Any], seed: int, level: str = "normal") -> str:
    """The move a computer player in ``view``'s seat makes, decided from that view alone."""
    hand = NetworkHand.for_seat(view)
    return str(choose_move(hand, seed, level, [int(n) for n in view["hand_sizes"]]))


def choose_move(
    hand: NetworkHand, seed: int, level: str = "normal", sizes: list[int] | None = None
) -> NetworkMove:
    """The move of the seat to move at ``level``. Only what that seat may see is used: the
    table, its own tiles, the history and the hands' sizes (``sizes``, when ``hand`` was
    rebuilt from a view; otherwise read from ``hand``)."""
    level, seat = computer_turn(hand, level, LEVELS, ALIASES)
    rng = random.Random(seed)
    if level == "easy":
        return easy_move(hand, rng)
    know = knowledge(hand, seat, sizes)
    if level == "normal":
        return normal_move(hand, know, rng)
    return hard_move(hand, know, seed)
