"""A fingerprint of every registered game's rules, to prove a refactor left them unchanged.

For every game in :data:`engine.registry.GAMES` this plays ``--hands`` random hands
(seeded, so the same run every time): each hand gets a seat count and options drawn by
a seeded :class:`random.Random`, and random legal moves until it ends. Into one sha256
per game goes, at every step: the legal moves (notation), the timeout move, every seat's
view and the spectator's (None), what each of them may not see (``hidden_from``), the
state's JSON and its round trip (``to_json`` → ``from_json`` → ``to_json`` must be equal,
and so must a :meth:`~engine.game.HandState.copy`), a rebuild from the mover's view
(``for_seat``, where the game has one) and every event of every move; at the end the
final JSON, the outcome, the scores and the stats.

Run it before and after a change, with the same arguments; every line must match::

    PYTHONPATH=. .venv/bin/python bench/engine_digest.py [--hands N] [--games a,b]

It prints one line per game (name, hands, moves, sha256, seconds of work) and a total
digest. Hands run in chunks of ``CHUNK`` on ``--jobs`` processes; a game's digest is the
sha256 of its chunks' digests in seed order, so it does not depend on ``--jobs``. A broken
round trip or copy stops the run with an AssertionError naming the game and the seed.

Cost: a step costs as much as its views, and FIDO's grow with its line (sets up to
double-21, nine seats): 300 FIDO hands take about three CPU-minutes, the 3,000 of every
other game together about ten; ``--games fido --hands 300`` is the quick FIDO check.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from engine.game import HandState
from engine.registry import GAMES
from engine.spec import GameSpec

MAX_STEPS = 5_000
"""Stop a hand after this many moves (only a game drawn by repetition runs this long)."""
CHUNK = 100
"""Hands per unit of work handed to a process."""


def _text(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, default=str).encode()


def _setup(spec: GameSpec, rng: random.Random) -> tuple[int, dict[str, Any]]:
    """A seat count and an option for every option of ``spec``, drawn from ``rng``."""
    seats = rng.randint(spec.min_seats, spec.max_seats)
    options = {option.name: rng.choice(option.choices).value for option in spec.options}
    return seats, options


def play_hand(spec: GameSpec, seed: int, feed: Callable[[bytes], None]) -> int:
    """Play one random hand of ``spec`` from ``seed``, feeding everything seen; its moves."""
    rng = random.Random(seed)
    seats, options = _setup(spec, rng)
    cls = spec.hand_class
    hand_number = rng.choice((1, 1, 2, 3))
    previous = rng.randrange(seats) if hand_number > 1 else None
    hand: HandState[Any] = cls.deal(seats, options, seed, hand_number, previous)
    for_seat = getattr(cls, "for_seat", None)
    feed(_text(["deal", spec.name, seats, options, hand_number, previous]))
    steps = 0
    while True:
        state = hand.to_json()
        feed(_text(state))
        again = cls.from_json(state).to_json()
        assert again == state, f"{spec.name} seed {seed}: JSON round trip differs"
        assert hand.copy().to_json() == state, f"{spec.name} seed {seed}: copy differs"
        for seat in (None, *range(seats)):
            feed(_text([seat, hand.view(seat), sorted(hand.hidden_from(seat))]))
        feed(_text([hand.current_player, hand.is_over, hand.scores]))
        if hand.is_over or steps >= MAX_STEPS:
            break
        moves = hand.legal_moves()
        feed(_text([str(move) for move in moves]))
        feed(_text(["timeout", str(hand.timeout_move())]))
        mover = hand.current_player
        if for_seat is not None and mover is not None:
            feed(_text(for_seat(hand.view(mover)).to_json()))
        move = rng.choice(moves)
        feed(_text([event.to_json() for event in hand.apply(move)]))
        steps += 1
    outcome = hand.outcome
    feed(_text(["end", None if outcome is None else outcome.to_json(), hand.stats()]))
    return steps


def chunk_digest(name: str, first_seed: int, hands: int) -> tuple[str, int, float]:
    """(sha256 hex, moves played, seconds) of ``hands`` random hands of game ``name``."""
    spec = GAMES[name]
    sha = hashlib.sha256()
    start = time.perf_counter()
    moves = 0
    for seed in range(first_seed, first_seed + hands):
        moves += play_hand(spec, seed, sha.update)
    return sha.hexdigest(), moves, time.perf_counter() - start


def digest(
    pool: ProcessPoolExecutor, name: str, hands: int, first_seed: int
) -> tuple[str, int, float]:
    """(sha256 hex, moves played, seconds of work) of ``hands`` random hands of ``name``."""
    starts = range(first_seed, first_seed + hands, CHUNK)
    sizes = [min(CHUNK, first_seed + hands - start) for start in starts]
    parts = list(pool.map(chunk_digest, [name] * len(sizes), starts, sizes))
    sha = hashlib.sha256()
    for part, _, _ in parts:
        sha.update(part.encode())
    return sha.hexdigest(), sum(p[1] for p in parts), sum(p[2] for p in parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=3_000, help="random hands per game")
    parser.add_argument("--seed", type=int, default=1, help="the first hand's seed")
    parser.add_argument("--games", default="", help="comma-separated names (default: all)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    args = parser.parse_args()
    names = [name for name in args.games.split(",") if name] or list(GAMES)
    total = hashlib.sha256()
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for name in names:
            hexdigest, moves, seconds = digest(pool, name, args.hands, args.seed)
            total.update(f"{name}:{hexdigest}".encode())
            print(
                f"{name:18} {args.hands} hands {moves:8} moves  {hexdigest}  {seconds:7.1f} s",
                flush=True,
            )
    print(f"{'total':18} {total.hexdigest()}  {time.perf_counter() - start:.1f} s wall")


if __name__ == "__main__":
    main()
