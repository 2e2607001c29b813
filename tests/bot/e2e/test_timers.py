"""Timers in the real process: lobby expiry, turn timeouts and the computer taking over."""

from __future__ import annotations

from tests.bot.e2e.conftest import Club, driver, two_player_table
from tests.bot.e2e.harness import assert_answered_once_in_time, start_bot
from tests.fakediscord import BotLauncher


async def test_an_unstarted_lobby_expires(club: Club, bot_launcher: BotLauncher) -> None:
    fake = club.fake
    await start_bot(fake, bot_launcher, club.db_path, club.guild, LOBBY_TIMEOUT_SECONDS="1")
    table = driver(club, club.ada)
    lobby = await table.open(club.ada)
    await fake.wait_for_edit(lobby, lambda m: "closed" in m.text, timeout=10)
    assert "Nobody started this table in time" in lobby.text
    assert lobby.buttons == []
    assert "no open table" in (await table.slash(club.bea, "network join")).text
    assert_answered_once_in_time(fake.interactions)


async def test_timeouts_pass_then_the_computer_plays_until_the_player_returns(
    club: Club, bot_launcher: BotLauncher
) -> None:
    fake, channel, ada, bea = club.fake, club.channel, club.ada, club.bea
    await start_bot(fake, bot_launcher, club.db_path, club.guild, TURN_SECONDS="1")
    table = await two_player_table(club, target=100)

    # Nobody moves. Each player runs out of time twice and the computer takes over.
    for player in (ada, bea):
        await fake.wait_for_message(
            channel,
            lambda m, name=player.name: f"**{name}** timed out twice in a row" in m.text,
            timeout=20,
        )
    assert any("ran out of time" in m.text for m in table.public_messages())
    await table.table_shows("the computer is playing for them")

    # Ada comes back by asking for her hand; the table says so.
    reply = await table.show_hand(ada)
    assert "Your tiles" in reply.text
    await table.table_shows("ada is back")
    assert_answered_once_in_time(fake.interactions)
