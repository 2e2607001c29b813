"""FIDO diagnostic: what knowing the other hands would be worth to the hard player.

The hard search (:func:`engine.fido.search.hard_move`) deals the tiles it cannot see into
worlds that agree with the history. Here every world deals the real hands instead (the
stock's order still shuffled: nobody knows it), so the search plays as if it saw the
other hands — a player no one meets, only the ceiling of what better inference could
give. Its figures are read as ``bench/fido_selfplay.py``'s (same deals, the ``fido-tune``
label), one seat against normal in the others; asserts nothing.
Run: .venv/bin/python bench/fido_sees_all.py --deals 10 [--seed N] [--players 4] [--set 9]
(``--jobs`` must stay 1: the real game is handed over inside this process.)
"""

from __future__ import annotations

import random
from typing import Any

import fido_selfplay  # beside this file: bench/ is on the path

from engine.dealt import DealtHand
from engine.fido import inference
from engine.tiles import Tile

_playing: list[DealtHand[Any, Any, Any]] = []
_view = DealtHand.view


def _view_noting_game(self: DealtHand[Any, Any, Any], player: int | None) -> dict[str, Any]:
    """The arena asks each seat's view of the real game just before the seat decides."""
    _playing[:] = [self]
    return _view(self, player)


def _real_deal(
    self: inference.DealSampler, rng: random.Random
) -> tuple[list[list[Tile]], list[Tile]]:
    """The real hands, and the real stock in a shuffled order."""
    game = _playing[0]
    hands = [list(hand) for hand in game.hands]
    stock = list(game.stock)
    rng.shuffle(stock)
    return hands, stock


def main() -> None:
    DealtHand.view = _view_noting_game  # type: ignore[method-assign]
    inference.DealSampler.deal = _real_deal  # type: ignore[method-assign]
    fido_selfplay.main(default_variant='{"exact": false}')


if __name__ == "__main__":
    main()
