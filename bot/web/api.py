"""The page's HTTP API: the page and its assets, a viewer's state and pictures, where a
chosen tile goes, and moves handed to the table service like any other surface's.

Every call but the page and its assets carries a bearer token (:mod:`bot.web.access`
checks it and decides the seat). A refusal is a 4xx with one plain sentence in the
reader's language; nothing a request sends makes a 500 or a traceback.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final
from urllib.parse import quote

from aiohttp import web

from bot.games import adapter_for
from bot.games.base import Scene, Target
from bot.tables.errors import UserError
from bot.tables.languages import table_text
from bot.tables.service import PlayerSeat, TableService, TableUpdate, load_match
from bot.web.access import (
    BAD_REQUEST,
    NOT_FOUND,
    OUR_FAULT,
    SLOW_DOWN,
    Access,
    Refusal,
    WebConfig,
    error_response,
    reader_text,
    said,
    status_of,
)
from bot.web.activity import ActivityRoutes
from bot.web.hub import Hub
from bot.web.sockets import Sockets
from bot.web.state import States, picture_json, plain
from i18n import LANGUAGES, Text, text_in

log = logging.getLogger(__name__)

STATIC: Final = Path(__file__).parent / "static"
MAX_BODY: Final = 4096
"""Bytes a request body may hold (a move is a few dozen)."""
_TABLE: Final = r"/api/tables/{table:\d{1,19}}"


@dataclass(frozen=True, slots=True)
class _Chosen:
    """A subject picked by the player on turn, its targets, and its places' picture."""

    player: PlayerSeat
    subject: str
    targets: Sequence[Target]
    text: Text
    scene: Scene | None


