"""The one entry for what each button, menu and slash command does: :class:`Handlers`,
made of the handlers for each thing a player does (see :mod:`bot.discord.answering` for
how every one of them answers)."""

from __future__ import annotations

from bot.discord.listing import ListHandlers
from bot.discord.lobby import LobbyHandlers
from bot.discord.looking import LookHandlers
from bot.discord.restarts import Restarts
from bot.discord.suggestions import MoveSuggestions
from bot.discord.tournaments import TournamentHandlers
from bot.discord.turns import TurnHandlers
from bot.discord.web_page import WebPageHandlers


class Handlers(
    LobbyHandlers,
    TurnHandlers,
    LookHandlers,
    ListHandlers,
    MoveSuggestions,
    Restarts,
    WebPageHandlers,
    TournamentHandlers,
):
    """Interaction logic shared by the dynamic controls and the slash commands: every
    part's entry points on one object, sharing one :class:`~bot.discord.answering.Desk`
    (the parts share no other state and no method names)."""
