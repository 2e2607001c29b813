"""A tournament survives a kill -9 at its delicate moments: while a round opens (its first
table made, the second's thread held by the fake), while a round's post is being sent
(held before Discord made it, or made and its answer held), and right after a round's
last table is won (while its result is read and the next round written). After each
restart the round runs with every table once, no table twice and no thread used twice;
each round's post is in the channel once and each person told their seat once; the
result counts once, and the final standings equal the test's own tally from the tables."""

from __future__ import annotations

import asyncio
import re

import pytest

from tests.bot.e2e.conftest import Club, driver
from tests.bot.e2e.harness import start_bot
from tests.bot.e2e.test_tournament_events import (
    final_standings,
    play_round,
    posted_table,
    round_post,
    winner_of,
)
from tests.bot.e2e.test_tournaments import ThreadTable, open_swiss_of_four
from tests.fakediscord import BotLauncher, BotProcess
from tests.fakediscord.models import RequestRecord

TITLE = "Sackson's Network tournament"
GAME = "Sackson's Network"


@pytest.fixture
def deal_seed() -> str:
    return "4"


async def killed_and_started(club: Club, process: BotProcess) -> None:
    """kill -9, the fake's held calls let go (the dead process's are dropped, a post its
    bot never heard of stays made), start again."""
    before = club.fake.ready_count
    await process.kill()
    settings = club.fake.settings
    for gate in (settings.hold_posts, settings.hold_threads, settings.hold_post_answers):
        gate.set()
    await process.start()
    await club.fake.wait_until_bot_ready(timeout=30, after=before)


async def signed_up(club: Club) -> tuple[object, object]:
    """ada opens a two-round Swiss of four (two easy computers fill it); ada and bea join.
    Returns the sign-up message and its Start button."""
    fake, ada, bea = club.fake, club.ada, club.bea
    desk = driver(club, ada, bea)
    opened = await open_swiss_of_four(club, desk)
    signup = opened.message
    for person in (ada, bea):
        await desk.seen(await fake.click(person.user, signup, signup.button(label="Join")))
    return signup, signup.button(label="Start")


async def rest_of_it(club: Club, first: list[tuple[list[str], str]]) -> None:
    """Round 2 played out; each round's tables checked (every player once, a thread of its
    own, one table message in it); the final standings equal the tally of both rounds."""
    ada, bea = club.ada, club.bea
    second = await play_round(club, TITLE, GAME, "sackson", 2, [ada, bea])
    names = [ada.name, bea.name, "Computer 1 (easy)", "Computer 2 (easy)"]
    points = dict.fromkeys(names, 0.0)
    for tables in (first, second):
        assert sorted(n for seated, _ in tables for n in seated) == sorted(names)
        for seated, final in tables:
            winner = winner_of(final)
            for name in seated:
                points[name] += 0.5 if winner is None else float(name == winner)
    final = await final_standings(club, TITLE)
    assert {name: figures[0] for name, figures in posted_table(final)} == points, final.text
    threads = [t for t in club.channel.threads if t.name.startswith(GAME)]
    for number in (1, 2):
        post = round_post(club, TITLE, number)
        assert post is not None
        used = re.findall(r"<#(\d+)>", post.text)
        assert len(used) == len(set(used)) == 2, post.text
        for thread in threads:
            if thread.name.startswith(f"{GAME} · round {number} · "):
                tables = [m for m in thread.messages if re.search(r" · table \d+ · ", m.text)]
                # the round's tables in their own threads, each shown once
                assert len(tables) == (1 if str(thread.id) in used else 0), thread.name
    assert round_post(club, TITLE, 3) is None
    for person in (ada, bea):  # each person told their seat once a round
        for number in (1, 2):
            seats = [
                m for m in club.fake.dm_messages(person.user) if f"round {number}: you " in m.text
            ]
            assert len(seats) == 1, [m.text for m in seats]


def thread_calls(club: Club) -> list[RequestRecord]:
    return [r for r in club.fake.requests if r.method == "POST" and r.path.endswith("/threads")]


