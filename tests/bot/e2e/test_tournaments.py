"""A tournament through the fake Discord: a two-seat Swiss of Sackson's Network, two
rounds, two people and two easy computers filling the cap. Sign-up by the message's
buttons, the organizer's start, each table in a public thread of its own, the people
playing their tables there to the end, the second round opening by itself, and the final
standings posted in the channel, checked against the winners the test reads from the
tables' own messages."""

from __future__ import annotations

import contextlib
import json
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.bot.e2e.conftest import SEEDED_BOTH_WAYS, Club, checked_bot, driver
from tests.bot.e2e.harness import Player, Seen, TableDriver, restart_bot
from tests.fakediscord import BotLauncher, BotProcess, FakeDiscord, Message
from tests.fakediscord.threads import PublicThread

TITLE = "Sackson's Network tournament"


@pytest.fixture
def deal_seed() -> str:
    """The bot's seed, so the computers' moves are the same every run."""
    return "4"


@dataclass
class ThreadTable(TableDriver):
    """A driver of one round's table in its thread: only the controls of its own table
    count (a player's DMs still hold an earlier round's)."""

    table_number: int = 0

    @classmethod
    def of(
        cls, fake: FakeDiscord, channel: Any, people: list[Player], board: Message, family: str
    ) -> ThreadTable:
        """The driver of the table whose message in ``channel`` is ``board``."""
        found = re.search(r" · table (\d+) · ", board.text)
        assert found, board.text
        return cls(
            fake,
            channel,
            people,
            family=family,
            show_label="Play" if family == "sackson" else "Show hand",
            table_message=board,
            table_number=int(found.group(1)),
        )

    def _private_messages(self, player: Player) -> list[Message]:
        mark = f"dt:{self.table_number}:"
        return [
            m
            for m in super()._private_messages(player)
            if any((b.custom_id or "").startswith(mark) for b in m.buttons)
            or any(s.custom_id.startswith(mark) for s in m.selects)
        ]


def round_post(club: Club, number: int) -> Message | None:
    return next(
        (m for m in club.channel.messages if f"{TITLE} #1 · round {number}**" in m.text), None
    )


def seated(line: str, club: Club) -> list[str]:
    """The names at a table line of a round's post (people by mention)."""
    after = line.split(">", 1)[1] if "<#" in line else line.split(":", 1)[1]
    names = []
    for part in after.split(","):
        part = part.strip()
        person = re.fullmatch(r"<@(\d+)>", part)
        if person:
            user_id = int(person.group(1))
            part = next(p.name for p in (club.ada, club.bea) if p.user.id == user_id)
        names.append(part)
    return names


async def play_round(club: Club, number: int, points: dict[str, float]) -> None:
    """Play round ``number``: the people at their tables, the computers' table by itself;
    each table's result added to ``points`` as the table message tells it."""
    fake = club.fake
    post = await fake.wait_until(
        lambda: round_post(club, number), timeout=60, what=f"round {number}'s post"
    )
    lines = [line for line in post.text.split("\n") if "<#" in line]
    assert len(lines) == 2, post.text  # four players: two tables, no bye
    for line in lines:
        await play_table(club, number, line, points)


