"""The computer players of FIDO, at three levels. Each decides from its seat's view alone
(:meth:`FidoHand.for_seat`) and returns the same move for the same view and seed.

* **easy** — a legal move at random (seeded).
* **normal** — plays the divisor (:mod:`engine.fido.policy`): the play that scores most
  now; then what the move leaves — the next player's chance to score on the new total,
  its jokers kept for when the previous player scored, heavy tiles shed as the end nears,
  a spread of difference groups, doubles played while their number is open.
* **hard** — perfect-information Monte Carlo over normal's best moves, played out to the
  end of the game by normal in every seat, see :mod:`engine.fido.search`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.dealt import by_level, computer_turn
from engine.fido.hand import FidoHand
from engine.fido.moves import FidoMove
from engine.fido.policy import Unlaid, normal_move
from engine.fido.search import HARD_BUDGET, hard_move
from engine.search import Budget

LEVELS = ("easy", "normal", "hard")


def computer_move(view: Mapping[str, Any], seed: int, level: str) -> str:
    """``(seat view, seed, level) -> move notation`` for the registry."""
    return str(choose_move(FidoHand.for_seat(view), seed, level))


def choose_move(
    game: FidoHand, seed: int, level: str = "normal", budget: Budget | None = None
) -> FidoMove:
    """The move for the seat to move in ``game``, which may be a full game: only what that
    seat can see is read (its tiles, the line, the sizes and the history). ``budget``: the
    hard player's (default :data:`HARD_BUDGET`)."""
    computer_turn(game, level, LEVELS)
    hard_budget = HARD_BUDGET if budget is None else budget
    return by_level(
        level,
        game.legal_moves(),
        seed,
        lambda rng: normal_move(game, Unlaid(game), rng),
        lambda rng: hard_move(game, rng, hard_budget),
    )
