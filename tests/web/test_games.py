"""Every game family played on the table page in a real browser: two people, each in a
browser of their own (one at desktop width, one at a phone's 360 px), tap their tiles (or
pieces) and the places that light up until the game (or the first hand) is over; the
channel's table message on the fake Discord ends showing what their pages show. A
spectator's page follows a game and never receives a tile hidden from the channel.
Each page is saved as pictures in ``tests/web/_screens/``."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import pytest
from playwright.async_api import Browser

from engine.match import Match
from tests.bot.e2e.conftest import Club, driver
from tests.bot.e2e.harness import Player, TableDriver
from tests.web.browser import DESKTOP, PHONE, Received, screenshots
from tests.web.pages import SUBJECTS, TablePage
from tests.web.play import next_mover, page_matches_channel, play_until
from tests.web.site import Site, stored_table, table_id

MATCH_OVER = ("won the match", "won the game", "ended in a draw", "share the win")


def names_of(club: Club) -> dict[int, str]:
    return {p.user.id: p.name for p in (club.ada, club.bea, club.cal, club.dan)}


async def opened_for_two(club: Club, target: int) -> TableDriver:
    """ada opens a two-seat Network table to ``target``, bea joins, ada starts it."""
    table = driver(club, club.ada, club.bea)
    await table.open(club.ada, seats=2, target=target)
    await table.click_lobby(club.bea, "Join")
    await table.start(club.ada)
    return table


@dataclass
class TwoOnTheirPages:
    """ada and bea at a started two-seat table, each on their own page, and the page of
    whoever moves first."""

    table: TableDriver
    number: int
    pages: list[TablePage]
    mover: TablePage


async def two_on_their_pages(
    club: Club, site: Site, browser: Browser, target: int
) -> TwoOnTheirPages:
    table = await opened_for_two(club, target)
    pages = await seat_pages(browser, site, table, club.ada, club.bea)
    mover = await next_mover(pages, await pages[0].version())
    assert mover is not None
    return TwoOnTheirPages(table, table_id(table), pages, mover)


async def seat_pages(
    browser: Browser, site: Site, table: TableDriver, *players: Player
) -> list[TablePage]:
    """Each player's personal link opened in a browser context of their own: the first
    at desktop width, the others on a phone's 360 px."""
    number = table_id(table)
    pages = []
    for index, player in enumerate(players):
        context = await browser.new_context(viewport=DESKTOP if index == 0 else PHONE)
        link = site.seat_link(player.user, number)
        pages.append(await TablePage.open(context, player.name, link))
    return pages


def match_over(table: TableDriver) -> bool:
    return any(end in table.table().text for end in MATCH_OVER)


async def finished_on_page_and_channel(
    club: Club, table: TableDriver, pages: list[TablePage], *, ends: str
) -> None:
    """Every page says the game is over with ``ends``, and the channel's table message
    (once drawn for the end) shows the same lines."""
    for page in pages:
        await page.wait_for_text("#lines", ends)
        assert await page.status() == "finished"
    await table.table_shows(ends, timeout=20)
    for page in pages:
        await page_matches_channel(page, table, names_of(club))


async def test_network_dominoes_two_players_play_a_match_on_their_pages(
    club: Club, site: Site, browser: Browser
) -> None:
    ada, bea = club.ada, club.bea
    table = await opened_for_two(club, target=1)
    pages = await seat_pages(browser, site, table, ada, bea)

    async def over() -> bool:
        return match_over(table) and await pages[0].status() == "finished"

    async def screens_midway(mover: TablePage) -> None:
        """Once a few tiles are down, ada picks a tile to see where it goes (saved as
        pictures), then goes back to her hand."""
        played.append(mover.name)
        ada_page = pages[0]
        if len(played) < 6 or shot or mover.name != "bea" or not await ada_page.on_turn():
            return
        if not await ada_page.page.locator(SUBJECTS).count():
            return
        await ada_page.tap_subject()
        shot.append(await screenshots(ada_page.page, "network-ada-choosing"))
        await ada_page.page.locator("#cancel").click()
        await ada_page.page.locator("#places").wait_for(state="hidden")

    played: list[str] = []
    shot: list[object] = []
    moves = await play_until(pages, over, limit=60, after_each=screens_midway)
    assert moves
    await finished_on_page_and_channel(club, table, pages, ends="won the match")
    await screenshots(pages[0].page, "network-ada")
    await screenshots(pages[1].page, "network-bea")


