"""Shared helpers for engine tests: seeded random play and an ASCII picture of a layout."""

from __future__ import annotations

import random

from engine.network import NetworkHand, NetworkMove


def random_move(hand: NetworkHand, rng: random.Random, pass_rate: float = 0.0) -> NetworkMove:
    """A random legal move; passes only when stuck unless ``pass_rate`` says otherwise."""
    moves = hand.legal_moves()
    plays = [m for m in moves if not m.is_pass]
    if plays and rng.random() >= pass_rate:
        return rng.choice(plays)
    return moves[-1]


def play_random(hand: NetworkHand, seed: int, pass_rate: float = 0.0) -> list[str]:
    """Play the hand to its end; returns the notation of every move made by a player."""
    rng = random.Random(seed)
    made = []
    while not hand.is_over:
        move = random_move(hand, rng, pass_rate)
        made.append(str(move))
        hand.apply(move)
    return made
