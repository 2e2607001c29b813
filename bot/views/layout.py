"""The table message as a Components V2 layout: one container holding the picture, its
text twin under it, and the controls.

The text twin says in words what the picture shows (whose turn, the scores, what lies on
the table, the latest plays), so a screen reader and a notification preview get the table
too. A V2 message carries no ``content``: everything it says is in its text displays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import discord
from discord import ui

TEXT_LIMIT: Final = 4000
"""Discord's limit on the characters of all text displays of one message together."""
ROW_WIDTH: Final = 5
"""Buttons in one action row (a select menu fills a row on its own)."""


def table_layout(
    text: str,
    files: Sequence[discord.File] = (),
    controls: discord.ui.View | None = None,
    *,
    note: str | None = None,
) -> ui.LayoutView:
    """One container: each picture in a media gallery (its alt text as the item's
    description), ``text`` under it, ``note`` (a turn reminder) below that, then the
    controls of ``controls`` in action rows, keeping their rows."""
    container: ui.Container[ui.LayoutView] = ui.Container()
    if files:
        gallery: ui.MediaGallery[ui.LayoutView] = ui.MediaGallery()
        for file in files:
            gallery.add_item(media=file.uri, description=file.description or None)
        container.add_item(gallery)
    texts = [part for part in (text, note) if part]
    for part, budget in zip(texts, _budgets(texts), strict=True):
        container.add_item(ui.TextDisplay(_clip(part, budget)))
    for row in control_rows(controls):
        container.add_item(ui.ActionRow(*row))
    view = ui.LayoutView(timeout=None)
    view.add_item(container)
    return view


def control_rows(controls: discord.ui.View | None) -> list[list[ui.Item[Any]]]:
    """The controls of a classic view in their rows (items without a row fill rows of
    five in order), so builders stay shared by DMs and the table message."""
    if controls is None:
        return []
    rows: dict[int, list[ui.Item[Any]]] = {}
    loose: list[ui.Item[Any]] = []
    for item in controls.children:
        if item.row is None:
            loose.append(item)
        else:
            rows.setdefault(item.row, []).append(item)
    ordered = [rows[row] for row in sorted(rows)]
    ordered += [loose[start : start + ROW_WIDTH] for start in range(0, len(loose), ROW_WIDTH)]
    return ordered


def _budgets(texts: Sequence[str]) -> list[int]:
    """How many characters each text may keep: later texts (a short reminder) first,
    the table's own text the rest, so the total stays within Discord's limit."""
    budgets = [0] * len(texts)
    left = TEXT_LIMIT
    for index in range(len(texts) - 1, -1, -1):
        budgets[index] = left if index == 0 else min(len(texts[index]), left // 2)
        left -= budgets[index]
    return budgets


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
