"""Playing a table game through the fake Discord the way people would.

The driver only uses what a player sees: the lobby and table messages in the channel,
DMs, ephemeral replies, and the buttons and menus on them. Turn counters come from the
controls' custom ids, so the driver never needs to read the bot's database to know whose
turn it is, and it never sleeps: every wait is on a condition of the fake's state.

How an answer is delivered depends on how busy the machine is: the bot answers at once
when its reply is ready soon enough, and otherwise acknowledges first and sends the reply
after (Discord allows both). So the driver checks what the person ends up seeing
(:meth:`TableDriver.seen`) and that the acknowledgement came within Discord's 3 seconds,
never which of the two routes was taken.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import sqlite3
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.fakediscord import (
    BotLauncher,
    BotProcess,
    FakeDiscord,
    Guild,
    InteractionRecord,
    Message,
    TextChannel,
    User,
)

CONTROL = re.compile(r"^dt:(?P<table>\d+):(?P<kind>subj|targ|act|page):(?P<turn>\d+)")
TILE_NAME = re.compile(r"\b[0-6]-[0-6]\b")
ANSWER_WINDOW_MS = 3000.0
DELIVERY_TIMEOUT = 15.0
"""Seconds an acknowledged answer may take to show (drawing on a busy machine)."""

CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE = 4, 5
DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE = 6, 7


async def start_bot(
    fake: FakeDiscord, launcher: BotLauncher, db_path: Path, guild: Guild, **env: str
) -> BotProcess:
    """``python -m bot`` pointed at the fake, with its database in ``db_path``."""
    before = fake.ready_count
    process = await launcher.start(
        module="bot",
        extra_env={
            "DATABASE_PATH": str(db_path),
            "DEV_GUILD_ID": str(guild.id),
            "LOG_LEVEL": "INFO",
            **env,
        },
    )
    await fake.wait_until_bot_ready(timeout=30, after=before)
    return process


ENDPOINT_READY = re.compile(r"interactions endpoint ready on (http://\S+/interactions)")


async def start_interactions(
    fake: FakeDiscord, launcher: BotLauncher, env: dict[str, str], count: int = 2
) -> list[tuple[BotProcess, str]]:
    """``python -m bot interactions`` processes on free ports, each with its endpoint URL,
    and the fake POSTing interactions to them in turn (a load balancer) from now on."""
    started = [
        await launcher.start(
            module="bot",
            args=["interactions"],
            extra_env={"INTERACTIONS_HOST": "127.0.0.1", "INTERACTIONS_PORT": "0", **env},
        )
        for _ in range(count)
    ]
    endpoints = [(process, await _endpoint_of(process)) for process in started]
    await fake.use_endpoints(*(url for _, url in endpoints))
    return endpoints


async def _logged_address(process: BotProcess, ready: re.Pattern[str], timeout: float) -> str:
    """The URL the process logged once listening (its log is polled: the fake cannot
    see it)."""
    for _ in range(int(timeout / 0.05)):
        assert process.running, process.log()
        found = ready.search(process.log())
        if found is not None:
            return found.group(1)
        await asyncio.sleep(0.05)
    raise AssertionError(f"{process.log_path.name} did not listen within {timeout:.0f}s")


async def _endpoint_of(process: BotProcess, timeout: float = 30.0) -> str:
    return await _logged_address(process, ENDPOINT_READY, timeout)


WEB_READY = re.compile(r"web page ready on (http://127\.0\.0\.1:\d+)/")


async def page_address(process: BotProcess, timeout: float = 30.0) -> str:
    """Where the bot's web page listens, once its log says so (WEB_PORT=0: any port)."""
    return await _logged_address(process, WEB_READY, timeout)


async def restart_bot(fake: FakeDiscord, process: BotProcess) -> None:
    """Terminate the bot process hard (like a crash) and start it again."""
    before = fake.ready_count
    await process.kill()
    await process.start()
    await fake.wait_until_bot_ready(timeout=30, after=before)


RESTORED = re.compile(r"resumed (\d+) running tables, (\d+) of them with something to publish")


async def restored(process: BotProcess, timeout: float = 30.0) -> tuple[int, int]:
    """Once the process's latest start has resumed its tables (its log says so): how many
    running tables it resumed, and how many of them it found behind and publishes."""
    for _ in range(int(timeout / 0.05)):
        assert process.running, process.log()
        found = RESTORED.search(process.log().rsplit("--- start #", 1)[-1])
        if found is not None:
            return int(found.group(1)), int(found.group(2))
        await asyncio.sleep(0.05)
    raise AssertionError(f"{process.log_path.name} did not resume within {timeout:.0f}s")


