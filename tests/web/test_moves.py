"""One person, two devices: the same move tapped on both is applied once, and the device
that was late says so plainly, then shows the table as it is."""

from __future__ import annotations

import asyncio

from playwright.async_api import Browser, Route

from tests.bot.e2e.conftest import Club
from tests.web.browser import PHONE
from tests.web.pages import TablePage
from tests.web.site import Site, stored_moves
from tests.web.test_games import two_on_their_pages

STALE = "Those controls are out of date: that turn has already been played."


async def test_the_same_move_from_two_devices_is_applied_once_and_the_late_one_is_told(
    club: Club, site: Site, browser: Browser
) -> None:
    ada, bea = club.ada, club.bea
    opened = await two_on_their_pages(club, site, browser, target=50)
    number, desktop = opened.number, opened.mover
    user = {"ada": ada.user, "bea": bea.user}[desktop.name]
    phone_context = await browser.new_context(viewport=PHONE)
    link = site.seat_link(user, number)
    phone = await TablePage.open(phone_context, f"{desktop.name}'s phone", link)
    version = await phone.version()
    assert version == await desktop.version() and await phone.on_turn()

    # The phone's move leaves, but the network holds it up...
    release = asyncio.Event()
    sent: list[str] = []

    async def slow_network(route: Route) -> None:
        sent.append(route.request.post_data or "")
        await release.wait()
        await route.continue_()

    await phone.page.route("**/api/tables/*/moves", slow_network)
    subject = await phone.tap_subject()
    move = await phone.tap_place()
    await phone.page.locator("#app[data-busy=true]").wait_for(state="attached")
    before = stored_moves(club.db_path, number)
    # ...while the same tile on the same place is tapped on the desktop: played.
    await desktop.tap_subject(subject)
    await desktop.tap_place(move)
    played = await desktop.wait_for_version_after(version)
    assert len(sent) == 1
    release.set()
    # The phone's late copy is refused, said plainly; the phone shows the table as it is.
    await phone.wait_for_text("#error", STALE)
    await phone.wait_for_version(played)
    assert not await phone.on_turn()
    after = stored_moves(club.db_path, number)
    assert len(after) == len(before) + 1, after
    assert (await desktop.page.locator("#error").inner_text()).strip() == ""
