"""What the bot registers and asks for, and the informational commands."""

from __future__ import annotations

from tests.bot.e2e.conftest import Club, driver
from tests.fakediscord import BotProcess

PRIVILEGED = (1 << 1) | (1 << 8) | (1 << 15)  # members, presences, message content


async def test_only_plain_intents_and_the_expected_commands(club: Club, bot: BotProcess) -> None:
    fake = club.fake
    assert fake.sessions[-1].intents & PRIVILEGED == 0
    network = fake.command("network", club.guild)
    assert sorted(network.subcommand_paths()) == [
        "network cancel",
        "network hand",
        "network join",
        "network new",
        "network play",
        "network rules",
        "network status",
    ]
    assert fake.command("standings", club.guild).name == "standings"
    assert not network.usable_in_dms


async def test_rules_status_standings_and_cancel(club: Club, bot: BotProcess) -> None:
    fake, ada, bea = club.fake, club.ada, club.bea
    table = driver(club, ada, bea)

    rules = await table.slash(ada, "network rules")
    assert rules.ephemeral and "Network dominoes" in rules.content

    standings = await table.slash(ada, "standings")
    assert "No finished matches yet" in standings.content

    lobby = await table.open(ada, seats=2)
    status = await table.slash(bea, "network status")
    assert status.ephemeral and "Seats (1/2)" in status.content
    await table.click_lobby(bea, "Join")
    await table.start(ada)

    status = await table.slash(bea, "network status")
    assert status.ephemeral and "hand 1" in status.content
    assert status.filenames == ("table.png",)

    refusal = await table.slash(bea, "network cancel")
    assert "Only the person who created this table" in refusal.content
    cancelled = await table.slash(ada, "network cancel")
    assert not cancelled.ephemeral
    await fake.wait_for_edit(lobby, lambda m: "cancelled" in m.content)
    assert lobby.buttons == []
