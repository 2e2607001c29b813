"""A tournament's standings and their tie-breaks, from its finished rounds. Pure.

Two seats (chess's order): points (a win 1, a draw ½, a bye 1), then Buchholz (the sum of
one's opponents' points), then Sonneborn–Berger (each opponent's points times what one took
from them), then the direct encounter (points taken from the others still tied). More
seats: match points (players beaten at one's tables, half for a tie), then game points (the
scores one made), then opponents' points (the match points of everyone one sat with).
Whatever is still tied keeps the entrants' seed order (the league rating's).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from bot.tournaments.rounds import PlayedRound, PlayerId


@dataclass(frozen=True, slots=True)
class Standing:
    """One entrant's line: their place (1 first) and each figure the order went by."""

    place: int
    player: PlayerId
    points: float
    tiebreaks: tuple[float, ...]
    """Buchholz, Sonneborn–Berger, direct encounter (two seats); or game points and
    opponents' points (more seats)."""


TWO_SEAT_TIEBREAKS: Final = ("Buchholz", "Sonneborn–Berger", "direct encounter")
TABLE_TIEBREAKS: Final = ("game points", "opponents' points")
BYE_POINTS: Final = 1.0
"""What a two-seat bye is worth: a win."""


def standings(
    entrants: Sequence[PlayerId], rounds: Sequence[PlayedRound], *, seats: int
) -> list[Standing]:
    """Everyone in ``entrants`` (seed order, best first), placed by the tournament's order."""
    points: dict[PlayerId, float] = dict.fromkeys(entrants, 0.0)
    game: dict[PlayerId, float] = dict.fromkeys(entrants, 0.0)
    met: dict[PlayerId, list[tuple[PlayerId, float]]] = defaultdict(list)
    """Each player's opponents, one entry a game, with what the player took from it."""
    for played in rounds:
        for table in played:
            if len(table.players) == 1:
                points[table.players[0]] = points.get(table.players[0], 0.0) + BYE_POINTS
                continue
            for index, player in enumerate(table.players):
                points[player] = points.get(player, 0.0) + table.match_points[index]
                game[player] = game.get(player, 0.0) + table.game_points_of(index)
                for other_index, other in enumerate(table.players):
                    if other != player:
                        taken = _taken(table.match_points[index], table.match_points[other_index])
                        met[player].append((other, taken))
    seed = {player: index for index, player in enumerate(entrants)}
    figures: dict[PlayerId, tuple[float, ...]]
    if seats == 2:
        buchholz = {p: sum(points.get(o, 0.0) for o, _ in met[p]) for p in entrants}
        berger = {p: sum(points.get(o, 0.0) * taken for o, taken in met[p]) for p in entrants}
        keys = {p: (points[p], buchholz[p], berger[p]) for p in entrants}
        direct = _direct_encounter(entrants, keys, met)
        figures = {p: (buchholz[p], berger[p], direct[p]) for p in entrants}
    else:
        opponents = {p: sum(points.get(o, 0.0) for o, _ in met[p]) for p in entrants}
        figures = {p: (game[p], opponents[p]) for p in entrants}
    order = sorted(entrants, key=lambda p: (-points[p], *(-f for f in figures[p]), seed[p]))
    return [
        Standing(place, player, points[player], figures[player])
        for place, player in enumerate(order, start=1)
    ]


def _taken(mine: float, theirs: float) -> float:
    """What a player took from one opponent at a table: 1 beaten, ½ tied, 0 behind."""
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def _direct_encounter(
    entrants: Sequence[PlayerId],
    keys: dict[PlayerId, tuple[float, float, float]],
    met: dict[PlayerId, list[tuple[PlayerId, float]]],
) -> dict[PlayerId, float]:
    """Within each group still tied on the other figures, the points each took from the
    rest of the group (0 for a player tied with nobody)."""
    groups: dict[tuple[float, float, float], set[PlayerId]] = defaultdict(set)
    for player in entrants:
        groups[keys[player]].add(player)
    direct = dict.fromkeys(entrants, 0.0)
    for group in groups.values():
        if len(group) > 1:
            for player in group:
                direct[player] = sum(taken for other, taken in met[player] if other in group)
    return direct
