"""The one dynamic control. Every button and menu the bot sends is a :class:`Control`:
discord.py rebuilds it from the clicked custom id (on any message, before or after a
restart) and it hands the interaction to the bot's handlers, which answer exactly once."""

from __future__ import annotations

import re
from typing import Any, Protocol, Self, cast

import discord

from bot.views import ids
from i18n import N_, text_in

MAX_OPTIONS = 25
"""Discord's limit of options in one select menu."""

INVALID = N_("That control is not one of mine, or it is damaged. Nothing was changed.")


class ControlHandlers(Protocol):
    """What the controls call; implemented by :class:`bot.discord.handlers.Handlers`."""

    async def lobby_button(
        self,
        interaction: discord.Interaction[Any],
        table_id: int,
        action: ids.LobbyAction,
        level: str | None = None,
    ) -> None: ...

    async def show_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None: ...

    async def choose_subject(
        self, interaction: discord.Interaction[Any], table_id: int, turn: int, subject: str
    ) -> None: ...

    async def turn_page(
        self, interaction: discord.Interaction[Any], table_id: int, turn: int, page: int
    ) -> None: ...

    async def play(
        self, interaction: discord.Interaction[Any], table_id: int, turn: int, notation: str
    ) -> None: ...

    async def hint(
        self, interaction: discord.Interaction[Any], table_id: int, turn: int
    ) -> None: ...

    async def web_link(self, interaction: discord.Interaction[Any], table_id: int) -> None: ...

    async def launch_activity(
        self, interaction: discord.Interaction[Any], table_id: int
    ) -> None: ...

    async def tournament_button(
        self, interaction: discord.Interaction[Any], tournament_id: int, action: str
    ) -> None: ...

    async def refuse(self, interaction: discord.Interaction[Any], text: str) -> None: ...


class _HasHandlers(Protocol):
    handlers: ControlHandlers


def handlers_of(interaction: discord.Interaction[Any]) -> ControlHandlers:
    return cast(_HasHandlers, interaction.client).handlers


class Control(discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.TEMPLATE):
    """A button or select menu whose custom id says what it does."""

    def __init__(self, item: discord.ui.Item[Any], control: ids.ControlId | None) -> None:
        super().__init__(item)
        self.control = control

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(item, ids.parse(match.string))

    def _chosen(self) -> str:
        values = getattr(self.item, "values", None)
        return str(values[0]) if values else ""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handlers, control = handlers_of(interaction), self.control
        if control is None:
            await handlers.refuse(interaction, text_in(interaction.locale.value)._(INVALID))
            return
        table, turn, part = control.table, control.turn or 0, control.part or ""
        if control.kind == "lobby":
            chosen = self._chosen() or None  # the Add computer menu sends a level
            await handlers.lobby_button(interaction, table, cast(ids.LobbyAction, part), chosen)
        elif control.kind == "hand":
            await handlers.show_hand(interaction, table)
        elif control.kind == "subject":
            await handlers.choose_subject(interaction, table, turn, self._chosen())
        elif control.kind == "show":  # the chosen subject's places, as a pick of it shows
            await handlers.choose_subject(interaction, table, turn, part)
        elif control.kind == "target":
            await handlers.play(interaction, table, turn, self._chosen())
        elif control.kind == "action":
            await handlers.play(interaction, table, turn, part)
        elif control.kind == "hint":
            await handlers.hint(interaction, table, turn)
        elif control.kind == "web":
            await handlers.web_link(interaction, table)
        elif control.kind == "launch":
            await handlers.launch_activity(interaction, table)
        elif control.kind == "tour":
            await handlers.tournament_button(interaction, table, part)
        else:
            await handlers.turn_page(interaction, table, turn, int(part))


def button(
    custom_id: str,
    label: str,
    style: discord.ButtonStyle,
    *,
    row: int | None = None,
    emoji: str | None = None,
) -> Control:
    item: discord.ui.Button[discord.ui.View] = discord.ui.Button(
        label=label, style=style, custom_id=custom_id, row=row, emoji=emoji
    )
    return Control(item, ids.parse(custom_id))


def select(
    custom_id: str, placeholder: str, options: list[discord.SelectOption], *, row: int
) -> Control:
    item: discord.ui.Select[discord.ui.View] = discord.ui.Select(
        custom_id=custom_id, placeholder=placeholder, options=options[:MAX_OPTIONS], row=row
    )
    return Control(item, ids.parse(custom_id))


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (Control,)
"""Registered with ``Client.add_dynamic_items`` at start-up."""
