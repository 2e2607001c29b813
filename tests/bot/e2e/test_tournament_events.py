"""Whole tournaments through the fake Discord, checked against results the test works out
itself from each table's final message: an eight-player Swiss of Sackson's Network over
three rounds with two computer fillers, a twelve-player FIDO event at three-seat tables,
and an All Fives knockout of six whose later rounds open by themselves."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Awaitable, Callable

import pytest

from tests.bot.e2e.conftest import Club, driver
from tests.bot.e2e.harness import Player
from tests.bot.e2e.test_tournaments import ThreadTable
from tests.fakediscord import BotProcess, Message
from tests.fakediscord.threads import PublicThread


@pytest.fixture
def deal_seed() -> str:
    """The bot's seed, so the computers' moves are the same every run."""
    return "4"


def people(club: Club, extra: int) -> list[Player]:
    """ada, bea and dan (their DMs open) and ``extra`` more people."""
    more = [Player(club.fake.add_user(f"p{n}")) for n in range(1, extra + 1)]
    return [club.ada, club.bea, club.dan, *more]


def round_post(club: Club, title: str, number: int) -> Message | None:
    posts = [m for m in club.channel.messages if f"{title} #1 · round {number}**" in m.text]
    assert len(posts) <= 1, [m.text for m in posts]  # a round is announced once
    return posts[0] if posts else None


def names_at(line: str, everyone: list[Player], where: str = ">") -> list[str]:
    """The names at a table line of a round's post (people by mention), after ``where``
    it is played (a thread's mention, unless told)."""
    after = line.split(where, 1)[1]
    names = []
    for part in after.split(","):
        part = part.strip()
        person = re.fullmatch(r"<@(\d+)>", part)
        if person:
            part = next(p.name for p in everyone if p.user.id == int(person.group(1)))
        names.append(part)
    return names


async def open_and_start(club: Club, joining: list[Player], **options: object) -> Message:
    """The first person opens the tournament, everyone in ``joining`` signs up by the
    button, the organizer starts it; returns the sign-up message."""
    fake, organizer = club.fake, joining[0]
    desk = driver(club, *joining)
    opened = await desk.seen(
        await fake.slash(organizer.user, club.channel, "tournament new", **options)
    )
    signup = opened.message
    for person in joining:
        await desk.seen(await fake.click(person.user, signup, signup.button(label="Join")))
    started = await desk.seen(
        await fake.click(organizer.user, signup, signup.button(label="Start"))
    )
    assert started.updated and "is being played" in started.text, started.text
    return signup


async def play_round(
    club: Club,
    title: str,
    game: str,
    family: str,
    number: int,
    everyone: list[Player],
    last: Callable[[ThreadTable], Awaitable[None]] | None = None,
) -> list[tuple[list[str], str]]:
    """Play round ``number``'s tables in their threads (people by the driver, computers'
    tables by themselves); each table's names and final table message. ``last``: plays
    the round's last table with people instead of the driver's own play."""
    fake = club.fake
    post = await fake.wait_until(
        lambda: round_post(club, title, number), timeout=60, what=f"round {number}'s post"
    )
    lines = [line for line in post.text.split("\n") if "<#" in line]
    threads = [int(re.search(r"<#(\d+)>", line).group(1)) for line in lines]  # type: ignore[union-attr]
    assert len(set(threads)) == len(threads)  # a thread for each table
    finals = []
    for line, thread_id in zip(lines, threads, strict=True):
        thread = fake.thread(thread_id)
        assert isinstance(thread, PublicThread) and thread.parent is club.channel
        assert thread.name.startswith(f"{game} · round {number} · table")
        names = names_at(line, everyone)
        seated = [p for p in everyone if p.name in names]
        board = await fake.wait_until(
            lambda thread=thread: next(  # type: ignore[misc]
                (m for m in thread.messages if re.search(r" · table \d+ · ", m.text)), None
            ),
            timeout=30,
            what=f"the table message in {thread.name}",
        )
        table = ThreadTable.of(fake, thread, seated, board, family)
        if seated and last is not None and line == lines[-1]:
            await last(table)
        elif seated:
            await table.play_out(lambda turn, _, t=table: t.play_first(turn), limit=900, timeout=30)
        else:
            await fake.wait_until(
                lambda table=table: table.match_over or None,  # type: ignore[misc]
                timeout=180,
                what=f"the computers' table in {thread.name}",
            )
        finals.append((names, table.table().text))
    return finals


def winner_of(final: str) -> str | None:
    """The name a finished two-seat table crowns (None: a draw)."""
    won = re.search(r"🏆 \*\*(.+?)\*\* won the (?:match|game)", final)
    if won:
        return re.sub(r"\\(.)", r"\1", won.group(1))  # the name, unescaped
    assert "ended in a draw" in final, final
    return None


def posted_table(final: Message) -> list[tuple[str, list[float]]]:
    """The rows of a posted standings table: each name with its figures, in order."""
    rows = final.text.split("```")[1].strip().split("\n")[1:]
    shown = []
    for row in rows:
        found = re.match(r"(\d+)\s+(.+?)\s{2,}(\S.*)$", row)
        assert found, row
        shown.append((found.group(2).strip(), [float(f) for f in found.group(3).split()]))
    return shown


async def final_standings(club: Club, title: str) -> Message:
    def posted() -> Message | None:
        found = [m for m in club.channel.messages if f"{title} #1 · Final standings" in m.text]
        assert len(found) <= 1
        return found[0] if found else None

    return await club.fake.wait_until(posted, timeout=120, what="the final standings")


async def test_an_eight_player_swiss_of_sackson_with_two_computer_fillers(
    club: Club, seeded_bot: BotProcess
) -> None:
    """Six people sign up, two easy computers fill the cap of eight; three rounds of four
    tables, each played to its end in its thread, rounds 2 and 3 opening by themselves. The
    final standings equal the points and Buchholz the test counts from the tables."""
    title = "Sackson's Network tournament"
    everyone = people(club, 3)
    await open_and_start(
        club, everyone, game="sackson", format="swiss", rounds=3, fill="easy", cap=8
    )
    names = [p.name for p in everyone] + ["Computer 1 (easy)", "Computer 2 (easy)"]
    points = dict.fromkeys(names, 0.0)
    met: dict[str, list[str]] = defaultdict(list)
    for number in (1, 2, 3):
        tables = await play_round(club, title, "Sackson's Network", "sackson", number, everyone)
        assert len(tables) == 4  # eight players: four tables, no bye
        assert sorted(n for seated, _ in tables for n in seated) == sorted(names)
        for seated, final in tables:
            assert len(seated) == 2
            met[seated[0]].append(seated[1])
            met[seated[1]].append(seated[0])
            winner = winner_of(final)
            assert winner is None or winner in seated, final
            for name in seated:
                points[name] += 0.5 if winner is None else float(name == winner)
    assert all(len(set(opponents)) == 3 for opponents in met.values())  # no rematch
    buchholz = {name: sum(points[o] for o in met[name]) for name in names}

    final = await final_standings(club, title)
    shown = posted_table(final)
    assert {name: figures[0] for name, figures in shown} == points, (final.text, points)
    assert {name: figures[1] for name, figures in shown} == buchholz, (final.text, buchholz)
    # placed by points, then Buchholz
    order = [(points[n], buchholz[n]) for n, _ in shown]
    assert order == sorted(order, reverse=True)
    assert shown[0][0] in final.text.split("Winner:", 1)[1].split("\n")[0] or any(
        f"<@{p.user.id}>" in final.text.split("Winner:", 1)[1].split("\n")[0]
        for p in everyone
        if p.name == shown[0][0]
    )


async def test_an_all_fives_knockout_of_six_opens_its_later_rounds_by_itself(
    club: Club, seeded_bot: BotProcess
) -> None:
    """ada and bea sign up (the top seeds: people first, in sign-up order) and four easy
    computers fill the cap of six; two seats a table, to the smallest target. Round 1 gives
    the top two byes and the computers play it out; rounds 2 and 3 open by themselves with
    the winners, and the final's winner heads the final standings."""
    title = "All Fives tournament"
    ada, bea = club.ada, club.bea
    await open_and_start(
        club,
        [ada, bea],
        game="all-fives",
        format="knockout",
        seats=2,
        target=100,
        fill="easy",
        cap=6,
    )
    first = await club.fake.wait_until(
        lambda: round_post(club, title, 1), timeout=60, what="round 1's post"
    )
    byes = [line for line in first.text.split("\n") if line.startswith("Bye:")]
    assert sorted(byes) == sorted(f"Bye: <@{p.user.id}>" for p in (ada, bea)), first.text
    standing = {ada.name, bea.name} | {f"Computer {n} (easy)" for n in range(1, 5)}
    going_on = {ada.name, bea.name}
    for number, tables_in_round in ((1, 2), (2, 2), (3, 1)):
        tables = await play_round(club, title, "All Fives", "dominoes", number, [ada, bea])
        assert len(tables) == tables_in_round
        seated = [name for names, _ in tables for name in names]
        assert len(seated) == len(set(seated))  # nobody at two tables
        # everyone still in plays (after round 1's byes), nobody knocked out does
        assert set(seated) | (going_on if number == 1 else set()) == standing
        going_on = set()
        for names, final in tables:
            winner = winner_of(final)
            assert winner in names, final
            going_on.add(winner)
        standing = going_on | ({ada.name, bea.name} if number == 1 else set())
    (champion,) = standing
    final = await final_standings(club, title)
    shown = posted_table(final)
    assert shown[0][0] == champion, final.text
    assert len(shown) == 6
    assert round_post(club, title, 4) is None


async def test_a_twelve_player_fido_event_at_three_seat_tables(
    club: Club, seeded_bot: BotProcess
) -> None:
    """ada and bea sign up and ten easy computers fill the cap of twelve: four tables of
    three a round over two rounds, one FIDO game each. The posted match points and game
    points equal the test's tally from each table's final message."""
    title = "FIDO tournament"
    ada, bea = club.ada, club.bea
    await open_and_start(
        club, [ada, bea], game="fido", format="swiss", rounds=2, seats=3, fill="easy", cap=12
    )
    names = [ada.name, bea.name] + [f"Computer {n} (easy)" for n in range(1, 11)]
    match_points = dict.fromkeys(names, 0.0)
    game_points = dict.fromkeys(names, 0)
    met: dict[str, list[str]] = defaultdict(list)
    for number in (1, 2):
        tables = await play_round(club, title, "FIDO", "fido", number, [ada, bea])
        assert [len(seated) for seated, _ in tables] == [3, 3, 3, 3]
        assert sorted(n for seated, _ in tables for n in seated) == sorted(names)
        for seated, final in tables:
            scores = table_scores(final)
            assert list(scores) == seated, final  # the table shows its seats in order
            for name, score in scores.items():
                others = [s for n, s in scores.items() if n != name]
                match_points[name] += sum(
                    1.0 if score > other else 0.5 if score == other else 0.0 for other in others
                )
                game_points[name] += score
                met[name] += [n for n in seated if n != name]
    opponents = {name: sum(match_points[o] for o in met[name]) for name in names}

    final = await final_standings(club, title)
    assert "Game pts" in final.text and "Opp. pts" in final.text
    shown = posted_table(final)
    assert {name: figures for name, figures in shown} == {
        name: [match_points[name], game_points[name], opponents[name]] for name in names
    }, final.text
    order = [(match_points[n], game_points[n], opponents[n]) for n, _ in shown]
    assert order == sorted(order, reverse=True)


def table_scores(final: str) -> dict[str, int]:
    """Each seat's score as a finished multi-seat table's second line shows it."""
    scores = {}
    for part in final.split("\n")[1].split(" · "):
        found = re.fullmatch(r"(?:🤖 )?(.+?) \*\*(-?\d+)\*\*", part.strip())
        assert found, final
        scores[re.sub(r"\\(.)", r"\1", found.group(1))] = int(found.group(2))
    return scores
