"""Step through a game record in a terminal: the move, the scores and the position.

    domino-record hand-1.txt --step 12
    network-explore --record hand-1.txt --step 12

Step 0 is the deal; step N is the hand after its N-th move (default: the last). Any
registered game's record works; a record of a hand still in play keeps its deal secret
and cannot be stepped through.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.game import HandState
from engine.line.base import LineOfPlay
from engine.network import NetworkHand
from engine.network.text import layout_text
from engine.record import GameRecord, RecordError, Step, read_record, rebuild
from engine.sackson import SacksonGame

FILES = "abcdefgh"


def position_text(hand: HandState[Any]) -> str:
    """The position in plain text: the Network grid, the Sackson board, or a line's open
    ends and laid tiles."""
    if isinstance(hand, NetworkHand):
        return layout_text(hand.layout) if hand.layout.placements else "(nothing laid yet)"
    if isinstance(hand, SacksonGame):
        return _board_text(hand.view(None))
    line = getattr(hand, "line", None)
    if isinstance(line, LineOfPlay):
        if line.lead is None:
            return "(nothing laid yet)"
        ends = ", ".join(f"{label} {value}" for label, value, _ in line.ends())
        laid = ", ".join(tile.name for tile in line.laid())
        return f"Open ends: {ends or 'none'} (total {line.total})\nLaid: {laid}"
    return str(hand.view(None))


def _board_text(view: dict[str, Any]) -> str:
    """The 8×8 board, row 8 on top: D dark, L light, . empty, blank the dead corners."""
    squares = view["squares"]
    rows = []
    for row in range(8, 0, -1):
        cells = []
        for column in FILES:
            square = f"{column}{row}"
            dead = row in (1, 8) and column in "ah"
            cells.append(" " if dead else squares.get(square, ".")[0].upper())
        rows.append(f"{row} {' '.join(cells)}")
    rows.append("  " + " ".join(FILES))
    return "\n".join(rows)


def step_report(record: GameRecord, steps: Sequence[Step], number: int) -> str:
    """What a reader wants at one step: which move, the hand's and match's scores, the
    position."""
    step = steps[number]
    last = len(steps) - 1
    if step.move is None:
        said = f"Step 0 of {last}: the deal (hand {record.hand_number})"
    else:
        who = _name(record, step.move.seat)
        points = f" (+{step.points})" if step.points else ""
        said = f"Step {number} of {last}: {who} played {step.move.notation}{points}"
    scores = step.hand.scores
    totals = [before + now for before, now in zip(record.totals, scores, strict=False)]
    table = ", ".join(
        f"{_name(record, seat)} {scores[seat]} (match {totals[seat]})"
        for seat in range(record.players)
    )
    lines = [said, f"Scores: {table}"]
    if step.hand.is_over:
        lines.append(f"Hand over: {_outcome(record, step.hand)}")
    else:
        current = step.hand.current_player
        lines.append(f"To move: {_name(record, current) if current is not None else 'nobody'}")
    lines += ["", position_text(step.hand)]
    return "\n".join(lines)


def _name(record: GameRecord, seat: int) -> str:
    return record.names[seat] if 0 <= seat < len(record.names) else f"seat {seat + 1}"


def _outcome(record: GameRecord, hand: HandState[Any]) -> str:
    outcome = hand.outcome
    if outcome is None or outcome.is_draw:
        return f"no winner ({outcome.reason if outcome else 'over'})"
    who = " and ".join(_name(record, seat) for seat in outcome.winners)
    return f"{who} ({outcome.reason})"


def explore_record(path: str, step: int | None) -> int:
    """Print step ``step`` (None: the last) of the record in ``path``; 0 or 2 on error."""
    try:
        record = read_record(Path(path).read_text(encoding="utf-8"))
        steps = rebuild(record)
    except OSError as exc:
        print(f"error: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except RecordError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    number = len(steps) - 1 if step is None else step
    if not 0 <= number < len(steps):
        print(f"error: the record has steps 0 to {len(steps) - 1}, not {step}", file=sys.stderr)
        return 2
    print(step_report(record, steps, number))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="domino-record",
        description="Step through a game record: the move, the scores and the position.",
    )
    parser.add_argument("record", help="a record file, as /<game> replay attaches it")
    parser.add_argument(
        "--step", type=int, default=None, help="0 is the deal; default: the last move"
    )
    args = parser.parse_args(argv)
    return explore_record(args.record, args.step)


if __name__ == "__main__":
    raise SystemExit(main())