async def test_a_kill_while_a_round_opens_leaves_every_table_once(
    club: Club, bot_launcher: BotLauncher, deal_seed: str
) -> None:
    """The fake holds the bot's thread creations from the organizer's Start; the first
    is let through, and once the second is waiting (round 1's first table made, its
    second not) the bot is killed -9 and started again. Round 1 then has its two tables,
    each in a thread of its own, shown once: none lost, none opened twice."""
    fake, ada, bea = club.fake, club.ada, club.bea
    process = await start_bot(fake, bot_launcher, club.db_path, club.guild, DEAL_SEED=deal_seed)
    signup, start = await signed_up(club)
    first_gate = fake.settings.hold_threads
    first_gate.clear()
    await fake.click(ada.user, signup, start)
    await fake.wait_until(
        lambda: any(r.held for r in thread_calls(club)) or None,
        timeout=30,
        what="round 1's first thread held",
    )
    fake.settings.hold_threads = asyncio.Event()  # the next thread waits on this one
    first_gate.set()
    await fake.wait_until(
        lambda: (
            (len(club.channel.threads) == 1 and any(r.held for r in thread_calls(club))) or None
        ),
        timeout=30,
        what="round 1's first thread made and the second held",
    )
    await killed_and_started(club, process)
    first = await play_round(club, TITLE, GAME, "sackson", 1, [ada, bea])
    threads = [t for t in club.channel.threads if t.name.startswith(f"{GAME} · round 1 ")]
    # two threads, one a table: none lost, none opened twice (the held one never made)
    assert sorted(t.name for t in threads) == [f"{GAME} · round 1 · table {n}" for n in (1, 2)]
    await rest_of_it(club, first)
    assert fake.unknown_requests == []


@pytest.mark.parametrize("held", ["before it is made", "after it is made"])
async def test_a_kill_while_a_round_is_posted_posts_it_once_after_the_restart(
    club: Club, bot_launcher: BotLauncher, deal_seed: str, held: str
) -> None:
    """The bot is killed -9 while round 1's post is on its way: held by the fake before
    Discord makes it, or made with its answer held (the bot never hears its id). After
    the restart the round's post is in the channel once, and each person told their seat
    once (the post went out again with the same nonce, which Discord keeps one copy of)."""
    fake, ada = club.fake, club.ada
    process = await start_bot(fake, bot_launcher, club.db_path, club.guild, DEAL_SEED=deal_seed)
    signup, start = await signed_up(club)
    gate = (
        fake.settings.hold_posts if held == "before it is made" else fake.settings.hold_post_answers
    )
    gate.clear()
    await fake.click(ada.user, signup, start)

    def round_post_held() -> bool | None:
        return (
            any(
                r.held and r.method == "POST" and r.channel_id == club.channel.id
                for r in fake.requests
            )
            or None
        )

    await fake.wait_until(round_post_held, timeout=30, what="round 1's post held")
    made = round_post(club, TITLE, 1)
    assert (made is not None) == (held == "after it is made")
    await killed_and_started(club, process)
    first = await play_round(club, TITLE, GAME, "sackson", 1, [ada, club.bea])
    await rest_of_it(club, first)
    assert fake.unknown_requests == []


async def test_a_kill_right_after_a_rounds_last_table_is_won_counts_it_once(
    club: Club, bot_launcher: BotLauncher, deal_seed: str
) -> None:
    """The bot is killed -9 as soon as its log says round 1's last table's match is over
    (its result being read and round 2 written), and started again."""
    fake = club.fake
    process = await start_bot(fake, bot_launcher, club.db_path, club.guild, DEAL_SEED=deal_seed)
    signup, start = await signed_up(club)
    await fake.click(club.ada.user, signup, start)

    async def killed_at_the_end(table: ThreadTable) -> None:
        over = f"table {table.table_number}: match over"

        async def kill_when_over() -> None:
            while over not in process.log().rsplit("--- start #", 1)[-1]:
                await asyncio.sleep(0.005)
            await process.kill()

        killer = asyncio.create_task(kill_when_over())
        playing = asyncio.create_task(
            table.play_out(lambda turn, _: table.play_first(turn), limit=400, timeout=30)
        )
        await asyncio.wait({killer, playing}, return_when=asyncio.FIRST_COMPLETED)
        await killer  # the match ended, and the process with it
        playing.cancel()
        await asyncio.gather(playing, return_exceptions=True)
        before = fake.ready_count
        await process.start()
        await fake.wait_until_bot_ready(timeout=30, after=before)
        await fake.wait_until(
            lambda: table.match_over or None, timeout=30, what="the last table shown won"
        )

    first = await play_round(
        club, TITLE, GAME, "sackson", 1, [club.ada, club.bea], last=killed_at_the_end
    )
    await rest_of_it(club, first)
    assert fake.unknown_requests == []
