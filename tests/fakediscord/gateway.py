"""The gateway half of the fake: Discord's websocket protocol, JSON text frames only.

discord.py asks for ``compress=zlib-stream`` (or zstd) in the query string but treats
TEXT frames as plain JSON, so the fake never compresses. Sessions survive disconnects
for ``Settings.resume_window`` seconds: events dispatched meanwhile are buffered and
replayed on RESUME, exactly what discord.py expects after a dropped connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from . import payloads
from .errors import BotNotConnected
from .interactions import InteractionRecord, mark_dispatched
from .models import DMChannel, Guild, Member, Message, TextChannel
from .state import PRIVILEGED_INTENTS, World
from .threads import Thread, ThreadMember

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE_UPDATE, VOICE_STATE_UPDATE = 0, 1, 2, 3, 4
RESUME, RECONNECT, REQUEST_GUILD_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 6, 7, 8, 9, 10, 11

GUILDS, GUILD_MEMBERS, GUILD_MESSAGES, DIRECT_MESSAGES, MESSAGE_CONTENT = (
    1 << 0,
    1 << 1,
    1 << 9,
    1 << 12,
    1 << 15,
)
KNOWN_INTENTS = sum(1 << bit for bit in (*range(17), 20, 21, 24, 25))
SUPPORTED_VERSIONS = ("9", "10")
_TRACE = ["fakediscord-gateway"]


@dataclass(eq=False)
class _Outgoing:
    frame: str | None = None
    on_sent: Callable[[], None] | None = None
    close: tuple[int, str] | None = None


class Connection:
    """One websocket; a writer task sends queued frames in order."""

    def __init__(self, ws: web.WebSocketResponse, path: str, query: dict[str, str]) -> None:
        self.ws = ws
        self.path = path
        self.query = query
        self.session: GatewaySession | None = None
        self.opened_at = time.perf_counter()
        self.received: list[dict[str, Any]] = []
        self._queue: asyncio.Queue[_Outgoing | None] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write(), name="fakediscord-gateway-writer")

    def send(self, data: dict[str, Any], on_sent: Callable[[], None] | None = None) -> None:
        self.send_frame(json.dumps(data), on_sent)

    def send_frame(self, frame: str, on_sent: Callable[[], None] | None = None) -> None:
        self._queue.put_nowait(_Outgoing(frame=frame, on_sent=on_sent))

    def after_sent(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` once everything queued so far has been written."""
        self._queue.put_nowait(_Outgoing(on_sent=callback))

    def close(self, code: int, reason: str) -> None:
        """Close after everything queued so far has been sent."""
        self._queue.put_nowait(_Outgoing(close=(code, reason)))

    async def _write(self) -> None:
        while (item := await self._queue.get()) is not None:
            try:
                if item.close is not None:
                    code, reason = item.close
                    await self.ws.close(code=code, message=reason.encode())
                    return
                if item.frame is not None:
                    await self.ws.send_str(item.frame)
            except (ConnectionError, RuntimeError):
                return
            if item.on_sent is not None:
                item.on_sent()

    async def finish(self) -> None:
        self._queue.put_nowait(None)
        with contextlib.suppress(asyncio.CancelledError, TimeoutError):
            await asyncio.wait_for(self._writer, 1.0)


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a guild's events to."""
    return (guild_id >> 22) % shard_count


@dataclass(eq=False, kw_only=True)
class GatewaySession:
    """A gateway session (IDENTIFY), resumable across connections."""

    session_id: str
    shard: tuple[int, int]
    intents: int
    properties: dict[str, Any]
    identified_at: float
    seq: int = 0
    ready: bool = False
    connection: Connection | None = None
    disconnected_at: float | None = None
    invalidated: bool = False
    resumes: int = 0
    presence: dict[str, Any] | None = None
    buffer: deque[tuple[int, str]] = field(default_factory=lambda: deque(maxlen=1000))

    @property
    def connected(self) -> bool:
        return self.connection is not None

    def has_intent(self, intent: int) -> bool:
        return bool(self.intents & intent)

    def handles_guild(self, guild_id: int | None) -> bool:
        shard_id, shard_count = self.shard
        if guild_id is None:
            return shard_id == 0
        return shard_of(guild_id, shard_count) == shard_id


