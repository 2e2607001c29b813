"""The table service: the one entry through which players' requests become engine moves
and store commits.

It knows nothing about Discord. Its parts each do one thing on a shared core
(:mod:`bot.tables.core`: the store, a lock per table, loading and committing): lobbies,
challenges, tables that start seated, play and hints, timeouts and resuming, and computer
seats; listeners hear when a match is over. Every move is committed before the caller
answers the player. The names callers use beside the service
(its value types and record helpers) are importable from here too.
"""

from __future__ import annotations

from bot.tables.challenges import Challenges
from bot.tables.core import TableUpdate
from bot.tables.listeners import MatchOverListener
from bot.tables.play import Hint, Play, hint_move
from bot.tables.results import DRAWN_STAT, HINTS_STAT
from bot.tables.seated import SeatedTables
from bot.tables.seats import (
    Actor,
    PlayerSeat,
    load_match,
    player_on_turn_in,
    seat_names,
    seat_of,
    table_settings,
)
from bot.tables.timeouts import Timeouts

__all__ = [
    "DRAWN_STAT",
    "HINTS_STAT",
    "Actor",
    "Hint",
    "MatchOverListener",
    "PlayerSeat",
    "TableService",
    "TableUpdate",
    "hint_move",
    "load_match",
    "player_on_turn_in",
    "seat_names",
    "seat_of",
    "table_settings",
]


class TableService(Challenges, SeatedTables, Play, Timeouts):
    """Lobby management and play for every table, backed by the store."""
