"""Sackson's Network from the stepping phase: the hard player where pieces move.

Between good players nearly every game is decided while the pieces are placed, so the
ladder (``bench_ai_sackson.py``) hardly exercises a player's moving. This bench starts
every game from a position with all twenty pieces on the board, no network in one for
either side (a position where one is pending is usually decided already), and the
player to move free to move.

Positions come from seeded self-play (their own seeds, kept apart from every ladder's):
two normal players, each playing a random legal move instead of its own a third of the
time so that the positions vary, from the start until all twenty pieces are down. A game
decided before that is dropped and the next seed tried, and so is a position in which a
short search (:data:`SCREEN_NODES`) already finds a forced win for either side.

Each position is played twice, A taking the colour to move in one game and the other
colour in the other; a game not over after ``--moves`` more moves counts as a draw. A is
scored a win 1 and a draw ½, with a 95 % interval over positions (the mean of each pair).

Players: ``normal``, ``hard`` (the hard player as it is), or a JSON object of changes to
the hard player's search (``engine.sackson.search.Search`` keyword arguments, with
``weights`` naming the evaluation's terms to change, ``engine.sackson.evaluate.Weights``),
e.g. ``'{"moving_cost": 2}'``: see docs/ai.md.

Run: .venv/bin/python bench/sackson_stepping.py --a hard --b normal [--positions 50]
[--jobs 2] [--seed N] [--options '{"turn_order": "equalized"}'];
``--cpu-positions N`` only times A's decisions in CPU time (A against itself, the first
six moves from N positions, one process).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import Any

from intervals import mean_ci, percentile  # beside this file: bench/ is on the path

from engine.rng import derive_seed
from engine.sackson import ai as sackson_ai
from engine.sackson.ai import LATE_MOVES, NOISE, normal_code, seen_keys
from engine.sackson.evaluate import DEFAULT
from engine.sackson.game import SacksonGame
from engine.sackson.moves import SacksonMove
from engine.sackson.search import WON, Search
from engine.sackson.threats import winning_moves

SCREEN_NODES = 400
RANDOM_SHARE = 1 / 3
"""How often a generating player plays a random move instead of normal's."""
Variant = dict[str, Any]


def search_settings(variant: Variant, nodes: int) -> dict[str, Any]:
    """The hard player's settings with ``variant``'s changes."""
    settings: dict[str, Any] = {"nodes": nodes, "late": LATE_MOVES, "noise": NOISE}
    settings.update({key: value for key, value in variant.items() if key != "weights"})
    if "widths" in settings:
        settings["widths"] = tuple(settings["widths"])
    settings["weights"] = replace(DEFAULT, **variant.get("weights", {}))
    return settings


def stepping_position(seed: int, options: dict[str, Any]) -> SacksonGame | None:
    """The game after seeded self-play placed all twenty pieces, or None if it ended or
    reached a position where either side has a network in one."""
    game = SacksonGame.deal(2, {**options, "dark": "host"}, seed)
    rng = random.Random(derive_seed(seed, "stepping-positions"))
    while not game.is_over and any(game.position.hand):
        codes = game.legal_codes()
        if rng.random() < RANDOM_SHARE:
            code = rng.choice(codes)
        else:
            code = normal_code(game.position, codes, rng)
        game.apply(SacksonMove.from_code(code))
    position = game.position
    if game.is_over or not game.legal_codes():
        return None
    for colour in (position.to_move, 1 - position.to_move):
        if winning_moves(position.pieces[colour], position.pieces[1 - colour], colour, False):
            return None
    return game


def open_position(game: SacksonGame) -> bool:
    """Whether a short search (:data:`SCREEN_NODES`) finds no forced win for either side:
    most positions after a loose self-play are already decided by a double threat."""
    search = Search(
        game.position,
        both_networks_legal=game.options.both_networks_legal,
        seen=seen_keys(game.seen),
        nodes=SCREEN_NODES,
    )
    return abs(search.run().value) < WON


def screened(job: tuple[int, dict[str, Any]]) -> int | None:
    """The game seed if it reaches an open stepping position, else None."""
    game_seed, options = job
    game = stepping_position(game_seed, options)
    return game_seed if game is not None and open_position(game) else None


def positions(count: int, seed: int, options: dict[str, Any], jobs: int = 1) -> list[int]:
    """The seeds of the first ``count`` games that reach an open stepping position."""
    found: list[int] = []
    index = 0
    batch = 8 * max(1, jobs)
    while len(found) < count:
        work = [(derive_seed(seed, "stepping", index + i), options) for i in range(batch)]
        index += batch
        if jobs > 1:
            with ProcessPoolExecutor(jobs) as pool:
                results = list(pool.map(screened, work))
        else:
            results = [screened(job) for job in work]
        found.extend(s for s in results if s is not None)
    return found[:count]


