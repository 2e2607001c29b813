"""The tournament service: the one entry the Discord layer uses for tournaments.

It knows nothing about Discord. Its parts each do one thing on a shared core
(:mod:`bot.tournaments.core`: the store, the table service, the versioned write):
sign-up and the organizer's changes (:mod:`bot.tournaments.signup`) over the rounds
that run themselves (:mod:`bot.tournaments.progress`). Made with the table service, it
listens to it (:class:`bot.tournaments.core.TournamentCore` subscribes), so a round moves
on when its last table closes.
"""

from __future__ import annotations

from bot.tournaments.signup import TournamentSignup


class TournamentService(TournamentSignup):
    """Tournaments from sign-up to final standings, backed by the store."""
