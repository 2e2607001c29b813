"""The bot process killed (kill -9) while pages watch a table, then started again on the
same address: the pages say they are reconnecting, come back by themselves showing the
latest state, and a move then tapped is applied once."""

from __future__ import annotations

from playwright.async_api import Browser

from tests.bot.e2e.conftest import Club
from tests.bot.e2e.harness import restart_bot
from tests.web.pages import WAIT_MS, TablePage
from tests.web.play import next_mover, page_matches_channel
from tests.web.site import Site, stored_moves, stored_table
from tests.web.test_games import names_of, two_on_their_pages


async def connection(page: TablePage, state: str) -> None:
    await page.page.wait_for_function(
        "s => document.getElementById('app').dataset.connection === s", arg=state, timeout=WAIT_MS
    )


async def test_pages_come_back_after_a_kill_and_a_move_is_applied_once(
    club: Club, site: Site, browser: Browser
) -> None:
    opened = await two_on_their_pages(club, site, browser, target=50)
    table, number, pages, mover = opened.table, opened.number, opened.pages, opened.mover
    await mover.play_a_turn()
    before_kill = await mover.version()
    for page in pages:
        await page.wait_for_version(before_kill)
        await connection(page, "open")

    before = stored_moves(club.db_path, number)
    assert before, "the move tapped before the kill is committed"
    await site.process.kill()  # SIGKILL: no goodbye on the sockets
    for page in pages:
        await connection(page, "reconnecting")
    await restart_bot(club.fake, site.process)

    # Back by themselves, showing the table as the store has it.
    version, _match = stored_table(club.db_path, number)
    for page in pages:
        await connection(page, "open")
        await page.wait_for_version(version)
    # A move made after the restart, on the page of whoever is on turn: applied once.
    logged = stored_moves(club.db_path, number)
    assert logged == before  # nothing lost, nothing added by the restart
    mover = await next_mover(pages, version)
    assert mover is not None
    await mover.play_a_turn()
    after = stored_moves(club.db_path, number)
    assert after[: len(logged)] == logged and len(after) == len(logged) + 1, after
    plays = [m for m in after if m[2] not in ("pass", "draw")]
    assert len(plays) == len(set(plays)), plays
    # Every page and the channel show it.
    shown = await mover.version()
    for page in pages:
        await page.wait_for_version(shown)
    assert stored_table(club.db_path, number)[0] == shown
    await page_matches_channel(pages[0], table, names_of(club))