def unpublished(db_path: Path) -> int:
    """Tables in the bot's SQLite store whose newest version is not yet recorded as
    published (read straight from the store)."""
    with contextlib.closing(sqlite3.connect(db_path)) as db:
        (count,) = db.execute(
            "SELECT count(*) FROM tables WHERE published_version < version"
        ).fetchone()
    return int(count)


async def all_published(fake: FakeDiscord, db_path: Path) -> None:
    """Wait until every committed change of the bot's SQLite store is recorded as shown."""
    await fake.wait_until(
        lambda: unpublished(db_path) == 0 or None, timeout=20, what="every table published"
    )


def control_turn(message: Message) -> int | None:
    """The turn counter carried by a message's play controls (None: no controls)."""
    custom_ids = [b.custom_id for b in message.buttons] + [s.custom_id for s in message.selects]
    turns = [
        int(match["turn"])
        for custom_id in custom_ids
        if custom_id and (match := CONTROL.match(custom_id))
    ]
    return max(turns) if turns else None


@dataclass
class Player:
    user: User
    dms_closed: bool = False

    @property
    def name(self) -> str:
        return self.user.name


@dataclass
class Turn:
    """Someone's controls for one turn: a DM, or an ephemeral reply in the channel."""

    player: Player
    message: Message
    turn: int


@dataclass(frozen=True)
class Seen:
    """What a person saw in answer to an interaction, once the bot had delivered it."""

    message: Message
    updated: bool
    """True: the message the control was on was replaced by the answer; False: the answer
    is a message of its own (a reply)."""
    content: str
    """The message's text just as the answer left it (its text displays for a layout)."""
    ephemeral: bool
    filenames: tuple[str, ...]

    @property
    def text(self) -> str:
        return self.content


def move_line(answer: str) -> str | None:
    """The last log line of a mover's answer ("• ada played 6-5 A SE", or the last computer
    move after it), which the table's log shows once it shows the move."""
    lines = [line for line in answer.split("\n") if line.startswith("• ")]
    return lines[-1] if lines else None


def delivered(record: InteractionRecord) -> tuple[Message, bool] | None:
    """The answer to ``record`` and whether it updated the clicked message, once shown;
    None while the bot still owes it. Every route Discord allows counts: an update at once
    (7) or an acknowledgement (6) and then an edit of ``@original``; a reply at once (4),
    a "thinking" placeholder (5) that the first follow-up fills, or an acknowledgement (6)
    and then a follow-up (a refusal found after the bot had acknowledged)."""
    callback = record.accepted_callback
    original = record.original
    if callback is None or original is None:
        return None
    if callback.type == UPDATE_MESSAGE:
        return original, True
    if callback.type == CHANNEL_MESSAGE:
        return original, False
    if callback.type == DEFERRED_CHANNEL_MESSAGE:
        return None if original.loading else (original, False)
    if callback.type == DEFERRED_UPDATE_MESSAGE:
        if record.followups:
            return record.followups[0], False
        edited = any(
            r.method == "PATCH" and r.path.endswith("/messages/@original") and r.status == 200
            for r in record.requests
        )
        return (original, True) if edited else None
    return None


