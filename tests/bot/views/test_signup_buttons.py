"""A tournament's sign-up buttons: their ids name the tournament and the action, read
back by the one dynamic control and handed to the tournament handler; labels in the
tournament's language."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from bot.views import ids
from bot.views.builders import signup_view
from bot.views.components import Control
from i18n import Text


def test_a_sign_up_id_names_its_tournament_and_action() -> None:
    for action in ("join", "leave", "start"):
        made = ids.tournament_id(42, action)  # type: ignore[arg-type]
        assert made == f"dt:42:tour:{action}"
        assert ids.parse(made) == ids.ControlId(42, "tour", None, action)
    for forged in ("dt:42:tour:cancel", "dt:42:tour", "dt:x:tour:join", "dt:42:tour:join:1"):
        assert ids.parse(forged) is None


def test_the_sign_up_buttons_speak_the_tournaments_language() -> None:
    view = signup_view(9, text=Text("de"))
    shown = [(c.item.label, c.item.custom_id) for c in view.children if isinstance(c, Control)]
    assert shown == [
        ("Beitreten", "dt:9:tour:join"),
        ("Verlassen", "dt:9:tour:leave"),
        ("Starten", "dt:9:tour:start"),
    ]


async def test_a_click_reaches_the_tournament_handler() -> None:
    calls: list[tuple[int, str]] = []

    class Handlers:
        async def tournament_button(
            self, interaction: Any, tournament_id: int, action: str
        ) -> None:
            calls.append((tournament_id, action))

    interaction: Any = SimpleNamespace(client=SimpleNamespace(handlers=Handlers()))
    button: discord.ui.Button[discord.ui.View] = discord.ui.Button(custom_id="dt:3:tour:leave")
    await Control(button, ids.parse("dt:3:tour:leave")).callback(interaction)
    assert calls == [(3, "leave")]
