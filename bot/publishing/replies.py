"""Answering interactions: exactly one response, always within Discord's 3 seconds.

Work that may be slow (rendering) is started first; if it is not done while a safe
margin of the 3 seconds is left, the interaction is deferred and the answer follows as
an edit. Most answers therefore cost one API call, and none ever misses the deadline.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

import discord

from bot.metrics import measures
from bot.publishing.drawing_queue import answering
from bot.views.layout import table_layout
from i18n import N_

log = logging.getLogger(__name__)

ACK_BUDGET: Final = 2.0
"""Seconds after an interaction was created by which it must have been acknowledged."""

NO_MENTIONS: Final = discord.AllowedMentions.none()

SORRY: Final = N_("Sorry, something went wrong on my side. Nothing was changed; please try again.")
"""The apology for a bug, marked for the catalogs: said as ``text._(SORRY)``."""


@dataclass(slots=True)
class Reply:
    """A message to send or to put in place of the interaction's message."""

    content: str
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None
    layout: bool = False
    """Send as a Components V2 layout (the table message): ``content`` becomes the text
    under the pictures, ``view``'s controls rows under that (see :mod:`bot.views.layout`)."""
    note: str | None = None
    """A layout's line under its text (a turn reminder that pings the player to move)."""

    def parts(self) -> tuple[str | None, discord.ui.View | discord.ui.LayoutView | None]:
        """The message's content and view as sent: a layout has no content (None also
        clears the content of a message made before the table message was a layout)."""
        if not self.layout:
            return self.content, self.view
        return None, table_layout(self.content, self.files, self.view, note=self.note)


def age(interaction: discord.Interaction[Any]) -> float:
    """Seconds since Discord created the interaction (from its snowflake)."""
    return (datetime.now(UTC) - interaction.created_at).total_seconds()


def snowflake_age(snowflake: int) -> float:
    """Seconds since Discord made ``snowflake``: an interaction's age known by its id alone
    (an answer ticket carries no interaction)."""
    return (datetime.now(UTC) - discord.utils.snowflake_time(snowflake)).total_seconds()


def ack_budget(interaction: discord.Interaction[Any]) -> float:
    """Seconds left to wait before the interaction must be acknowledged. Clamped both
    ways: a clock ahead of Discord's defers at once (safe), one behind it never stretches
    the wait past :data:`ACK_BUDGET`."""
    return min(ACK_BUDGET, max(0.0, ACK_BUDGET - age(interaction)))


async def answer(
    interaction: discord.Interaction[Any],
    work: Awaitable[Reply],
    *,
    edit: bool,
    ephemeral: bool = True,
) -> None:
    """Answer with ``await work``. ``edit``: replace the message the control is on;
    otherwise send a new message (ephemeral unless told otherwise)."""
    with answering():  # the reply's pictures are drawn before other tables' (its copy)
        task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=ack_budget(interaction))
    if not done and not interaction.response.is_done():
        log.debug("interaction %d: deferring while work finishes", interaction.id)
        if edit:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
    reply = await task
    content, view = reply.parts()
    answered = interaction.response.is_done()  # deferred: the answer is an edit or follow-up
    if edit:
        edited: dict[str, Any] = {
            "content": content,
            "attachments": reply.files,
            "view": view,
            "allowed_mentions": NO_MENTIONS,
        }
        if answered:
            await interaction.edit_original_response(**edited)
        else:
            await interaction.response.edit_message(**edited)
        measures.answered(interaction.id, "interaction")
        return
    message: dict[str, Any] = {
        "files": reply.files,
        "ephemeral": ephemeral,
        "allowed_mentions": NO_MENTIONS,
    }
    if isinstance(view, discord.ui.LayoutView):
        message["view"] = view  # a Components V2 layout carries its own text
    else:
        message.update(content=reply.content, view=view or discord.utils.MISSING)
    if answered:
        await interaction.followup.send(**message)
    else:
        await interaction.response.send_message(**message)
    measures.answered(interaction.id, "interaction")


async def tell(interaction: discord.Interaction[Any], text: str) -> None:
    """A short private note to the person who interacted (errors, confirmations)."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
    else:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
