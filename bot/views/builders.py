"""Views (rows of controls) for each kind of message the bot sends."""

from __future__ import annotations

import discord

from bot.views import ids
from bot.views.components import (
    MAX_OPTIONS,
    LobbyButton,
    PassButton,
    PlacementSelect,
    ShowHandButton,
    TileSelect,
)
from engine.network import NetworkMove
from engine.tiles import Tile

PLACEMENT_ROWS = 3
"""Rows 1–3 hold placement menus (row 0: tiles, row 4: Pass): up to 75 numbered places."""


def _view() -> discord.ui.View:
    return discord.ui.View(timeout=None)


def lobby_view(table_id: int) -> discord.ui.View:
    view = _view()
    for action in ids.LOBBY_ACTIONS:
        view.add_item(LobbyButton(table_id, action))
    return view


def table_view(table_id: int) -> discord.ui.View:
    view = _view()
    view.add_item(ShowHandButton(table_id))
    return view


def controls_view(
    table_id: int,
    turn: int,
    tiles: list[Tile],
    playable: list[Tile],
    *,
    can_pass: bool,
    chosen: Tile | None = None,
    moves: list[NetworkMove] | None = None,
) -> discord.ui.View | None:
    """Tile menu (shown when something fits), numbered placement menus for the chosen
    tile, and Pass."""
    view = _view()
    if playable:
        view.add_item(TileSelect(table_id, turn, tiles, playable, chosen))
    numbered = list(enumerate(moves or [], start=1))
    for part in range(PLACEMENT_ROWS):
        chunk = numbered[part * MAX_OPTIONS : (part + 1) * MAX_OPTIONS]
        if not chunk:
            break
        placeholder = (
            "Choose where to play it"
            if len(numbered) <= MAX_OPTIONS
            else f"Choose where to play it ({chunk[0][0]}–{chunk[-1][0]})"
        )
        view.add_item(PlacementSelect(table_id, turn, part, chunk, placeholder))
    if can_pass:
        view.add_item(PassButton(table_id, turn))
    return view if view.children else None
