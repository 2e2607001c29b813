"""The table's web page from Discord: ``/<family> web`` and Open in browser give a
person their own signed link (a spectator's when they hold no seat), Play here launches
the Activity, and the global commands carry the Entry Point; all of it only where the
bot is set up for it, and a polite sentence where it is not."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import aiohttp
import pytest

from bot.web.tokens import Kind, Signer
from tests.bot.e2e.conftest import Club, checked_bot, checked_http_bot, driver
from tests.bot.e2e.harness import Seen, TableDriver, page_address
from tests.conftest import fresh_database
from tests.fakediscord import BotLauncher, BotProcess

SECRET = "a test secret, long enough to sign links"
PAGE = "https://tables.example.test"
LINK = re.compile(
    r"<(?P<url>https://tables\.example\.test/tables/(?P<table>\d+)#(?P<token>[^>]+))>"
)
WEB_ENV = {"WEB_SECRET": SECRET, "WEB_PUBLIC_URL": PAGE, "WEB_LINK_HOURS": "24"}


@pytest.fixture(params=["gateway"])
async def web_bot(
    club: Club, bot_launcher: BotLauncher, request: pytest.FixtureRequest
) -> AsyncIterator[BotProcess]:
    """The bot giving links and opening the Activity (Activities enabled for its
    application, its OAuth2 secret set); ``"http"``: its interactions over HTTP too."""
    club.fake.enable_activities()
    env = {**WEB_ENV, "DISCORD_CLIENT_SECRET": club.fake.client_secret}
    if request.param == "http":
        admin: str = request.getfixturevalue("postgres_admin_url")
        async with fresh_database(admin) as url:
            async with checked_http_bot(club, bot_launcher, url, **env) as bot:
                yield bot
            await bot_launcher.close()
        return
    async with checked_bot(club, bot_launcher, **env) as process:
        yield process


WEB_BOTH_WAYS = pytest.mark.parametrize("web_bot", ["gateway", "http"], indirect=True)


async def dominoes_against_the_computer(club: Club) -> tuple[TableDriver, int]:
    """ada opens an All Fives table and starts it against a computer; bea only watches."""
    table = driver(club, club.ada, family="dominoes")
    await table.open(club.ada, game="all-fives", seats=2, target=100)
    await table.click_lobby(club.ada, "Add computer")
    await table.start(club.ada)
    show = table.table().button(label="Show hand").custom_id
    assert show is not None
    return table, int(show.split(":")[1])


def link_in(seen: Seen, table_id: int, kind: Kind, user_id: int) -> str:
    """The link a private answer carries, checked: signed with the bot's secret, for
    ``table_id``, of ``kind``, for ``user_id``; its token."""
    assert seen.ephemeral, seen
    found = LINK.search(seen.text)
    assert found is not None, seen.text
    assert int(found["table"]) == table_id
    grant = Signer(SECRET).check(found["token"], datetime.now(UTC))
    assert (grant.kind, grant.user_id, grant.table_id) == (kind, user_id, table_id)
    hours_left = (grant.expires - datetime.now(UTC).timestamp()) / 3600
    assert 23 < hours_left <= 24
    assert "It works for 24 hours, until <t:" in seen.text
    return found["token"]


@WEB_BOTH_WAYS
async def test_web_gives_a_seat_its_own_link_and_anyone_else_a_spectator_s(
    club: Club, web_bot: BotProcess
) -> None:
    fake, ada, bea = club.fake, club.ada, club.bea
    nothing = await driver(club, ada).slash(bea, "dominoes web")
    assert nothing.ephemeral and "There is no open table in this channel" in nothing.text
    assert LINK.search(nothing.text) is None

    table, table_id = await dominoes_against_the_computer(club)
    mine = await table.slash(ada, "dominoes web")
    link_in(mine, table_id, Kind.SEAT, ada.user.id)
    assert "Your own link to table" in mine.text and "keep it to yourself" in mine.text
    watching = await table.slash(bea, "dominoes web")
    link_in(watching, table_id, Kind.WATCH, 0)
    assert "A spectator link" in watching.text and "no seat" in watching.text

    # Open in browser on ada's private controls: a fresh link, the same way.
    hand = await table.show_hand(ada)
    click = await fake.click(ada.user, hand, hand.button(label="Open in browser"))
    again = await table.seen(click)
    assert not again.updated
    assert link_in(again, table_id, Kind.SEAT, ada.user.id)
    # Links are said privately only: the channel shows no token.
    assert all(LINK.search(m.text) is None for m in table.public_messages())

    # A stale button: the table is gone, the link is refused politely.
    await table.slash(ada, "dominoes cancel")
    stale = await fake.click(ada.user, hand, hand.button(label="Open in browser"))
    refused = await table.seen(stale)
    assert refused.ephemeral and "closed" in refused.text and LINK.search(refused.text) is None


@WEB_BOTH_WAYS
async def test_play_here_launches_the_activity_and_the_entry_point_is_synced(
    club: Club, web_bot: BotProcess
) -> None:
    fake, bea = club.fake, club.bea
    [entry] = [c for c in fake.commands() if c.type == 4]
    assert entry.name == "launch" and entry.raw["handler"] == 2  # Discord launches it
    assert entry.raw.get("description_localizations")
    assert entry.raw["contexts"] == [0, 1, 2] and entry.raw["integration_types"] == [0, 1]

    table, _ = await dominoes_against_the_computer(club)
    message = table.table()
    assert [b.label for b in message.buttons] == ["Show hand", "Play here"]
    click = await fake.click(bea.user, message, message.button(label="Play here"))
    callback = await click.response()
    assert callback.accepted and callback.type == 12 and callback.data is None
    assert click.launched_activity and fake.activity_launches == [click]
    assert click.followups == [] and click.original is None  # nothing else was said


async def test_without_the_web_settings_web_says_so_and_no_button_offers_it(
    club: Club, bot: BotProcess
) -> None:
    fake, ada = club.fake, club.ada
    assert not [c for c in fake.commands() if c.type == 4]  # no Entry Point either
    table, _ = await dominoes_against_the_computer(club)
    seen = await table.slash(ada, "dominoes web")
    assert seen.ephemeral and "has not switched it on" in seen.text
    assert LINK.search(seen.text) is None and "http" not in seen.text
    assert [b.label for b in table.table().buttons] == ["Show hand"]
    hand = await table.show_hand(ada)
    assert all(b.label != "Open in browser" for b in hand.buttons)


async def test_an_entry_point_discord_made_is_kept_when_the_activity_is_off(
    club: Club, bot_launcher: BotLauncher
) -> None:
    fake = club.fake
    fake.enable_activities()  # Discord's default Entry Point appears
    [default] = fake.commands()
    async with checked_bot(club, bot_launcher, **WEB_ENV):  # links, but no OAuth2 secret
        [entry] = [c for c in fake.commands() if c.type == 4]
        kept = {key: entry.raw[key] for key in default.raw}
        assert (entry.id, kept) == (default.id, default.raw)  # left as Discord made it
        assert any(c.type == 1 for c in fake.commands())  # the bot's own commands synced
        refused = [r for r in fake.requests if r.error_code == 50240]
        assert len(refused) == 1  # one overwrite without it, told, then one keeping it
        table, _ = await dominoes_against_the_computer(club)
        assert [b.label for b in table.table().buttons] == ["Show hand"]  # no Activity
        hand = await table.show_hand(club.ada)
        assert any(b.label == "Open in browser" for b in hand.buttons)  # links all the same


async def test_an_entry_point_discord_refuses_leaves_the_commands_synced_without_it(
    club: Club, bot_launcher: BotLauncher
) -> None:
    fake = club.fake  # Activities are not enabled for the application
    env = {**WEB_ENV, "DISCORD_CLIENT_SECRET": fake.client_secret}
    async with checked_bot(club, bot_launcher, **env) as process:
        assert [c for c in fake.commands() if c.type == 4] == []
        assert fake.command("dominoes", club.guild).type == 1  # the bot started all the same
        assert "Discord refused the Entry Point command" in process.log()


async def test_the_link_and_the_activity_s_sign_in_open_the_page_served_beside_the_bot(
    club: Club, bot_launcher: BotLauncher
) -> None:
    """The whole way to the page: the link /dominoes web gives reads the seat's state,
    and an Activity's code, traded at the fake's OAuth2, finds the channel's table."""
    fake, ada, bea = club.fake, club.ada, club.bea
    fake.enable_activities()
    env = {
        **WEB_ENV,
        "WEB_PORT": "0",
        "WEB_HOST": "127.0.0.1",
        "DISCORD_CLIENT_SECRET": fake.client_secret,
    }
    async with checked_bot(club, bot_launcher, **env) as process:
        page = await page_address(process)
        table, table_id = await dominoes_against_the_computer(club)
        token = link_in(await table.slash(ada, "dominoes web"), table_id, Kind.SEAT, ada.user.id)
        async with aiohttp.ClientSession() as http:
            bearer = {"Authorization": f"Bearer {token}"}
            async with http.get(f"{page}/api/tables/{table_id}", headers=bearer) as response:
                assert response.status == 200
                state = await response.json()
            assert state["table"] == table_id and state["you"]["seat"] == 0

            code = fake.issue_oauth_code(bea.user)
            session = {"code": code, "channel_id": str(club.channel.id)}
            async with http.post(f"{page}/api/activity/session", json=session) as response:
                assert response.status == 200
                signed_in = await response.json()
            assert signed_in["user"]["id"] == str(bea.user.id)
            async with http.post(f"{page}/api/activity/session", json=session) as response:
                assert response.status == 401  # a code works once
            bearer = {"Authorization": f"Bearer {signed_in['token']}"}
            here = f"{page}/api/channels/{club.channel.id}/table"
            async with http.get(here, headers=bearer) as response:
                assert (await response.json()) == {"table_id": table_id}
            async with http.get(f"{page}/api/tables/{table_id}", headers=bearer) as response:
                assert (await response.json())["you"] is None  # bea watches: no seat
        assert fake.world.oauth.exchanges == [bea.user.id]