async def play_table(club: Club, number: int, line: str, points: dict[str, float]) -> None:
    """Play the table a line of round ``number``'s post names, in its thread, and add its
    result to ``points``."""
    fake = club.fake
    thread_id = int(re.search(r"<#(\d+)>", line).group(1))  # type: ignore[union-attr]
    thread = fake.thread(thread_id)
    assert isinstance(thread, PublicThread) and thread.parent is club.channel
    assert re.fullmatch(rf"Sackson's Network · round {number} · table \d", thread.name)
    names = seated(line, club)
    people = [p for p in (club.ada, club.bea) if p.name in names]
    assert all(thread.has_member(p.user) for p in people)
    board = await fake.wait_until(
        lambda: next((m for m in thread.messages if " · game 1 · " in m.text), None),
        timeout=30,
        what=f"the table message in {thread.name}",
    )
    table = ThreadTable.of(fake, thread, people, board, "sackson")
    if people:
        # /games lists a tournament table like any other, named by its thread
        listing = await table.slash(people[0], "games")
        assert listing.ephemeral and f"Sackson's Network · round {number} · table" in listing.text
        # Each person is told their seat in a DM, which names the thread.
        for person in people:
            if not person.dms_closed:
                assert any(
                    f"round {number}: you play at table" in m.text and f"<#{thread_id}>" in m.text
                    for m in fake.dm_messages(person.user)
                )
        await table.play_out(lambda turn, _: table.play_first(turn), limit=400, timeout=30)
    else:
        await fake.wait_until(
            lambda: table.match_over or None, timeout=120, what="the computers' table"
        )
    final = table.table().text
    won = re.search(r"🏆 \*\*(.+?)\*\* won the (?:match|game)", final)
    if won:
        winner = re.sub(r"\\(.)", r"\1", won.group(1))  # the name, unescaped
        assert winner in names, final
        points[winner] += 1
    else:
        assert "ended in a draw" in final, final
        for name in names:
            points[name] += 0.5


async def open_swiss_of_four(club: Club, desk: TableDriver) -> Seen:
    """ada opens a two-round Swiss of Sackson's Network for four, two easy computers to
    fill it; what the channel shows in answer."""
    return await desk.seen(
        await club.fake.slash(
            club.ada.user,
            club.channel,
            "tournament new",
            game="sackson",
            format="swiss",
            rounds=2,
            fill="easy",
            cap=4,
        )
    )


@SEEDED_BOTH_WAYS
async def test_a_two_round_swiss_of_sackson_plays_itself_out_in_threads(
    club: Club, seeded_bot: BotProcess
) -> None:
    fake, ada, bea = club.fake, club.ada, club.bea
    desk = driver(club, ada, bea)
    opened = await open_swiss_of_four(club, desk)
    assert not opened.ephemeral and not opened.updated
    signup = opened.message
    assert TITLE in signup.text and "0 of 4 places taken" in signup.text
    assert {b.label for b in signup.buttons} == {"Join", "Leave", "Start"}

    for person in (ada, bea):
        seen = await desk.seen(await fake.click(person.user, signup, signup.button(label="Join")))
        assert seen.updated and f"<@{person.user.id}>" in seen.text
    assert "2 of 4 places taken" in signup.text
    # Only the organizer starts it; nothing changes for anyone else.
    refused = await desk.seen(await fake.click(bea.user, signup, signup.button(label="Start")))
    assert refused.ephemeral and "Only the organizer" in refused.text
    started = await desk.seen(await fake.click(ada.user, signup, signup.button(label="Start")))
    assert started.updated and "round 1 is being played" in started.text
    assert not signup.buttons  # sign-up is over

    names = [ada.name, bea.name, "Computer 1 (easy)", "Computer 2 (easy)"]
    points = dict.fromkeys(names, 0.0)
    await play_round(club, 1, points)
    after_one = await fake.wait_until(
        lambda: next(
            (m for m in club.channel.messages if "Standings after round 1" in m.text), None
        ),
        timeout=60,
        what="the standings after round 1",
    )
    assert "Buchholz" in after_one.text and "Sonneborn–Berger" in after_one.text
    [picture] = after_one.attachments  # the standings as a picture too, with its alt text
    assert picture.filename == "standings.png" and picture.data.startswith(b"\x89PNG")
    assert picture.description and "Standings after round 1" in picture.description
    asked = await desk.slash(bea, "tournament standings")
    assert asked.ephemeral and "Standings after round 1" in asked.text
    await fake.wait_until(lambda: round_post(club, 2), timeout=60, what="round 2's post")
    show = await desk.slash(bea, "tournament show")
    assert show.ephemeral and "round 2**" in show.text and "<#" in show.text
    await play_round(club, 2, points)

    final = await fake.wait_until(
        lambda: next((m for m in club.channel.messages if "Final standings" in m.text), None),
        timeout=60,
        what="the final standings",
    )
    table_rows = final.text.split("```")[1].strip().split("\n")[1:]
    shown = {}
    for row in table_rows:
        found = re.match(r"(\d+)\s+(.+?)\s{2,}(\S+)\s", row)
        assert found, row
        shown[found.group(2).strip()] = float(found.group(3))
    assert shown == points, (final.text, points)
    best = max(points.values())
    winner_line = next(line for line in final.text.split("\n") if line.startswith("Winner:"))
    assert any(points[name] == best and name in winner_line for name in names) or any(
        f"<@{p.user.id}>" in winner_line and points[p.name] == best for p in (ada, bea)
    )
    await fake.wait_until(
        lambda: "Finished after 2 rounds" in signup.text or None, timeout=10, what="the sign-up"
    )


