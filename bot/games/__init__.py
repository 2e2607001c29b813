"""One adapter per game family, registered explicitly; generic code finds a table's
adapter from the game name stored with it."""

from __future__ import annotations

from typing import Final

from bot.games.base import GameAdapter
from bot.games.dominoes import DominoesAdapter
from bot.games.fido import FidoAdapter
from bot.games.network import NetworkAdapter
from bot.games.sackson import SacksonAdapter
from engine.registry import game_spec

ADAPTERS: Final[dict[str, GameAdapter]] = {
    adapter.family: adapter
    for adapter in (
        NetworkAdapter(),
        DominoesAdapter(),
        FidoAdapter(),
        SacksonAdapter(),
    )
}


def adapter_for(game: str) -> GameAdapter:
    """The adapter of the family ``game`` (a registry name) belongs to."""
    return ADAPTERS[game_spec(game).family]
