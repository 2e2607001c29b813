"""Sackson's Network through the fake Discord: a challenge to one person accepted by
button and played to a network, with the board in the DMs and nothing dealt; typed moves
with autocomplete and polite refusals; an open challenge, a declined one, a game against
the computer to its end, and W/D/L standings.

The scripted game: Dark (ada, the host) builds c1 c3 e3 e5 c5 c8 — c1→c3 up, →e3 across,
→e5 up, →c5 back across, →c8 up: six pieces, a turn at every piece — while Light (bea)
places harmlessly in her own goals.
"""

from __future__ import annotations

import pytest

from tests.bot.e2e.conftest import BOTH_WAYS, Club, driver
from tests.bot.e2e.harness import (
    Player,
    TableDriver,
    Turn,
    move_line,
    restart_bot,
)
from tests.fakediscord import BotProcess, Message

DARK_MOVES = ("c1", "c3", "e3", "e5", "c5", "c8")
LIGHT_MOVES = ("a2", "a4", "h3", "h5", "a6")


@pytest.fixture
def deal_seed() -> str:
    """The bot's seed, so the computer's moves are the same every run."""
    return "4"


def sackson(club: Club, *players: Player) -> TableDriver:
    return driver(club, *players, family="sackson", show_label="Play")


async def open_challenge(table: TableDriver, host: Player, **options: object) -> Message:
    lobby = await table.open(host, **options)
    assert "Sackson's Network" in lobby.text
    return lobby


async def accept(table: TableDriver, player: Player) -> None:
    message = table.table()
    record = await table.fake.click(player.user, message, message.button(label="Accept"))
    seen = await table.seen(record)
    assert seen.updated and seen.message is message, seen  # the challenge became the board
    assert " · game 1 · " in seen.text


def target_menus(message: Message) -> list[object]:
    return [s for s in message.selects if ":targ:" in s.custom_id]


async def pick_square(table: TableDriver, turn: Turn, square: str) -> None:
    """Choose ``square`` in the turn's square menus (a placement: one pick)."""
    edits = table.table().edit_count
    for menu in target_menus(turn.message):
        values = [option.value for option in menu.options]  # type: ignore[attr-defined]
        if square in values:
            record = await table.fake.select(turn.player.user, turn.message, menu, [square])
            seen = await table.seen(record)
            assert seen.updated, seen
            table.last_turn = turn.turn
            await table.table_redrawn(edits, move_line(seen.text))
            return
    raise AssertionError(f"{square} is not offered: {turn.message.text}")


@BOTH_WAYS
async def test_a_challenge_is_accepted_and_played_to_a_network(club: Club, bot: BotProcess) -> None:
    fake, ada, bea, dan = club.fake, club.ada, club.bea, club.dan
    table = sackson(club, ada, bea)
    lobby = await open_challenge(table, ada, opponent=bea.user)
    assert f"<@{bea.user.id}>" in lobby.text and "Accept" in lobby.text
    assert {b.label for b in lobby.buttons} >= {"Accept", "Decline", "Withdraw"}

    # Someone else cannot take a challenge meant for bea; nothing changes.
    record = await fake.click(dan.user, lobby, lobby.button(label="Accept"))
    refused = await table.seen(record)
    assert refused.ephemeral and f"<@{bea.user.id}>" in refused.text
    assert " · game 1 · " not in table.table().text

    await accept(table, bea)
    board = table.table()
    assert "ada (Dark)" in board.text and "bea (Light)" in board.text
    assert "one game" in board.text and "▶ **ada** to play" in board.text
    assert board.attachments and board.attachments[0].filename.endswith(".png")
    assert "Dark: nothing on the board (10 in hand)" in (board.attachments[0].description or "")
    assert [b.label for b in board.buttons] == ["Play"]

    first = await table.next_turn()
    assert first is not None and first.player is ada
    assert "You play **Dark**" in first.message.text and "10 pieces to place" in first.message.text
    assert not fake.dm_messages(bea.user), "nothing is dealt: only the player to move hears"
    assert len(first.message.attachments) == 1, "the board, with the legal squares lettered"
    picture = first.message.attachments[0]
    assert picture.description and picture.description.startswith("Where a new piece can go")
    offered = [o.value for menu in target_menus(first.message) for o in menu.options]  # type: ignore[attr-defined]
    assert len(offered) == 48 and "a1" not in offered and "a2" not in offered
    labels = [o.label for menu in target_menus(first.message) for o in menu.options]  # type: ignore[attr-defined]
    assert labels[0] == "A · b1" and labels[26] == "AA · d5"

    await pick_square(table, first, DARK_MOVES[0])
    assert "ada played c1" in table.table().text

    for index, light in enumerate(LIGHT_MOVES):
        turn = await table.next_turn()
        assert turn is not None and turn.player is bea
        if index == 0:  # bea types her first move instead, after a wrong one
            refused = await table.slash(bea, "sackson play", move="b1")
            assert refused.ephemeral and "opponent's goal" in refused.text
            early = await table.slash(ada, "sackson play", move="d4")
            assert early.ephemeral and "not your turn" in early.text.lower()
            record = await fake.autocomplete(
                bea.user, club.channel, "sackson play", focused="move", value="a"
            )
            await table.answered(record)
            values = [c["value"] for c in record.choices]
            assert "a2" in values and "a1" not in values and all(v.startswith("a") for v in values)
            edits = table.table().edit_count
            played = await table.slash(bea, "sackson play", move=light)
            assert played.ephemeral and "bea played a2" in played.text
            table.last_turn = turn.turn
            await table.table_redrawn(edits)
        else:
            await pick_square(table, turn, light)
        turn = await table.next_turn()
        assert turn is not None and turn.player is ada
        await pick_square(table, turn, DARK_MOVES[index + 1])

    assert await table.next_turn() is None
    # The hand's end and the match's end are two commits: with publish jobs elsewhere
    # (PostgreSQL) the first may be shown on its own before the second.
    won_line = "🏆 **ada** won the game."
    final = await fake.wait_for_edit(table.table(), lambda m: won_line in m.text, timeout=15)
    assert won_line in final.text
    alt = final.attachments[0].description or ""
    assert "Winning network: c1 c3 e3 e5 c5 c8" in alt
    announced = await fake.wait_for_message(club.channel, lambda m: "network of 6 pieces" in m.text)
    assert "c1 → c3 → e3 → e5 → c5 → c8" in announced.text
    won = await fake.wait_for_message(club.channel, lambda m: "wins the game!" in m.text)
    assert "points" not in won.text

    standings = await table.slash(ada, "standings", game="sackson")
    lines = standings.text.splitlines()
    assert any("P   W   D   L" in line for line in lines), standings.text
    assert any(line.split()[1:6] == ["ada", "1", "1", "0", "0"] for line in lines)
    assert any(line.split()[1:6] == ["bea", "1", "0", "0", "1"] for line in lines)
    assert "Pts" not in standings.text

    # A rematch is a new challenge from whoever asks, to the other player.
    record = await fake.click(bea.user, final, final.button(label="Rematch"))
    rematch = await table.seen(record)
    assert not rematch.ephemeral and f"<@{bea.user.id}> challenges <@{ada.user.id}>" in (
        rematch.text
    )
    table.table_message = rematch.message
    await accept(table, ada)
    assert "bea (Dark)" in table.table().text and "ada (Light)" in table.table().text


