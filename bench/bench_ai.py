"""Every computer-player figure in one table: the self-play ladders of the classic games,
of Network and of FIDO, and our Block player against open_spiel's own AI.

Prints, asserts nothing. ``--full`` plays the sizes the targets are judged on (≥ 400 games
or hands a line; about two and a half hours on a 2-core machine with ``--jobs 2``, most of
it Network's hard player); the default is a quick look (a few minutes) whose intervals
are wide. ``--jobs 2`` plays the classic ladder and the open_spiel games in two
processes (the hard player's timings are then taken on a busier machine; the timing lines
always run alone). The figures and how they were measured are kept in docs/ai.md.

Run: .venv/bin/python bench/bench_ai.py [--full] [--jobs 2] [--skip-openspiel]
"""

from __future__ import annotations

import argparse
import sys
import time

import bench_ai_classic  # beside this file: run as a script, bench/ is on the path
import bench_ai_fido
import bench_ai_network
import bench_openspiel


def section(title: str) -> None:
    print(f"\n## {title}", flush=True)


def progress(text: str) -> None:
    print(f"  … {text}", file=sys.stderr, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--full", action="store_true", help="the sizes targets are judged on")
    parser.add_argument("--skip-openspiel", action="store_true", help="no open_spiel games")
    parser.add_argument(
        "--jobs", type=int, default=1, help="processes for the classic ladder and open_spiel"
    )
    args = parser.parse_args()
    started = time.perf_counter()

    section("Classic dominoes: self-play ladder (points and hands won by the stronger level)")
    deals = bench_ai_classic.FULL_DEALS if args.full else 25
    for row in bench_ai_classic.run(deals=deals, report=progress, jobs=args.jobs):
        print(row.describe(), flush=True)
    timing = bench_ai_classic.hard_timing(8 if args.full else 2)
    print(f"hard alone, 4-player All Fives: {bench_ai_classic.Row.describe_times(timing)}")

    section("Network dominoes: targets (95 % intervals)")
    sizes = {"deals": 200, "hard_deals": 200, "matches": 100} if args.full else {}
    for network_row in bench_ai_network.run(report=progress, jobs=args.jobs, **sizes):
        print(network_row.describe(), flush=True)

    section("FIDO: self-play ladder (games won and points by the stronger level)")
    fido_sizes = (bench_ai_fido.FULL_DEALS, bench_ai_fido.FULL_BIG_DEALS) if args.full else (20, 4)
    for fido_row in bench_ai_fido.run(fido_sizes, report=progress, jobs=args.jobs):
        print(fido_row.describe(), flush=True)
    for players in (9, 3):
        fido_times = bench_ai_fido.hard_timing(players, 2 if args.full else 1)
        print(f"hard alone, {players}p double-21: {bench_ai_fido.Row.describe_times(fido_times)}")

    section("Block against open_spiel's python_block_dominoes (2 players, spinner off)")
    if args.skip_openspiel:
        print("skipped (--skip-openspiel)")
    elif not bench_openspiel.available():
        print(bench_openspiel.INSTALL_HINT)
    else:
        games = 400 if args.full else 20
        rows = bench_openspiel.run(
            games=games, against=("greedy", "ismcts"), jobs=args.jobs, log=progress
        )
        for os_row in rows:
            print(os_row.line(), flush=True)
    print(f"\n({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
