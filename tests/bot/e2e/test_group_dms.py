"""Tables in a group DM the bot is not a member of, played by people who installed the app
to their own accounts: everything goes through their interactions' tokens. Discord refuses
the bot's own posts and edits there (the fake answers 403 Missing Access, as Discord
does), and calls on an interaction's token do not count against the bot's global limit;
a token lives 15 minutes, and a table quiet for longer is brought up to date by the next
click on it."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.match import Match
from tests.bot.e2e.conftest import Club, checked_bot, checked_http_bot
from tests.bot.e2e.harness import Player, TableDriver, Turn
from tests.conftest import fresh_database
from tests.fakediscord import BotLauncher, FakeDiscord, Message
from tests.fakediscord.models import Channel

TILE = re.compile(r"\b(\d{1,2})-(\d{1,2})\b")


@dataclass
class GroupDm:
    """A group DM of ada, bea and cal, each with the app installed to their account; the
    bot is not in it, so every player's private answers are ephemeral (``dms_closed``
    tells the driver to look for them there, and for the ping that calls each turn)."""

    fake: FakeDiscord
    channel: Channel
    ada: Player
    bea: Player
    cal: Player


@pytest.fixture
def group(club: Club) -> GroupDm:
    fake = club.fake
    users = (club.ada.user, club.bea.user, club.cal.user)
    for user in users:
        fake.install_for_user(user)
    channel = fake.add_group_dm(*users, name="domino night")
    ada, bea, cal = (Player(user, dms_closed=True) for user in users)
    return GroupDm(fake, channel, ada, bea, cal)


def chat_driver(group: GroupDm, *players: Player, **options: object) -> TableDriver:
    return TableDriver(group.fake, group.channel, list(players), **options)  # type: ignore[arg-type]


def stored_match(db_path: Path, table: int) -> Match | None:
    with closing(sqlite3.connect(db_path)) as db:
        (state,) = db.execute("SELECT state FROM tables WHERE id = ?", (table,)).fetchone()
    return None if not state else Match.from_json(json.loads(state))


def table_number(message: Message) -> int:
    found = re.search(r"table (\d+)", message.text)
    assert found, message.text
    return int(found[1])


def named_tiles(text: str) -> set[str]:
    return {f"{a}-{b}" for a, b in TILE.findall(text)} | {f"{b}-{a}" for a, b in TILE.findall(text)}


def pinged(table: TableDriver, player: Player, after: int = 0) -> Message | None:
    """A public message of the chat after message ``after`` that pings ``player``."""
    for message in table.public_messages():
        if message.id > after and player.user in message.mentions:
            return message
    return None


class Watch:
    """What the test checks around every move of a group DM table."""

    def __init__(self, group: GroupDm, table: TableDriver) -> None:
        self.group = group
        self.table = table
        self.start = len(group.fake.requests)
        self.called: list[tuple[Player, Message]] = []

    def refused(self) -> list[str]:
        return [f"{r.method} {r.path}" for r in self.group.fake.requests if r.status == 403]

    def counted(self) -> list[str]:
        """The bot's calls since the table opened that count against its global limit."""
        return [
            f"{r.method} {r.route}"
            for r in self.group.fake.requests[self.start :]
            if r.global_limit
        ]

    def no_hidden_tile_shown(self, db_path: Path, number: int) -> None:
        """No public message of the chat names a tile hidden from a spectator now (checked
        in the first hand, whose tiles a later deal hides again)."""
        match = stored_match(db_path, number)
        if match is None or match.hand_number != 1:
            return
        hidden = match.hand.hidden_from(None)
        assert hidden, "nothing is hidden: the check would prove nothing"
        for message in self.table.public_messages():
            said = message.text + " ".join(a.description or "" for a in message.attachments)
            leaked = named_tiles(said) & hidden
            assert not leaked, (leaked, message.text)


