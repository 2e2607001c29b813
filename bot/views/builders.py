"""Views (rows of controls) for each kind of message the bot sends, for any game.

A player's controls are data from the game's adapter (:class:`~bot.games.base.Controls`):
a menu of subjects (tiles, pieces) paged by 25, menus of numbered targets for the chosen
subject, and action buttons (Pass, Draw).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

import discord

from bot.games.base import Controls, Subject, Target
from bot.games.words import Words
from bot.views import ids
from bot.views.components import MAX_OPTIONS, Control, button, select
from bot.views.layout import ROW_WIDTH
from i18n import N_, Text

ENGLISH: Final = Text()

TARGET_ROWS: Final = 3
"""Rows 1–3 hold target menus (row 0: subjects, row 4: buttons): up to 75 targets."""
MAX_TARGETS: Final = TARGET_ROWS * MAX_OPTIONS

_LOBBY_LOOK: Final[dict[ids.LobbyAction, tuple[str, discord.ButtonStyle]]] = {
    "join": (N_("Join"), discord.ButtonStyle.success),
    "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    "start": (N_("Start"), discord.ButtonStyle.primary),
}
LEVEL_LOOK: Final[dict[str, tuple[str, str]]] = {
    "easy": (N_("Easy computer"), N_("Plays any legal move: a beginner can beat it")),
    "normal": (N_("Normal computer"), N_("A good greedy player")),
    "hard": (N_("Hard computer"), N_("Searches the tiles it cannot see")),
}
"""How each computer level reads in the lobby's Add computer menu."""


def _view() -> discord.ui.View:
    return discord.ui.View(timeout=None)


def lobby_view(
    table_id: int,
    levels: Sequence[str],
    notes: Mapping[str, str] | None = None,
    *,
    challenge: bool = False,
    named: bool = False,
    text: Text = ENGLISH,
) -> discord.ui.View:
    """Join, Leave and Start, and a menu that seats a computer at the level picked
    (``notes``: the game's own words for a level). A ``challenge`` (a two-player table)
    has Accept instead of Join and no Start: accepting starts the game; a challenge
    ``named`` for one person also has Decline. Labels in ``text``'s language (the
    table's: the lobby is public)."""
    view = _view()
    notes = notes or {}
    _ = text._
    if challenge:
        view.add_item(
            button(
                ids.lobby_id(table_id, "accept"), _("Accept"), discord.ButtonStyle.success, row=0
            )
        )
        if named:
            view.add_item(
                button(
                    ids.lobby_id(table_id, "decline"),
                    _("Decline"),
                    discord.ButtonStyle.danger,
                    row=0,
                )
            )
        label, style = _LOBBY_LOOK["leave"]
        view.add_item(button(ids.lobby_id(table_id, "leave"), _("Withdraw"), style, row=0))
    else:
        for action, (label, style) in _LOBBY_LOOK.items():
            view.add_item(button(ids.lobby_id(table_id, action), _(label), style, row=0))
    options = [
        discord.SelectOption(
            label=_level_label(text, level),
            value=level,
            description=_level_note(text, level, notes),
        )
        for level in levels
    ]
    view.add_item(
        select(ids.lobby_id(table_id, "computer"), _("Add a computer player…"), options, row=1)
    )
    return view


def _level_label(text: Text, level: str) -> str:
    look = LEVEL_LOOK.get(level)
    if look is None:
        return text._("{level} computer", level=level.title())
    return text._(look[0])


def _level_note(text: Text, level: str, notes: Mapping[str, str]) -> str | None:
    note = notes.get(level) or LEVEL_LOOK.get(level, ("", ""))[1]
    return text._(note) if note else None


def finished_view(table_id: int, text: Text = ENGLISH) -> discord.ui.View:
    """A finished match's table: a Rematch button for its players."""
    view = _view()
    view.add_item(
        button(
            ids.lobby_id(table_id, "rematch"),
            text._("Rematch"),
            discord.ButtonStyle.success,
            emoji="🔁",
        )
    )
    return view


def table_view(
    table_id: int, words: Words, text: Text = ENGLISH, *, activity: bool = False
) -> discord.ui.View:
    """The running table's buttons: a seat's private controls (its hand, or the board),
    and, where the bot offers the ``activity``, Play here, which opens the table inside
    Discord for whoever presses it."""
    view = _view()
    view.add_item(
        button(
            ids.show_hand_id(table_id),
            text._(words.show_button),
            discord.ButtonStyle.primary,
            emoji=words.show_emoji,
        )
    )
    if activity:
        view.add_item(
            button(
                ids.launch_id(table_id),
                text._("Play here"),
                discord.ButtonStyle.success,
                emoji="🎮",
            )
        )
    return view


def browser_button(table_id: int, text: Text = ENGLISH, *, row: int | None = None) -> Control:
    """Open in browser: a fresh personal link to the table's page, answered privately."""
    return button(
        ids.web_id(table_id),
        text._("Open in browser"),
        discord.ButtonStyle.secondary,
        row=row,
        emoji="🌐",
    )


def browser_view(table_id: int, text: Text = ENGLISH) -> discord.ui.View:
    """A hand shown off turn: no move to make, but the page is a tap away."""
    view = _view()
    view.add_item(browser_button(table_id, text))
    return view