@dataclass
class TableDriver:
    fake: FakeDiscord
    channel: TextChannel
    players: list[Player]
    family: str = "network"
    show_label: str = "Show hand"
    """The table button that opens a seat's private controls ("Play" in a board game)."""
    table_message: Message | None = None
    looked_at: Message | None = None
    """The table message as :meth:`table` last returned it."""
    last_turn: int = -1
    records: list[InteractionRecord] = field(default_factory=list)
    used_pings: set[int] = field(default_factory=set)

    # ------------------------------------------------------------------ lobby

    async def open(self, creator: Player, **options: Any) -> Message:
        record = await self.fake.slash(creator.user, self.channel, f"{self.family} new", **options)
        seen = await self.seen(record)
        assert not seen.updated and not seen.ephemeral, seen
        self.table_message = seen.message
        return seen.message

    async def click_lobby(self, player: Player, label: str) -> InteractionRecord:
        if label == "Add computer":
            return await self.add_computer(player)
        message = self.table()
        record = await self.fake.click(player.user, message, message.button(label=label))
        await self.seen(record)
        return record

    async def add_computer(self, host: Player, level: str = "normal") -> InteractionRecord:
        """Pick a level in the lobby's Add computer menu."""
        message = self.table()
        menu = next(s for s in message.selects if s.custom_id.endswith(":lobby:computer"))
        record = await self.fake.select(host.user, message, menu, [level])
        await self.seen(record)
        return record

    async def start(self, host: Player) -> None:
        message = self.table()
        record = await self.fake.click(host.user, message, message.button(label="Start"))
        seen = await self.seen(record)
        assert seen.updated and seen.message is message, seen  # the lobby became the table
        # FIDO calls a deal a game
        assert "hand 1" in seen.text or "game 1" in seen.text, [v.text for v in message.versions]

    def table(self) -> Message:
        """The live table message: each new hand gets a new one and the old is deleted."""
        assert self.table_message is not None
        if self.table_message.deleted:
            # "**Game** · table 7 · hand 2 …" in any language: the game and the table
            header = " · ".join(self.table_message.text.split(" · ")[:2]) + " · "
            newer = [
                m
                for m in self.public_messages()
                if m.id > self.table_message.id and m.text.startswith(header)
            ]
            assert newer, "the table message was deleted and no new one was posted"
            self.table_message = newer[-1]
        self.looked_at = self.table_message
        return self.table_message

    # ------------------------------------------------------------------ turns

    async def next_turn(self, timeout: float = 15.0) -> Turn | None:
        """Whoever got fresh controls, once the bot has offered them; None at match end."""
        found = await self.fake.wait_until(
            lambda: self._fresh() or ("over" if self.match_over else None),
            timeout=timeout,
            what=f"controls for a turn after {self.last_turn}",
        )
        if found == "over":
            return None
        assert isinstance(found, tuple)
        player, message = found
        turn = control_turn(message)
        if turn is None:  # a channel nudge for someone whose DMs are closed
            self.used_pings.add(message.id)
            # A nudge without the button (a group DM's call to move): the table's own.
            own = any(b.label == self.show_label for b in message.buttons)
            message = await self.show_hand(player, message if own else None)
            turn = control_turn(message)
            assert turn is not None, message.text
        return Turn(player, message, turn)

    @property
    def match_over(self) -> bool:
        content = "" if self.table_message is None else self.table_message.text
        return any(end in content for end in ("won the match", "won the game", "ended in a draw"))

    async def show_hand(
        self, player: Player, on: Message | None = None, label: str | None = None
    ) -> Message:
        """Press Show hand (``label``: the game's word for it, e.g. Play) on the table
        message or a nudge, and return the private reply."""
        message = on or self.table()
        label = label or self.show_label
        record = await self.fake.click(player.user, message, message.button(label=label))
        seen = await self.seen(record)
        assert not seen.updated and seen.ephemeral, seen
        assert seen.message.visible_to is player.user
        return seen.message

    async def play_first(self, turn: Turn) -> None:
        """Pick the first tile, then its first placement; when nothing fits, press the
        first action (Pass, or Draw)."""
        message = turn.message
        tiles = [s for s in message.selects if ":subj:" in s.custom_id]
        if not tiles:
            label = message.buttons[0].label
            assert label is not None, message.buttons
            await self.press(turn, label)
            return
        record = await self.fake.select(
            turn.player.user, message, tiles[0], [tiles[0].options[0].value]
        )
        seen = await self.seen(record)
        assert seen.updated, seen
        places = [s for s in message.selects if ":targ:" in s.custom_id]
        assert places, message.text
        edits = self.table().edit_count
        record = await self.fake.select(
            turn.player.user, message, places[0], [places[0].options[0].value]
        )
        seen = await self.seen(record)
        assert seen.updated, seen
        self.last_turn = turn.turn
        await self.table_redrawn(edits, move_line(seen.text))

    async def turn_after_the_lead(self) -> Turn:
        """The player on turn lays the lead (the first tile offered); returns the next turn,
        where a placement needs an open end."""
        lead = await self.next_turn()
        assert lead is not None
        await self.play_first(lead)
        turn = await self.next_turn()
        assert turn is not None
        return turn

    async def play_out(
        self, act: Callable[[Turn, int], Awaitable[None]], limit: int, timeout: float = 15.0
    ) -> int:
        """Answer every turn the bot offers with ``act(turn, n)`` (``n``: the turns answered
        before it) until the match is over, which must come within ``limit`` turns; returns
        the turns answered. ``timeout``: as for :meth:`next_turn`."""
        turns = 0
        while (turn := await self.next_turn(timeout)) is not None:
            await act(turn, turns)
            turns += 1
            assert turns < limit, f"the match did not end within {limit} turns"
        return turns

    async def pass_turn(self, turn: Turn) -> None:
        """Pass; the lead cannot be passed, so it is played instead."""
        if not any(b.label == "Pass" for b in turn.message.buttons):
            await self.play_first(turn)
            return
        await self.press(turn, "Pass")

    async def press(self, turn: Turn, label: str) -> Seen:
        """Press an action button (Pass, Draw) on the turn's controls; the controls'
        message shows the result."""
        message = turn.message
        edits = self.table().edit_count
        record = await self.fake.click(turn.player.user, message, message.button(label=label))
        seen = await self.seen(record)
        assert seen.updated, seen
        self.last_turn = turn.turn
        await self.table_redrawn(edits, move_line(seen.text))
        return seen

    async def pass_with_posts_held(
        self, hand_ended: Callable[[], Awaitable[bool]]
    ) -> tuple[Turn, int]:
        """Each of two players lays a tile, then they pass, the bot's posts held after
        every pass, until ``hand_ended()`` says a committed pass has ended the hand. The
        posts stay held then; returns that pass's turn and how many REST calls the fake had
        seen before it."""
        fake = self.fake
        for moves in range(40):
            turn = await self.next_turn()
            assert turn is not None
            if moves < 2:
                await self.play_first(turn)
                continue
            edits = self.table().edit_count
            since = len(fake.requests)
            fake.settings.hold_posts.clear()
            button = turn.message.button(label="Pass")
            # Answered (so committed) whether the bot replied at once or acknowledged first.
            await self.seen(await fake.click(turn.player.user, turn.message, button))
            self.last_turn = turn.turn
            if await hand_ended():
                return turn, since
            fake.settings.hold_posts.set()
            await self.table_redrawn(edits)
        raise AssertionError("hand 1 did not end")

    async def table_shows(self, text: str, timeout: float = 10) -> Message:
        """Wait for the live table message (whichever hand's it is) to contain ``text``."""
        return await self.fake.wait_until(
            lambda: self.table() if text in self.table().text else None,
            timeout=timeout,
            what=f"the table message to show {text!r}",
        )

    async def table_redrawn(self, edits: int, showing: str | None = None) -> Message:
        """Wait for the table message to show a move: its edit comes after the move's
        DMs and announcements, so everything the move caused is visible then. ``edits``:
        the edit count of the table message the caller last looked at (:meth:`table`),
        which a new hand's table may have replaced already (publishing runs beside the
        mover's answer). ``showing``: a line the redrawn table must show (the move's own
        log line: an earlier publication, such as a restart's, may land in between)."""
        shown = self.looked_at or self.table()

        def redrawn() -> Message | None:
            current = self.table()
            if current is not shown:  # a new hand: a fresh table message replaced it
                return current
            if showing is not None and showing not in current.text:
                return None
            return current if current.edit_count >= edits + 1 else None

        return await self.fake.wait_until(redrawn, timeout=10)

    async def slash(self, player: Player, command: str, **options: Any) -> Seen:
        """Run a slash command; its answer as the player sees it."""
        record = await self.fake.slash(player.user, self.channel, command, **options)
        return await self.seen(record)

    async def answered(self, record: InteractionRecord) -> Any:
        """The single callback, checked for arrival within Discord's 3 seconds (it may be
        the answer itself or an acknowledgement that the answer follows)."""
        self.records.append(record)
        callback = await record.response(timeout=5.0)
        assert callback.accepted, f"{record.describe()}: {callback.error}"
        assert callback.latency_ms < ANSWER_WINDOW_MS, callback.latency_ms
        return callback

    async def seen(self, record: InteractionRecord) -> Seen:
        """What the person sees in answer to ``record``, by whichever route the bot took
        (see :func:`delivered`), once acknowledged in time and delivered."""
        await self.answered(record)
        message, updated = await self.fake.wait_until(
            lambda: delivered(record),
            timeout=DELIVERY_TIMEOUT,
            what=f"the answer to {record.describe()}",
        )
        return Seen(
            message,
            updated,
            message.text,
            message.ephemeral,
            tuple(a.filename for a in message.attachments),
        )

    # ------------------------------------------------------------------ inspection

    def public_messages(self) -> list[Message]:
        return [m for m in self.channel.messages if not m.ephemeral]

    def _fresh(self) -> tuple[Player, Message] | None:
        for player in self.players:
            for message in reversed(self._private_messages(player)):
                turn = control_turn(message)
                if turn is not None and turn > self.last_turn:
                    return player, message
            if player.dms_closed:
                for message in self.public_messages():
                    if message.id not in self.used_pings and (
                        f"<@{player.user.id}>, it's your turn" in message.text
                    ):
                        return player, message
        return None

    def _private_messages(self, player: Player) -> list[Message]:
        if not player.dms_closed:
            return self.fake.dm_messages(player.user)
        return [m for m in self.channel.messages if m.ephemeral and m.visible_to is player.user]


def assert_answered_once_in_time(records: Iterable[InteractionRecord]) -> None:
    """Every interaction got exactly one callback, accepted, within 3 seconds."""
    for record in records:
        assert len(record.callbacks) == 1, f"{record.describe()}: {record.callbacks}"
        callback = record.callbacks[0]
        assert callback.accepted, f"{record.describe()}: {callback.error}"
        assert callback.latency_ms < ANSWER_WINDOW_MS, f"{record.describe()}: slow"
