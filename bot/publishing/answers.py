"""A mover's interaction, carried in a job so that any process can finish its answer.

Discord lets whoever holds an interaction's token edit its answer for 15 minutes, with no
bot token and no gateway: the process that received the interaction commits the move and
then acknowledges it, and a worker anywhere draws and sends the answer. The token is a
credential: it lives only in the job, and is never logged.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

import discord

from bot.publishing.replies import snowflake_age
from bot.store import JsonObject

log = logging.getLogger(__name__)

T = TypeVar("T")

ACKNOWLEDGED_WITHIN: Final = 3.5
"""Seconds after its creation by which an interaction has been acknowledged, if ever:
Discord's 3 seconds, and the acknowledgement's own trip."""


@dataclass(frozen=True, slots=True)
class AnswerTicket:
    interaction_id: int
    application_id: int
    token: str = field(repr=False)
    """A credential: never in a repr, so never in a log line."""
    user_id: int
    content: str | None = field(default=None, repr=False)
    """The answer's words (what the move did, the player's drawn tiles included), written
    where the move was made; None when the interaction's message is the table message (a
    Start click), answered by publishing the table there. Private: kept out of reprs."""
    subject: str | None = field(default=None, repr=False)
    """A tile or piece the player picked (a hidden tile): the answer shows where it goes."""
    turn: int | None = None
    """The turn the picked control was issued at (a later turn makes it stale)."""

    @classmethod
    def of(
        cls,
        interaction: discord.Interaction[Any],
        content: str | None = None,
        *,
        subject: str | None = None,
        turn: int | None = None,
    ) -> AnswerTicket:
        return cls(
            interaction.id,
            interaction.application_id,
            interaction.token,
            interaction.user.id,
            content,
            subject,
            turn,
        )

    async def once_acknowledged(self, call: Callable[[], Awaitable[T]]) -> T | None:
        """``call()`` (an edit of the answer, or a follow-up), once the interaction has been
        acknowledged: the process that received it commits first and acknowledges right
        after, so a worker quick to take the commit's job may find no answer to edit yet
        (Discord's 404), and tries again while the interaction is young. None: it was
        never acknowledged (that process stopped in between), so there is nothing to
        answer; the move itself stands and is published."""
        pause = 0.05
        while True:
            try:
                return await call()
            except discord.NotFound:
                if snowflake_age(self.interaction_id) > ACKNOWLEDGED_WITHIN:
                    log.warning(
                        "interaction %d was never acknowledged: its answer is dropped",
                        self.interaction_id,
                    )
                    return None
            await asyncio.sleep(pause)
            pause = min(2 * pause, 0.4)

    @property
    def publishes_table(self) -> bool:
        """Whether the interaction's message is the table message (a Start click)."""
        return self.content is None and self.subject is None

    def to_json(self) -> JsonObject:
        return {
            "interaction": self.interaction_id,
            "application": self.application_id,
            "token": self.token,
            "user": self.user_id,
            "content": self.content,
            "subject": self.subject,
            "turn": self.turn,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> AnswerTicket:
        return cls(
            int(data["interaction"]),
            int(data["application"]),
            str(data["token"]),
            int(data["user"]),
            None if data.get("content") is None else str(data["content"]),
            None if data.get("subject") is None else str(data["subject"]),
            None if data.get("turn") is None else int(data["turn"]),
        )

    def interaction(self, client: discord.Client) -> discord.Interaction[Any]:
        """The interaction as far as answering it needs (discord.py's own edit of the
        original response, with its handling of files and views)."""
        payload: Any = {
            "id": self.interaction_id,
            "application_id": self.application_id,
            "type": discord.InteractionType.component.value,
            "token": self.token,
            "version": 1,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        return discord.Interaction(data=payload, state=client._connection)
