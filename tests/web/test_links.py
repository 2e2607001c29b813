"""Links that must not open a table: forged, expired, or made for someone or somewhere
else. The page says so plainly (and shows no table); the API refuses with 401 or 403 and
a sentence, and nothing changes."""

from __future__ import annotations

from typing import Any

import aiohttp
from playwright.async_api import Browser

from tests.bot.e2e.conftest import Club, driver
from tests.bot.e2e.harness import TableDriver
from tests.web.pages import WAIT_MS, TablePage
from tests.web.site import Site, stored_table, stored_turn, table_id

BAD_LINK = "This link is not valid or has expired."


async def refused_on_page(browser: Browser, link: str) -> str:
    """Open ``link`` in a fresh browser: the notice the page shows (it shows no table)."""
    context = await browser.new_context()
    page = await context.new_page()
    await page.goto(link)
    notice = page.locator("#notice")
    await notice.wait_for(state="visible", timeout=WAIT_MS)
    assert await page.locator("#table-view").is_hidden()
    assert await page.locator("#app").get_attribute("data-version") is None
    text = (await notice.inner_text()).strip()
    await context.close()
    return text


async def api(site: Site, method: str, link: str, path: str, **body: Any) -> tuple[int, Any]:
    """Call the API with the token of ``link`` as its bearer; status and JSON body."""
    token = link.split("#", 1)[1]
    headers = {"Authorization": f"Bearer {token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, site.base + path, headers=headers, json=body or None) as response,
    ):
        return response.status, await response.json()


async def two_player_network(club: Club) -> TableDriver:
    table = driver(club, club.ada, club.bea)
    await table.open(club.ada, seats=2, target=50)
    await table.click_lobby(club.bea, "Join")
    await table.start(club.ada)
    return table


async def test_forged_and_expired_links_are_refused(
    club: Club, site: Site, browser: Browser
) -> None:
    table = await two_player_network(club)
    number = table_id(table)
    for link in (site.forged_link(club.ada.user, number), site.expired_link(club.ada.user, number)):
        assert BAD_LINK in await refused_on_page(browser, link)
        status, body = await api(site, "GET", link, f"/api/tables/{number}")
        assert status == 401 and BAD_LINK in body["error"], (status, body)
        status, body = await api(site, "GET", link, f"/api/tables/{number}/hand.png")
        assert status == 401, (status, body)
    # No link at all: the page asks for one; the API wants a bearer.
    assert "Open this page from a table link" in await refused_on_page(
        browser, f"{site.base}/tables/{number}"
    )
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{site.base}/api/tables/{number}") as response,
    ):
        assert response.status == 401
        assert BAD_LINK in (await response.json())["error"]


async def test_another_users_or_another_tables_link_does_not_play(
    club: Club, site: Site, browser: Browser
) -> None:
    ada, bea, dan = club.ada, club.bea, club.dan
    table = await two_player_network(club)
    number = table_id(table)
    version, match = stored_table(club.db_path, number)
    assert match is not None
    # A second table in another channel: ada's link to the first does not open it.
    elsewhere = driver(club, dan)
    elsewhere.channel = club.guild.add_text_channel("back-room")
    await elsewhere.open(dan, seats=2, target=50)
    other = table_id(elsewhere)
    ada_link = site.seat_link(ada.user, number)
    wrong_table = ada_link.replace(f"/tables/{number}#", f"/tables/{other}#")
    assert "This link is for another table." in await refused_on_page(browser, wrong_table)
    status, body = await api(site, "GET", ada_link, f"/api/tables/{other}")
    assert status == 403 and "another table" in body["error"], (status, body)

    # dan's own link: he watches (no hand, no controls) and cannot play for anyone.
    dan_link = site.seat_link(dan.user, number)
    context = await browser.new_context()
    watching = await TablePage.open(context, "dan", dan_link)
    assert await watching.page.locator("#hand").is_hidden()
    assert await watching.page.locator("#spectating").is_visible()
    assert await watching.page.locator("#actions button, [data-subject]").count() == 0
    seat = match.hand.current_player
    assert seat is not None
    turn = stored_turn(club.db_path, number)
    status, body = await api(
        site, "POST", dan_link, f"/api/tables/{number}/moves", move="pass", turn=turn
    )
    assert status == 403 and "not playing at this table" in body["error"], (status, body)
    status, body = await api(site, "GET", dan_link, f"/api/tables/{number}/hand.png")
    assert status == 403, (status, body)
    # The seat not on turn is told it is not their turn, whatever move it sends.
    idle = (bea, ada)[seat]
    idle_link = site.seat_link(idle.user, number)
    status, body = await api(
        site, "POST", idle_link, f"/api/tables/{number}/moves", move="pass", turn=turn
    )
    assert status == 409 and "not your turn" in body["error"].lower(), (status, body)
    assert stored_table(club.db_path, number)[0] == version  # nothing changed
