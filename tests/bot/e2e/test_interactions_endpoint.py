"""Interactions over HTTP (``domino-tables interactions``) when one of the processes behind
the load balancer is killed (-9): the next POSTs go to the other, and every committed move
is published."""

from __future__ import annotations

import signal

from tests.bot.e2e.conftest import Club, two_player_table
from tests.bot.e2e.harness import assert_answered_once_in_time, start_bot, start_interactions
from tests.fakediscord import BotLauncher


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