class WebSurface:
    """The page, its API and its socket over one table service."""

    def __init__(
        self,
        service: TableService,
        config: WebConfig,
        hub: Hub,
        states: States,
        *,
        play_inline: bool,
        settle: Callable[[TableUpdate], None],
    ) -> None:
        self.service, self.hub, self.states = service, hub, states
        self.access = Access(service, config)
        self.sockets = Sockets(self.access, hub, states)
        self._activity = ActivityRoutes(self.access)
        self._play_inline, self._settle = play_inline, settle

    def app(self) -> web.Application:
        app = web.Application(middlewares=[_plainly], client_max_size=MAX_BODY)
        routes = app.router
        routes.add_get("/", self._page)
        routes.add_get(r"/tables/{table:\d{1,19}}", self._page)
        routes.add_static("/static", STATIC, append_version=False)
        routes.add_get("/api/activity/config", self._activity.config)
        routes.add_post("/api/activity/session", self._activity.session)
        routes.add_get(r"/api/channels/{channel:\d{1,20}}/table", self._activity.channel_table)
        routes.add_get(_TABLE, self._state)
        routes.add_get(_TABLE + "/picture.png", self._table_png)
        routes.add_get(_TABLE + "/hand.png", self._hand_png)
        routes.add_get(_TABLE + "/places", self._places)
        routes.add_get(_TABLE + "/places.png", self._places_png)
        routes.add_post(_TABLE + "/moves", self._move)
        routes.add_get(_TABLE + "/socket", self.sockets.serve)
        app.on_shutdown.append(self.sockets.close_all)
        return app

    async def _page(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    # ------------------------------------------------------------------ reading

    async def _state(self, request: web.Request) -> web.Response:
        grant = self.access.grant(request)
        record = await self.access.table(request, grant)
        state = await self.states.of(record, self.access.viewer(request, grant, record))
        return web.json_response(state, headers={"Cache-Control": "no-store"})

    async def _table_png(self, request: web.Request) -> web.Response:
        grant = self.access.grant(request)
        record = await self.access.table(request, grant)
        if record.state is None:
            raise Refusal(404, NOT_FOUND)
        wanted = request.query.get("lang")
        text = text_in(wanted) if wanted in LANGUAGES else table_text(record)
        return _png(await self.states.scenes.table(record, load_match(record), text))

    async def _hand_png(self, request: web.Request) -> web.Response:
        grant = self.access.grant(request)
        record = await self.access.table(request, grant)
        player = self.access.player(record, grant)
        text = self.access.viewer(request, grant, record).text
        page = request.query.get("page", "0")
        if not page.isdigit() or len(page) > 3:
            raise Refusal(400, BAD_REQUEST)
        title = self.states.hand_title(record, player.match, text)
        scene = await self.states.scenes.hand(
            record, player.match, player.seat, title, int(page), text
        )
        if scene is None:
            raise Refusal(404, NOT_FOUND)
        return _png(scene)

    async def _chosen(self, request: web.Request) -> _Chosen:
        """The subject a player on turn picked, with its targets (refused politely when
        it is not their turn or not theirs to pick)."""
        grant = self.access.grant(request)
        record = await self.access.table(request, grant)
        player = self.access.player(record, grant)
        text = self.access.viewer(request, grant, record).text
        subject = request.query.get("subject", "")[:64]
        if not player.is_turn:
            raise player.not_on_turn()
        try:
            targets = adapter_for(record.game).targets(player.hand, player.seat, subject, text=text)
        except ValueError as exc:  # already in the player's words
            raise Refusal(400, "{sentence}", sentence=str(exc)) from None
        scene = await self.states.scenes.places(record, player.match, player.seat, subject, text)
        return _Chosen(player, subject, targets, text, scene)

    async def _places(self, request: web.Request) -> web.Response:
        """Where the chosen subject may go: the adapter's targets (the moves), and the
        picture with a spot on each place."""
        chosen = await self._chosen(request)
        record, scene = chosen.player.record, chosen.scene
        prompt = adapter_for(record.game).targets_prompt(
            chosen.subject, chosen.targets, text=chosen.text
        )
        picture = None
        if scene is not None:
            subject = quote(chosen.subject, safe="")
            url = f"{_table_path(record.id)}/places.png?v={record.version}&subject={subject}"
            picture = picture_json(url, scene, prompt)
        body = {
            "subject": chosen.subject,
            "prompt": prompt,
            "picture": picture,
            "targets": [{"move": t.move, "label": t.label} for t in chosen.targets],
        }
        return web.json_response(body, headers={"Cache-Control": "no-store"})

    async def _places_png(self, request: web.Request) -> web.Response:
        scene = (await self._chosen(request)).scene
        if scene is None:
            raise Refusal(404, NOT_FOUND)
        return _png(scene)

    # ------------------------------------------------------------------ moving

    async def _move(self, request: web.Request) -> web.Response:
        """A tap on a place or an action: the same play as a click in Discord."""
        self.access.same_site(request)
        grant = self.access.grant(request)
        record = await self.access.table(request, grant)
        self.access.seat(record, grant)  # the service checks the turn with the match
        if not self.access.moves.allow(grant.user_id):
            raise Refusal(429, SLOW_DOWN)
        try:
            body = await request.json()
        except (ValueError, UnicodeDecodeError):
            raise Refusal(400, BAD_REQUEST) from None
        move, turn = (body.get("move"), body.get("turn")) if isinstance(body, dict) else (0, 0)
        valid_turn = isinstance(turn, int) and not isinstance(turn, bool) and 0 <= turn < 2**31
        if not isinstance(move, str) or not 0 < len(move) <= 64 or not valid_turn:
            raise Refusal(400, BAD_REQUEST)
        update = await self.service.play(
            record.id, grant.user_id, move, turn, computers=self._play_inline
        )
        self._settle(update)
        viewer = self.access.viewer(request, grant, update.record)
        return web.json_response({"state": await self.states.of(update.record, viewer)})


@web.middleware
async def _plainly(
    request: web.Request,
    handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
) -> web.StreamResponse:
    """Every refusal as JSON with one sentence; no traceback ever reaches a page."""
    text = reader_text(request)
    try:
        response = await handler(request)
    except Refusal as refusal:
        return error_response(refusal.status, said(text, refusal.message, **refusal.values))
    except UserError as error:
        return error_response(status_of(error), plain(error.said_in(text)))
    except web.HTTPException as exc:
        if exc.status >= 400:
            wording = NOT_FOUND if exc.status == 404 else BAD_REQUEST
            return error_response(exc.status, said(text, wording))
        raise
    except (asyncio.CancelledError, ConnectionResetError):
        raise
    except Exception:
        log.exception("web request %s %s failed", request.method, request.path)
        return error_response(500, said(text, OUR_FAULT))
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    return response


def _table_path(table_id: int) -> str:
    return f"/api/tables/{table_id}"


def _png(scene: Scene) -> web.Response:
    return web.Response(
        body=scene.png, content_type="image/png", headers={"Cache-Control": "no-store"}
    )
