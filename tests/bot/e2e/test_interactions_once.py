"""Each interaction is handled once: the same interaction sent again (the very signed POST
to the same interactions process or another; the same INTERACTION_CREATE over the
gateway) changes nothing and sends nothing.

The interaction replayed is a Hint click: it counts a hint (which the standings show) and
answers privately with a picture, edited into the answer through the interaction's
token; handled again, it would count another and answer again."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from tests.bot.e2e.conftest import Club, driver
from tests.bot.e2e.harness import TableDriver
from tests.fakediscord import BotLauncher, BotProcess, InteractionRecord

LOG_TIMEOUT = 15.0


@pytest.fixture
def deal_seed() -> str:
    return "4"


async def hint_clicked(club: Club) -> tuple[TableDriver, InteractionRecord]:
    """ada at a Sackson table with hints against the easy computer, her Hint clicked."""
    ada = club.ada
    table = driver(club, ada, family="sackson", show_label="Play")
    await table.open(ada, computer="easy", hints=True)
    turn = await table.next_turn()
    assert turn is not None and turn.player is ada
    click = await club.fake.click(ada.user, turn.message, turn.message.button(label="Hint"))
    hinted = await table.seen(click)
    assert "You have used 1 hint this match" in hinted.content
    return table, click


async def assert_nothing_changed_since(
    club: Club, table: TableDriver, mark: int, messages: dict[int, int]
) -> None:
    """Since the request ``mark``, with ``messages`` (id: edits) as they were then: the
    hints counted are the click's and the next command's, and every call the bot made and
    every message it posted or edited is that command's answer."""
    fake = club.fake
    command = await fake.slash(club.ada.user, club.channel, "sackson hint")
    again = await table.seen(command)
    assert "You have used 2 hints this match" in again.content
    assert {r.interaction_id for r in fake.requests[mark:]} <= {command.id}
    assert {i: fake.world.messages[i].edit_count for i in messages} == messages
    assert len(fake.world.messages) == len(messages) + 1  # the command's answer alone


async def logged(process: BotProcess, text: str, count: int) -> None:
    """Wait until ``process`` has logged ``text`` ``count`` times (its log is a file the
    fake cannot watch, so it is read again until then)."""
    for _ in range(int(LOG_TIMEOUT / 0.05)):
        if process.log().count(text) >= count:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{process.log_path.name} did not log {text!r} {count} times")


@pytest.mark.parametrize("seeded_bot", ["http"], indirect=True)
async def test_a_replayed_post_changes_nothing_and_sends_nothing(
    club: Club, seeded_bot: BotProcess, bot_launcher: BotLauncher
) -> None:
    fake = club.fake
    table, click = await hint_clicked(club)
    assert click.posted is not None and click.endpoint is not None
    body, headers = click.posted
    others = [url for url in fake.world.settings.interaction_endpoints if url != click.endpoint]
    assert len(others) == 1  # the load balancer's other process
    mark = len(fake.requests)
    messages = {message.id: message.edit_count for message in fake.world.messages.values()}

    async with aiohttp.ClientSession() as session:
        for url in (click.endpoint, *others):  # the same process, then another
            async with session.post(url, data=body, headers=headers) as replay:
                assert (replay.status, await replay.text()) == (409, "interaction already handled")

    await assert_nothing_changed_since(club, table, mark, messages)
    logs = bot_launcher.logs()
    assert logs.count(f"interaction {click.id} over the endpoint not handled") == 2
    assert click.token not in logs


async def test_an_interaction_sent_again_over_the_gateway_changes_nothing(
    club: Club, seeded_bot: BotProcess
) -> None:
    fake = club.fake
    table, click = await hint_clicked(club)
    mark = len(fake.requests)
    messages = {message.id: message.edit_count for message in fake.world.messages.values()}

    await fake.gateway.dispatch_interaction(click)  # the very same INTERACTION_CREATE
    await logged(seeded_bot, f"interaction {click.id} over the gateway not handled", 1)

    await assert_nothing_changed_since(club, table, mark, messages)
    assert click.token not in seeded_bot.log()
