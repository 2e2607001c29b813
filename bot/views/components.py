"""The dynamic controls. Each class rebuilds itself from a clicked custom id and hands the
interaction to the bot's handlers, which do the work and answer exactly once."""

from __future__ import annotations

import re
from typing import Any, Protocol, Self, cast

import discord

from bot.views import ids
from engine.network import NetworkMove
from engine.tiles import Tile

Button = discord.ui.Button[discord.ui.View]
Select = discord.ui.Select[discord.ui.View]

MAX_OPTIONS = 25
"""Discord's limit of options in one select menu."""


class ControlHandlers(Protocol):
    """What the controls call; implemented by :class:`bot.handlers.Handlers`."""

    async def lobby_button(
        self, interaction: discord.Interaction[Any], table_id: int, action: ids.LobbyAction
    ) -> None: ...

    async def show_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None: ...

    async def choose_tile(
        self, interaction: discord.Interaction[Any], table_id: int, turn: int, tile: str
    ) -> None: ...

    async def play(
        self, interaction: discord.Interaction[Any], table_id: int, turn: int, notation: str
    ) -> None: ...


class _HasHandlers(Protocol):
    handlers: ControlHandlers


def handlers_of(interaction: discord.Interaction[Any]) -> ControlHandlers:
    return cast(_HasHandlers, interaction.client).handlers


_LOBBY_LOOK: dict[ids.LobbyAction, tuple[str, discord.ButtonStyle]] = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "computer": ("Add computer", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
}


class LobbyButton(discord.ui.DynamicItem[Button], template=ids.LOBBY_TEMPLATE):
    """Join, Leave, Add computer or Start on a lobby message."""

    def __init__(self, table_id: int, action: ids.LobbyAction) -> None:
        label, style = _LOBBY_LOOK[action]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=ids.lobby_id(table_id, action))
        )
        self.table_id = table_id
        self.action: ids.LobbyAction = action

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(int(match["table"]), cast(ids.LobbyAction, match["action"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers_of(interaction).lobby_button(interaction, self.table_id, self.action)


class ShowHandButton(discord.ui.DynamicItem[Button], template=ids.SHOW_HAND_TEMPLATE):
    """On the table message: shows the clicking player their hand and controls, privately."""

    def __init__(self, table_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Show hand",
                emoji="🁢",
                style=discord.ButtonStyle.primary,
                custom_id=ids.show_hand_id(table_id),
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers_of(interaction).show_hand(interaction, self.table_id)


class TileSelect(discord.ui.DynamicItem[Select], template=ids.TILE_TEMPLATE):
    """Pick a tile from your hand to see where it can go (playable tiles first)."""

    def __init__(
        self,
        table_id: int,
        turn: int,
        tiles: list[Tile] | None = None,
        playable: list[Tile] | None = None,
        chosen: Tile | None = None,
    ) -> None:
        fits = playable or []
        ordered = fits + [tile for tile in tiles or [] if tile not in fits]
        options = [
            discord.SelectOption(
                label=tile.name,
                value=tile.name,
                description=None if tile in fits else "Nowhere to play it now",
                default=tile == chosen,
            )
            for tile in ordered[:MAX_OPTIONS]
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=ids.tile_id(table_id, turn),
                placeholder="Choose a tile to play",
                options=options,
                row=0,
            )
        )
        self.table_id = table_id
        self.turn = turn

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(int(match["table"]), int(match["turn"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        value = self.item.values[0] if self.item.values else ""
        await handlers_of(interaction).choose_tile(interaction, self.table_id, self.turn, value)


class PlacementSelect(discord.ui.DynamicItem[Select], template=ids.PLACE_TEMPLATE):
    """Pick a numbered placement from the candidate picture (values are move notation)."""

    def __init__(
        self,
        table_id: int,
        turn: int,
        part: int,
        moves: list[tuple[int, NetworkMove]] | None = None,
        placeholder: str = "Choose where to play it",
    ) -> None:
        options = [
            discord.SelectOption(label=f"{number}. {move}", value=str(move))
            for number, move in (moves or [])[:MAX_OPTIONS]
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=ids.place_id(table_id, turn, part),
                placeholder=placeholder,
                options=options,
                row=1 + part,
            )
        )
        self.table_id = table_id
        self.turn = turn

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(int(match["table"]), int(match["turn"]), int(match["part"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        value = self.item.values[0] if self.item.values else ""
        await handlers_of(interaction).play(interaction, self.table_id, self.turn, value)


class PassButton(discord.ui.DynamicItem[Button], template=ids.PASS_TEMPLATE):
    """Pass this turn."""

    def __init__(self, table_id: int, turn: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Pass",
                style=discord.ButtonStyle.secondary,
                custom_id=ids.pass_id(table_id, turn),
                row=4,
            )
        )
        self.table_id = table_id
        self.turn = turn

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(int(match["table"]), int(match["turn"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handlers_of(interaction).play(interaction, self.table_id, self.turn, "pass")


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    ShowHandButton,
    TileSelect,
    PlacementSelect,
    PassButton,
)
"""Registered with ``Client.add_dynamic_items`` at start-up."""
