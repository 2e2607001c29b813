"""What the bot registers and asks for, and the informational commands."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta

from PIL import Image

from bot.games import ADAPTERS
from bot.games.rules_pages import rules_page, sections
from bot.publishing.rules_reply import shown_in_discord
from bot.store import SeatResult, Store, TableStatus
from bot.tables.commands import COMMAND_IDS
from tests.bot.e2e.conftest import BOTH_WAYS, Club, driver
from tests.bot.e2e.harness import TableDriver, assert_answered_once_in_time, start_bot
from tests.fakediscord import BotLauncher, BotProcess

PRIVILEGED = (1 << 1) | (1 << 8) | (1 << 15)  # members, presences, message content


async def test_only_plain_intents_and_the_expected_commands(club: Club, bot: BotProcess) -> None:
    fake = club.fake
    assert fake.sessions[-1].intents & PRIVILEGED == 0
    network = fake.command("network", club.guild)
    assert sorted(network.subcommand_paths()) == [
        "network cancel",
        "network hand",
        "network hint",
        "network join",
        "network new",
        "network play",
        "network replay",
        "network rules",
        "network status",
        "network web",
    ]
    assert fake.command("standings", club.guild).name == "standings"
    tournament = fake.command("tournament", club.guild)
    assert sorted(tournament.subcommand_paths()) == [
        "tournament add",
        "tournament cancel",
        "tournament drop",
        "tournament join",
        "tournament leave",
        "tournament new",
        "tournament pause",
        "tournament resume",
        "tournament show",
        "tournament standings",
        "tournament start",
    ]
    assert fake.command("ranking", club.guild).name == "ranking"
    # Every command works in servers, the bot's DM, and DMs and group DMs it is not in,
    # from a server's install or a user's own.
    for command in fake.commands():
        assert sorted(command.contexts or []) == [0, 1, 2], command.name
        assert sorted(command.integration_types) == [0, 1], command.name


@BOTH_WAYS
async def test_rules_status_standings_and_cancel(club: Club, bot: BotProcess) -> None:
    fake, ada, bea = club.fake, club.ada, club.bea
    table = driver(club, ada, bea)

    rules = await table.slash(ada, "network rules")
    assert rules.ephemeral and "Network dominoes" in rules.text

    standings = await table.slash(ada, "standings")
    assert "No finished matches yet" in standings.text

    lobby = await table.open(ada, seats=2)
    status = await table.slash(bea, "network status")
    assert status.ephemeral and "Seats (1/2)" in status.text
    await table.click_lobby(bea, "Join")
    await table.start(ada)

    status = await table.slash(bea, "network status")
    assert status.ephemeral and "hand 1" in status.text
    assert status.filenames == ("table.png",)

    refusal = await table.slash(bea, "network cancel")
    assert "Only the person who created this table" in refusal.text
    cancelled = await table.slash(ada, "network cancel")
    assert not cancelled.ephemeral
    await fake.wait_for_edit(lobby, lambda m: "cancelled" in m.text)
    assert lobby.buttons == []


async def test_the_monthly_ranking_is_posted_as_a_picture(
    club: Club, bot_launcher: BotLauncher
) -> None:
    fake, ada, bea, dan = club.fake, club.ada, club.bea, club.dan
    # Results from before the bot starts: two months ago and an hour ago.
    now = datetime.now(UTC)
    finished_at = [now]
    async with Store.open(club.db_path, clock=lambda: finished_at[0]) as store:
        for channel, (moment, order) in enumerate(
            [(now - timedelta(days=62), [ada, bea]), (now - timedelta(hours=1), [dan, ada, bea])]
        ):
            finished_at[0] = moment
            table = await store.create_table(club.guild.id, channel, ada.user.id, "network", {}, [])
            table = await store.update_table(table.id, 0, status=TableStatus.PLAYING, state={})
            result = [
                SeatResult(seat, p.user.id, p.name, False, 50 - seat)
                for seat, p in enumerate(order)
            ]
            await store.finish_match(
                table.id, table.version, state={}, result=result, winner_user_id=order[0].user.id
            )
    await start_bot(fake, bot_launcher, club.db_path, club.guild)
    table = driver(club, ada)

    seen = await table.slash(ada, "ranking", game="network")
    assert not seen.ephemeral and "Network dominoes ranking" in seen.text
    [picture] = seen.message.attachments
    assert picture.filename == "ranking.png"
    assert Image.open(io.BytesIO(picture.data)).format == "PNG"
    assert picture.description is not None
    assert all(f". {p.name} " in picture.description for p in (ada, bea, dan))

    seen = await table.slash(ada, "ranking", month="2026-13")
    assert seen.ephemeral and "year-month" in seen.text
    record = await fake.autocomplete(ada.user, club.channel, "ranking", focused="month", value="")
    this_month = {f"{now:%Y-%m}", f"{datetime.now(UTC):%Y-%m}"}  # the month may just turn
    assert (await record.response()).choices[0]["value"] in this_month

    seen = await table.slash(ada, "standings")
    assert "Rtg" in seen.text and "ada" in seen.text
    assert_answered_once_in_time(fake.interactions)


@BOTH_WAYS
async def test_rules_show_each_games_whole_page_to_the_asker_only(
    club: Club, bot: BotProcess
) -> None:
    fake, ada = club.fake, club.ada
    table = driver(club, ada)
    registered = [*fake.commands(), *fake.commands(club.guild)]
    COMMAND_IDS.learn((command.name, command.id) for command in registered)
    try:
        await _each_page_shown_whole(club, table)
    finally:
        COMMAND_IDS.forget()


async def _each_page_shown_whole(club: Club, table: TableDriver) -> None:
    fake, ada = club.fake, club.ada
    for family in sorted(ADAPTERS):
        # its links as Discord shows them: another game's rules as a clickable mention
        page = shown_in_discord(rules_page(family))
        first = await table.slash(ada, f"{family} rules")
        assert first.ephemeral and first.message.visible_to is ada.user
        wanted = [section.heading for section in sections(page)] + [
            paragraph.strip()
            for section in sections(page)
            for paragraph in section.body.split("\n\n")
            if paragraph.strip()
        ]

        def shown(first_id: int = first.message.id, wanted: list[str] = wanted) -> str | None:
            text = "\n".join(
                message.text
                for message in club.channel.messages
                if message.id >= first_id and message.visible_to is ada.user
            )
            return text if all(part in text for part in wanted) else None

        whole = await fake.wait_until(shown, timeout=10, what=f"the whole {family} rules page")
        if family == "sackson":  # its link to Network's rules: a command to click
            assert f"</network rules:{fake.command('network', club.guild).id}>" in whole
        assert not [m for m in table.public_messages() if m.id >= first.message.id]
