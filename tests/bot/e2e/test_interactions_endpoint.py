"""Interactions over HTTP (``domino-tables interactions``): when one of the processes behind
the load balancer is killed (-9), the next POSTs go to the other and every committed move
is published; a signed POST sent again, to the same process or another, changes nothing
and sends nothing."""

from __future__ import annotations

import signal

import aiohttp
import pytest

from tests.bot.e2e.conftest import Club, driver, two_player_table
from tests.bot.e2e.harness import assert_answered_once_in_time, start_bot, start_interactions
from tests.fakediscord import BotLauncher, BotProcess


async def test_an_interactions_process_killed_loses_nothing(
    club: Club, bot_launcher: BotLauncher, postgres_url: str
) -> None:
    fake = club.fake
    env = {"DATABASE_URL": postgres_url, "RENDER_PROCESSES": "0"}
    await start_bot(fake, bot_launcher, club.db_path, club.guild, **env)
    quiet = {**env, "DEV_GUILD_ID": str(club.guild.id), "PUBLISH_WORKERS": "0"}
    (victim, dead_url), (survivor, live_url) = await start_interactions(fake, bot_launcher, quiet)
    table = await two_player_table(club)
    turn = await table.next_turn()
    assert turn is not None
    await table.play_first(turn)
    assert {r.endpoint for r in fake.interactions} == {dead_url, live_url}

    await victim.kill()
    since = len(fake.interactions)
    for _ in range(3):  # each move answered, committed and shown on the table message
        turn = await table.next_turn()
        assert turn is not None
        await table.play_first(turn)
    later = fake.interactions[since:]
    assert len(later) >= 3
    assert all(r.endpoint == live_url and r.endpoint_status == 200 for r in later)
    assert victim.returncode == -signal.SIGKILL and survivor.running
    assert_answered_once_in_time(fake.interactions)
    assert fake.unknown_requests == []
    await bot_launcher.close()  # every process stopped before the database is dropped


@pytest.fixture
def deal_seed() -> str:
    return "4"


@pytest.mark.parametrize("seeded_bot", ["http"], indirect=True)
async def test_a_replayed_post_changes_nothing_and_sends_nothing(
    club: Club, seeded_bot: BotProcess, bot_launcher: BotLauncher
) -> None:
    """A Hint click counts a hint and answers privately with a picture (edited into the
    answer through the interaction's token): handled again, a replay would count another
    and answer again."""
    fake, ada = club.fake, club.ada
    table = driver(club, ada, family="sackson", show_label="Play")
    await table.open(ada, computer="easy", hints=True)
    turn = await table.next_turn()
    assert turn is not None and turn.player is ada
    click = await fake.click(ada.user, turn.message, turn.message.button(label="Hint"))
    hinted = await table.seen(click)
    assert "You have used 1 hint this match" in hinted.content
    assert click.posted is not None and click.endpoint is not None
    body, headers = click.posted
    others = [url for url in fake.world.settings.interaction_endpoints if url != click.endpoint]
    assert len(others) == 1  # the load balancer's other process
    mark = len(fake.requests)
    messages = {message.id: message.edit_count for message in fake.world.messages.values()}

    async with aiohttp.ClientSession() as session:
        for url in (click.endpoint, *others):  # the same process, then another
            async with session.post(url, data=body, headers=headers) as replay:
                assert (replay.status, await replay.text()) == (409, "interaction already handled")

    command = await fake.slash(ada.user, club.channel, "sackson hint")
    again = await table.seen(command)  # the hints counted: the click's and this one
    assert "You have used 2 hints this match" in again.content
    assert {r.interaction_id for r in fake.requests[mark:]} <= {command.id}
    assert {i: fake.world.messages[i].edit_count for i in messages} == messages
    assert len(fake.world.messages) == len(messages) + 1  # the command's answer alone
    logs = bot_launcher.logs()
    assert logs.count(f"interaction {click.id} over the endpoint not handled") == 2
    assert click.token not in logs
