"""Who a web request speaks for and what it may see: the bearer token checked, the table
it covers, the seat the server (never the page) gives it, the reader's language, and a
refusal as one plain sentence in it.

No cookies are used: another site cannot make a browser act for its user, and an
``Origin`` from elsewhere is refused on every call that changes something.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import urlsplit

from aiohttp import web

from bot.store import TableRecord
from bot.tables.errors import NotAtTableError, TableClosedError, UserError
from bot.tables.languages import seat_text, table_text
from bot.tables.service import PlayerSeat, TableService, load_match, seat_of
from bot.web.limits import RateLimit
from bot.web.links import WebLinks
from bot.web.state import Viewer, plain
from bot.web.tokens import BadToken, Grant, Kind
from i18n import N_, Text, language_of, text_in

BAD_LINK: Final = N_(
    "This link is not valid or has expired. Ask for a new one with the game's web command."
)
OTHER_TABLE: Final = N_("This link is for another table.")
NO_TABLE: Final = N_("That table does not exist.")
NOT_SEATED: Final = N_("You are not playing at this table.")
SLOW_DOWN: Final = N_("Too many requests at once: wait a moment and try again.")
BAD_REQUEST: Final = N_("That request could not be read.")
ELSEWHERE: Final = N_("Requests from another site are not accepted.")
OUR_FAULT: Final = N_("Something went wrong on our side. Try again in a moment.")
NOT_FOUND: Final = N_("There is nothing here.")


@dataclass(frozen=True, slots=True)
class WebConfig:
    """What the surface needs to know of the bot: its links (the secret that signs them,
    where they point, how long they last; the same the Discord side gives out), and the
    Activity's OAuth2 client (unset secret: no Activity)."""

    links: WebLinks
    api_base: str
    client_secret: str | None
    application_id: Callable[[], int | None]


class Refusal(Exception):
    """A request answered with ``status`` and one sentence."""

    def __init__(self, status: int, message: str, /, **values: Any) -> None:
        super().__init__(message)
        self.status, self.message, self.values = status, message, values


def reader_text(request: web.Request) -> Text:
    """The browser's preferred language among ours (English otherwise)."""
    header = request.headers.get("Accept-Language", "")
    for part in header.split(","):
        tag = part.split(";")[0].strip()
        if tag and tag != "*":
            language = language_of(tag)
            if language != "en" or tag.lower().startswith("en"):
                return text_in(language)
    return text_in(None)


def said(reader: Text, message: str, /, **values: Any) -> str:
    return plain(reader._(message, **values))


def error_response(status: int, sentence: str) -> web.Response:
    return web.json_response({"error": sentence}, status=status)


def status_of(error: UserError) -> int:
    """The HTTP status of a service's refusal."""
    if isinstance(error, NotAtTableError):
        return 403
    if isinstance(error, TableClosedError):
        return 410
    return 409  # stale, not your turn, not a legal move now


class Access:
    """Checks tokens and decides seats for every route and socket."""

    def __init__(self, service: TableService, config: WebConfig) -> None:
        self.service, self.config = service, config
        self.signer = config.links.signer
        self._reads = RateLimit(rate=20, burst=60)
        self.moves = RateLimit(rate=3, burst=10)

    def same_site(self, request: web.Request) -> None:
        """Refuse a state-changing call or socket sent from another site's page."""
        origin = request.headers.get("Origin")
        if origin is None:  # not a browser's cross-site request
            return
        host = urlsplit(origin).netloc.lower()
        allowed = {request.host.lower(), urlsplit(self.config.links.address).netloc.lower()}
        if host in allowed or host.endswith(".discordsays.com"):
            return
        raise Refusal(403, ELSEWHERE)

    def grant_of(self, token: str | None) -> Grant:
        if not token:
            raise Refusal(401, BAD_LINK)
        try:
            return self.signer.check(token, self.service.now())
        except BadToken:
            raise Refusal(401, BAD_LINK) from None

    def grant(self, request: web.Request) -> Grant:
        """The bearer's grant, within the reads a user may make."""
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        grant = self.grant_of(token if scheme.lower() == "bearer" else None)
        # A spectator link is nobody in particular: its readers are told apart by address.
        who = grant.user_id or ("watch", grant.table_id, request.remote)
        if not self._reads.allow(who):
            raise Refusal(429, SLOW_DOWN)
        return grant

    async def table(self, request: web.Request, grant: Grant) -> TableRecord:
        table_id = int(request.match_info["table"])
        record = await self.service.store.get_table(table_id)
        if record is None:
            raise Refusal(404, NO_TABLE)
        if not grant.covers(record.id, record.channel_id):
            raise Refusal(403, OTHER_TABLE)
        return record

    def viewer(self, request: web.Request, grant: Grant, record: TableRecord) -> Viewer:
        """The viewer and their words: a seated player's own language, else the
        browser's (a spectator), else the table's."""
        user_id = 0 if grant.kind is Kind.WATCH else grant.user_id
        seat = None if user_id == 0 else seat_of(record, user_id)
        if seat is not None:
            return Viewer(user_id, seat_text(record, seat))
        if request.headers.get("Accept-Language"):
            return Viewer(user_id, reader_text(request))
        return Viewer(user_id, table_text(record))

    def seat(self, record: TableRecord, grant: Grant) -> int:
        """The grant's seat at a running table (a refusal for a spectator), read from the
        seats alone."""
        seat = None if grant.kind is Kind.WATCH else seat_of(record, grant.user_id)
        if seat is None or record.state is None:
            raise Refusal(403, NOT_SEATED)
        return seat

    def player(self, record: TableRecord, grant: Grant) -> PlayerSeat:
        """The grant's seat with the match as it sees it now."""
        return PlayerSeat(record, load_match(record), self.seat(record, grant))
