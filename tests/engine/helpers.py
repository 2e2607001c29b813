"""Shared helpers for engine tests: seeded random play and an ASCII picture of a layout."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from engine.dealt import DealtHand
from engine.game import HandState
from engine.network import NetworkHand, NetworkMove

S = TypeVar("S", bound=HandState[Any])
D = TypeVar("D", bound=DealtHand[Any, Any, Any])


def random_move(hand: NetworkHand, rng: random.Random, pass_rate: float = 0.0) -> NetworkMove:
    """A random legal move; passes only when stuck unless ``pass_rate`` says otherwise."""
    moves = hand.legal_moves()
    plays = [m for m in moves if not m.is_pass]
    if plays and rng.random() >= pass_rate:
        return rng.choice(plays)
    return moves[-1]


def play_for(hand: NetworkHand, seed: int, moves: int, pass_rate: float = 0.0) -> None:
    """Play up to ``moves`` random moves (:func:`random_move`), fewer when the hand ends."""
    rng = random.Random(seed)
    for _ in range(moves):
        if hand.is_over:
            break
        hand.apply(random_move(hand, rng, pass_rate))


def short_of_the_end(hand: S, rng: random.Random, moves: int) -> S:
    """``hand`` after up to ``moves`` random legal moves (any game), stopping short of
    its end: the move that would end it is not made."""
    for _ in range(moves):
        after = hand.copy()
        after.apply(rng.choice(after.legal_moves()))
        if after.is_over:
            break
        hand = after
    return hand


def hidden_dealt_again(hand: D, seat: int | None, seed: int, sort: bool = False) -> D:
    """The same hand with every tile ``seat`` cannot see (the other hands, the stock)
    dealt again at random: the same hand sizes, the same stock size (``sort``: each hand
    high to low, as the classic games keep them)."""
    other = hand.copy()
    hidden = [t for s, h in enumerate(hand.hands) if s != seat for t in h] + hand.stock
    random.Random(seed).shuffle(hidden)
    for s in range(hand.players):
        if s != seat:
            size = len(hand.hands[s])
            dealt, hidden = hidden[:size], hidden[size:]
            other.hands[s] = sorted(dealt, reverse=True) if sort else dealt
    other.stock = hidden
    return other


def play_random(hand: NetworkHand, seed: int, pass_rate: float = 0.0) -> list[str]:
    """Play the hand to its end; returns the notation of every move made by a player."""
    rng = random.Random(seed)
    made = []
    while not hand.is_over:
        move = random_move(hand, rng, pass_rate)
        made.append(str(move))
        hand.apply(move)
    return made