async def test_all_fives_a_hand_played_on_the_page_against_a_computer(
    club: Club, site: Site, browser: Browser
) -> None:
    ada, bea = club.ada, club.bea
    table = driver(club, ada, bea, family="dominoes")
    await table.open(ada, game="all-fives", seats=3, target=100)
    await table.click_lobby(bea, "Join")
    await table.add_computer(ada, "easy")
    await table.start(ada)
    number = table_id(table)
    pages = await seat_pages(browser, site, table, ada, bea)
    shot = False

    async def first_hand_over() -> bool:
        _version, match = stored_table(club.db_path, number)
        return match is not None and (match.hand_number > 1 or match.is_over)

    async def screens_midway(mover: TablePage) -> None:
        nonlocal shot
        if not shot:  # a hand in progress, tiles on the table
            shot = True
            await screenshots(pages[0].page, "all-fives-ada")
            await screenshots(pages[1].page, "all-fives-bea")

    async def by_keyboard_at_first(page: TablePage, n: int) -> str:
        """Each player's first tile is played with the keyboard alone."""
        if page.name not in by_keyboard and await page.page.locator(SUBJECTS).count():
            by_keyboard.append(page.name)
            return await page.play_by_keyboard()
        return await page.play_a_turn()

    by_keyboard: list[str] = []
    moves = await play_until(
        pages, first_hand_over, limit=60, choose=by_keyboard_at_first, after_each=screens_midway
    )
    assert moves and sorted(by_keyboard) == ["ada", "bea"]
    # The next hand's table: the pages and the channel agree on the scores of hand 1.
    _version, match = stored_table(club.db_path, number)
    assert match is not None
    await table.table_shows("hand 2" if not match.is_over else "won the match", timeout=20)
    version = await pages[0].version()
    for page in pages:
        await page.wait_for_version(version)
        await page.wait_for_text("#lines", "Hand 2" if not match.is_over else "won")
        await page_matches_channel(page, table, names_of(club))
    scores = await pages[0].scores()
    assert scores["ada"] == str(match.totals[0]) and scores["bea"] == str(match.totals[1])


async def test_fido_two_players_play_a_game_on_their_pages(
    club: Club, site: Site, browser: Browser
) -> None:
    ada, bea = club.ada, club.bea
    table = driver(club, ada, bea, family="fido")
    await table.open(ada, seats=2, set=6)
    await table.click_lobby(bea, "Join")
    await table.start(ada)
    pages = await seat_pages(browser, site, table, ada, bea)

    async def over() -> bool:
        return match_over(table) and await pages[0].status() == "finished"

    moves = await play_until(pages, over, limit=80)
    assert moves
    ends = "share the win" if "share the win" in table.table().text else "won"
    await finished_on_page_and_channel(club, table, pages, ends=ends)
    await screenshots(pages[0].page, "fido-ada")
    await screenshots(pages[1].page, "fido-bea")


DARK = ("c1", "c3", "e3", "e5", "c5", "c8")
"""ada's network: c1→c3 up, →e3 across, →e5 up, →c5 back across, →c8 up."""
LIGHT = ("a2", "a4", "h3", "h5", "a6")
"""bea places harmlessly in her own goals."""


async def test_sacksons_network_a_challenge_played_to_a_network_on_the_pages(
    club: Club, site: Site, browser: Browser
) -> None:
    ada, bea = club.ada, club.bea
    table = driver(club, ada, bea, family="sackson", show_label="Play")
    await table.open(ada, opponent=bea.user)
    message = table.table()
    accept = await club.fake.click(bea.user, message, message.button(label="Accept"))
    seen = await table.seen(accept)
    assert seen.updated
    pages = await seat_pages(browser, site, table, ada, bea)
    squares = {"ada": list(DARK), "bea": list(LIGHT)}

    async def place(page: TablePage, _n: int) -> str:
        square = squares[page.name].pop(0)
        before = await page.version()
        subject = await page.tap_subject()
        lit = await page.place_spots()
        assert square in lit, (square, lit)  # the legal squares light up on the board
        await page.tap_place(square)
        await page.wait_for_version_after(before)
        return f"{subject} {square}"

    async def over() -> bool:
        return await pages[0].status() == "finished"

    moves = await play_until(pages, over, limit=11, choose=place)
    assert len(moves) == 11 and not squares["ada"]
    await finished_on_page_and_channel(club, table, pages, ends="won")
    await screenshots(pages[0].page, "sackson-ada")
    await screenshots(pages[1].page, "sackson-bea")


TILE = re.compile(r"(?<![\w-])(\d{1,2})-(\d{1,2})(?![\w-])")


def named_tiles(text: str) -> set[str]:
    """Every tile a text names ("6-4" or "4-6"), each as both spellings."""
    found = set()
    for high, low in TILE.findall(text):
        found |= {f"{high}-{low}", f"{low}-{high}"}
    return found


