"""Seeded randomness: the same seed always gives the same shuffle and the same deal."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def derive_seed(seed: int, *parts: object) -> int:
    """A new 63-bit seed from ``seed`` and labels (e.g. a hand number), stable across runs."""
    text = ":".join([str(seed), *(str(part) for part in parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def shuffled(items: Sequence[T], seed: int) -> list[T]:
    """A shuffled copy of ``items``; Python's Mersenne Twister is stable across versions."""
    result = list(items)
    random.Random(seed).shuffle(result)
    return result


def deal(
    items: Sequence[T], seed: int, players: int, per_player: int
) -> tuple[list[list[T]], list[T]]:
    """Shuffle and deal ``per_player`` items to each player; returns (hands, the rest)."""
    if players * per_player > len(items):
        raise ValueError(f"cannot deal {per_player} each to {players} from {len(items)}")
    deck = shuffled(items, seed)
    hands = [deck[i * per_player : (i + 1) * per_player] for i in range(players)]
    return hands, deck[players * per_player :]
