"""What players must be told of a tournament (a round opened, the tournament over, a
round that could not be placed), each told once: the process that claims a piece of
news first writes it as announced (a versioned write on the tournament's ``settings``
JSON, under ``shown``), then hands it to its listeners.

Claimed before it is told, a piece of news is never told twice, even by several
processes or after a restart; a process killed between the claim and its listeners'
posts loses that one post (the tables themselves are not lost: their messages are
posted in their threads by the publish jobs, and ``/tournament show`` tells the round).
A process that dies after a write that opened a round but before claiming its news
leaves it to the next :meth:`~bot.tournaments.progress.TournamentRounds.advance` of that
tournament (a start's :meth:`~bot.tournaments.progress.TournamentRounds.resume_running`
calls it for every running one); a tournament that finished as its process died keeps
its final standings for ``/tournament standings``, unposted.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from bot.store import TournamentRecord, TournamentStatus

NewsKind = Literal["round", "final", "refused"]


@dataclass(frozen=True, slots=True)
class News:
    """``round``: round ``number`` is open (its tables all placed); ``final``: the
    tournament finished after ``number`` rounds; ``refused``: round ``number``'s table
    could not be placed (the tournament paused itself)."""

    kind: NewsKind
    number: int


Listener = Callable[[TournamentRecord, News], Awaitable[None]]
"""Told each piece of news once, after it was claimed."""


def shown_of(record: TournamentRecord) -> dict[str, Any]:
    """What has been shown of the tournament: ``signup_message`` (the sign-up message's
    id), ``round`` (the last round announced), ``final`` (the final standings posted)."""
    shown = record.settings.get("shown")
    return dict(shown) if isinstance(shown, Mapping) else {}


def with_shown(record: TournamentRecord, **changes: Any) -> dict[str, Any]:
    """The tournament's settings JSON with ``changes`` noted as shown."""
    return {**record.settings, "shown": {**shown_of(record), **changes}}


def due(record: TournamentRecord, placed_rounds: set[int]) -> list[News]:
    """The news not announced yet: each round after the last announced whose tables are
    all placed, then the end."""
    shown = shown_of(record)
    told = int(shown.get("round", 0))
    news = [News("round", n) for n in range(told + 1, record.round + 1) if n in placed_rounds]
    if record.status is TournamentStatus.FINISHED and not shown.get("final"):
        news.append(News("final", record.round))
    return news
