"""A page's socket: it says who it is, then gets its viewer's state at once and after
every change of its table, until it closes. A page that reconnects (a restart, a lost
network) simply gets the latest state again: nothing is queued, nothing replayed."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Final

from aiohttp import WSMsgType, web

from bot.web.access import BAD_REQUEST, Access, Refusal, reader_text, said
from bot.web.hub import Hub
from bot.web.state import States

FIRST_MESSAGE_WITHIN: Final = 10.0
"""Seconds a socket has to say who it is."""
MAX_MESSAGE: Final = 4096
"""Bytes a page's message may hold (its first says who it is; no other is expected)."""
CLOSE_WITHIN: Final = 2.0
"""Seconds a closing socket waits for the page's answer (a page gone silent is not
waited for longer: a stopping process closes all its pages at once)."""
_CLOSE_CODES: Final = {401: 4401, 403: 4403, 404: 4404}


class Sockets:
    """The pages' sockets in this process."""

    def __init__(self, access: Access, hub: Hub, states: States) -> None:
        self._access, self._hub, self._states = access, hub, states
        self._open: set[web.WebSocketResponse] = set()

    async def serve(self, request: web.Request) -> web.WebSocketResponse:
        self._access.same_site(request)
        socket = web.WebSocketResponse(heartbeat=25, max_msg_size=MAX_MESSAGE, timeout=CLOSE_WITHIN)
        await socket.prepare(request)
        self._open.add(socket)
        try:
            await self._run(request, socket)
        finally:
            self._open.discard(socket)
            if not socket.closed:
                await socket.close()
        return socket

    async def close_all(self, _app: web.Application) -> None:
        """A stopping process closes its pages' sockets: they reconnect elsewhere."""
        closing = [socket.close(code=1012, message=b"restarting") for socket in self._open]
        await asyncio.gather(*closing, return_exceptions=True)

    async def _run(self, request: web.Request, socket: web.WebSocketResponse) -> None:
        text = reader_text(request)
        try:
            first = await socket.receive(timeout=FIRST_MESSAGE_WITHIN)
            hello = json.loads(first.data) if first.type is WSMsgType.TEXT else None
            token = hello.get("token") if isinstance(hello, dict) else None
            grant = self._access.grant_of(token if isinstance(token, str) else None)
            record = await self._access.table(request, grant)
        except Refusal as refusal:
            await socket.send_json({"type": "error", "error": said(text, refusal.message)})
            await socket.close(code=_CLOSE_CODES.get(refusal.status, 4400))
            return
        except (TimeoutError, ValueError):
            await socket.send_json({"type": "error", "error": said(text, BAD_REQUEST)})
            await socket.close(code=4400)
            return
        viewer = self._access.viewer(request, grant, record)
        store = self._access.service.store
        sent = -1
        with self._hub.watching(record.id) as watch:
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
                    current = await store.get_table(record.id)
                    if current is None or current.version <= sent:
                        continue
                    state = await self._states.of(current, viewer)
                    await socket.send_json({"type": "state", "state": state})
                    sent = current.version
            finally:
                listening.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await listening


async def _drain(socket: web.WebSocketResponse) -> None:
    """Read what a page sends after its first message (nothing is expected) until the
    socket closes."""
    async for _message in socket:
        pass
