"""Sackson's Network: the hard player against a variant of itself (what it was tuned on).

Each variant is the hard player's search with some settings changed: its node budget,
the evaluation's weights, late-move reductions and so on (the keyword arguments of
``engine.sackson.search.Search``, as JSON; ``weights`` names the terms of
``engine.sackson.evaluate.Weights`` to change). Each pair of games starts from the same
few random moves (``--opening``) and is played twice, A taking Dark in one game and
Light in the other; the score is A's, a win 1 and a draw ½, with a 95 % interval over
pairs. Between two strong players the first to move usually wins both games of a pair
(a "split" pair): only the other pairs tell the variants apart, so the split count is
printed too.

Prints figures; asserts nothing.
Run: .venv/bin/python bench/sackson_selfplay.py --a '{"weights": {"junctions": 3}}'
[--b '{}'] [--pairs N] [--nodes N] [--opening N] [--options '{"turn_order": "equalized"}']
[--jobs 2] [--seed N]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import Any

from intervals import mean_ci, percentile  # beside this file: bench/ is on the path

from engine.rng import derive_seed
from engine.sackson.ai import LATE_MOVES, NOISE, seen_keys
from engine.sackson.evaluate import DEFAULT
from engine.sackson.game import SacksonGame
from engine.sackson.moves import SacksonMove
from engine.sackson.search import Search

Variant = dict[str, Any]


def search_settings(variant: Variant, nodes: int) -> dict[str, Any]:
    """The hard player's settings with ``variant``'s changes."""
    settings: dict[str, Any] = {"nodes": nodes, "late": LATE_MOVES, "noise": NOISE}
    settings.update({key: value for key, value in variant.items() if key != "weights"})
    if "widths" in settings:
        settings["widths"] = tuple(settings["widths"])
    settings["weights"] = replace(DEFAULT, **variant.get("weights", {}))
    return settings


def play_game(
    job: tuple[Variant, Variant, int, int, bool, int, dict[str, Any]],
) -> tuple[float, bool, list[float]]:
    """One game: A's score, whether Dark won, and A's decision times."""
    a, b, nodes, seed, a_dark, opening, options = job
    game = SacksonGame.deal(2, {**options, "dark": "host"}, seed)  # seat 0 plays Dark
    rng = random.Random(seed)
    for _ in range(opening):
        if not game.is_over:
            game.apply(SacksonMove.from_code(rng.choice(game.legal_codes())))
    seats = {0: a, 1: b} if a_dark else {0: b, 1: a}
    a_seat = 0 if a_dark else 1
    times: list[float] = []
    turn = 0
    while game.current_player is not None:
        seat = game.current_player
        start = time.perf_counter()
        search = Search(
            game.position,
            both_networks_legal=game.options.both_networks_legal,
            seen=seen_keys(game.seen),
            seed=derive_seed(seed, "turn", turn),
            **search_settings(seats[seat], nodes),
        )
        move = search.run().move
        if seat == a_seat:
            times.append(time.perf_counter() - start)
        game.apply(SacksonMove.from_code(move))
        turn += 1
    winners = game.outcome.winners if game.outcome else ()
    score = 0.5 if not winners else float(winners[0] == a_seat)
    return score, bool(winners) and winners[0] == 0, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--a", default="{}", help="variant A's changes (JSON)")
    parser.add_argument("--b", default="{}", help="variant B's changes (JSON)")
    parser.add_argument("--pairs", type=int, default=40)
    parser.add_argument("--nodes", type=int, default=1500, help="node budget of both")
    parser.add_argument("--opening", type=int, default=3, help="random moves to start")
    parser.add_argument("--options", default="{}", help="table options (JSON)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    a, b, options = json.loads(args.a), json.loads(args.b), json.loads(args.options)

    work = []
    for index in range(args.pairs):
        seed = derive_seed(args.seed, "sackson-selfplay", index)
        for a_dark in (True, False):
            work.append((a, b, args.nodes, seed, a_dark, args.opening, options))
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else contextlib.nullcontext() as pool:
        played = list(pool.map(play_game, work, chunksize=1) if pool else map(play_game, work))
    pairs = [(played[i][0] + played[i + 1][0]) / 2 for i in range(0, len(played), 2)]
    score, half = mean_ci(pairs)
    scores = [game[0] for game in played]
    wins, draws = scores.count(1.0), scores.count(0.5)
    dark = sum(game[1] for game in played)
    times = [t for game in played for t in game[2]]
    print(
        f"A {a} vs B {b}, {args.nodes} nodes, opening {args.opening}, options {options}: "
        f"A scores {100 * score:.1f} % ± {100 * half:.1f} over {args.pairs} pairs "
        f"(W{wins} D{draws} L{len(scores) - wins - draws}; Dark won {dark} of {len(played)}, "
        f"{sum(p == 0.5 for p in pairs)} pairs split); A's decisions p50 "
        f"{1000 * percentile(times, 0.5):.0f} ms, mean {1000 * statistics.fmean(times):.0f} ms "
        f"({time.perf_counter() - start:.0f} s)"
    )


if __name__ == "__main__":
    main()
