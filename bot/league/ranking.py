"""The monthly ranking: each player's position and rating at the end of a month (UTC), and
how both changed since the end of the month before."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Final, Self

from babel.dates import format_skeleton

from bot.league.rating import PlayerRating, league_ratings, ranked
from bot.store import Store
from engine.spec import GameSpec
from i18n import N_, SOURCE, Text
from render.ranking import RankingRow, RankingTable

ENGLISH: Final = Text()
_MONTH: Final = re.compile(r"\s*(\d{4})-(\d{1,2})\s*")
MONTH_NAMES: Final = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


@dataclass(frozen=True, slots=True, order=True)
class Month:
    """A UTC calendar month."""

    year: int
    month: int

    @classmethod
    def parse(cls, text: str) -> Self:
        """``2026-03`` (or ``2026-3``); a ValueError a person can read otherwise."""
        found = _MONTH.fullmatch(text)
        if found is None or not 1 <= int(found[2]) <= 12 or int(found[1]) < 2000:
            raise MonthError(
                N_("Give the month as year-month, e.g. 2026-03 (not '{typed}')."), typed=text
            )
        return cls(int(found[1]), int(found[2]))

    @classmethod
    def of(cls, moment: datetime) -> Self:
        utc = moment.astimezone(UTC)
        return cls(utc.year, utc.month)

    @property
    def start(self) -> datetime:
        """The month's first instant, which is also the end of the month before."""
        return datetime(self.year, self.month, 1, tzinfo=UTC)

    def next(self) -> Month:
        return Month(self.year + self.month // 12, self.month % 12 + 1)

    def previous(self) -> Month:
        return Month(self.year - (self.month == 1), (self.month - 2) % 12 + 1)

    @property
    def key(self) -> str:
        return f"{self.year:04d}-{self.month:02d}"

    @property
    def label(self) -> str:
        return f"{MONTH_NAMES[self.month - 1]} {self.year}"

    def said_in(self, text: Text) -> str:
        """The month as ``text``'s language names it: "March 2026", "marzo de 2026"."""
        if text.language == SOURCE:
            return self.label
        day = date(self.year, self.month, 1)
        return format_skeleton("yMMMM", day, locale=text.language)


class MonthError(ValueError):
    """A month that cannot be read, said as a template and its values (for each reader's
    language); ``str()`` is the English."""

    def __init__(self, message: str, /, **values: object) -> None:
        self.message = message
        self.values = values
        super().__init__(message.format(**values))

    def said_in(self, text: Text) -> str:
        return text._(self.message, **self.values)


@dataclass(frozen=True, slots=True)
class RankingLine:
    """One player in the report; ``change`` and ``moved`` are None for a newcomer (no
    rating at the end of the month before). ``moved`` > 0 is a climb."""

    position: int
    user_id: int
    name: str
    rating: int
    change: int | None
    moved: int | None


@dataclass(frozen=True, slots=True)
class MonthlyRanking:
    """A game's ranking at the end of ``month``, or at ``as_of`` in an unfinished month."""

    spec: GameSpec
    month: Month
    as_of: datetime
    complete: bool
    """Whether the month is over (else the figures are as of ``as_of``, so far)."""
    lines: tuple[RankingLine, ...]


class MonthNotStartedError(ValueError):
    """The report was asked for a month that has not begun."""


def ranking_lines(
    now: dict[int, PlayerRating], before: dict[int, PlayerRating]
) -> list[RankingLine]:
    """``now``'s players by position, with the change since ``before``."""
    earlier = {rating.user_id: position for position, rating in ranked(before)}
    lines = []
    for position, rating in ranked(now):
        old = before.get(rating.user_id)
        lines.append(
            RankingLine(
                position=position,
                user_id=rating.user_id,
                name=rating.name,
                rating=rating.display,
                change=None if old is None else rating.display - old.display,
                moved=None if old is None else earlier[rating.user_id] - position,
            )
        )
    return lines


async def monthly_ranking(
    store: Store, guild_id: int, spec: GameSpec, month: Month, now: datetime
) -> MonthlyRanking:
    """The ranking at the end of ``month`` (the current month: so far), against the end of
    the month before. Raises :class:`MonthNotStartedError` for a month still to come."""
    if month.start > now:
        raise MonthNotStartedError(f"{month.label} has not begun yet.")
    end = month.next().start
    complete = end <= now
    as_of = end if complete else now
    current = await league_ratings(store, guild_id, spec, as_of)
    before = await league_ratings(store, guild_id, spec, month.start)
    lines = ranking_lines(current, before)
    return MonthlyRanking(spec, month, as_of, complete, tuple(lines))


SHOWN: Final = 25
"""Players drawn in the picture; the rest are counted below the last row."""


def ranking_table(report: MonthlyRanking, guild_name: str, text: Text = ENGLISH) -> RankingTable:
    """What the picture shows: title, month, when the figures are from, the rows (in
    ``text``'s language: the asker's)."""
    when = (
        text._("at the end of the month")
        if report.complete
        else text._("so far, as of {moment} UTC", moment=_moment(text, report.as_of))
    )
    before = report.month.previous().said_in(text)
    fade = report.spec.rating_fade_days
    since = (
        text._("Change since the end of {month}", month=before)
        if fade is None
        else text.n_(
            "Change since the end of {month}; each result fades to nothing over {count} day",
            "Change since the end of {month}; each result fades to nothing over {count} days",
            fade,
            month=before,
        )
    )
    rows = tuple(
        RankingRow(line.position, line.name, line.rating, line.change, line.moved)
        for line in report.lines[:SHOWN]
    )
    return RankingTable(
        title=text._("{game} ranking", game=text._(report.spec.title)),
        subtitle=report.month.said_in(text),
        notes=(f"{guild_name} · {when}", since),
        rows=rows,
        more=max(0, len(report.lines) - SHOWN),
        empty=text._("No rated results yet: a rating needs a match between two people."),
    )


def _moment(text: Text, at: datetime) -> str:
    if text.language == SOURCE:
        return f"{at:%d %b %Y, %H:%M}"
    return text.moment(at.astimezone(UTC).replace(tzinfo=None))


def ranking_alt_text(report: MonthlyRanking, guild_name: str, text: Text = ENGLISH) -> str:
    """The picture in words: the month, then position, name, rating and change."""
    game, month = text._(report.spec.title), report.month.said_in(text)
    head = (
        text._("{game} ranking, {server}, {month}", game=game, server=guild_name, month=month)
        if report.complete
        else text._(
            "{game} ranking, {server}, {month} so far", game=game, server=guild_name, month=month
        )
    )
    if not report.lines:
        return text._("{heading}: no rated results yet.", heading=head)
    players = ", ".join(
        f"{line.position}. {line.name} {text.number(line.rating)} "
        f"({_change_words(text, line.change)})"
        for line in report.lines
    )
    return f"{head}: {players}."


def _change_words(text: Text, change: int | None) -> str:
    if change is None:
        return text._("new")
    return f"{change:+d}" if change else text._("no change")
