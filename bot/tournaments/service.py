"""The tournament service: the one entry the Discord layer uses for tournaments.

It knows nothing about Discord. Its parts each do one thing on a shared core
(:mod:`bot.tournaments.core`: the store, the table service, the versioned write):
sign-up and the organizer's changes (:mod:`bot.tournaments.signup`) over the rounds
that run themselves (:mod:`bot.tournaments.progress`). Made with the table service, it
listens to it, so a round moves on when its last table closes.
"""

from __future__ import annotations

from bot.store import Clock, Store, utc_now
from bot.tables.service import TableService
from bot.tournaments.core import OpenPlace
from bot.tournaments.signup import TournamentSignup


class TournamentService(TournamentSignup):
    """Tournaments from sign-up to final standings, backed by the store."""

    def __init__(
        self,
        store: Store,
        tables: TableService,
        open_place: OpenPlace,
        *,
        clock: Clock = utc_now,
    ) -> None:
        super().__init__(store, tables, open_place, clock=clock)
        tables.on_match_over(self.table_over)
