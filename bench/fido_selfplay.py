"""FIDO: a variant of the hard player's search, one seat against normal in the others (what
the search was tuned on).

A variant is a JSON object of :func:`engine.fido.search.hard_move`'s parameters
(``{"top_k": 8, "horizon": 48, "confidence": 0.5, "pip_share": 0.5, "exact": true,
"work": 450000, "worlds": 160}``; ``{}`` is the hard player as it is). Every deal is
played once with the variant's seat in every position, on deals derived from a seed and a
label of their own (``fido-tune``, never the benchmark's ``fido-rotated``). Run two
variants with the same ``--deals`` and ``--seed`` to compare them on the same deals.
Prints the variant's points a game over normal's mean and its share of games won, with
95 % intervals over deals, and its decision times; asserts nothing.
``--save FILE`` writes each deal's margin; ``--paired FILE`` (a saved run on the same
deals) also prints the mean difference of the two runs deal by deal, with its interval.
Run: .venv/bin/python bench/fido_selfplay.py --a '{"horizon": 24}' [--deals N]
[--players 4] [--set 9] [--seed N] [--jobs 2] [--save FILE] [--paired FILE]
"""

from __future__ import annotations

import argparse
import json
import random
from functools import partial
from typing import Any

from bench_ai_fido import Table, rotated  # beside this file: bench/ is on the path
from intervals import mean_ci

from engine.fido.ai import computer_move
from engine.fido.hand import FidoHand
from engine.fido.search import HARD_BUDGET, hard_move
from engine.search import Budget

Variant = dict[str, Any]


def variant_move(variant: Variant, view: dict[str, Any], seed: int, level: str) -> str:
    """The variant's move for ``level == "hard"``; the real players otherwise."""
    if level != "hard":
        return computer_move(view, seed, level)
    game = FidoHand.for_seat(view)
    moves = game.legal_moves()
    if len(moves) == 1:
        return str(moves[0])
    options = dict(variant)
    budget = Budget(int(options.pop("worlds", HARD_BUDGET.worlds)), HARD_BUDGET.seconds)
    return str(hard_move(game, random.Random(seed), budget, **options))


def main(default_variant: str = "{}") -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--a", default=default_variant, help="the variant, as JSON")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--set", type=int, default=9)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--save", help="write each deal's margin to this JSON file")
    parser.add_argument("--paired", help="a --save file of another variant, same deals")
    args = parser.parse_args()
    variant: Variant = json.loads(args.a)
    table = Table(args.players, {"set": args.set})
    row = rotated(
        table,
        args.deals,
        first_seed=args.seed,
        jobs=args.jobs,
        label="fido-tune",
        decide=partial(variant_move, variant),
        progress=5,
    )
    print(f"variant {json.dumps(variant)}: {row.describe()}")
    if args.save:
        with open(args.save, "w", encoding="utf-8") as out:
            json.dump({"variant": variant, "margins": row.margins}, out)
    if args.paired:
        with open(args.paired, encoding="utf-8") as saved:
            other = json.load(saved)
        theirs = other["margins"][: len(row.margins)]
        gain, gain_ci = mean_ci([a - b for a, b in zip(row.margins, theirs, strict=True)])
        print(
            f"against {json.dumps(other['variant'])} on the same {len(theirs)} deals: "
            f"{gain:+.2f} ± {gain_ci:.2f} points a game"
        )


if __name__ == "__main__":
    main()
