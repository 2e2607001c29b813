"""The options a table is created with, validated once and stored in the table's settings.

Game options (attachments, lead, bonus tie) are checked by the engine itself; this module
only adds the table's own knobs (target, chairs, turn timer) and their ranges.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Final

from bot.errors import UserError
from engine.network.hand import MAX_PLAYERS, MIN_PLAYERS
from engine.network.options import NetworkOptions

GAME: Final = "network"
MIN_TARGET, MAX_TARGET = 1, 500
MIN_TURN_SECONDS, MAX_TURN_SECONDS = 1, 24 * 3600


@dataclass(frozen=True, slots=True)
class TableOptions:
    """``seats`` is the number of chairs (2–5); the match is dealt to whoever sits."""

    target: int = 10
    seats: int = 4
    attachments: int = 7
    lead: str = "highest-double"
    bonus_tie: str = "all"
    turn_seconds: int = 300

    def __post_init__(self) -> None:
        if not MIN_TARGET <= self.target <= MAX_TARGET:
            raise UserError(f"The target must be between {MIN_TARGET} and {MAX_TARGET} points.")
        if not MIN_PLAYERS <= self.seats <= MAX_PLAYERS:
            raise UserError(f"A table has {MIN_PLAYERS} to {MAX_PLAYERS} seats.")
        if not MIN_TURN_SECONDS <= self.turn_seconds <= MAX_TURN_SECONDS:
            raise UserError("The turn timer must be between 1 second and 24 hours.")
        try:
            NetworkOptions.from_json(self.engine_options())
        except ValueError as exc:
            raise UserError(f"Invalid game option: {exc}.") from exc

    def engine_options(self) -> dict[str, Any]:
        """The options the engine's match takes."""
        return {"attachments": self.attachments, "lead": self.lead, "bonus_tie": self.bonus_tie}

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableOptions:
        known = {name: data[name] for name in cls.__dataclass_fields__ if name in data}
        return cls(**known)

    def describe(self) -> str:
        """One line for the lobby and status messages."""
        lead = "highest double leads" if self.lead == "highest-double" else "any tile may lead"
        ties = {"all": "all tied numbers", "recent": "most recent tie only", "none": "no bonus"}
        minutes, seconds = divmod(self.turn_seconds, 60)
        timer = f"{minutes} min" if not seconds else f"{self.turn_seconds} s"
        return (
            f"Target {self.target} · {self.attachments} attachments · {lead} · "
            f"bonus ties: {ties.get(self.bonus_tie, self.bonus_tie)} · turn timer {timer}"
        )
