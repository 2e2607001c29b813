"""A click that changes a table is acknowledged only once its change is committed, and a
job's answer to it waits for that acknowledgement."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.discord.answering import Desk, acknowledged_after
from bot.publishing.answers import AnswerTicket
from bot.tables.errors import UserError
from tests.bot.test_parts import fake_interaction


async def change(calls: list[str], delay: float = 0.0, refusal: str | None = None) -> str:
    """A commit that takes ``delay`` seconds, or is refused."""
    await asyncio.sleep(delay)
    if refusal is not None:
        raise UserError(refusal)
    calls.append("commit")
    return "committed"


async def test_the_acknowledgement_follows_the_commit() -> None:
    calls: list[str] = []
    result = await acknowledged_after(fake_interaction(calls, age=0.0), change(calls), edit=True)
    assert result == "committed"
    assert calls == ["commit", "defer"]


async def test_a_refused_change_is_not_acknowledged() -> None:
    calls: list[str] = []
    with pytest.raises(UserError):
        await acknowledged_after(
            fake_interaction(calls, age=0.0), change(calls, refusal="Not your turn."), edit=True
        )
    assert calls == []  # the refusal is the interaction's one answer


async def test_a_commit_outlasting_the_margin_is_acknowledged_first_then_told() -> None:
    calls: list[str] = []
    interaction = fake_interaction(calls, age=1.95)
    result = await acknowledged_after(interaction, change(calls, delay=0.2), edit=True)
    assert result == "committed"
    assert calls == ["defer", "commit"]


async def test_a_refusal_after_the_margin_ran_out_is_still_said() -> None:
    """Deferred while the commit ran, then refused: the player reads why, never silence."""
    calls: list[str] = []
    said: list[str] = []
    interaction = fake_interaction(calls, age=1.95)

    async def followup_send(text: str, **_: Any) -> None:
        calls.append("followup")
        said.append(text)

    interaction.followup = SimpleNamespace(send=followup_send)
    interaction.guild_id, interaction.channel_id = 1, 2
    interaction.locale = discord.Locale.american_english
    desk = Desk(service=None, publisher=None, queue=None, timers=None, delivery=None)

    async def play() -> None:
        await acknowledged_after(
            interaction, change(calls, delay=0.2, refusal="That move was already made."), edit=True
        )

    await desk.guarded(interaction, play)
    assert calls == ["defer", "followup"]
    assert said == ["That move was already made."]


def ticket(age: float) -> AnswerTicket:
    created = datetime.now(UTC) - timedelta(seconds=age)
    return AnswerTicket(discord.utils.time_snowflake(created), 1, "token", 7, "played")


def not_found() -> discord.NotFound:
    return discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), "Unknown Message")


async def test_a_job_quicker_than_the_acknowledgement_waits_for_it() -> None:
    tries: list[int] = []

    async def edit() -> str:
        tries.append(1)
        if len(tries) < 3:  # the receiving process has committed, not yet acknowledged
            raise not_found()
        return "edited"

    assert await ticket(age=0.1).once_acknowledged(edit) == "edited"
    assert len(tries) == 3


async def test_an_interaction_never_acknowledged_is_given_up_quietly() -> None:
    """Its process stopped between the commit and the acknowledgement: nothing to edit."""
    tries: list[int] = []

    async def edit() -> str:
        tries.append(1)
        raise not_found()

    assert await ticket(age=10.0).once_acknowledged(edit) is None
    assert len(tries) == 1