async def test_an_open_challenge_a_declined_one_and_a_withdrawn_one(
    club: Club, bot: BotProcess
) -> None:
    fake, ada, bea, dan = club.fake, club.ada, club.bea, club.dan
    table = sackson(club, ada, bea)
    lobby = await open_challenge(table, ada, opponent=bea.user)
    record = await fake.click(dan.user, lobby, lobby.button(label="Decline"))
    assert (await table.seen(record)).ephemeral
    record = await fake.click(bea.user, lobby, lobby.button(label="Decline"))
    declined = await table.seen(record)
    assert declined.updated and "bea declined the challenge" in declined.text

    table = sackson(club, ada, dan)
    lobby = await open_challenge(table, ada)
    assert "looking for an opponent" in lobby.text
    assert "Decline" not in {b.label for b in lobby.buttons}
    own = await table.slash(ada, "sackson join")
    assert own.ephemeral and "already sitting" in own.text
    joined = await table.slash(dan, "sackson join")
    assert joined.ephemeral and "accepted the challenge" in joined.text
    await table.table_shows(" · game 1 · ")
    assert "dan (Light)" in table.table().text

    refused = await table.slash(ada, "sackson new", opponent=ada.user)
    assert refused.ephemeral and "cannot challenge yourself" in refused.text


async def test_a_game_against_the_computer_starts_at_once_and_ends(
    club: Club, seeded_bot: BotProcess
) -> None:
    ada = club.ada
    table = sackson(club, ada)
    await table.open(ada, computer="easy", target=2)
    await table.table_shows(" · game 1 · ")
    assert "first to 2 wins" in table.table().text
    assert "ada (Dark) **0**" in table.table().text
    # The piece offered first, then its first square.
    await table.play_out(lambda turn, _: table.play_first(turn), limit=400, timeout=30)
    public = " ".join(m.text for m in table.public_messages())
    assert "Game 1 is over" in public
    final = table.table()
    assert "won the match" in final.text
    standings = await table.slash(ada, "standings", game="sackson")
    assert "W   D   L" in standings.text and "Rtg" in standings.text

    # A rematch against the computer needs nobody to accept: it starts at once.
    record = await table.fake.click(ada.user, final, final.button(label="Rematch"))
    table.table_message = (await table.seen(record)).message
    await table.table_shows(" · game 1 · ")


async def test_closed_dms_get_the_board_by_the_play_button_and_a_restart_loses_nothing(
    club: Club, bot: BotProcess
) -> None:
    fake, ada, cal = club.fake, club.ada, club.cal
    table = sackson(club, ada, cal)
    await open_challenge(table, ada)
    await accept(table, cal)
    first = await table.next_turn()
    assert first is not None and first.player is ada
    await pick_square(table, first, "d3")

    # cal's DMs are closed: the channel nudges her to press Play, which shows the board.
    ping = f"<@{cal.user.id}>, it's your turn"
    nudge = await fake.wait_for_message(club.channel, lambda m: ping in m.text)
    [line] = [line for line in nudge.text.splitlines() if ping in line]
    assert "press **Play** to see the board and play" in line
    assert "tiles" not in line and "hand" not in line
    await table.table_shows("DMs closed — use Play")
    turn = await table.next_turn()
    assert turn is not None and turn.player is cal and turn.message.ephemeral
    assert "You play **Light**" in turn.message.text
    assert turn.message.attachments[0].description.startswith("Where a new piece can go")
    await pick_square(table, turn, "a5")

    await restart_bot(fake, bot)
    turn = await table.next_turn()
    assert turn is not None and turn.player is ada
    await pick_square(table, turn, "f5")
    board = table.table()
    assert "ada played d3" in board.text and "cal played a5" in board.text
    assert "ada played f5" in board.text
    alt = board.attachments[0].description or ""
    assert "Dark: d3, f5 (8 in hand)" in alt and "Light: a5 (9 in hand)" in alt
