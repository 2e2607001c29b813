"""A finished match as the standings record it: a result line per seat, and how each
figure combines across matches.

Pure: the service commits these lines with the match's final state.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from bot.store import SeatResult, TableRecord
from bot.tables.meta import TableMeta
from engine.match import Match
from engine.registry import game_spec
from engine.spec import GameSpec

DRAWN_STAT: Final = "drawn"
"""The standings figure every win-loss game keeps beside played and won: drawn matches."""
HINTS_STAT: Final = "hints"
"""A standings figure of every game: the hints a player asked for (summed over matches)."""


def result_lines(record: TableRecord, match: Match) -> tuple[list[SeatResult], dict[str, str]]:
    """Each seat's line (total and standings figures) and each figure's way to combine."""
    spec = game_spec(record.game)
    lines = [
        SeatResult(
            seat=index,
            user_id=seat.user_id,
            name=seat.name,
            is_bot=seat.is_bot,
            total=match.totals[index],
            stats=_match_stats(spec, match, index),
        )
        for index, seat in enumerate(record.seats)
    ]
    combine = {stat.name: stat.combine for stat in spec.stats}
    hints = TableMeta.from_json(record.meta).hints
    if hints:
        lines = [
            replace(line, stats={**line.stats, HINTS_STAT: hints.get(line.seat, 0)})
            for line in lines
        ]
        combine[HINTS_STAT] = "sum"
    if spec.utility == "win-loss":
        drawn = int(match.outcome is not None and match.outcome.is_draw)
        lines = [replace(line, stats={**line.stats, DRAWN_STAT: drawn}) for line in lines]
        combine[DRAWN_STAT] = "sum"
    return lines, combine


def _match_stats(spec: GameSpec, match: Match, seat: int) -> dict[str, int]:
    """The seat's per-game standings figures over every hand of the match."""
    stats: dict[str, int] = {}
    for result in match.results:
        figures = result.stats[seat] if seat < len(result.stats) else {}
        for stat in spec.stats:
            value = int(figures.get(stat.name, 0))
            stats[stat.name] = stat.merge(stats[stat.name], value) if stat.name in stats else value
    return stats
