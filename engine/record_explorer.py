"""Step through a game record in a terminal: the move, the scores and the position.

    domino-record hand-1.txt --step 12
    network-explore --record hand-1.txt --step 12

Step 0 is the deal; step N is the hand after its N-th move (default: the last). Any
registered game's record works; a record of a hand still in play keeps its deal secret
and cannot be stepped through.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.game import HandState
from engine.record import GameRecord, RecordError, Step, read_record, rebuild
from engine.terminal import command_line, quiet_on_closed_pipe


def step_report(record: GameRecord, steps: Sequence[Step], number: int) -> str:
    """What a reader wants at one step: which move, the hand's and match's scores, the
    position."""
    step = steps[number]
    last = len(steps) - 1
    if step.move is None:
        said = f"Step 0 of {last}: the deal (hand {record.hand_number})"
    else:
        who = record.name_of(step.move.seat)
        points = f" (+{step.points})" if step.points else ""
        said = f"Step {number} of {last}: {who} played {step.move.notation}{points}"
    scores = step.hand.scores
    totals = [before + now for before, now in zip(record.totals, scores, strict=False)]
    table = ", ".join(
        f"{record.name_of(seat)} {scores[seat]} (match {totals[seat]})"
        for seat in range(record.players)
    )
    lines = [said, f"Scores: {table}"]
    if step.hand.is_over:
        lines.append(f"Hand over: {_outcome(record, step.hand)}")
    else:
        current = step.hand.current_player
        lines.append(f"To move: {record.name_of(current) if current is not None else 'nobody'}")
    lines += ["", step.hand.position_text()]
    return "\n".join(lines)


def _outcome(record: GameRecord, hand: HandState[Any]) -> str:
    outcome = hand.outcome
    if outcome is None or outcome.is_draw:
        return f"no winner ({outcome.reason if outcome else 'over'})"
    who = " and ".join(record.name_of(seat) for seat in outcome.winners)
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


@quiet_on_closed_pipe
def main(argv: Sequence[str] | None = None) -> int:
    parser = command_line(
        "domino-record", "Step through a game record: the move, the scores and the position."
    )
    parser.add_argument("record", help="a record file, as /<game> replay attaches it")
    parser.add_argument(
        "--step", type=int, default=None, help="0 is the deal; default: the last move"
    )
    args = parser.parse_args(argv)
    return explore_record(args.record, args.step)


if __name__ == "__main__":
    raise SystemExit(main())
