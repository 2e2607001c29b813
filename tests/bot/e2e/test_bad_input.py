"""Refusals: out of turn, illegal moves, outsiders, double clicks and stale buttons.

Each refusal is a private (ephemeral) reply; the table, the channel and the move log stay
exactly as they were.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable

from tests.bot.e2e.conftest import BOTH_WAYS, Club, driver, two_player_table
from tests.bot.e2e.harness import Player, TableDriver, Turn, control_turn
from tests.fakediscord import BotProcess, InteractionRecord


def other(table: TableDriver, player: Player) -> Player:
    return next(p for p in table.players if p is not player)


async def refused(table: TableDriver, action: Awaitable[InteractionRecord]) -> str:
    """The private refusal an action got (exactly one ephemeral reply)."""
    seen = await table.seen(await action)
    assert not seen.updated and seen.ephemeral, seen
    return seen.text


@BOTH_WAYS
async def test_out_of_turn_illegal_and_outsider_requests_change_nothing(
    club: Club, bot: BotProcess
) -> None:
    fake, dan = club.fake, club.dan
    table = driver(club, club.ada, club.bea)
    await table.open(club.ada, seats=2, target=50)
    await table.click_lobby(club.bea, "Join")
    text = await refused(
        table, fake.click(club.bea.user, table.table(), table.table().button(label="Start"))
    )
    assert "Only the person who created this table" in text
    await table.start(club.ada)

    turn = await table.turn_after_the_lead()
    mover, waiting = turn.player, other(table, turn.player)

    edits, posted = table.table().edit_count, len(table.public_messages())
    text = await refused(table, fake.slash(waiting.user, club.channel, "network play", move="pass"))
    assert text == f"It is not your turn: waiting for {mover.name} to play."
    text = await refused(
        table, fake.slash(mover.user, club.channel, "network play", move="6-6 Z NN")
    )
    assert text  # the engine's own explanation (tile not held, or no such open end)
    text = await refused(table, fake.slash(mover.user, club.channel, "network play", move="banana"))
    assert "is not a move" in text
    text = await refused(
        table, fake.click(dan.user, table.table(), table.table().button(label="Show hand"))
    )
    assert text == "You are not playing at this table."
    text = await refused(table, fake.slash(dan.user, club.channel, "network play", move="pass"))
    assert text == "You are not playing at this table."
    text = await refused(table, fake.slash(dan.user, club.channel, "network cancel"))
    assert "Only the person who created this table" in text

    assert table.table().edit_count == edits
    assert len(table.public_messages()) == posted
    assert control_turn(turn.message) == turn.turn  # the mover's controls still stand
    await table.play_first(turn)


@BOTH_WAYS
async def test_a_double_click_plays_once(club: Club, bot: BotProcess) -> None:
    fake = club.fake
    table = await two_player_table(club)
    turn = await table.turn_after_the_lead()

    edits = table.table().edit_count
    button = turn.message.button(label="Pass")
    first, second = await asyncio.gather(
        fake.click(turn.player.user, turn.message, button),
        fake.click(turn.player.user, turn.message, button),
    )
    answers = sorted([await table.seen(first), await table.seen(second)], key=lambda a: a.updated)
    assert [a.updated for a in answers] == [False, True]  # one move, one private refusal
    assert answers[0].ephemeral and "out of date" in answers[0].text
    await table.table_redrawn(edits)
    passes = [line for line in table.table().text.splitlines() if "passed" in line]
    assert passes == [f"• {turn.player.name} passed"]


@BOTH_WAYS
async def test_a_button_from_a_finished_hand_is_refused(club: Club, bot: BotProcess) -> None:
    fake, channel = club.fake, club.channel
    table = await two_player_table(club)
    # The other player ignores the DM controls and types the move instead.
    unused = await table.turn_after_the_lead()
    record = await fake.autocomplete(
        unused.player.user, channel, "network play", focused="move", value="pa"
    )
    await table.answered(record)
    assert [c["value"] for c in record.choices] == ["pass"]
    waiting = other(table, unused.player)
    for user, typed, hint in (
        (waiting.user, "", f"It is not your turn: waiting for {unused.player.name} to play."),
        (club.dan.user, "", "You are not playing at this table."),
        (unused.player.user, "9-9", "No move of yours matches “9-9”."),
    ):
        record = await fake.autocomplete(user, channel, "network play", focused="move", value=typed)
        await table.answered(record)
        assert [c["name"] for c in record.choices] == [hint]
    edits = table.table().edit_count
    played = await table.slash(unused.player, "network play", move="pass")
    assert played.ephemeral and not played.updated
    table.last_turn = unused.turn
    await table.table_redrawn(edits)

    # Everyone passes until the hand is over.
    while "Hand 1 is over" not in " ".join(m.text for m in table.public_messages()):
        turn = await table.next_turn()
        assert turn is not None
        await table.pass_turn(turn)
    await table.table_shows("hand 2")  # hand 2's fresh table message is up

    edits, posted = table.table().edit_count, len(table.public_messages())
    stale: Turn = unused
    text = await refused(
        table, fake.click(stale.player.user, stale.message, stale.message.button(label="Pass"))
    )
    assert "out of date" in text
    tiles = next(s for s in stale.message.selects if ":subj:" in s.custom_id)
    text = await refused(
        table, fake.select(stale.player.user, stale.message, tiles, [tiles.options[0].value])
    )
    assert "out of date" in text
    assert table.table().edit_count == edits
    assert len(table.public_messages()) == posted
