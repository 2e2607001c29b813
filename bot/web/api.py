"""The page's HTTP API and its socket: who is asking, what they may see, and their moves
handed to the table service like any other surface's.

Every call but the page and its assets carries a bearer token (:mod:`bot.web.tokens`):
no cookies, so another site cannot make a browser act for its user; an ``Origin`` from
elsewhere is refused too. The server, never the page, decides the seat: the token's user,
if seated at the table. A refusal is a 4xx with one plain sentence in the reader's
language; nothing a request sends makes a 500 or a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any, Final
from urllib.parse import quote, urlsplit

from aiohttp import WSMsgType, web

from bot.games import ADAPTERS, adapter_for
from bot.games.base import Scene
from bot.store import TableRecord
from bot.tables.errors import (
    NotAtTableError,
    StaleControlError,
    TableClosedError,
    UserError,
)
from bot.tables.languages import seat_text, table_text
from bot.tables.service import PlayerSeat, TableService, TableUpdate, load_match, seat_of
from bot.web.activity import NotConfirmed, confirm_code
from bot.web.hub import Hub
from bot.web.limits import RateLimit
from bot.web.state import States, Viewer
from bot.web.tokens import BadToken, Grant, Kind, Signer
from i18n import LANGUAGES, N_, Text, language_of, text_in

log = logging.getLogger(__name__)

STATIC: Final = Path(__file__).parent / "static"
_MENTION: Final = re.compile(r"</([^:>]+):\d+>")
MAX_BODY: Final = 4096
"""Bytes a request body may hold (a move is a few dozen)."""
FIRST_MESSAGE_WITHIN: Final = 10.0
"""Seconds a socket has to say who it is."""

_BAD_LINK: Final = N_(
    "This link is not valid or has expired. Ask for a new one with the game's web command."
)
_OTHER_TABLE: Final = N_("This link is for another table.")
_NO_TABLE: Final = N_("That table does not exist.")
_NOT_SEATED: Final = N_("You are not playing at this table.")
_SLOW_DOWN: Final = N_("Too many requests at once: wait a moment and try again.")
_BAD_REQUEST: Final = N_("That request could not be read.")
_ELSEWHERE: Final = N_("Requests from another site are not accepted.")
_NO_ACTIVITY: Final = N_("The Discord Activity is not switched on for this bot.")
_NOT_CONFIRMED: Final = N_(
    "Discord did not confirm who you are. Close the Activity and open it again."
)
_NO_TABLE_HERE: Final = N_("No table is running in this channel. Open one with {commands}.")
_OUR_FAULT: Final = N_("Something went wrong on our side. Try again in a moment.")
_NOT_FOUND: Final = N_("There is nothing here.")


@dataclass(frozen=True, slots=True)
class WebConfig:
    """What the surface needs to know of the bot: where links point, how long they
    last, and the Activity's OAuth2 client (unset secret: no Activity)."""

    public_url: str
    link_life: timedelta
    api_base: str
    client_secret: str | None
    application_id: Callable[[], int | None]


class Refusal(Exception):
    """A request answered with ``status`` and one sentence."""

    def __init__(self, status: int, message: str, /, **values: Any) -> None:
        super().__init__(message)
        self.status, self.message, self.values = status, message, values


def _reader_text(request: web.Request) -> Text:
    """The browser's preferred language among ours (English otherwise)."""
    header = request.headers.get("Accept-Language", "")
    for part in header.split(","):
        tag = part.split(";")[0].strip()
        if tag and tag != "*":
            language = language_of(tag)
            if language != "en" or tag.lower().startswith("en"):
                return text_in(language)
    return text_in(None)


def _said(reader: Text, message: str, /, **values: Any) -> str:
    return _plain(reader._(message, **values))


def _plain(sentence: str) -> str:
    """A sentence for a page: a command's clickable mention as its name."""
    return _MENTION.sub(lambda m: "/" + m.group(1), sentence)


def _error(status: int, sentence: str) -> web.Response:
    return web.json_response({"error": sentence}, status=status)