def decide(player: str, game: SacksonGame, seed: int) -> int:
    if player == "normal":
        return sackson_ai.choose_code(game, seed, "normal")
    if player == "hard":
        return sackson_ai.choose_code(game, seed, "hard")
    codes = game.legal_codes()
    if len(codes) == 1:
        return codes[0]
    search = Search(
        game.position,
        both_networks_legal=game.options.both_networks_legal,
        seen=seen_keys(game.seen),
        seed=seed,
        **search_settings(json.loads(player), sackson_ai.HARD_NODES),
    )
    return search.run().move


def play_game(job: tuple[str, str, int, bool, int, dict[str, Any]]) -> tuple[float, list[float]]:
    """A's score from position ``seed`` (A to move first or second) and its times."""
    a, b, seed, a_first, moves, options = job
    game = stepping_position(seed, options)
    assert game is not None
    first = game.current_player
    assert first is not None
    a_seat = first if a_first else 1 - first
    times: list[float] = []
    for turn in range(moves):
        seat = game.current_player
        if seat is None:
            break
        player = a if seat == a_seat else b
        start = time.perf_counter()
        code = decide(player, game, derive_seed(seed, "move", turn))
        if seat == a_seat and len(game.legal_codes()) > 1:
            times.append(time.perf_counter() - start)
        game.apply(SacksonMove.from_code(code))
    winners = game.outcome.winners if game.outcome else ()
    return (0.5 if not winners else float(winners[0] == a_seat)), times


def cpu_times(
    player: str, count: int, seed: int, options: dict[str, Any], moves: int = 6
) -> list[float]:
    """CPU seconds of ``player``'s decisions, playing both sides for the first ``moves``
    moves from ``count`` positions, in this process: the CPU time a shared machine's load
    does not stretch."""
    times: list[float] = []
    for game_seed in positions(count, seed, options):
        game = stepping_position(game_seed, options)
        assert game is not None
        for turn in range(moves):
            if game.is_over:
                break
            start = time.process_time()
            code = decide(player, game, turn)
            times.append(time.process_time() - start)
            game.apply(SacksonMove.from_code(code))
    return times


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", default="hard")
    parser.add_argument("--b", default="normal")
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--moves", type=int, default=60, help="moves before a draw")
    parser.add_argument("--options", default="{}", help="table options (JSON)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--cpu-positions", type=int, default=0, help="only time A (CPU) from N positions"
    )
    args = parser.parse_args(argv)
    options = json.loads(args.options)
    if args.cpu_positions:
        times = cpu_times(args.a, args.cpu_positions, args.seed, options)
        print(
            f"{args.a}'s CPU time a decision, {len(times)} decisions: p50 "
            f"{1000 * percentile(times, 0.5):.0f} ms, p95 {1000 * percentile(times, 0.95):.0f}"
            f" ms, max {1000 * max(times):.0f} ms"
        )
        return
    start = time.perf_counter()
    seeds = positions(args.positions, args.seed, options, args.jobs)
    work = [
        (args.a, args.b, seed, a_first, args.moves, options)
        for seed in seeds
        for a_first in (True, False)
    ]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            played = list(pool.map(play_game, work, chunksize=1))
    else:
        played = [play_game(job) for job in work]
    scores = [score for score, _ in played]
    pairs = [(scores[i] + scores[i + 1]) / 2 for i in range(0, len(scores), 2)]
    mean, half = mean_ci(pairs)
    wins, draws = scores.count(1.0), scores.count(0.5)
    first = [scores[i] for i in range(0, len(scores), 2)]
    second = [scores[i] for i in range(1, len(scores), 2)]
    times = [t for _, found in played for t in found]
    print(
        f"{args.a} vs {args.b} from {len(seeds)} stepping positions (options {options}): "
        f"A scores {100 * mean:.1f} % ± {100 * half:.1f} (W{wins} D{draws} "
        f"L{len(scores) - wins - draws}; moving first {100 * sum(first) / len(first):.0f} %, "
        f"second {100 * sum(second) / len(second):.0f} %); A's decisions p50 / p95 / max "
        f"{1000 * percentile(times, 0.5):.0f} / {1000 * percentile(times, 0.95):.0f} / "
        f"{1000 * max(times, default=0):.0f} ms ({time.perf_counter() - start:.0f} s)"
    )


if __name__ == "__main__":
    main()
