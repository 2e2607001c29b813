"""Classic dominoes through the fake Discord: a whole All Fives match against a computer,
drawing by button, and a Block hand that ends blocked.

The bot deals from DEAL_SEED, so each game here is the same every run: the seeds were
chosen (once, offline) so that the human must draw in the All Fives match and the first
Block hand blocks. The assertions check behaviour, not the seed's particular tiles.
"""

from __future__ import annotations

import re

import pytest

from tests.bot.e2e.conftest import SEEDED_BOTH_WAYS, Club, driver
from tests.bot.e2e.harness import Player, TableDriver, Turn
from tests.fakediscord import BotProcess

ALL_FIVES_SEED = "1"
"""Two hands, the human draws three times and loses 20–140 to a normal computer."""
BLOCK_SEED = "2"
"""The first Block hand (two players) ends blocked; the computer has the fewest pips."""


def dominoes(club: Club, *players: Player) -> TableDriver:
    return driver(club, *players, family="dominoes")


def is_draw(turn: Turn) -> bool:
    return not [s for s in turn.message.selects if ":subj:" in s.custom_id]


@pytest.mark.parametrize("deal_seed", [ALL_FIVES_SEED])
@SEEDED_BOTH_WAYS
async def test_an_all_fives_match_with_a_computer_is_played_to_the_end(
    club: Club, seeded_bot: BotProcess
) -> None:
    fake, ada = club.fake, club.ada
    table = dominoes(club, ada)
    lobby = await table.open(ada, game="all-fives", seats=2, target=100)
    assert "All Fives" in lobby.text and "Target 100" in lobby.text
    await table.click_lobby(ada, "Add computer")
    await table.start(ada)
    assert "All Fives" in table.table().text

    draws = 0

    async def draw_or_play(turn: Turn, _: int) -> None:
        nonlocal draws
        if not is_draw(turn):
            await table.play_first(turn)
            return
        assert [b.label for b in turn.message.buttons] == ["Draw"]
        reply = (await table.press(turn, "Draw")).text
        assert re.search(r"🔒 You drew (\d-\d(, )?)+\.", reply), reply
        draws += 1

    await table.play_out(draw_or_play, limit=100)
    assert draws > 0

    result = await fake.wait_for_message(club.channel, lambda m: "wins the match" in m.text)
    assert "🏆" in result.text
    public = table.public_messages()
    hands = [m for m in public if "is over.** This hand" in m.text]
    assert hands and all(m.attachments[0].filename == "hand-over.png" for m in hands)
    assert any("went out" in m.text or "blocked" in m.text for m in public)
    # What was drawn is told only to the drawer; the channel learns how many.
    versions = [v.text for m in public for v in m.versions]
    assert not any("You drew" in text for text in versions)
    assert any(re.search(r"drew \d+ from the boneyard", text) for text in versions)
    # Scoring plays are logged with their points.
    assert any(re.search(r"played \d-\d( [EWNS])? \(\+\d+\)", text) for text in versions)
    finished = await table.table_shows("won the match")
    assert [b.label for b in finished.buttons] == ["Rematch"]

    standings = (await table.slash(ada, "standings", game="all-fives")).text
    assert "All Fives" in standings and "ada" in standings and "Hands" in standings
    assert "no open table" in (await table.slash(ada, "dominoes status")).text

    # Rematch: a new lobby with the same game, target and seats, hosted by who asked.
    refusal = await table.seen(
        await fake.click(club.bea.user, finished, finished.button(label="Rematch"))
    )
    assert refusal.ephemeral and "not playing at this table" in refusal.text
    rematch = await table.seen(
        await fake.click(ada.user, finished, finished.button(label="Rematch"))
    )
    assert not rematch.ephemeral and not rematch.updated
    again = await fake.wait_for_message(
        club.channel, lambda m: "Seats (2/2)" in m.text, after=finished
    )
    assert "All Fives" in again.text and "Target 100" in again.text
    assert "Computer 1 \\(normal\\)" in again.text and f"<@{ada.user.id}>" in again.text
    assert [b.label for b in again.buttons][:3] == ["Join", "Leave", "Start"]
    assert "Seats (2/2)" in (await table.slash(ada, "dominoes status")).text


@pytest.mark.parametrize("deal_seed", [BLOCK_SEED])
@SEEDED_BOTH_WAYS
async def test_a_block_hand_that_ends_blocked(club: Club, seeded_bot: BotProcess) -> None:
    ada = club.ada
    table = dominoes(club, ada)
    await table.open(ada, game="block", seats=2, target=100)
    await table.click_lobby(ada, "Add computer")
    await table.start(ada)

    blocked = None
    for _ in range(40):
        blocked = next(
            (m for m in table.public_messages() if "The hand is blocked" in m.text), None
        )
        if blocked is not None:
            break
        turn = await table.next_turn()
        assert turn is not None
        assert not any(b.label == "Draw" for b in turn.message.buttons)  # no drawing in Block
        await table.play_first(turn)
    assert blocked is not None, "the first Block hand did not block"
    assert "fewest pips" in blocked.text and "Pips:" in blocked.text
    assert blocked.attachments and blocked.attachments[0].filename == "hand-over.png"
    alt = blocked.attachments[0].description or ""
    assert "the hand is over" in alt and "Open ends " in alt and "tiles laid" in alt
    log = table.table().text
    assert "passed (nothing to play)" in " ".join(v.text for v in table.table().versions)
    assert "hand 2" in log  # the match goes on with the next hand
    assert not any("Your tiles" in m.text for m in table.public_messages())


async def test_a_dominoes_command_at_a_network_table_points_to_the_right_game(
    club: Club, bot: BotProcess
) -> None:
    ada = club.ada
    table = driver(club, ada)
    await table.open(ada, seats=2)
    refusal = await table.slash(ada, "dominoes join")
    assert "Network dominoes table" in refusal.text and refusal.ephemeral
    foreign = await table.slash(ada, "dominoes rules")
    assert foreign.ephemeral and "Dominoes" in foreign.text and "spinner" in foreign.text
