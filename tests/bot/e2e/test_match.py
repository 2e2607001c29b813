"""A whole match against a computer, the league table after it, and a restart mid-hand."""

from __future__ import annotations

from tests.bot.e2e.conftest import Club, driver
from tests.bot.e2e.harness import control_turn, restart_bot
from tests.fakediscord import BotProcess


async def test_a_match_is_played_to_its_target_and_counted_in_the_standings(
    club: Club, bot: BotProcess
) -> None:
    fake, ada = club.fake, club.ada
    table = driver(club, ada)
    await table.open(ada, seats=2, target=6)
    await table.click_lobby(ada, "Add computer")
    await table.start(ada)

    turns = 0
    while (turn := await table.next_turn()) is not None:
        # Ada lays a tile now and then and otherwise passes; the computer plays its game.
        if turns % 3 == 0:
            await table.play_first(turn)
        else:
            await table.pass_turn(turn)
        turns += 1
        assert turns < 200, "the match did not end"

    result = await fake.wait_for_message(club.channel, lambda m: "wins the match" in m.content)
    assert "🏆" in result.content
    hands = [m for m in table.public_messages() if "is over.** This hand" in m.content]
    assert hands and all(m.attachments[0].filename == "hand-over.png" for m in hands)
    final = table.table()
    assert final.buttons == []  # no Show hand on a finished table

    record = await table.slash(ada, "standings")
    standings = record.callbacks[0]
    assert not standings.ephemeral
    assert "ada" in standings.content and "No finished matches" not in standings.content

    # The channel is free again for a new table.
    record = await table.slash(ada, "network status")
    assert "no open table" in (record.callbacks[0].content or "")


async def test_a_restart_mid_hand_loses_nothing_and_old_buttons_still_work(
    club: Club, bot: BotProcess
) -> None:
    fake, ada, bea = club.fake, club.ada, club.bea
    table = driver(club, ada, bea)
    await table.open(ada, seats=2, target=50)
    await table.click_lobby(bea, "Join")
    await table.start(ada)
    for _ in range(3):
        turn = await table.next_turn()
        assert turn is not None
        await table.play_first(turn)
    log_before = table.table().content.split("\n• ", 1)[1]

    waiting = await table.next_turn()  # controls sent before the crash
    assert waiting is not None
    edits = table.table().edit_count
    await restart_bot(fake, bot)
    # The new process shows the table again and reminds the player to move.
    await table.table_redrawn(edits)
    reminder = await fake.wait_for_dm(
        waiting.player.user, lambda m: control_turn(m) == waiting.turn, after=waiting.message
    )
    assert reminder.attachments[0].filename == "hand.png"

    await table.play_first(waiting)  # the DM from the old process still works
    after = table.table().content
    assert log_before.splitlines()[-1] in after
    assert f"{waiting.player.name} played" in after.splitlines()[-1] or "passed" in after
    for _ in range(2):
        turn = await table.next_turn()
        assert turn is not None
        await table.play_first(turn)
    assert "hand 1" in table.table().content
