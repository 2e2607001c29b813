"""``/games`` and a table's pace in the real process: a player's tables in two servers,
listed privately in a channel and in a DM with the bot, with buttons to their controls;
``turn:`` on ``/<game> new``; a two-day turn's reminder and timeout under a clock the test
moves (``CLOCK_FILE``), across restarts."""

from __future__ import annotations

import re
from pathlib import Path

from tests.bot.e2e.conftest import BOTH_WAYS, Club, checked_bot, driver, two_player_table
from tests.bot.e2e.harness import Player, TableDriver, Turn, restart_bot
from tests.fakediscord import BotLauncher, BotProcess, Message

DAY = 86400


async def games(table: TableDriver, player: Player, *, in_dm: bool) -> Message:
    """``/games`` run by ``player`` (in their DM with the bot, or in the table's channel);
    the private answer."""
    fake = table.fake
    place = fake.dm_channel(player.user) if in_dm else table.channel
    seen = await table.seen(await fake.slash(player.user, place, "games"))
    assert seen.ephemeral and not seen.updated, seen
    assert seen.message.visible_to is player.user
    return seen.message


def table_id(table: TableDriver) -> int:
    found = re.search(r" · table (\d+) · ", table.table().text)
    assert found, table.table().text
    return int(found.group(1))


def entry(listing: Message, table_id: int) -> str:
    """The two lines the list gives one table."""
    found = re.search(rf"\*\*[^*]+\*\* · table {table_id} · .*\n.*", listing.text)
    assert found, listing.text
    return found.group(0)


async def test_games_lists_your_tables_in_every_server_privately_with_your_controls(
    club: Club, bot_launcher: BotLauncher
) -> None:
    fake, ada, bea, dan = club.fake, club.ada, club.bea, club.dan
    tavern = fake.add_guild("Tile Tavern")
    back_room = tavern.add_text_channel("back-room")
    for player in (ada, bea, dan):
        tavern.add_member(player.user)
    # No dev guild: every command global, as in production (both servers have them).
    async with checked_bot(club, bot_launcher, DEV_GUILD_ID=""):
        network = await two_player_table(club, target=100)
        first = await network.next_turn()
        assert first is not None

        dominoes = TableDriver(fake, back_room, [ada], family="dominoes")
        lobby = await dominoes.open(ada, game="block", seats=2, target=100, turn="8h")
        assert "8 h per turn" in lobby.text
        await dominoes.add_computer(ada)
        await dominoes.start(ada)
        turn = await dominoes.next_turn()  # the computer's lead, if it had it, is played
        assert turn is not None and turn.player is ada
        network_id, dominoes_id = table_id(network), table_id(dominoes)

        # In a DM with the bot: both servers' tables, the latest move first.
        listing = await games(dominoes, ada, in_dm=True)
        assert listing.text.startswith("**Your tables** (2)")
        assert listing.text.index(f"table {dominoes_id}") < listing.text.index(
            f"table {network_id}"
        )
        tavern_line = entry(listing, dominoes_id)
        link = f"https://discord.com/channels/{tavern.id}/{back_room.id}/{dominoes.table().id}"
        assert f"Tile Tavern · [#back-room]({link})" in tavern_line
        assert "ada **0**" in tavern_line  # the score: nobody has scored yet
        assert re.search(r"▶ \*\*your turn\*\*, 7 h 5\d min left", tavern_line), tavern_line
        club_line = entry(listing, network_id)
        link = (
            f"https://discord.com/channels/{club.guild.id}/{club.channel.id}/{network.table().id}"
        )
        assert f"Domino Club · [#tables]({link})" in club_line
        if first.player is ada:
            assert re.search(r"your turn\*\*, [1-4] min left", club_line), club_line
        else:
            assert re.search(r"bea to play, [1-4] min left", club_line), club_line
        labels = sorted(b.label or "" for b in listing.buttons)
        expected = [f"Show hand: table {dominoes_id}"]
        if first.player is ada:
            expected.append(f"Show hand: table {network_id}")
        assert labels == sorted(expected)
        assert not re.search(r"\b[0-6]-[0-6]\b", listing.text)  # it names no tile

        # Its button opens the same private controls as the table's own Show hand.
        controls = await dominoes.show_hand(ada, listing, f"Show hand: table {dominoes_id}")
        assert "Your tiles" in controls.text

        # In a server channel, privately too: only the tables the asker sits at.
        theirs = await games(network, bea, in_dm=False)  # bea sits at one of the two
        assert theirs.text.startswith("**Your tables** (1)")
        assert f"table {network_id}" in theirs.text and f"table {dominoes_id}" not in theirs.text
        if first.player is bea:
            assert re.search(r"your turn\*\*, [1-4] min left", theirs.text), theirs.text
            assert [b.label for b in theirs.buttons] == [f"Show hand: table {network_id}"]
        else:
            assert re.search(r"ada to play, [1-4] min left", theirs.text), theirs.text
            assert theirs.buttons == []

        none = await games(network, dan, in_dm=True)
        assert "You are not sitting at any table" in none.text and none.buttons == []