async def test_a_three_player_all_fives_match_in_a_group_dm(
    club: Club, group: GroupDm, bot_launcher: BotLauncher
) -> None:
    """ada, bea and cal play a match of All Fives to 100 in their group DM: the bot is
    refused nothing, spends nothing of its global limit on the game, calls each player
    by a ping when their turn comes, and shows no hidden tile in public."""
    fake = group.fake
    async with checked_bot(club, bot_launcher, DEAL_SEED="3"):
        table = chat_driver(group, group.ada, group.bea, group.cal, family="dominoes")
        watch = Watch(group, table)
        lobby = await table.open(group.ada, game="all-fives", seats=3, target=100)
        assert "All Fives" in lobby.text and "Seats (1/3)" in lobby.text
        await table.click_lobby(group.bea, "Join")
        await table.click_lobby(group.cal, "Join")
        await table.start(group.ada)
        number = table_number(table.table())

        async def play(turn: Turn, _: int) -> None:
            # The player was called by name, in public, before their controls came.
            assert pinged(table, turn.player) is not None, turn.player.name
            last = max((m.id for m in table.public_messages()), default=0)
            watch.called.append((turn.player, turn.message))
            await table.play_first(turn)
            watch.no_hidden_tile_shown(club.db_path, number)
            upcoming = stored_match(club.db_path, number)
            if upcoming is not None and not upcoming.is_over:
                mover = upcoming.hand.current_player
                player = None if mover is None else table.players[mover]
                if player is not None and player is not turn.player:  # (a draw: theirs again)
                    await fake.wait_until(
                        lambda: pinged(table, player, after=last),
                        timeout=10,
                        what=f"{player.name} called to move",
                    )

        turns = await table.play_out(play, limit=200)
        assert turns > 10
        await table.table_shows("won the match")
        assert {player.name for player, _ in watch.called} == {"ada", "bea", "cal"}
        assert watch.refused() == []
        assert watch.counted() == []
        # Private answers stayed private: every message with a hand's controls was ephemeral.
        assert all(message.ephemeral for _, message in watch.called)

        # The result counts in ada's own league (she opened the table), not a server's.
        standings = await table.slash(group.ada, "standings", game="all-fives")
        assert not standings.ephemeral and "ada's league" in standings.text
        assert all(name in standings.text for name in ("ada", "bea", "cal"))
        in_server = await fake.slash(club.ada.user, club.channel, "standings", game="all-fives")
        assert "No finished matches" in (await table.seen(in_server)).text
        theirs = await table.slash(group.bea, "standings", game="all-fives")
        assert "No finished matches" in theirs.text  # bea opened no table outside servers


def set_clock(path: Path, seconds: float) -> None:
    path.write_text(f"{seconds}\n")


async def test_a_table_quiet_past_a_tokens_life_comes_back_on_the_next_click(
    club: Club, group: GroupDm, bot_launcher: BotLauncher, tmp_path: Path
) -> None:
    """bea lets her 30-minute turn run out while nobody clicks: by then every token of the
    chat has expired, so the timeout's move and the computer's reply are not shown (and
    not tried: nothing is refused). ada's next click on the table brings it up to date and
    calls whoever is to move."""
    fake = group.fake
    clock = tmp_path / "clock"
    set_clock(clock, 0)
    async with checked_bot(club, bot_launcher, CLOCK_FILE=str(clock), DEAL_SEED="3"):
        table = chat_driver(group, group.ada, group.bea, family="dominoes")
        lobby = await table.open(group.ada, game="all-fives", seats=3, target=100, turn="30m")
        assert "press any of its buttons to bring it up to date" in lobby.text
        await table.click_lobby(group.bea, "Join")
        await table.click_lobby(group.ada, "Add computer")
        await table.start(group.ada)
        first = await table.next_turn()
        assert first is not None
        await table.play_first(first)
        number = table_number(table.table())
        turn = await table.next_turn()  # a person's (the computer replies at once)
        assert turn is not None
        late = turn.player
        listing = await table.slash(group.ada, "games")
        assert listing.ephemeral and "[in a group DM](https://discord.com/channels/@me/" in (
            listing.text
        )
        before = table.table().text
        quiet_from = len(fake.requests)
        moves = stored_turn(club.db_path, number)

        # 31 minutes pass: the turn times out (a move is made for the player), and the
        # computer replies; no token lives to show it.
        fake.advance_clock(31 * 60)
        set_clock(clock, 31 * 60)
        await committed(club.db_path, number, moves + 2)  # the timeout's move, the reply
        assert table.table().text == before, "shown without a live token?"
        assert [r for r in fake.requests[quiet_from:] if r.status >= 400] == []

        # ada presses Show hand on the table: it is redrawn through her click's token.
        other = group.ada if late is group.bea else group.bea
        reply = await table.show_hand(other)
        assert reply.ephemeral
        await fake.wait_until(
            lambda: table.table().text != before, timeout=10, what="the table redrawn"
        )
        told = await fake.wait_for_message(
            group.channel, lambda m: f"**{late.name}** ran out of time" in m.text, timeout=10
        )
        assert not told.ephemeral
        assert f"{late.name} played" in table.table().text  # the move made for them
        mover = stored_match(club.db_path, number)
        assert mover is not None and mover.hand.current_player is not None
        seat = mover.hand.current_player
        called = table.players[seat] if seat < len(table.players) else None  # not the computer
        if called is not None:
            await fake.wait_until(
                lambda: pinged(table, called, told.id - 1), timeout=10, what="the call"
            )
        assert [r.status for r in fake.requests if r.status >= 400] == []


def stored_turn(db_path: Path, number: int) -> int:
    """The table's turn counter (moves committed so far), as the bot's store holds it."""
    with closing(sqlite3.connect(db_path)) as db:
        (meta,) = db.execute("SELECT meta FROM tables WHERE id = ?", (number,)).fetchone()
    return int(json.loads(meta).get("turn", 0))


async def committed(db_path: Path, number: int, turn: int, timeout: float = 20.0) -> None:
    """Wait until the store holds ``turn`` moves of the table. Polled: nothing reaches
    the fake Discord meanwhile (that is the point), so its waits would not wake."""
    for _ in range(int(timeout / 0.05)):
        if stored_turn(db_path, number) >= turn:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"table {number} did not reach turn {turn}")


