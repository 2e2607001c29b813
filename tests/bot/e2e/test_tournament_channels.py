"""A tournament where the bot may not open threads: each round's tables are messages in
the tournament's channel itself, side by side, and the round's post and each player's DM
link them. Where it is decided is asked again each round: threads allowed by a moderator
during round 1 make round 2's tables threads. Where the bot may not even post, the
tournament pauses and its organizer is told why by DM."""

from __future__ import annotations

import re

from tests.bot.e2e.conftest import Club, checked_bot
from tests.bot.e2e.harness import TableDriver
from tests.bot.e2e.test_tournament_events import names_at
from tests.bot.e2e.test_tournaments import ThreadTable
from tests.fakediscord import BotLauncher, Message
from tests.fakediscord.models import TextChannel
from tests.fakediscord.threads import PublicThread

TITLE = "Sackson's Network tournament"
LINK = re.compile(r"https://discord\.com/channels/(\d+)/(\d+)/(\d+)")


def round_post(channel: TextChannel, number: int) -> Message | None:
    posts = [m for m in channel.messages if f"{TITLE} #1 · round {number}**" in m.text]
    assert len(posts) <= 1, [m.text for m in posts]  # a round is announced once
    return posts[0] if posts else None


async def open_in(club: Club, channel: TextChannel, rounds: int = 2) -> Message:
    """ada opens a Swiss of Sackson's Network for four in ``channel`` (two easy computers
    fill it); ada and bea join, and ada starts it. Returns the sign-up message."""
    fake, ada, bea = club.fake, club.ada, club.bea
    desk = TableDriver(fake, channel, [ada, bea])
    opened = await desk.seen(
        await fake.slash(
            ada.user,
            channel,
            "tournament new",
            game="sackson",
            format="swiss",
            rounds=rounds,
            fill="easy",
            cap=4,
        )
    )
    signup = opened.message
    for person in (ada, bea):
        await desk.seen(await fake.click(person.user, signup, signup.button(label="Join")))
    await desk.seen(await fake.click(ada.user, signup, signup.button(label="Start")))
    return signup


async def test_without_thread_permissions_each_table_is_a_message_in_the_channel(
    club: Club, bot_launcher: BotLauncher
) -> None:
    fake, ada, bea = club.fake, club.ada, club.bea
    everyone = [ada, bea]
    events = club.guild.add_text_channel("events", create_threads=False)
    async with checked_bot(club, bot_launcher):
        await open_in(club, events)
        post = await fake.wait_until(
            lambda: round_post(events, 1), timeout=60, what="round 1's post"
        )
        lines = [line for line in post.text.split("\n") if line.startswith("Table ")]
        assert len(lines) == 2, post.text
        assert events.threads == []  # no thread tried where none may be opened
        tables = []
        for line in lines:
            link = LINK.search(line)
            assert link, line  # each table's own message, linked
            assert (int(link.group(1)), int(link.group(2))) == (club.guild.id, events.id)
            board = next(m for m in events.messages if m.id == int(link.group(3)))
            assert re.search(r" · table \d+ · game 1 · ", board.text), board.text
            names = names_at(line, everyone, where=link.group(0))
            seated = [p for p in everyone if p.name in names]
            table = ThreadTable.of(fake, events, seated, board, "sackson")
            tables.append((table, seated, link.group(0)))
        # two tables' messages side by side in the one channel, each its own
        assert len({t.table_number for t, _, _ in tables}) == 2
        for table, seated, link in tables:
            for person in seated:
                await fake.wait_until(
                    lambda p=person, link=link: (
                        any(
                            "round 1: you play at table" in m.text
                            and f"on its message in <#{events.id}>: {link}" in m.text
                            for m in fake.dm_messages(p.user)
                        )
                        or None
                    ),
                    timeout=30,
                    what=f"{person.name}'s seat by DM",
                )
                # A command in the shared channel is about the asker's own table.
                status = await table.slash(person, "sackson status")
                assert status.ephemeral
                assert f" · table {table.table_number} · " in status.text, status.text
                listing = await table.slash(person, "games")
                assert listing.ephemeral and f"/{events.id}/" in listing.text, listing.text

        # A moderator allows threads during round 1: round 2's tables open in threads.
        fake.world.deny_bot(events, 0)
        for table, seated, _ in tables:
            if seated:
                await table.play_out(lambda turn, _, t=table: t.play_first(turn), limit=400)
            else:
                await fake.wait_until(
                    lambda t=table: t.match_over or None, timeout=120, what="computers' table"
                )
        second = await fake.wait_until(
            lambda: round_post(events, 2), timeout=60, what="round 2's post"
        )
        threads = [int(t) for t in re.findall(r"<#(\d+)>", second.text)]
        assert len(threads) == len(set(threads)) == 2, second.text
        for thread_id in threads:
            thread = fake.thread(thread_id)
            assert isinstance(thread, PublicThread) and thread.parent is events
        assert "Standings after round 1" in "\n".join(m.text for m in events.messages)


async def test_where_the_bot_may_not_post_the_tournament_pauses_and_tells_its_organizer(
    club: Club, bot_launcher: BotLauncher
) -> None:
    fake, ada, bea = club.fake, club.ada, club.bea
    quiet = club.guild.add_text_channel("quiet", create_threads=False, send_messages=False)
    async with checked_bot(club, bot_launcher):
        signup = await open_in(club, quiet, rounds=1)
        told = await fake.wait_until(
            lambda: next(
                (m for m in fake.dm_messages(ada.user) if "I cannot post in" in m.text), None
            ),
            timeout=30,
            what="the organizer's DM",
        )
        assert f"<#{quiet.id}>" in told.text and "Send Messages" in told.text
        assert "/tournament resume" in told.text
        assert "Paused" in signup.text
        # nothing was placed: no table message, no thread, no post
        assert quiet.threads == [] and [m for m in quiet.messages if m.id != signup.id] == []
        assert not any("I cannot post in" in m.text for m in fake.dm_messages(bea.user))
        desk = TableDriver(fake, quiet, [ada, bea])
        # Resumed while the bot still may not post: paused again, and the organizer told again.
        await desk.slash(ada, "tournament resume")
        await fake.wait_until(
            lambda: (
                sum("I cannot post in" in m.text for m in fake.dm_messages(ada.user)) == 2 or None
            ),
            timeout=30,
            what="the organizer's second DM",
        )
        # Given Send Messages back, the organizer's resume opens round 1 in the channel.
        fake.world.deny_bot(quiet, 0)
        resumed = await desk.slash(ada, "tournament resume")
        assert resumed.ephemeral and "goes on" in resumed.text, resumed.text
        post = await fake.wait_until(
            lambda: round_post(quiet, 1), timeout=60, what="round 1's post"
        )
        assert len(re.findall(r"<#(\d+)>", post.text)) == 2, post.text