@BOTH_WAYS
async def test_games_answers_in_a_dm_over_the_gateway_and_over_http(
    club: Club, bot: BotProcess
) -> None:
    fake = club.fake
    # Dev mode: every command is usable in DMs too, so every one stays global.
    assert "games" in [command.name for command in fake.commands()]
    assert all(command.usable_in_dms for command in fake.commands())
    assert fake.commands(club.guild) == []
    table = driver(club, club.ada)
    lobby = await table.open(club.ada, seats=3, turn="12h")
    assert "12 h per turn" in lobby.text
    listing = await games(table, club.ada, in_dm=True)
    assert listing.text.startswith("**Your tables** (1)")
    # The link leads to the channel, or to the lobby message once its id is stored (the
    # answer that posts it comes first).
    channel = f"https://discord.com/channels/{club.guild.id}/{club.channel.id}"
    assert f"**Network dominoes** · table {table_id(table)} · " in listing.text
    assert re.search(rf"\]\({channel}(/{lobby.id})?\)", listing.text), listing.text
    # Named over HTTP too, where the process has no cache of servers: it asks Discord.
    assert "Domino Club · [#tables](" in listing.text, listing.text
    assert "waiting to start · 1/3 seats" in listing.text
    in_server = await games(table, club.ada, in_dm=False)  # the global command there too
    assert in_server.text.startswith("**Your tables** (1)")
    assert f"· table {table_id(table)} · " in in_server.text


async def test_a_bad_turn_length_is_refused_politely_and_opens_nothing(
    club: Club, bot_launcher: BotLauncher
) -> None:
    async with checked_bot(club, bot_launcher):
        table = driver(club, club.ada)
        refused = await table.slash(club.ada, "network new", seats=2, turn="a fortnight")
        assert refused.ephemeral
        assert "from 1 minute to 3 days" in refused.text and "`30m`" in refused.text
        too_long = await table.slash(club.ada, "network new", seats=2, turn="4d")
        assert too_long.ephemeral and "4 d is too long" in too_long.text
        assert table.public_messages() == []

        record = await club.fake.autocomplete(
            club.ada.user, club.channel, "network new", focused="turn", value="2"
        )
        await table.answered(record)
        assert [c["value"] for c in record.choices][:3] == ["2m", "2h", "2d"]


def set_clock(path: Path, seconds: float) -> None:
    """Move the bot's clock to ``seconds`` past the real time (it reads the file)."""
    path.write_text(f"{seconds}\n")


async def test_a_two_day_turn_reminds_once_then_moves_for_the_player_across_restarts(
    club: Club, bot_launcher: BotLauncher, tmp_path: Path
) -> None:
    fake, channel = club.fake, club.channel
    clock = tmp_path / "clock"
    set_clock(clock, 0)
    async with checked_bot(club, bot_launcher, CLOCK_FILE=str(clock)) as process:
        table = driver(club, club.ada, club.bea)
        lobby = await table.open(club.ada, seats=2, target=100, turn="2d")
        assert "2 d per turn" in lobby.text
        await table.click_lobby(club.bea, "Join")
        await table.start(club.ada)
        first = await table.next_turn()
        assert first is not None
        await table.play_first(first)  # the lead, which a timeout could not pass
        turn: Turn | None = await table.next_turn()
        assert turn is not None
        late = turn.player

        def reminders() -> list[Message]:
            return [m for m in fake.dm_messages(late.user) if m.text.startswith("⏳")]

        # A restart in the middle of the turn: the timers come back from the store.
        set_clock(clock, 1 * DAY)
        await restart_bot(fake, process)
        set_clock(clock, 1.5 * DAY + 60)  # a quarter of the two days is left
        reminder = await fake.wait_until(
            lambda: reminders()[0] if reminders() else None, timeout=20, what="the reminder"
        )
        assert f"<@{late.user.id}>, it's still your turn" in reminder.text
        assert "about 12 hours left" in reminder.text
        assert not re.search(r"\b[0-6]-[0-6]\b", reminder.text)
        # Its button opens the player's controls, as the table's own Show hand does.
        controls = await table.show_hand(late, reminder)
        assert "Your tiles" in controls.text
        # /games in a DM (the bot is in dev mode here: DM commands are kept global) reads
        # the time left by the same clock.
        listing = await games(table, late, in_dm=True)
        assert re.search(r"▶ \*\*your turn\*\*, 11 h 5\d min left", listing.text), listing.text

        # Another restart: the reminder was committed as sent, so it is not sent again;
        # when the whole turn has passed the move is made for the player, as before.
        await restart_bot(fake, process)
        set_clock(clock, 2 * DAY + 60)
        await fake.wait_for_message(
            channel, lambda m: f"**{late.name}** ran out of time" in m.text, timeout=20
        )
        assert len(reminders()) == 1