def around(text: str, tiles: set[str]) -> list[str]:
    """Where ``text`` names ``tiles``, with a little of what surrounds them."""
    return [
        text[max(0, m.start() - 80) : m.end() + 40]
        for m in TILE.finditer(text)
        if m.group(0) in tiles
    ]


def states_in(text: str) -> list[dict[str, object]]:
    """The table states a received text carries (a socket frame or an API body)."""
    try:
        body = json.loads(text)
    except ValueError:
        return []
    if not isinstance(body, dict):
        return []
    state = body.get("state", body)
    return [state] if isinstance(state, dict) and "version" in state else []


def check_received(
    received: Received, hidden_at: dict[int, frozenset[str]], *, seated: bool
) -> int:
    """Check every state a page received against the tiles hidden from its reader at
    that version; other texts against the tiles hidden throughout. The states checked."""
    always_hidden = frozenset.intersection(*hidden_at.values())
    checked = 0
    for text in received.texts():
        states = states_in(text)
        for state in states:
            version = state["version"]
            assert isinstance(version, int)
            later = [known for known in hidden_at if known >= version]
            if not later:  # hand 2's deal: not followed here
                continue
            # Within a hand, a tile hidden later was hidden before: the nearest checked
            # version at or after this one gives tiles this one must not name.
            hidden = hidden_at[min(later)]
            leaked = named_tiles(json.dumps(state, ensure_ascii=False)) & hidden
            assert not leaked, f"version {version} named hidden tiles {leaked}"
            assert (state.get("you") is not None) == seated or state["status"] != "playing"
            checked += 1
        if not states:
            leaked = named_tiles(text) & always_hidden
            assert not leaked, (leaked, around(text, leaked))
    return checked


@pytest.mark.parametrize("deal_seed", ["11"])
async def test_no_page_receives_a_tile_hidden_from_its_reader(
    club: Club, site: Site, browser: Browser
) -> None:
    """A spectator's page (the watch link) follows a hand of Draw, and so does bea's:
    neither the page nor any socket frame or response it got ever names a tile hidden
    from its reader at that moment (the spectator: both hands and the boneyard; bea:
    ada's hand and the boneyard), checked against the store after every move."""
    ada, bea = club.ada, club.bea
    table = driver(club, ada, bea, family="dominoes")
    await table.open(ada, game="draw", seats=2, target=100)
    await table.click_lobby(bea, "Join")
    await table.start(ada)
    number = table_id(table)
    pages = await seat_pages(browser, site, table, ada, bea)
    watching = await browser.new_context(viewport=PHONE)
    spectator = await TablePage.open(watching, "spectator", site.watch_link(number))
    readers = {"spectator": (spectator, None), "bea": (pages[1], 1)}
    hidden_at: dict[str, dict[int, frozenset[str]]] = {name: {} for name in readers}
    """Per reader, the tiles hidden from them at each version their page showed."""
    # A seat's page names its own tiles (its hand's buttons are labelled with them), so
    # a page naming none of the hidden ones is not for want of tiles being named.
    _version, match = stored_table(club.db_path, number)
    assert isinstance(match, Match)
    own = match.hand.hidden_from(1) - match.hand.hidden_from(0)
    assert named_tiles(await pages[0].text()) & own

    async def looked(mover: TablePage) -> None:
        version = await mover.version()
        for page, _seat in readers.values():
            await page.wait_for_version(version)
        stored, match = stored_table(club.db_path, number)
        assert match is not None
        # Nothing committed since (this is what the pages show), still in hand 1 (a new
        # deal hides tiles the log rightly named in the hand before).
        if stored != version or match.hand_number != 1:
            return
        for name, (page, seat) in readers.items():
            hidden = hidden_at[name][version] = match.hand.hidden_from(seat)
            on_screen = await page.text()
            leaked = named_tiles(on_screen) & hidden
            assert not leaked, (name, leaked, around(on_screen, leaked))

    async def first_hand_over() -> bool:
        _version, match = stored_table(club.db_path, number)
        return match is not None and (match.hand_number > 1 or match.is_over)

    moves = await play_until(pages, first_hand_over, limit=80, after_each=looked)
    for name, (page, seat) in readers.items():
        await page.received.settled()
        versions = hidden_at[name]
        assert len(versions) >= len(moves) // 2, f"{name} was checked at too few versions"
        assert all(versions.values()), "no tile was hidden: nothing was checked"
        checked = check_received(page.received, versions, seated=seat is not None)
        assert checked >= len(versions), (name, checked)
    await screenshots(spectator.page, "draw-spectator")
