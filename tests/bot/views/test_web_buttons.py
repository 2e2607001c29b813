"""The buttons to a table's page and its Activity: their ids, and where they sit."""

from __future__ import annotations

import discord

from bot.games.base import Action, Controls, Subject
from bot.games.words import words_for
from bot.views import ids
from bot.views.builders import browser_view, controls_view, offers_places, table_view
from engine.registry import game_spec
from i18n import Text


def buttons(view: discord.ui.View) -> list[discord.ui.Button[discord.ui.View]]:
    """The view's buttons (each control wraps its button)."""
    items = [getattr(child, "item", child) for child in view.children]
    return [item for item in items if isinstance(item, discord.ui.Button)]


def test_the_web_and_launch_ids_name_their_table_and_nothing_else() -> None:
    assert ids.web_id(12) == "dt:12:web"
    assert ids.parse(ids.web_id(12)) == ids.ControlId(12, "web")
    assert ids.parse(ids.launch_id(7)) == ids.ControlId(7, "launch")
    for forged in ("dt:12:web:3", "dt:12:webs", "dt:x:web", "dt:12:launch:play"):
        assert ids.parse(forged) is None


def test_open_in_browser_fits_the_button_row_beside_every_other_button() -> None:
    subjects = tuple(Subject(f"{n // 7}-{n % 7}", str(n), playable=True) for n in range(60))
    controls = Controls(subjects, (Action("draw", "Draw", primary=True),), "Your turn")
    view = controls_view(12, 4, controls, page=1, hint=True, browser=True, text=Text("de"))
    assert view is not None
    row = [b for b in buttons(view) if b.row == 4]
    assert len(row) == 5  # Discord's most in one row
    assert row[-1].label == "Im Browser öffnen" and row[-1].custom_id == "dt:12:web"
    without = controls_view(12, 4, controls, page=1, hint=True)
    assert without is not None and all(b.custom_id != "dt:12:web" for b in buttons(without))


def test_show_places_leads_the_button_row_when_it_has_room() -> None:
    """The chosen tile's places are in the menus; the button that draws them comes first
    in the row, in the reader's language, and gives way when the row is full."""
    subjects = (Subject("6-4", "6-4", playable=True), Subject("2-1", "2-1", playable=True))
    controls = Controls(subjects, (Action("pass", "Pass"),), "Your turn")
    view = controls_view(12, 4, controls, chosen="6-4", hint=True, show_places="6-4")
    assert view is not None and offers_places(view)
    row = [b for b in buttons(view) if b.row == 4]
    assert [b.label for b in row] == ["Show where 6-4 goes", "Pass", "Hint"]
    assert ids.parse(str(row[0].custom_id)) == ids.ControlId(12, "show", 4, "6-4")
    german = controls_view(12, 4, controls, chosen="6-4", show_places="6-4", text=Text("de"))
    assert german is not None and buttons(german)[0].label == "Zeigen, wohin 6-4 passt"
    assert not offers_places(controls_view(12, 4, controls, chosen="6-4"))
    many = tuple(Subject(f"{n // 7}-{n % 7}", str(n), playable=True) for n in range(60))
    full = Controls(many, (Action("draw", "Draw", primary=True),), "Your turn")
    crowded = controls_view(12, 4, full, page=1, hint=True, browser=True, show_places="0-1")
    assert crowded is not None and not offers_places(crowded)
    assert len([b for b in buttons(crowded) if b.row == 4]) == 5


def test_play_here_sits_on_the_table_message_only_with_the_activity() -> None:
    words = words_for(game_spec("all-fives"))
    assert [b.label for b in buttons(table_view(3, words))] == ["Show hand"]
    shown = buttons(table_view(3, words, Text("es"), activity=True))
    assert [b.label for b in shown][1:] == ["Jugar aquí"]
    assert shown[1].custom_id == ids.launch_id(3)
    [alone] = buttons(browser_view(3))
    assert (alone.label, alone.custom_id) == ("Open in browser", "dt:3:web")