async def test_a_sign_up_deadline_starts_the_tournament_after_a_restart(
    club: Club, bot_launcher: BotLauncher, tmp_path: Path
) -> None:
    """``deadline:2h``: the bot restarts during sign-up, and once its clock passes the two
    hours the tournament starts by itself: the sign-up closes and round 1 is posted."""
    fake, ada, bea = club.fake, club.ada, club.bea
    clock = tmp_path / "clock"
    clock.write_text("0\n")
    async with checked_bot(club, bot_launcher, CLOCK_FILE=str(clock)) as process:
        desk = driver(club, ada, bea)
        opened = await desk.seen(
            await fake.slash(
                ada.user, club.channel, "tournament new", game="sackson", deadline="2h"
            )
        )
        signup = opened.message
        assert "sign-up closes <t:" in signup.text
        for person in (ada, bea):
            await desk.seen(await fake.click(person.user, signup, signup.button(label="Join")))
        await restart_bot(fake, process)
        clock.write_text(f"{2 * 3600 + 60}\n")
        post = await fake.wait_until(
            lambda: round_post(club, 1), timeout=30, what="round 1 after the deadline"
        )
        assert f"<@{ada.user.id}>" in post.text and f"<@{bea.user.id}>" in post.text
        await fake.wait_until(
            lambda: "round 1 is being played" in signup.text or None,
            timeout=10,
            what="the sign-up closed",
        )
        assert not signup.buttons


async def test_a_game_s_own_options_reach_its_tables_and_a_foreign_one_is_refused(
    club: Club, seeded_bot: BotProcess
) -> None:
    """``/tournament new game:fido set:9 divisor:7`` plays every table with a double-9 set
    and divisor 7; an option Sackson's Network lacks is refused, privately, opening nothing."""
    fake, ada, bea = club.fake, club.ada, club.bea
    desk = driver(club, ada, bea)
    refused = await desk.seen(
        await fake.slash(ada.user, club.channel, "tournament new", game="sackson", divisor=5)
    )
    assert refused.ephemeral and "has no option 'divisor'" in refused.text
    assert not any(m.buttons for m in club.channel.messages)  # no sign-up opened
    opened = await desk.seen(
        await fake.slash(ada.user, club.channel, "tournament new", game="fido", set=9, divisor=7)
    )
    signup = opened.message
    assert "double-9 (55 tiles) · Divisor 7" in signup.text, signup.text
    for person in (ada, bea):
        await desk.seen(await fake.click(person.user, signup, signup.button(label="Join")))
    await desk.seen(await fake.click(ada.user, signup, signup.button(label="Start")))
    await fake.wait_until(
        lambda: next((m for m in club.channel.messages if "round 1**" in m.text), None),
        timeout=60,
        what="round 1's post",
    )
    with contextlib.closing(sqlite3.connect(club.db_path)) as db:
        tables = [json.loads(row[0]) for row in db.execute("SELECT settings FROM tables")]
    assert tables and all(t["options"]["set"] == 9 for t in tables), tables
    assert all(t["options"]["divisor"] == 7 for t in tables), tables
