"""The private answer that carries a link to a table's page."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.discord.web_page import link_content
from bot.web.links import WebLinks
from bot.web.tokens import Kind, Signer
from i18n import Text

SECRET = "sixteen or more characters"
NOW = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)


def test_a_seat_gets_a_link_it_alone_can_use_and_how_long_it_works() -> None:
    links = WebLinks(Signer(SECRET), "https://tables.example", timedelta(hours=1))
    link = links.link(5, 12, seated=True, now=NOW)
    assert link.url.startswith("https://tables.example/tables/12#") and link.kind is Kind.SEAT
    grant = Signer(SECRET).check(link.url.partition("#")[2], NOW)
    assert (grant.user_id, grant.table_id, grant.expires) == (5, 12, link.expires)
    said = link_content(link, 12, links.hours, Text())
    assert f"<{link.url}>" in said and "It works for 1 hour, until <t:" in said
    assert f"<t:{int((NOW + timedelta(hours=1)).timestamp())}:f>" in said


def test_someone_without_a_seat_gets_a_spectator_link_in_their_language() -> None:
    links = WebLinks(Signer(SECRET), "https://tables.example", timedelta(hours=48))
    link = links.link(5, 12, seated=False, now=NOW)
    grant = Signer(SECRET).check(link.url.partition("#")[2], NOW)
    assert (grant.kind, grant.user_id) == (Kind.WATCH, 0)
    said = link_content(link, 12, links.hours, Text("de"))
    assert said.startswith("👀 Ein Zuschauerlink zu Tisch 12") and "48 Stunden" in said
