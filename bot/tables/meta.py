"""The bot's bookkeeping for a table, kept in the store's ``meta`` JSON column.

It lives next to the engine state so that one commit moves both, and a restarted bot
finds the turn counter, deadlines, absent players and closed DMs where it left them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Final

from bot.store import JsonObject

LOG_LINES: Final = 5
"""How many public log lines the table message shows."""


@dataclass(frozen=True, slots=True)
class News:
    """What one update must tell the channel and the players, committed with the move that
    made it, so whichever worker publishes the table finds it there (the publication
    records which entries were sent)."""

    id: int
    """The turn counter of the update's first commit: unique per table."""
    announcements: tuple[str, ...] = ()
    finished_hand: dict[str, Any] | None = None
    """The last hand that ended (its JSON), for the end-of-hand picture."""
    deal: bool = False
    """A hand was dealt: every player is to get their new tiles."""

    def to_json(self) -> JsonObject:
        return {
            "id": self.id,
            "announcements": list(self.announcements),
            "finished_hand": self.finished_hand,
            "deal": self.deal,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> News:
        return cls(
            int(data["id"]),
            tuple(str(line) for line in data.get("announcements", [])),
            data.get("finished_hand"),
            bool(data.get("deal", False)),
        )


@dataclass(frozen=True, slots=True)
class TableMeta:
    """Immutable; every change makes a new value that is committed with the table."""

    turn: int = 0
    """Moves committed so far. Controls carry it, so a click from an older turn is stale."""
    deadline: datetime | None = None
    """When the seat to move times out (None: nobody is waited for)."""
    remind_at: datetime | None = None
    """When the seat to move is reminded that a quarter of a long turn is left (None: no
    reminder is due this turn, or it was sent: cleared in the commit that sends it)."""
    timeouts: dict[int, int] = field(default_factory=dict)
    """Consecutive timeouts per seat."""
    autopilot: frozenset[int] = frozenset()
    """Seats a computer plays until their human acts again."""
    log: tuple[str, ...] = ()
    """The latest public log lines, oldest first."""
    told: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """The same lines told in each language the bot speaks, for one reader's own view of
    the table (their status); a language not here reads :attr:`log`."""
    news: tuple[News, ...] = ()
    """Updates whose messages may not all be sent yet, oldest first (what was sent is in
    the table's publication; entries it covers are dropped at the next commit)."""
    actor: int | None = None
    """The user whose interaction made the latest commits: their answer shows them what
    they need, so they are not sent a DM for it."""
    hints: dict[int, int] = field(default_factory=dict)
    """Hints each seat has asked for in this match (seat: count), for the standings."""

    def with_log(
        self, lines: Sequence[str], told: Mapping[str, Sequence[str]] | None = None
    ) -> TableMeta:
        """``lines`` added to the log; ``told``: the same lines in other languages (a
        language without them gets ``lines`` as they are)."""
        told = told or {}
        return replace(
            self,
            log=(*self.log, *lines)[-LOG_LINES:],
            told={
                language: (*self.log_in(language), *told.get(language, lines))[-LOG_LINES:]
                for language in sorted({*self.told, *told})
            },
        )

    def log_in(self, language: str) -> tuple[str, ...]:
        """The log lines in ``language`` (as they were written where it has none)."""
        return self.told.get(language, self.log)

    def to_json(self) -> JsonObject:
        return {
            "turn": self.turn,
            "deadline": None if self.deadline is None else self.deadline.isoformat(),
            "remind_at": None if self.remind_at is None else self.remind_at.isoformat(),
            "timeouts": {str(seat): count for seat, count in sorted(self.timeouts.items())},
            "autopilot": sorted(self.autopilot),
            "log": list(self.log),
            "told": {language: list(lines) for language, lines in self.told.items()},
            "news": [item.to_json() for item in self.news],
            "actor": self.actor,
            "hints": {str(seat): count for seat, count in sorted(self.hints.items())},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableMeta:
        deadline, remind_at = data.get("deadline"), data.get("remind_at")
        return cls(
            turn=int(data.get("turn", 0)),
            deadline=None if deadline is None else datetime.fromisoformat(deadline),
            remind_at=None if remind_at is None else datetime.fromisoformat(remind_at),
            timeouts={int(seat): int(n) for seat, n in data.get("timeouts", {}).items()},
            autopilot=frozenset(int(seat) for seat in data.get("autopilot", [])),
            log=tuple(str(line) for line in data.get("log", [])),
            told={
                str(language): tuple(str(line) for line in lines)
                for language, lines in data.get("told", {}).items()
            },
            news=tuple(News.from_json(item) for item in data.get("news", [])),
            actor=None if data.get("actor") is None else int(data["actor"]),
            hints={int(seat): int(n) for seat, n in data.get("hints", {}).items()},
        )
