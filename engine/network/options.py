"""Table options for Network dominoes (RULES.md §1), validated once at creation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any, Literal

LeadRule = Literal["highest-double", "any"]
BonusTie = Literal["all", "recent", "none"]

LEAD_RULES: tuple[LeadRule, ...] = ("highest-double", "any")
BONUS_TIES: tuple[BonusTie, ...] = ("all", "recent", "none")


@dataclass(frozen=True, slots=True)
class NetworkOptions:
    """``attachments``: 7, 5 (no offsets off side faces) or 3 (end face only).
    ``lead``: the holder of the highest double leads it, or may lead any tile.
    ``bonus_tie``: when numbers tie for most frequent, +3 to each one's last contributor,
    only the most recent of them, or nobody."""

    attachments: int = 7
    lead: LeadRule = "highest-double"
    bonus_tie: BonusTie = "all"

    def __post_init__(self) -> None:
        if self.attachments not in (7, 5, 3):
            raise ValueError("attachments must be 7, 5 or 3")
        if self.lead not in LEAD_RULES:
            raise ValueError(f"lead must be one of {', '.join(LEAD_RULES)}")
        if self.bonus_tie not in BONUS_TIES:
            raise ValueError(f"bonus_tie must be one of {', '.join(BONUS_TIES)}")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> NetworkOptions:
        known = {k: data[k] for k in ("attachments", "lead", "bonus_tie") if k in data}
        return cls(**known)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)
