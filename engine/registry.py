"""Every game the bot plays, registered explicitly (like OpenSpiel's ``register_game``).

Adding a game is one entry in :data:`GAMES`; everything generic (the match, the bot, the
conformance tests) finds the game here by the name stored with its tables and hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine import classic, fido, network, sackson
from engine.game import HandState
from engine.spec import GameSpec, MatchFormat

GAMES: Final[dict[str, GameSpec]] = {
    spec.name: spec for spec in (network.SPEC, *classic.SPECS, fido.SPEC, sackson.SPEC)
}


def game_spec(name: str) -> GameSpec:
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}") from None


def hand_class(name: str) -> type[HandState[Any]]:
    return game_spec(name).hand_class


def match_format(name: str) -> MatchFormat:
    return game_spec(name).match


def hand_from_json(data: Mapping[str, Any]) -> HandState[Any]:
    return hand_class(str(data["game"])).from_json(data)


def families() -> dict[str, list[GameSpec]]:
    """Games grouped by slash-command family, in registry order."""
    grouped: dict[str, list[GameSpec]] = {}
    for spec in GAMES.values():
        grouped.setdefault(spec.family, []).append(spec)
    return grouped