class Gateway:
    """Accepts bot connections and dispatches world changes to their sessions."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.sessions: list[GatewaySession] = []
        self.connections: set[Connection] = set()
        self.ready_count = 0
        self.identify_count = 0
        self.url = "ws://127.0.0.1/gateway"
        self.resume_url = "ws://127.0.0.1/gateway/resume"
        world.listeners.append(self)

    def install(self, app: web.Application) -> None:
        app.router.add_get("/gateway", self.handle)
        app.router.add_get("/gateway/resume", self.handle)

    @property
    def application_flags(self) -> int:
        """GATEWAY_*_LIMITED flags tell discord.py which privileged intents are enabled."""
        allowed = self.world.settings.privileged_intents
        flags = 1 << 23  # APPLICATION_COMMAND_BADGE
        if allowed & GUILD_MEMBERS:
            flags |= 1 << 15
        if allowed & (1 << 8):
            flags |= 1 << 13
        if allowed & MESSAGE_CONTENT:
            flags |= 1 << 19
        if self.world.commands.activities_enabled:
            flags |= 1 << 17  # EMBEDDED: the application has an Activity
        return flags

    # -- connection handling ------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(autoping=True, compress=False, timeout=2.0, max_msg_size=0)
        if not ws.can_prepare(request).ok:
            return web.json_response({"message": "400: Bad Request", "code": 0}, status=400)
        await ws.prepare(request)
        conn = Connection(ws, request.path, dict(request.query))
        self.connections.add(conn)
        self.world.changed()
        try:
            if self._check_query(conn):
                conn.send(
                    {
                        "op": HELLO,
                        "d": {
                            "heartbeat_interval": self.world.settings.heartbeat_interval_ms,
                            "_trace": _TRACE,
                        },
                        "s": None,
                        "t": None,
                    }
                )
                async for msg in ws:
                    if msg.type is WSMsgType.TEXT:
                        self._on_text(conn, msg.data)
                    elif msg.type is WSMsgType.BINARY:
                        conn.close(4002, "Decode error")
                    else:
                        break
        finally:
            await self._detach(conn)
        return ws

    def _check_query(self, conn: Connection) -> bool:
        if conn.query.get("encoding", "json") != "json":
            conn.close(4002, "Only encoding=json is supported by the fake")
            return False
        if conn.query.get("v", "10") not in SUPPORTED_VERSIONS:
            conn.close(4012, "Invalid API version")
            return False
        return True

    async def _detach(self, conn: Connection) -> None:
        self.connections.discard(conn)
        session = conn.session
        if session is not None and session.connection is conn:
            session.connection = None
            session.disconnected_at = time.perf_counter()
        await conn.finish()
        self.world.changed()

    def _on_text(self, conn: Connection, text: str) -> None:
        try:
            message = json.loads(text)
            op = message["op"]
        except (ValueError, KeyError, TypeError):
            conn.close(4002, "Decode error")
            return
        conn.received.append(message)
        data = message.get("d")
        if op == HEARTBEAT:
            conn.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            self._identify(conn, data or {})
        elif op == RESUME:
            self._resume(conn, data or {})
        elif conn.session is None:
            conn.close(4003, "Not authenticated")
        elif op == PRESENCE_UPDATE:
            conn.session.presence = data
        elif op == REQUEST_GUILD_MEMBERS:
            self._guild_members(conn, conn.session, data or {})
        elif op != VOICE_STATE_UPDATE:
            conn.close(4001, "Unknown opcode")
        self.world.changed()

    def _may_authenticate(self, conn: Connection, data: dict[str, Any]) -> bool:
        """IDENTIFY and RESUME: once a connection, with the bot's token; else it is closed."""
        if conn.session is not None:
            conn.close(4005, "Already authenticated")
            return False
        if data.get("token") != self.world.bot_token:
            conn.close(4004, "Authentication failed")
            return False
        return True

    def _identify(self, conn: Connection, data: dict[str, Any]) -> None:
        if not self._may_authenticate(conn, data):
            return
        intents = data.get("intents")
        if not isinstance(intents, int) or intents & ~KNOWN_INTENTS:
            conn.close(4013, "Invalid intent(s)")
            return
        if intents & PRIVILEGED_INTENTS & ~self.world.settings.privileged_intents:
            conn.close(4014, "Disallowed intent(s)")
            return
        shard_id, shard_count = data.get("shard") or (0, 1)
        if not 0 <= shard_id < shard_count:
            conn.close(4010, "Invalid shard")
            return
        session = GatewaySession(
            session_id=secrets.token_hex(16),
            shard=(int(shard_id), int(shard_count)),
            intents=intents,
            properties=dict(data.get("properties") or {}),
            identified_at=time.perf_counter(),
            presence=data.get("presence"),
        )
        self.identify_count += 1
        self.sessions.append(session)
        self._attach(conn, session)
        guilds = [g for g in self.world.guilds.values() if session.handles_guild(g.id)]
        ready: dict[str, Any] = {
            "v": int(conn.query.get("v", "10")),
            "user": payloads.client_user(self.world.bot_user),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.resume_url,
            "application": {"id": str(self.world.application_id), "flags": self.application_flags},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": ["fake"],
            "user_settings": {},
            "_trace": _TRACE,
        }
        if data.get("shard") is not None:
            ready["shard"] = list(session.shard)
        self._send_event(session, "READY", ready)
        for guild in guilds:
            self._send_event(session, "GUILD_CREATE", self._guild_create(session, guild))

        def now_ready() -> None:
            session.ready = True
            self.ready_count += 1
            self.world.changed()

        conn.after_sent(now_ready)

    def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        if not self._may_authenticate(conn, data):
            return
        session = next((s for s in self.sessions if s.session_id == data.get("session_id")), None)
        seq = data.get("seq")
        if session is None or not self._resumable(session) or not isinstance(seq, int):
            conn.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return
        oldest = session.buffer[0][0] if session.buffer else session.seq + 1
        if seq < oldest - 1 or seq > session.seq:
            session.invalidated = True
            conn.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return
        if session.connection is not None:
            session.connection.close(4009, "Session resumed elsewhere")
        self._attach(conn, session)
        session.resumes += 1
        for event_seq, frame in session.buffer:
            if event_seq > seq:
                conn.send_frame(frame)
        self._send_event(session, "RESUMED", {"_trace": _TRACE})

    def _resumable(self, session: GatewaySession) -> bool:
        if session.invalidated:
            return False
        if session.disconnected_at is None:
            return True
        return time.perf_counter() - session.disconnected_at <= self.world.settings.resume_window

    def _attach(self, conn: Connection, session: GatewaySession) -> None:
        conn.session = session
        session.connection = conn
        session.disconnected_at = None

    def _guild_members(
        self, conn: Connection, session: GatewaySession, data: dict[str, Any]
    ) -> None:
        guild = self.world.guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        members = list(guild.members.values())
        user_ids = {int(uid) for uid in data.get("user_ids") or ()}
        query = str(data.get("query") or "").lower()
        if user_ids:
            members = [m for m in members if m.user.id in user_ids]
        elif query:
            members = [m for m in members if m.user.name.lower().startswith(query)]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [payloads.member(m) for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [str(uid) for uid in user_ids if uid not in guild.members],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        self._send_event(session, "GUILD_MEMBERS_CHUNK", chunk)

    # -- dispatching --------------------------------------------------------------

    def _send_event(
        self,
        session: GatewaySession,
        event: str,
        data: dict[str, Any],
        on_sent: Callable[[], None] | None = None,
    ) -> None:
        session.seq += 1
        frame = json.dumps({"op": DISPATCH, "t": event, "s": session.seq, "d": data})
        session.buffer.append((session.seq, frame))
        if session.connection is not None:
            session.connection.send_frame(frame, on_sent)

    def live_sessions(self, guild_id: int | None) -> list[GatewaySession]:
        """Sessions that receive events for ``guild_id`` (connected or still resumable)."""
        return [
            s for s in self.sessions if s.ready and self._resumable(s) and s.handles_guild(guild_id)
        ]

    def _broadcast(
        self,
        event: str,
        guild_id: int | None,
        make: Callable[[GatewaySession], dict[str, Any] | None],
    ) -> None:
        for session in self.live_sessions(guild_id):
            data = make(session)
            if data is not None:
                self._send_event(session, event, data)

    async def dispatch_interaction(
        self, record: InteractionRecord, via_shard: int | None = None
    ) -> None:
        """Send INTERACTION_CREATE and return once it has been written to a socket.

        It goes where Discord sends it (the guild's shard; shard 0 for DMs), or to the
        sessions of shard ``via_shard`` when a test asks."""
        guild = record.channel.guild
        guild_id = None if guild is None else guild.id
        if via_shard is None:
            receivers = self.live_sessions(guild_id)
        else:
            receivers = [
                s
                for s in self.sessions
                if s.ready and self._resumable(s) and s.shard[0] == via_shard
            ]
        if not any(s.connected for s in receivers):
            raise BotNotConnected(
                f"no ready gateway session for {record.describe()}; "
                "await FakeDiscord.wait_until_bot_ready() first"
            )
        sent: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def on_sent() -> None:
            mark_dispatched(record)
            if not sent.done():
                sent.set_result(None)

        for session in receivers:
            self._send_event(session, "INTERACTION_CREATE", record.payload, on_sent)
        try:
            await asyncio.wait_for(sent, 5.0)
        except TimeoutError:
            raise BotNotConnected(
                f"{record.describe()} could not be written to any bot connection within 5s"
            ) from None

    def _guild_create(
        self, session: GatewaySession, guild: Guild, *, newly_joined: bool = False
    ) -> dict[str, Any]:
        if session.has_intent(GUILD_MEMBERS):
            members = list(guild.members.values())
        else:
            members = [m for m in guild.members.values() if m.user is self.world.bot_user]
        bot = guild.members[self.world.bot_user.id]
        return payloads.guild_create(guild, bot=bot, members=members, newly_joined=newly_joined)

    def _message_event(self, session: GatewaySession, message: Message) -> dict[str, Any] | None:
        if not message.channel.bot_member:
            return None  # the bot hears nothing of a group DM it is not in
        if isinstance(message.channel, Thread) and not payloads.sees_thread(
            message.channel, self.world.bot_user
        ):
            return None
        is_dm = isinstance(message.channel, DMChannel)
        if not session.has_intent(DIRECT_MESSAGES if is_dm else GUILD_MESSAGES):
            return None
        data = payloads.message(message, gateway=True)
        bot = self.world.bot_user
        exempt = is_dm or message.author is bot or bot in message.mentions
        if not session.has_intent(MESSAGE_CONTENT) and not exempt:
            data.update(content="", embeds=[], attachments=[], components=[])
        return data

    # WorldListener -------------------------------------------------------------

    def guild_created(self, guild: Guild) -> None:
        self._broadcast(
            "GUILD_CREATE", guild.id, lambda s: self._guild_create(s, guild, newly_joined=True)
        )

    def channel_created(self, channel: TextChannel) -> None:
        data = payloads.text_channel(channel)
        self._broadcast(
            "CHANNEL_CREATE", channel.guild.id, lambda s: data if s.has_intent(GUILDS) else None
        )

    def channel_updated(self, channel: TextChannel) -> None:
        data = payloads.text_channel(channel)
        self._broadcast(
            "CHANNEL_UPDATE", channel.guild.id, lambda s: data if s.has_intent(GUILDS) else None
        )

    def member_added(self, member: Member) -> None:
        data = {**payloads.member(member), "guild_id": str(member.guild.id)}
        self._broadcast(
            "GUILD_MEMBER_ADD",
            member.guild.id,
            lambda s: data if s.has_intent(GUILD_MEMBERS) else None,
        )

    def message_created(self, message: Message) -> None:
        self._broadcast(
            "MESSAGE_CREATE", _guild_id(message), lambda s: self._message_event(s, message)
        )

    def message_updated(self, message: Message) -> None:
        self._broadcast(
            "MESSAGE_UPDATE", _guild_id(message), lambda s: self._message_event(s, message)
        )

    def message_deleted(self, message: Message) -> None:
        guild_id = _guild_id(message)
        data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel.id)}
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        is_dm = guild_id is None
        heard = message.channel.bot_member
        self._broadcast(
            "MESSAGE_DELETE",
            guild_id,
            lambda s: (
                data
                if heard and s.has_intent(DIRECT_MESSAGES if is_dm else GUILD_MESSAGES)
                else None
            ),
        )

    def _thread_event(self, thread: Thread, event: str, **extra: Any) -> None:
        bot = self.world.bot_user
        if not payloads.sees_thread(thread, bot):
            return
        data = {**payloads.thread(thread, me=bot), **extra}
        self._broadcast(event, thread.guild.id, lambda s: data if s.has_intent(GUILDS) else None)

    def thread_created(self, thread: Thread) -> None:
        self._thread_event(thread, "THREAD_CREATE", newly_created=True)

    def thread_updated(self, thread: Thread) -> None:
        self._thread_event(thread, "THREAD_UPDATE")

    def thread_members_added(self, thread: Thread, added: list[ThreadMember]) -> None:
        """THREAD_MEMBERS_UPDATE: with the members intent, everyone added; without it,
        only when the bot itself was added, as Discord sends it."""
        bot = self.world.bot_user
        if not payloads.sees_thread(thread, bot) and not thread.has_member(bot):
            return

        def make(session: GatewaySession) -> dict[str, Any] | None:
            shown = (
                added
                if session.has_intent(GUILD_MEMBERS)
                else [member for member in added if member.user is bot]
            )
            if not shown:
                return None
            return {
                "id": str(thread.id),
                "guild_id": str(thread.guild.id),
                "member_count": min(50, len(thread.joined)),
                "added_members": [payloads.thread_member(thread, m) for m in shown],
                "removed_member_ids": [],
            }

        self._broadcast("THREAD_MEMBERS_UPDATE", thread.guild.id, make)

    # -- test controls ------------------------------------------------------------

    def close_connections(self, code: int = 4000, reason: str = "Fake disconnect") -> int:
        """Close every connection; sessions stay resumable (unless the code forbids it)."""
        closing = list(self.connections)
        for conn in closing:
            conn.close(code, reason)
        return len(closing)

    def send_reconnect(self) -> int:
        """Send op 7 RECONNECT to every connection, as Discord does before maintenance."""
        for conn in self.connections:
            conn.send({"op": RECONNECT, "d": None, "s": None, "t": None})
        return len(self.connections)

    async def shutdown(self) -> None:
        for conn in list(self.connections):
            conn.close(1001, "Server shutting down")
        for conn in list(self.connections):
            await conn.finish()

    def describe_sessions(self) -> list[dict[str, Any]]:
        return [
            {
                "session_id": s.session_id,
                "shard": list(s.shard),
                "intents": s.intents,
                "connected": s.connected,
                "ready": s.ready,
                "seq": s.seq,
                "resumes": s.resumes,
            }
            for s in self.sessions
        ]


def _guild_id(message: Message) -> int | None:
    guild = message.channel.guild
    return None if guild is None else guild.id