class WebSurface:
    """The page, its API and its socket over one table service."""

    def __init__(
        self,
        service: TableService,
        signer: Signer,
        config: WebConfig,
        hub: Hub,
        states: States,
        *,
        play_inline: bool,
        settle: Callable[[TableUpdate], None],
    ) -> None:
        self.service, self.signer, self.config = service, signer, config
        self.hub, self.states = hub, states
        self._play_inline, self._settle = play_inline, settle
        self._reads = RateLimit(rate=20, burst=60)
        self._moves = RateLimit(rate=3, burst=10)
        self._sockets: set[web.WebSocketResponse] = set()

    # ------------------------------------------------------------------ the app

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._plainly], client_max_size=MAX_BODY)
        app.router.add_get("/", self._page)
        app.router.add_get(r"/tables/{table:\d{1,19}}", self._page)
        app.router.add_static("/static", STATIC, append_version=False)
        app.router.add_get("/api/activity/config", self._activity_config)
        app.router.add_post("/api/activity/session", self._activity_session)
        app.router.add_get(r"/api/channels/{channel:\d{1,20}}/table", self._channel_table)
        app.router.add_get(r"/api/tables/{table:\d{1,19}}", self._state)
        app.router.add_get(r"/api/tables/{table:\d{1,19}}/picture.png", self._table_png)
        app.router.add_get(r"/api/tables/{table:\d{1,19}}/hand.png", self._hand_png)
        app.router.add_get(r"/api/tables/{table:\d{1,19}}/places", self._places)
        app.router.add_get(r"/api/tables/{table:\d{1,19}}/places.png", self._places_png)
        app.router.add_post(r"/api/tables/{table:\d{1,19}}/moves", self._move)
        app.router.add_get(r"/api/tables/{table:\d{1,19}}/socket", self._socket)
        app.on_shutdown.append(self._close_sockets)
        return app

    @web.middleware
    async def _plainly(
        self,
        request: web.Request,
        handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
    ) -> web.StreamResponse:
        """Every refusal as JSON with one sentence; no traceback ever reaches a page."""
        text = _reader_text(request)
        try:
            response = await handler(request)
        except Refusal as refusal:
            return _error(refusal.status, _said(text, refusal.message, **refusal.values))
        except UserError as error:
            return _error(_status_of(error), _plain(error.said_in(text)))
        except web.HTTPException as exc:
            if exc.status >= 400:
                return _error(
                    exc.status, _said(text, _NOT_FOUND if exc.status == 404 else _BAD_REQUEST)
                )
            raise
        except (asyncio.CancelledError, ConnectionResetError):
            raise
        except Exception:
            log.exception("web request %s %s failed", request.method, request.path)
            return _error(500, _said(text, _OUR_FAULT))
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        return response

    async def _page(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    # ------------------------------------------------------------------ who is asking

    def _same_site(self, request: web.Request) -> None:
        """Refuse a state-changing call or socket sent from another site's page."""
        origin = request.headers.get("Origin")
        if origin is None:  # not a browser's cross-site request
            return
        host = urlsplit(origin).netloc.lower()
        allowed = {request.host.lower(), urlsplit(self.config.public_url).netloc.lower()}
        if host in allowed or host.endswith(".discordsays.com"):
            return
        raise Refusal(403, _ELSEWHERE)

    def _grant_of(self, token: str | None) -> Grant:
        if not token:
            raise Refusal(401, _BAD_LINK)
        try:
            return self.signer.check(token, self.service.now())
        except BadToken:
            raise Refusal(401, _BAD_LINK) from None

    def _grant(self, request: web.Request) -> Grant:
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        grant = self._grant_of(token if scheme.lower() == "bearer" else None)
        if not self._reads.allow(grant.user_id or grant.table_id):
            raise Refusal(429, _SLOW_DOWN)
        return grant

    async def _table(self, request: web.Request, grant: Grant) -> TableRecord:
        table_id = int(request.match_info["table"])
        record = await self.service.store.get_table(table_id)
        if record is None:
            raise Refusal(404, _NO_TABLE)
        if not grant.covers(record.id, record.channel_id):
            raise Refusal(403, _OTHER_TABLE)
        return record

    def _viewer(self, request: web.Request, grant: Grant, record: TableRecord) -> Viewer:
        """The viewer and their words: a seated player's own language, else the
        browser's (a spectator), else the table's."""
        user_id = 0 if grant.kind is Kind.WATCH else grant.user_id
        seat = None if user_id == 0 else seat_of(record, user_id)
        if seat is not None:
            return Viewer(user_id, seat_text(record, seat))
        if request.headers.get("Accept-Language"):
            return Viewer(user_id, _reader_text(request))
        return Viewer(user_id, table_text(record))

    def _player(self, record: TableRecord, grant: Grant) -> PlayerSeat:
        seat = None if grant.kind is Kind.WATCH else seat_of(record, grant.user_id)
        if seat is None or record.state is None:
            raise Refusal(403, _NOT_SEATED)
        return PlayerSeat(record, load_match(record), seat)

    # ------------------------------------------------------------------ reading

    async def _state(self, request: web.Request) -> web.Response:
        grant = self._grant(request)
        record = await self._table(request, grant)
        state = await self.states.of(record, self._viewer(request, grant, record))
        return web.json_response(state, headers={"Cache-Control": "no-store"})

    async def _table_png(self, request: web.Request) -> web.Response:
        grant = self._grant(request)
        record = await self._table(request, grant)
        if record.state is None:
            raise Refusal(404, _NOT_FOUND)
        wanted = request.query.get("lang")
        text = text_in(wanted) if wanted in LANGUAGES else table_text(record)
        scene = await self.states.scenes.table(record, load_match(record), text)
        return _png(scene)

    async def _hand_png(self, request: web.Request) -> web.Response:
        grant = self._grant(request)
        record = await self._table(request, grant)
        player = self._player(record, grant)
        viewer = self._viewer(request, grant, record)
        page = _small_int(request.query.get("page", "0"))
        title = self.states.hand_title(record, player.match, viewer.text)
        scene = await self.states.scenes.hand(
            record, player.match, player.seat, title, page, viewer.text
        )
        if scene is None:
            raise Refusal(404, _NOT_FOUND)
        return _png(scene)

    async def _places(self, request: web.Request) -> web.Response:
        grant = self._grant(request)
        record = await self._table(request, grant)
        player = self._player(record, grant)
        text = self._viewer(request, grant, record).text
        subject = request.query.get("subject", "")[:64]
        if not player.is_turn:
            raise player.not_on_turn()
        adapter = adapter_for(record.game)
        try:
            targets = adapter.targets(player.hand, player.seat, subject, text=text)
        except ValueError as exc:  # already in the player's words
            return _error(400, str(exc))
        scene = await self.states.scenes.places(record, player.match, player.seat, subject, text)
        picture = None
        if scene is not None:
            url = f"/api/tables/{record.id}/places.png?v={record.version}&subject={_quote(subject)}"
            picture = {
                "url": url,
                "width": scene.width,
                "height": scene.height,
                "alt": adapter.targets_prompt(subject, targets, text=text),
                "spots": [{"key": s.key, "box": list(s.box)} for s in scene.spots],
            }
        body = {
            "subject": subject,
            "prompt": adapter.targets_prompt(subject, targets, text=text),
            "picture": picture,
            "targets": [{"move": t.move, "label": t.label} for t in targets],
        }
        return web.json_response(body, headers={"Cache-Control": "no-store"})

    async def _places_png(self, request: web.Request) -> web.Response:
        grant = self._grant(request)
        record = await self._table(request, grant)
        player = self._player(record, grant)
        text = self._viewer(request, grant, record).text
        subject = request.query.get("subject", "")[:64]
        if not player.is_turn:
            raise player.not_on_turn()
        try:
            adapter_for(record.game).targets(player.hand, player.seat, subject, text=text)
        except ValueError as exc:
            return _error(400, str(exc))
        scene = await self.states.scenes.places(record, player.match, player.seat, subject, text)
        if scene is None:
            raise Refusal(404, _NOT_FOUND)
        return _png(scene)

    # ------------------------------------------------------------------ moving

    async def _move(self, request: web.Request) -> web.Response:
        self._same_site(request)
        grant = self._grant(request)
        record = await self._table(request, grant)
        self._player(record, grant)
        if not self._moves.allow(grant.user_id):
            raise Refusal(429, _SLOW_DOWN)
        try:
            body = await request.json()
        except (ValueError, UnicodeDecodeError):
            raise Refusal(400, _BAD_REQUEST) from None
        move, turn = (body.get("move"), body.get("turn")) if isinstance(body, dict) else (0, 0)
        valid_turn = isinstance(turn, int) and not isinstance(turn, bool) and 0 <= turn < 2**31
        if not isinstance(move, str) or not 0 < len(move) <= 64 or not valid_turn:
            raise Refusal(400, _BAD_REQUEST)
        update = await self.service.play(
            record.id, grant.user_id, move, turn, computers=self._play_inline
        )
        self._settle(update)
        viewer = self._viewer(request, grant, update.record)
        state = await self.states.of(update.record, viewer)
        return web.json_response({"state": state})

    # ------------------------------------------------------------------ Activity

    async def _activity_config(self, request: web.Request) -> web.Response:
        client_id = self.config.application_id()
        if self.config.client_secret is None or client_id is None:
            raise Refusal(404, _NO_ACTIVITY)
        return web.json_response({"client_id": str(client_id)})

    async def _activity_session(self, request: web.Request) -> web.Response:
        self._same_site(request)
        client_id = self.config.application_id()
        secret = self.config.client_secret
        if secret is None or client_id is None:
            raise Refusal(404, _NO_ACTIVITY)
        if not self._moves.allow(("session", request.remote)):
            raise Refusal(429, _SLOW_DOWN)
        try:
            body = await request.json()
            code, channel = str(body["code"]), int(body["channel_id"])
        except (ValueError, KeyError, TypeError, UnicodeDecodeError):
            raise Refusal(400, _BAD_REQUEST) from None
        if not 0 < len(code) <= 256 or not 0 < channel < 2**63:
            raise Refusal(400, _BAD_REQUEST)
        try:
            user = await confirm_code(self.config.api_base, client_id, secret, code)
        except NotConfirmed:
            raise Refusal(401, _NOT_CONFIRMED) from None
        token = self.signer.activity_token(
            user.id, channel, self.service.now(), self.config.link_life
        )
        log.info("Activity session for user %d in channel %d", user.id, channel)
        return web.json_response(
            {
                "token": token,
                "access_token": user.access_token,
                "user": {"id": str(user.id), "name": user.name, "locale": user.locale},
            }
        )

    async def _channel_table(self, request: web.Request) -> web.Response:
        grant = self._grant(request)
        channel = int(request.match_info["channel"])
        if grant.kind is not Kind.ACTIVITY or grant.channel_id != channel:
            raise Refusal(403, _OTHER_TABLE)
        record = await self.service.table_in_channel(channel)
        if record is None:
            commands = ", ".join(f"/{family} new" for family in ADAPTERS)
            raise Refusal(404, _NO_TABLE_HERE, commands=commands)
        return web.json_response({"table_id": record.id})

    # ------------------------------------------------------------------ pushing

    async def _socket(self, request: web.Request) -> web.WebSocketResponse:
        self._same_site(request)
        socket = web.WebSocketResponse(heartbeat=25, max_msg_size=MAX_BODY)
        await socket.prepare(request)
        self._sockets.add(socket)
        try:
            await self._serve_socket(request, socket)
        finally:
            self._sockets.discard(socket)
            if not socket.closed:
                await socket.close()
        return socket

    async def _serve_socket(self, request: web.Request, socket: web.WebSocketResponse) -> None:
        text = _reader_text(request)
        try:
            first = await socket.receive(timeout=FIRST_MESSAGE_WITHIN)
            hello = json.loads(first.data) if first.type is WSMsgType.TEXT else None
            token = hello.get("token") if isinstance(hello, dict) else None
            grant = self._grant_of(token if isinstance(token, str) else None)
            record = await self._table(request, grant)
        except Refusal as refusal:
            code = {401: 4401, 403: 4403, 404: 4404}.get(refusal.status, 4400)
            await socket.send_json({"type": "error", "error": _said(text, refusal.message)})
            await socket.close(code=code)
            return
        except (TimeoutError, ValueError):
            await socket.send_json({"type": "error", "error": _said(text, _BAD_REQUEST)})
            await socket.close(code=4400)
            return
        viewer = self._viewer(request, grant, record)
        sent = -1
        with self.hub.watching(record.id) as watch:
            listening = asyncio.create_task(_drain(socket))
            try:
                while not socket.closed:
                    changed = asyncio.create_task(watch.next_change())
                    done, _ = await asyncio.wait(
                        {changed, listening}, return_when=asyncio.FIRST_COMPLETED
                    )
                    if listening in done:
                        changed.cancel()
                        return
                    current = await self.service.store.get_table(record.id)
                    if current is None or current.version <= sent:
                        continue
                    state = await self.states.of(current, viewer)
                    await socket.send_json({"type": "state", "state": state})
                    sent = current.version
            finally:
                listening.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await listening

    async def _close_sockets(self, _app: web.Application) -> None:
        """A stopping process closes its pages' sockets: they reconnect elsewhere."""
        for socket in list(self._sockets):
            await socket.close(code=1012, message=b"restarting")


async def _drain(socket: web.WebSocketResponse) -> None:
    """Read what a page sends after its first message (nothing is expected) until the
    socket closes."""
    async for _message in socket:
        pass


def _status_of(error: UserError) -> int:
    if isinstance(error, NotAtTableError):
        return 403
    if isinstance(error, StaleControlError):
        return 409
    if isinstance(error, TableClosedError):
        return 410
    return 409


def _small_int(value: str) -> int:
    if not value.isdigit() or len(value) > 3:
        raise Refusal(400, _BAD_REQUEST)
    return int(value)


def _quote(value: str) -> str:
    return quote(value, safe="")


def _png(scene: Scene) -> web.Response:
    return web.Response(
        body=scene.png, content_type="image/png", headers={"Cache-Control": "no-store"}
    )
