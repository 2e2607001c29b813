"""Which ways to a table beyond Discord's messages this bot offers, as buttons: its web
page (a personal link, "Open in browser") and the Discord Activity ("Play here").

Set once at start from the settings (:func:`offer`) and read wherever a message's controls
are built, in whichever process builds them (the bot, an interactions endpoint, a worker),
like the command ids of :mod:`bot.tables.commands`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Surfaces:
    browser: bool = False
    """Personal links to the table's page are given (WEB_SECRET is set)."""
    activity: bool = False
    """The table opens as an Activity inside Discord (the page, and an OAuth2 secret)."""


_offered = Surfaces()


def offer(surfaces: Surfaces) -> None:
    """What this process's controls offer from now on."""
    global _offered
    _offered = surfaces


def offered() -> Surfaces:
    return _offered