@pytest.mark.parametrize("deal_seed", ["4"])
async def test_a_sackson_game_in_a_group_dm_over_http_on_postgresql(
    club: Club,
    group: GroupDm,
    bot_launcher: BotLauncher,
    postgres_admin_url: str,
    deal_seed: str,
) -> None:
    """ada challenges bea in their group DM and they play Sackson's Network to its end,
    with the interactions received over HTTP by two processes and published by another:
    every answer and redraw goes through a token, from whichever process runs the job."""
    async with fresh_database(postgres_admin_url) as url:
        async with checked_http_bot(club, bot_launcher, url, DEAL_SEED=deal_seed):
            table = chat_driver(group, group.ada, group.bea, family="sackson", show_label="Play")
            watch = Watch(group, table)
            lobby = await table.open(group.ada, opponent=group.bea.user)
            assert "Sackson's Network" in lobby.text
            await table.click_lobby(group.bea, "Accept")
            called: set[str] = set()

            async def play(turn: Turn, _: int) -> None:
                assert pinged(table, turn.player) is not None, turn.player.name
                called.add(turn.player.name)
                await table.play_first(turn)

            turns = await table.play_out(play, limit=400, timeout=30)
            assert turns > 10 and called == {"ada", "bea"}
            assert table.match_over, table.table().text
            assert "🏆" in table.table().text or "draw" in table.table().text
            assert watch.refused() == []
            assert watch.counted() == []
        await bot_launcher.close()


async def test_a_play_after_the_table_messages_token_expired_posts_the_table_anew(
    club: Club, group: GroupDm, bot_launcher: BotLauncher, tmp_path: Path
) -> None:
    """15 minutes after the last click on the table message nobody can redraw it; the
    player to move asks for their hand by command and plays: the table comes anew at the
    bottom of the chat, through that play's own token, and its buttons work."""
    fake = group.fake
    clock = tmp_path / "clock"
    set_clock(clock, 0)
    async with checked_bot(club, bot_launcher, CLOCK_FILE=str(clock), DEAL_SEED="3"):
        table = chat_driver(group, group.ada, group.bea, family="dominoes")
        await table.open(group.ada, game="all-fives", seats=2, target=100, turn="1h")
        await table.click_lobby(group.bea, "Join")
        await table.start(group.ada)
        lead = await table.next_turn()
        assert lead is not None
        await table.play_first(lead)
        waiting = await table.next_turn()
        assert waiting is not None
        old = table.table()

        fake.advance_clock(15 * 60)
        set_clock(clock, 15 * 60)
        hand = await table.slash(waiting.player, "dominoes hand")
        assert hand.ephemeral and not hand.updated
        player = waiting.player.user
        tiles = next(s for s in hand.message.selects if ":subj:" in s.custom_id)
        await table.seen(await fake.select(player, hand.message, tiles, [tiles.options[0].value]))
        places = next(s for s in hand.message.selects if ":targ:" in s.custom_id)
        played = await table.seen(
            await fake.select(player, hand.message, places, [places.options[0].value])
        )
        assert played.updated and played.ephemeral
        header = " · ".join(old.text.split(" · ")[:2]) + " · "

        def anew() -> Message | None:
            for message in table.public_messages():
                if message.id > old.id and message.text.startswith(header) and message.buttons:
                    return message
            return None

        posted = await fake.wait_until(anew, timeout=10, what="the table posted anew")
        assert f"{waiting.player.name} played" in posted.text
        assert [r.status for r in fake.requests if r.status >= 400] == []
        # The new message is the table now: its Show hand answers and redraws it.
        table.table_message = posted
        other = group.ada if waiting.player is group.bea else group.bea
        reply = await table.show_hand(other)
        assert reply.ephemeral and other.user is reply.visible_to


async def test_a_game_against_the_computer_in_the_bots_own_dm(
    club: Club, bot_launcher: BotLauncher
) -> None:
    """ada plays All Fives against a computer in her DM with the bot: the same table,
    shown through her own clicks like a group DM's, with her hand only ephemeral."""
    fake = club.fake
    ada = Player(club.ada.user, dms_closed=True)
    fake.install_for_user(ada.user)
    chat = fake.dm_channel(ada.user)
    async with checked_bot(club, bot_launcher, DEAL_SEED="3"):
        table = TableDriver(fake, chat, [ada], family="dominoes")  # type: ignore[arg-type]
        start = len(fake.requests)
        await table.open(ada, game="all-fives", seats=2, target=100)
        await table.click_lobby(ada, "Add computer")
        await table.start(ada)
        turns = await table.play_out(lambda turn, _: table.play_first(turn), limit=150)
        assert turns > 5
        await table.table_shows("won the match")
        counted = [f"{r.method} {r.route}" for r in fake.requests[start:] if r.global_limit]
        assert counted == []
        assert [r.status for r in fake.requests if r.status >= 400] == []
