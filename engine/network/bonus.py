"""The end-of-hand bonus: +3 to whoever last fed the most frequent open-end number."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.network.layout import Layout
from engine.network.options import BonusTie

BONUS_POINTS = 3


@dataclass(frozen=True, slots=True)
class BonusResult:
    """``numbers``: the most frequent numbers (ties included) and ``count`` how often each
    shows; ``contributors`` maps each to (seat, tile index, end label) of its most recent
    tile; ``awarded`` is the seats that get +3 under the table's tie rule."""

    numbers: tuple[int, ...]
    count: int
    contributors: tuple[tuple[int, int, int, str], ...]
    awarded: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "numbers": list(self.numbers),
            "count": self.count,
            "contributors": [
                {"number": n, "seat": s, "tile": t, "label": label}
                for n, s, t, label in self.contributors
            ],
            "awarded": list(self.awarded),
            "points": BONUS_POINTS,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BonusResult:
        return cls(
            tuple(data["numbers"]),
            int(data["count"]),
            tuple((c["number"], c["seat"], c["tile"], c["label"]) for c in data["contributors"]),
            tuple(data["awarded"]),
        )


def compute_bonus(layout: Layout, tie_rule: BonusTie) -> BonusResult:
    by_number = layout.open_end_numbers()
    if not by_number:
        return BonusResult((), 0, (), ())
    count = max(len(ends) for ends in by_number.values())
    numbers = tuple(sorted(n for n, ends in by_number.items() if len(ends) == count))
    contributors = []
    for n in numbers:
        latest = max(by_number[n], key=lambda end: end.tile_index)
        seat = layout.placements[latest.tile_index].seat
        contributors.append((n, seat, latest.tile_index, latest.label))
    if len(numbers) == 1 or tie_rule == "all":
        awarded = sorted({seat for _, seat, _, _ in contributors})
    elif tie_rule == "recent":
        awarded = [max(contributors, key=lambda c: c[2])[1]]
    else:
        awarded = []
    return BonusResult(numbers, count, tuple(contributors), tuple(awarded))
