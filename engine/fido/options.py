"""FIDO's table options (docs/rules/fido.md), each declared once as an option spec.

:class:`FidoOptions` is the engine's typed reading of a checked options mapping.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from engine.errors import N_
from engine.spec import Choice, OptionSpec, Phrase, read_options

STANDARD_DIVISORS: Final = {6: 3, 9: 5, 12: 7, 15: 9, 18: 11, 21: 13}
"""Each set's own divisor; double-12 on 7 is the tournament standard."""

SET: Final = OptionSpec(
    N_("set"),
    N_("Domino set"),
    12,
    tuple(
        Choice.filled(
            top,
            N_("Double-{top} ({tiles} tiles, divisor {divisor})"),
            N_("Domino set: double-{top} ({tiles} tiles)"),
            top=top,
            tiles=(top + 1) * (top + 2) // 2,
            divisor=d,
        )
        for top, d in STANDARD_DIVISORS.items()
    ),
)


def _divisor_in_force(options: Mapping[str, Any]) -> Phrase:
    """The divisor a table plays with, and whether it is the set's own."""
    top = int(options.get("set", 12))
    own = STANDARD_DIVISORS.get(top, 0)
    chosen = int(options.get("divisor", 0)) or own
    if chosen == own:
        return Phrase(N_("Divisor {divisor} (the set's own)"), {"divisor": chosen})
    return Phrase(N_("Divisor {divisor}"), {"divisor": chosen})


DIVISOR: Final = OptionSpec(
    N_("divisor"),
    N_("Divisor"),
    0,
    (
        Choice(0, N_("The set's own: 6→3, 9→5, 12→7, 15→9, 18→11, 21→13")),
        *(Choice(d, str(d)) for d in sorted(set(STANDARD_DIVISORS.values()))),
    ),
    in_force=_divisor_in_force,
)
DIRECTION: Final = OptionSpec(
    N_("direction"),
    N_("Direction of play"),
    "clockwise",
    (
        Choice("clockwise", N_("Clockwise (seat order)")),
        Choice("counter-clockwise", N_("Counter-clockwise")),
    ),
)
MERCY: Final = OptionSpec(
    N_("mercy"),
    N_("Mother Theresa rule"),
    "off",
    (
        Choice(
            "off",
            N_("Off: any matching tile may go on a double's naked side"),
            N_("Mother Theresa rule off: any matching tile may go on a double's naked side"),
        ),
        Choice(
            "on",
            N_("On: a naked side takes only a tap-in (outer number a multiple of d)"),
            N_(
                "Mother Theresa rule: a naked side takes only a tap-in "
                "(outer number a multiple of d)"
            ),
        ),
    ),
)
DOUBLES: Final = OptionSpec(
    N_("doubles"),
    N_("Doubles"),
    "crosswise",
    (
        Choice("crosswise", N_("Crosswise, with a naked fourth side (FIDO)")),
        Choice("in-line", N_("In line, as a zero difference (Sönke Hansen)")),
    ),
)
OPTIONS: Final = (SET, DIVISOR, DIRECTION, MERCY, DOUBLES)


@dataclass(frozen=True, slots=True)
class FidoOptions:
    """``top``: the set (double-``top``); ``divisor`` 0 means the set's own one."""

    top: int = 12
    divisor_choice: int = 0
    direction: str = "clockwise"
    mercy: bool = False
    crosswise: bool = True

    @property
    def divisor(self) -> int:
        return self.divisor_choice or STANDARD_DIVISORS[self.top]

    @property
    def step(self) -> int:
        """+1: the next seat plays next; -1: the previous one."""
        return 1 if self.direction == "clockwise" else -1

    @property
    def tiles(self) -> int:
        return (self.top + 1) * (self.top + 2) // 2

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FidoOptions:
        """Missing options take their defaults; a bad value raises ValueError."""
        checked = read_options(OPTIONS, data)
        return cls(
            top=int(checked["set"]),
            divisor_choice=int(checked["divisor"]),
            direction=str(checked["direction"]),
            mercy=checked["mercy"] == "on",
            crosswise=checked["doubles"] == "crosswise",
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "set": self.top,
            "divisor": self.divisor_choice,
            "direction": self.direction,
            "mercy": "on" if self.mercy else "off",
            "doubles": "crosswise" if self.crosswise else "in-line",
        }
