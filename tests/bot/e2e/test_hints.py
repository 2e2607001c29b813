"""Hints through the fake Discord: the Hint button on a player's controls and
``/<game> hint`` answer privately with the hard computer's move, its reason and a picture;
a table that did not enable hints has no button and refuses the command politely."""

from __future__ import annotations

import re

import pytest

from tests.bot.e2e.conftest import Club, driver
from tests.bot.e2e.harness import TableDriver, Turn
from tests.fakediscord import BotProcess

HINTED = re.compile(r"The hard computer would play \*\*(?P<move>[^*]+)\*\*: (?P<why>[^\n]+)\.")


@pytest.fixture
def deal_seed() -> str:
    return "4"


async def ada_on_turn_against_easy(club: Club, **options: object) -> tuple[TableDriver, Turn]:
    """ada opens a Sackson game against the easy computer (``options`` added) and it is
    her turn in game 1."""
    ada = club.ada
    table = driver(club, ada, family="sackson", show_label="Play")
    await table.open(ada, computer="easy", **options)
    await table.table_shows(" · game 1 · ")
    turn = await table.next_turn()
    assert turn is not None
    return table, turn


async def test_a_hint_by_button_and_by_command_is_private_the_same_and_counted(
    club: Club, seeded_bot: BotProcess
) -> None:
    ada = club.ada
    table, turn = await ada_on_turn_against_easy(club, hints=True)
    assert turn.player is ada
    before = table.table().edit_count

    record = await table.fake.click(ada.user, turn.message, turn.message.button(label="Hint"))
    by_button = await table.seen(record)
    assert by_button.ephemeral and not by_button.updated  # the controls stay as they were
    found = HINTED.search(by_button.content)
    assert found, by_button.content
    move = found["move"]
    assert "hint.png" in by_button.filenames
    assert by_button.message.attachments[0].description.startswith(
        f"The hard computer's move, {move}"
    )
    assert "You have used 1 hint this match" in by_button.content

    by_command = await table.slash(ada, "sackson hint")
    assert by_command.ephemeral
    again = HINTED.search(by_command.content)
    assert again and again["move"] == move and again["why"] == found["why"]
    assert "You have used 2 hints this match" in by_command.content
    assert table.table().edit_count == before  # nothing public changed

    played = await table.slash(ada, "sackson play", move=move)
    assert played.ephemeral and f"ada played {move}" in played.content


async def test_a_table_without_hints_has_no_hint_button_and_says_why(
    club: Club, seeded_bot: BotProcess
) -> None:
    ada = club.ada
    table, turn = await ada_on_turn_against_easy(club)
    assert "Hint" not in {button.label for button in turn.message.buttons}
    refused = await table.slash(ada, "sackson hint")
    assert refused.ephemeral and "Hints are off at this table" in refused.content
