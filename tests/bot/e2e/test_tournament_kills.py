"""A tournament survives a kill -9 at its two delicate moments: while a round opens (its
threads made, its tables' posts held by the fake) and right after a round's last table is
won (while its result is read and the next round written). After each restart the round
runs with every table once, no table twice and no thread used twice; the result counts
once and the next round is announced once, and the final standings equal the test's own
tally from the tables."""

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

TITLE = "Sackson's Network tournament"
GAME = "Sackson's Network"


@pytest.fixture
def deal_seed() -> str:
    return "4"


async def killed_and_started(club: Club, process: BotProcess) -> None:
    """kill -9, the fake's held posts let go (the dead process's are dropped), start again."""
    before = club.fake.ready_count
    await process.kill()
    club.fake.settings.hold_posts.set()
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


async def rest_of_it(
    club: Club, first: list[tuple[list[str], str]], *, lost_post: bool = False
) -> None:
    """Round 2 played out; each round's tables checked (every player once, a thread of its
    own, one table message in it); the final standings equal the tally of both rounds.
    ``lost_post``: round 1's post was claimed by a killed process and not told."""
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
    for number in (2,) if lost_post else (1, 2):
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


async def test_a_kill_while_a_round_opens_leaves_every_table_once(
    club: Club, bot_launcher: BotLauncher, deal_seed: str
) -> None:
    """The bot's posts are held from the organizer's Start; once round 1's first thread is
    made and a post (a table message, a seat's DM or the round's post) is waiting, the bot
    is killed -9 and started again. Its tables then show in their threads, each once, and
    ``/tournament show`` names them (the round's post itself is told at most once: a kill
    after its claim loses it, by the news module's design)."""
    fake, ada, bea = club.fake, club.ada, club.bea
    process = await start_bot(fake, bot_launcher, club.db_path, club.guild, DEAL_SEED=deal_seed)
    signup, start = await signed_up(club)
    fake.settings.hold_posts.clear()
    await fake.click(ada.user, signup, start)
    await fake.wait_until(
        lambda: (
            (
                any(t.name == f"{GAME} · round 1 · table 1" for t in club.channel.threads)
                and any(r.held for r in fake.requests)
            )
            or None
        ),
        timeout=30,
        what="round 1's first thread, and a post held",
    )
    await killed_and_started(club, process)

    def shown_tables() -> list[tuple[ThreadTable, list[str]]] | None:
        threads = [t for t in club.channel.threads if t.name.startswith(f"{GAME} · round 1 ")]
        found = []
        for thread in threads:
            boards = [m for m in thread.messages if re.search(r" · table \d+ · ", m.text)]
            assert len(boards) <= 1, thread.name  # a table shown once
            if not boards:
                return None
            number = re.search(r" · table (\d+) · ", boards[0].text)
            assert number, boards[0].text
            names = [
                re.sub(r"\\(.)", r"\1", re.sub(r" \((?:Dark|Light)\)$", "", part.strip()))
                for part in boards[0].text.split("\n")[1].replace("🤖 ", "").split(" · ")
            ]
            table = ThreadTable(
                fake,
                thread,  # type: ignore[arg-type]
                [p for p in (ada, bea) if p.name in names],
                family="sackson",
                show_label="Play",
                table_message=boards[0],
                table_number=int(number.group(1)),
            )
            found.append((table, names))
        return found if len(found) == 2 else None

    tables = await fake.wait_until(shown_tables, timeout=30, what="round 1's two tables")
    # two threads, one a table: none lost, none opened twice
    assert sorted(t.channel.name for t, _ in tables) == [
        f"{GAME} · round 1 · table {n}" for n in (1, 2)
    ]
    show = await driver(club, ada, bea).slash(bea, "tournament show")
    assert all(f"<#{t.channel.id}>" in show.text for t, _ in tables), show.text
    first = []
    for table, names in tables:
        if table.players:
            await table.play_out(lambda turn, _, t=table: t.play_first(turn), limit=400, timeout=30)
        else:
            await fake.wait_until(
                lambda t=table: t.match_over or None, timeout=60, what="the computers' table"
            )
        first.append((names, table.table().text))
    await rest_of_it(club, first, lost_post=True)
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
