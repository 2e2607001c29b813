"""What players must be told of a tournament (a round opened, the tournament over, a
round that could not be placed), told at least once and never twice.

Each piece of news is due from what the store holds: a round whose tables are all placed
and not yet told, the end of a finished tournament not yet told, a refusal the same write
that paused the tournament counted (``shown.refused``). While it is being told, each of
its messages is sent with a nonce of its own (:func:`part_nonce`), and noted as sent
(``shown.sent``) at once; once all are sent the news is written as told. A process killed
anywhere on the way leaves the news due: the next
:meth:`~bot.tournaments.progress.TournamentRounds.advance` of that tournament (a start's
:meth:`~bot.tournaments.progress.TournamentRounds.resume_running` calls it for every
running tournament, and every finished one whose end is untold) tells it again, skipping
what was noted as sent; a message that went out just before the kill, not yet noted, is
sent again with the same nonce, which Discord enforces for a few minutes, so it is not
doubled. Only a kill at exactly that moment followed by an outage longer than those
minutes doubles that one message. Processes sharing a PostgreSQL database tell a
tournament's news one at a time (under its news hold), each in a task of its own, so no
click and no table's last move waits for the posts.
"""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from bot.store import TournamentRecord, TournamentStatus

NewsKind = Literal["round", "final", "refused"]


@dataclass(frozen=True, slots=True)
class News:
    """``round``: round ``number`` is open (its tables all placed); ``final``: the
    tournament finished after ``number`` rounds; ``refused``: a table could not be
    placed, the tournament's ``number``-th such refusal (it paused itself)."""

    kind: NewsKind
    number: int


Listener = Callable[[TournamentRecord, News], Awaitable[None]]
"""Told each piece of news until it is told whole: it skips the parts
:func:`sent_parts` lists and notes each part it sends through the service's
:meth:`~bot.tournaments.progress.TournamentRounds.note_sent`."""


def shown_of(record: TournamentRecord) -> dict[str, Any]:
    """What has been shown of the tournament: ``signup_message`` (the sign-up message's
    id), ``round`` (the last round told), ``final`` (the final standings told),
    ``refused`` (how many refusals to place a table paused it) and ``refused_told``
    (how many of them were told),
    ``sent`` (the parts of the news being told that were sent: name -> message id)."""
    shown = record.settings.get("shown")
    return dict(shown) if isinstance(shown, Mapping) else {}


def with_shown(record: TournamentRecord, **changes: Any) -> dict[str, Any]:
    """The tournament's settings JSON with ``changes`` noted as shown."""
    return {**record.settings, "shown": {**shown_of(record), **changes}}


def refusals(record: TournamentRecord) -> int:
    """How many times a table that could not be placed paused the tournament."""
    return int(shown_of(record).get("refused", 0))


def sent_parts(record: TournamentRecord) -> dict[str, int]:
    """The parts of the news being told that were sent, each with its message's id (0
    for a DM)."""
    sent = shown_of(record).get("sent")
    return {str(k): int(v) for k, v in sent.items()} if isinstance(sent, Mapping) else {}


def told(record: TournamentRecord, news: News) -> dict[str, Any]:
    """The settings JSON with ``news`` written as told (its sent parts forgotten)."""
    if news.kind == "final":
        return with_shown(record, final=True, round=record.round, sent={})
    if news.kind == "refused":
        return with_shown(record, refused_told=news.number, sent={})
    return with_shown(record, round=news.number, sent={})


def is_told(record: TournamentRecord, news: News) -> bool:
    shown = shown_of(record)
    if news.kind == "final":
        return bool(shown.get("final"))
    if news.kind == "refused":
        return int(shown.get("refused_told", 0)) >= news.number
    return int(shown.get("round", 0)) >= news.number


def part_nonce(tournament_id: int, part: str) -> int:
    """A message's nonce (under 2⁶³), the same each time that part of that tournament's
    news is sent: Discord keeps one copy of a repeat within a few minutes."""
    digest = hashlib.blake2b(f"tournament:{tournament_id}:{part}".encode(), digest_size=7)
    return int.from_bytes(digest.digest(), "big")


def due(record: TournamentRecord, placed_rounds: set[int]) -> list[News]:
    """The news not told yet: a refusal recorded with a pause, each round after the last
    told whose tables are all placed, then the end."""
    shown = shown_of(record)
    news = []
    refused = refusals(record)
    if refused > int(shown.get("refused_told", 0)):
        news.append(News("refused", refused))
    last = int(shown.get("round", 0))
    news += [News("round", n) for n in range(last + 1, record.round + 1) if n in placed_rounds]
    if record.status is TournamentStatus.FINISHED and not shown.get("final"):
        news.append(News("final", record.round))
    return news
