"""A whole match against a computer, the league table after it, and a restart mid-hand."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path
from typing import Any

from tests.bot.e2e.conftest import Club, driver, two_player_table
from tests.bot.e2e.harness import all_published, restart_bot, restored
from tests.fakediscord import BotProcess


async def test_a_match_is_played_to_its_target_and_counted_in_the_standings(
    club: Club, bot: BotProcess
) -> None:
    fake, ada = club.fake, club.ada
    table = driver(club, ada)
    await table.open(ada, seats=2, target=6)
    await table.click_lobby(ada, "Add computer")
    await table.start(ada)

    # Ada lays a tile now and then and otherwise passes; the computer plays its game.
    await table.play_out(
        lambda turn, n: table.play_first(turn) if n % 3 == 0 else table.pass_turn(turn), limit=200
    )

    result = await fake.wait_for_message(club.channel, lambda m: "wins the match" in m.text)
    assert "🏆" in result.text
    hands = [m for m in table.public_messages() if "is over.** This hand" in m.text]
    assert hands and all(m.attachments[0].filename == "hand-over.png" for m in hands)
    final = await table.table_shows("won the match")
    assert [b.label for b in final.buttons] == ["Rematch"]  # no Show hand any more

    standings = await table.slash(ada, "standings")
    assert not standings.ephemeral
    assert "ada" in standings.text and "No finished matches" not in standings.text

    # The channel is free again for a new table.
    assert "no open table" in (await table.slash(ada, "network status")).text


async def test_a_restart_mid_hand_loses_nothing_and_old_buttons_still_work(
    club: Club, bot: BotProcess
) -> None:
    fake = club.fake
    table = await two_player_table(club)
    for _ in range(3):
        turn = await table.next_turn()
        assert turn is not None
        await table.play_first(turn)
    log_before = table.table().text.split("\n• ", 1)[1]

    waiting = await table.next_turn()  # controls sent before the crash
    assert waiting is not None
    await all_published(fake, club.db_path)  # and the table redrawn
    edits = table.table().edit_count
    dms = len(fake.dm_messages(waiting.player.user))
    await restart_bot(fake, bot)
    # Everything was shown before the crash: the new process sends nothing again.
    assert await restored(bot) == (1, 0)
    assert table.table().edit_count == edits
    assert len(fake.dm_messages(waiting.player.user)) == dms

    await table.play_first(waiting)  # the DM from the old process still works
    after = table.table().text
    assert log_before.splitlines()[-1] in after
    assert f"{waiting.player.name} played" in after.splitlines()[-1] or "passed" in after
    for _ in range(2):
        turn = await table.next_turn()
        assert turn is not None
        await table.play_first(turn)
    assert "hand 1" in table.table().text


def pending_news(db_path: Path) -> list[dict[str, Any]]:
    """The committed, not yet published news of table 1, read straight from the store."""
    with contextlib.closing(sqlite3.connect(db_path)) as db:
        meta, publication = db.execute(
            "SELECT meta, publication FROM tables WHERE id = 1"
        ).fetchone()
    told = json.loads(publication).get("news_sent", -1)
    news: list[dict[str, Any]] = json.loads(meta).get("news", [])
    return [item for item in news if item["id"] > told]


async def test_a_crash_between_a_hand_end_and_its_messages_loses_no_news(
    club: Club, bot: BotProcess
) -> None:
    fake, ada, bea = club.fake, club.ada, club.bea
    table = await two_player_table(club)

    async def hand_1_ended() -> bool:
        return any(news["finished_hand"] for news in pending_news(club.db_path))

    # Each lays a tile, then everyone passes, the bot's posts held after every pass, until
    # a committed pass has ended hand 1: then the process dies before telling anyone.
    await table.pass_with_posts_held(hand_1_ended)
    dms_before = {p.name: len(fake.dm_messages(p.user)) for p in (ada, bea)}
    await bot.kill()
    fake.settings.hold_posts.set()  # the dead process's held posts are dropped
    assert not any("Hand 1 is over" in m.text for m in club.channel.messages)

    before = fake.ready_count
    await bot.start()
    await fake.wait_until_bot_ready(timeout=30, after=before)
    # After the restart: the hand's news once, a fresh table for hand 2, both new hands.
    await table.table_shows("hand 2")
    over = [m for m in club.channel.messages if "Hand 1 is over" in m.text]
    assert len(over) == 1 and over[0].attachments[0].filename == "hand-over.png"
    for player in (ada, bea):  # sent before the crash or after it, but once
        dm = await fake.wait_for_dm(player.user, lambda m: "hand 2" in m.text.lower())
        assert dm.attachments[0].filename == "hand.png"
        new_hand = [m for m in fake.dm_messages(player.user) if "hand 2" in m.text.lower()]
        assert len(new_hand) == 1, new_hand
        assert len(fake.dm_messages(player.user)) <= dms_before[player.name] + 1
    await fake.wait_until(lambda: pending_news(club.db_path) == [] or None)
    assert len([m for m in club.channel.messages if "Hand 1 is over" in m.text]) == 1
