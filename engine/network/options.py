"""Table options for Network dominoes (docs/rules/network.md), declared once as option specs.

The bot builds its slash-command choices and lobby text from :data:`OPTIONS`;
:class:`NetworkOptions` is the engine's typed reading of a checked options mapping.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, cast

from engine.errors import N_
from engine.spec import Choice, OptionSpec, read_options

LeadRule = Literal["highest-double", "any"]
BonusTie = Literal["all", "recent", "none"]

OPTIONS: Final = (
    OptionSpec(
        N_("attachments"),
        N_("Ways a tile may attach to an open end"),
        7,
        (
            Choice(7, N_("7 — every way (standard)")),
            Choice(5, N_("5 — no offsets off side faces")),
            Choice(3, N_("3 — end face only")),
        ),
    ),
    OptionSpec(
        N_("lead"),
        N_("Who leads each hand"),
        "highest-double",
        (
            Choice("highest-double", N_("Highest double leads (standard)")),
            Choice("any", N_("The leader may lead any tile")),
        ),
    ),
    OptionSpec(
        N_("bonus_tie"),
        N_("End-of-hand bonus when numbers tie"),
        "all",
        (
            Choice("all", N_("Every tied number's last player gets +3 (standard)")),
            Choice("recent", N_("Only the most recent of the tied numbers")),
            Choice("none", N_("No bonus on a tie")),
        ),
    ),
)


@dataclass(frozen=True, slots=True)
class NetworkOptions:
    """``attachments``: 7, 5 (no offsets off side faces) or 3 (end face only).
    ``lead``: the holder of the highest double leads it, or may lead any tile.
    ``bonus_tie``: when numbers tie for most frequent, +3 to each one's last contributor,
    only the most recent of them, or nobody."""

    attachments: int
    lead: LeadRule
    bonus_tie: BonusTie

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> NetworkOptions:
        """Read options; missing ones take their defaults, bad ones raise ValueError."""
        checked = read_options(OPTIONS, data)
        return cls(
            attachments=int(checked["attachments"]),
            lead=cast(LeadRule, checked["lead"]),
            bonus_tie=cast(BonusTie, checked["bonus_tie"]),
        )

    def to_json(self) -> dict[str, Any]:
        return {"attachments": self.attachments, "lead": self.lead, "bonus_tie": self.bonus_tie}
