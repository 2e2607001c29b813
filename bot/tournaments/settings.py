"""How a tournament was set up: its tables (the game, its options, seats and pace), its
format and length, its sign-up (deadline and cap) and whether computers fill seats.

Validated once, when the tournament is created; stored in its ``settings`` JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Final, Literal

from bot.tables.errors import UserError
from bot.tables.settings import TableSettings
from i18n import N_

Format = Literal["swiss", "round-robin", "knockout"]
FORMATS: Final[tuple[Format, ...]] = ("swiss", "round-robin", "knockout")
MAX_ROUNDS: Final = 50
"""The longest event a tournament may be set up for (a year of weekly rounds)."""


@dataclass(frozen=True, slots=True)
class TournamentSettings:
    """``table``: every table's settings, its ``seats`` the size of a full table (a
    table may be one seat smaller when the count does not divide)."""

    table: TableSettings
    format: Format
    rounds: int
    """Swiss and multi-seat round robin: how many rounds. A two-seat round robin plays
    everyone once and a knockout goes on to its final whatever this says."""
    deadline: datetime | None = None
    """Sign-up closes then (the tournament starts when the caller asks after it)."""
    cap: int | None = None
    """The most players who may sign up."""
    fill: str | None = None
    """The level of the computers that fill seats at the start: up to the cap, and so
    that every table is full; None: no computers (a two-seat round with an odd count
    has a bye)."""
    advance: int = 1
    """A multi-seat knockout: how many of each table go on to the next round."""

    @property
    def seats(self) -> int:
        return self.table.seats

    @classmethod
    def build(
        cls,
        table: TableSettings,
        *,
        format: str,
        rounds: int,
        deadline: datetime | None = None,
        cap: int | None = None,
        fill: str | None = None,
        advance: int | None = None,
    ) -> TournamentSettings:
        """Check everything; a UserError says what is wrong."""
        if format not in FORMATS:
            raise UserError(N_("A tournament is a Swiss, a round robin or a knockout."))
        if not 1 <= rounds <= MAX_ROUNDS:
            raise UserError(N_("A tournament has from 1 to {most} rounds."), most=MAX_ROUNDS)
        if cap is not None and cap < 2:
            raise UserError(N_("A tournament needs room for at least two players."))
        if fill is not None and fill not in table.spec.levels:
            raise UserError(
                N_("Computers play at {levels}, not '{level}'."),
                levels=", ".join(table.spec.levels),
                level=fill,
            )
        if advance is not None and format != "knockout":
            raise UserError(N_("Only a knockout sends a number of players on from each table."))
        going_on = max(1, table.seats // 2) if advance is None else advance
        if not 1 <= going_on < max(2, table.seats):
            raise UserError(N_("Fewer players than sit at a table go on from each table."))
        chosen: Format = next(f for f in FORMATS if f == format)
        return cls(replace(table, opponent_id=None), chosen, rounds, deadline, cap, fill, going_on)

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table.to_json(),
            "format": self.format,
            "rounds": self.rounds,
            "deadline": None if self.deadline is None else self.deadline.isoformat(),
            "cap": self.cap,
            "fill": self.fill,
            "advance": self.advance,
        }

    @classmethod
    def from_json(cls, game: str, data: Mapping[str, Any]) -> TournamentSettings:
        deadline = data.get("deadline")
        chosen = next(f for f in FORMATS if f == data["format"])
        return cls(
            table=TableSettings.from_json(game, data["table"]),
            format=chosen,
            rounds=int(data["rounds"]),
            deadline=None if deadline is None else datetime.fromisoformat(deadline),
            cap=None if data.get("cap") is None else int(data["cap"]),
            fill=data.get("fill"),
            advance=int(data.get("advance", 1)),
        )

    def table_of(self, players: int) -> TableSettings:
        """The settings of a table of ``players`` (a short table, or a final of two)."""
        return replace(self.table, seats=players)