def page_count(subjects: Sequence[Subject]) -> int:
    return max(1, -(-len(subjects) // MAX_OPTIONS))


def page_of(subjects: Sequence[Subject], key: str | None) -> int:
    """The page that lists ``key`` (the first page if it is not listed)."""
    for index, subject in enumerate(subjects):
        if subject.key == key:
            return index // MAX_OPTIONS
    return 0


def controls_view(
    table_id: int,
    turn: int,
    controls: Controls,
    *,
    chosen: str | None = None,
    targets: Sequence[Target] = (),
    page: int | None = None,
    hint: bool = False,
    browser: bool = False,
    show_places: str | None = None,
    text: Text = ENGLISH,
) -> discord.ui.View | None:
    """The subject menu (when something is playable), numbered target menus for the chosen
    subject, action buttons, page buttons when the subjects fill more than one menu, a
    Hint button at tables that allow hints, and Open in browser where the bot gives
    links to the table's page (at most one action, two pages, Hint and it: one row).
    ``show_places``: the chosen subject, whose places are in the menus but not yet on a
    picture: a button first in that row shows them, when the row has room for it."""
    view = _view()
    subjects = controls.subjects
    pages = page_count(subjects)
    shown = page_of(subjects, chosen) if page is None else max(0, min(page, pages - 1))
    if any(subject.playable for subject in subjects):
        chunk = subjects[shown * MAX_OPTIONS : (shown + 1) * MAX_OPTIONS]
        options = [
            discord.SelectOption(
                label=subject.label,
                value=subject.key,
                description=subject.note,
                default=subject.key == chosen,
            )
            for subject in chunk
        ]
        placeholder = _subject_prompt(text, controls.noun, shown, pages)
        view.add_item(select(ids.subject_id(table_id, turn, shown), placeholder, options, row=0))
    numbered = list(targets)[:MAX_TARGETS]
    for part in range(TARGET_ROWS):
        chunk_targets = numbered[part * MAX_OPTIONS : (part + 1) * MAX_OPTIONS]
        if not chunk_targets:
            break
        first, last = part * MAX_OPTIONS + 1, part * MAX_OPTIONS + len(chunk_targets)
        where = controls.where
        placeholder = where if len(numbered) <= MAX_OPTIONS else f"{where} ({first}–{last})"
        options = [
            discord.SelectOption(label=target.label[:100], value=target.move)
            for target in chunk_targets
        ]
        view.add_item(
            select(ids.target_id(table_id, turn, part), placeholder, options, row=1 + part)
        )
    buttons: list[Control] = []
    pieces = controls.noun == "piece"
    if pages > 1 and any(subject.playable for subject in subjects):
        if shown > 0:
            back = (
                text._("◀ Pieces page {page}", page=shown)
                if pieces
                else text._("◀ Tiles page {page}", page=shown)
            )
            buttons.append(
                button(
                    ids.page_id(table_id, turn, shown - 1),
                    back,
                    discord.ButtonStyle.secondary,
                    row=4,
                )
            )
        if shown < pages - 1:
            on = (
                text._("Pieces page {page} ▶", page=shown + 2)
                if pieces
                else text._("Tiles page {page} ▶", page=shown + 2)
            )
            buttons.append(
                button(
                    ids.page_id(table_id, turn, shown + 1),
                    on,
                    discord.ButtonStyle.secondary,
                    row=4,
                )
            )
    for action in controls.actions:
        buttons.append(
            button(
                ids.action_id(table_id, turn, action.move),
                action.label,
                discord.ButtonStyle.primary
                if action.move != "pass"
                else discord.ButtonStyle.secondary,
                row=4,
            )
        )
    if hint:
        buttons.append(
            button(
                ids.hint_id(table_id, turn),
                text._("Hint"),
                discord.ButtonStyle.secondary,
                row=4,
                emoji="💡",
            )
        )
    if browser:
        buttons.append(browser_button(table_id, text, row=4))
    places = None if show_places is None else ids.show_places_id(table_id, turn, show_places)
    if places is not None and len(buttons) < ROW_WIDTH:
        label = text._("Show where {subject} goes", subject=show_places)
        buttons.insert(0, button(places, label, discord.ButtonStyle.success, row=4, emoji="🔍"))
    for item in buttons:
        view.add_item(item)
    return view if view.children else None


def offers_places(view: discord.ui.View | None) -> bool:
    """Whether ``view`` has the button that shows the chosen subject's places."""
    children = [] if view is None else view.children
    return any(isinstance(c, Control) and c.control and c.control.kind == "show" for c in children)


def _subject_prompt(text: Text, noun: str, shown: int, pages: int) -> str:
    """The subject menu's placeholder: "Choose a tile to play", "Choose a piece (page 2
    of 3)"."""
    if noun == "piece":
        if pages == 1:
            return text._("Choose a piece to play")
        return text._("Choose a piece (page {page} of {pages})", page=shown + 1, pages=pages)
    if pages == 1:
        return text._("Choose a tile to play")
    return text._("Choose a tile (page {page} of {pages})", page=shown + 1, pages=pages)


def signup_view(tournament_id: int, *, text: Text = ENGLISH) -> discord.ui.View:
    """A tournament's sign-up buttons: Join, Leave and Start (the organizer's), labelled
    in the tournament's language (the message is public)."""
    view = _view()
    buttons: tuple[tuple[ids.TournamentAction, str, discord.ButtonStyle], ...] = (
        ("join", text._("Join"), discord.ButtonStyle.success),
        ("leave", text._("Leave"), discord.ButtonStyle.secondary),
        ("start", text._("Start"), discord.ButtonStyle.primary),
    )
    for action, label, style in buttons:
        view.add_item(button(ids.tournament_id(tournament_id, action), label, style, row=0))
    return view
