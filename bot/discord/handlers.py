"""The one entry for what each button, menu and slash command does: :class:`Handlers`,
composed of the handlers for each thing a player does (see :mod:`bot.discord.answering`
for how every one of them answers)."""

from __future__ import annotations

from bot.discord.answering import Desk
from bot.discord.lobby import LobbyHandlers
from bot.discord.looking import LookHandlers
from bot.discord.restarts import Restarts
from bot.discord.suggestions import MoveSuggestions
from bot.discord.turns import TurnHandlers


class Handlers(Desk):
    """Interaction logic shared by the dynamic controls and the slash commands: the shared
    desk, with each part's entry points on it under their own names."""

    def __post_init__(self) -> None:
        lobby = LobbyHandlers(self)
        self.create = lobby.create
        self.lobby_button = lobby.lobby_button
        self.join_here = lobby.join_here
        self.cancel_here = lobby.cancel_here
        self.expire_lobby = lobby.expire_lobby

        turns = TurnHandlers(self)
        self.choose_subject = turns.choose_subject
        self.play = turns.play
        self.play_here = turns.play_here
        self.turn_expired = turns.turn_expired
        self.autocomplete_moves = MoveSuggestions(self).autocomplete_moves

        looking = LookHandlers(self)
        self.show_hand = looking.show_hand
        self.hand_here = looking.hand_here
        self.turn_page = looking.turn_page
        self.hint = looking.hint
        self.hint_here = looking.hint_here
        self.status_here = looking.status_here
        self.replay = looking.replay

        restarts = Restarts(self)
        self.restore = restarts.restore
        self.republish = restarts.republish
