"""How likely the other FIDO players' plays are in a world, and worlds drawn by it.

A player who lays a tile shows what it chose among the plays its hand allowed. Since its
last draw its hand is known in a world: the tiles the world deals it now and those it has
laid since. Most players take the points when they can (the normal and hard players
always do), so a play scoring little hints that nothing scoring more fitted. Each such
play is a choice among the hand's plays; a player of *sharpness* b makes a play with odds
exp(b × its points). Not knowing how sharp a player is, :class:`PlayModel` takes, per
seat, the mean likelihood over :data:`SHARPNESS` (0: plays at random ... 8: all but
always the most points), so each seat's plays show what kind of player made them, and a
player who ignores the points does not mislead the search.

:func:`likely_deals` draws a pool of deals that keep every hard fact of the history
(:class:`~engine.fido.inference.DealSampler`) and keeps a smaller number of them in
proportion to that likelihood (systematic resampling): a weighting, never a new fact, so
no deal it gives contradicts the history.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.fido.hand import FidoHand
from engine.fido.inference import DealSampler
from engine.line.crosswise import CrosswiseLine
from engine.tiles import Tile

SHARPNESS = (0.0, 0.5, 2.0, 8.0)
"""The sharpness levels the model mixes (per seat, equal prior weight)."""
POOL = 4
"""Deals drawn per deal kept."""
RECENT = 4
"""The most plays read per seat, its latest (so the model's cost stays bounded at big
tables, where a seat makes dozens of plays after the stock runs out)."""

Deal = tuple[list[list[Tile]], list[Tile]]
"""A hand per seat and the stock (:meth:`DealSampler.deal`)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """A play by ``seat`` since its last draw: it laid a tile scoring ``chosen`` when its
    hand was its present tiles plus ``later`` (laid since, this tile included);
    ``points[tile]``: what each play of a tile hidden now would have scored then."""

    seat: int
    later: tuple[Tile, ...]
    points: dict[Tile, tuple[int, ...]]
    chosen: int
    scoring: tuple[int, ...]
    """The points of the ``later`` tiles' scoring plays (held in every world)."""
    blank: int
    """How many plays of the ``later`` tiles scored nothing."""


def play_points(line: CrosswiseLine, game: FidoHand, tile: Tile) -> tuple[int, ...]:
    """What each legal play of ``tile`` on ``line`` would score (empty: it fits nowhere),
    under the table's Mother Theresa rule."""
    values, naked = line.values, line.naked
    mercy = game.options.mercy and not line.second_move
    high, low = tile
    found = []
    for end in line.open:
        value = values[end]
        if value != high and value != low:
            continue
        if mercy and naked[end] and (low if high == value else high) % game.divisor:
            continue
        found.append(game.points_for(line.total_if(tile, end)))
    return tuple(found)


class PlayModel:
    """The likelihood of the other seats' plays since their last draws (the ``recent``
    latest of each seat), per world."""

    def __init__(self, game: FidoHand, seat: int, recent: int = RECENT) -> None:
        options = game.options
        line = CrosswiseLine(options.crosswise, options.top)
        seen = set(game.hands[seat])
        plays: list[tuple[int, int, CrosswiseLine, Tile, int]] = []
        last_draw: dict[int, int] = {}
        for step, (who, text, _auto) in enumerate(game.history):
            if text in ("draw", "pass"):
                if text == "draw":
                    last_draw[who] = step
                continue
            move = game.parse_move(text)
            tile = move.tile
            assert tile is not None
            if line.lead is not None and who != seat:
                scored = game.points_for(line.total_if(tile, move.slot))
                plays.append((step, who, line.copy(), tile, scored))
            line.lay(tile, move.slot, who)
        laid_on = set(line.laid())
        hidden = [tile for tile in game.book.tiles if tile not in laid_on and tile not in seen]
        self.choices: list[Choice] = []
        later: dict[int, list[Tile]] = {}
        for step, who, before, tile, scored in reversed(plays):
            since = later.setdefault(who, [])
            since.append(tile)
            if step < last_draw.get(who, -1) or len(since) > recent:
                continue
            points = {held: play_points(before, game, held) for held in hidden}
            fixed = [score for held in since for score in play_points(before, game, held)]
            scoring = tuple(score for score in fixed if score)
            blank = len(fixed) - len(scoring)
            self.choices.append(Choice(who, tuple(since), points, scored, scoring, blank))
        self._parts: dict[tuple[int, ...], tuple[float, ...]] = {}

    @property
    def tells(self) -> bool:
        """Whether any play was a choice at all (else every world is as likely)."""
        return bool(self.choices)

    def log_likelihood(self, hands: Sequence[Sequence[Tile]]) -> float:
        """The log-likelihood of the plays in a world dealing ``hands`` (one per seat): per
        seat the log of the mean over :data:`SHARPNESS`, summed over seats."""
        totals: dict[int, list[float]] = {}
        parts_of = self._parts
        for choice in self.choices:
            scoring = list(choice.scoring)
            blank = choice.blank
            points = choice.points
            for tile in hands[choice.seat]:
                found = points.get(tile)
                if found:
                    for score in found:
                        if score:
                            scoring.append(score)
                        else:
                            blank += 1
            if len(scoring) + blank < 2:
                continue
            scoring.sort()
            key = (choice.chosen, blank, *scoring)
            parts = parts_of.get(key)
            if parts is None:
                parts = parts_of[key] = log_odds(scoring, blank, choice.chosen)
            seat_totals = totals.get(choice.seat)
            if seat_totals is None:
                totals[choice.seat] = list(parts)
            else:
                for index, part in enumerate(parts):
                    seat_totals[index] += part
        result = 0.0
        for seat_totals in totals.values():
            best = max(seat_totals)
            result += best + math.log(sum(math.exp(total - best) for total in seat_totals))
        return result


def log_odds(scoring: list[int], blank: int, chosen: int) -> tuple[float, ...]:
    """log P(the play scoring ``chosen`` among plays scoring ``scoring`` and ``blank``
    plays scoring nothing), per sharpness."""
    top = max(scoring, default=0)
    return tuple(
        sharpness * (chosen - top)
        - math.log(
            blank * math.exp(-sharpness * top)
            + sum(math.exp(sharpness * (score - top)) for score in scoring)
        )
        for sharpness in SHARPNESS
    )


def likely_deals(
    model: PlayModel, sampler: DealSampler, rng: random.Random, count: int, pool: int = POOL
) -> list[Deal]:
    """``count`` deals, drawn from ``pool`` times as many in proportion to how likely
    ``model`` finds the other seats' plays in each (systematic resampling)."""
    deals = [sampler.deal(rng) for _ in range(pool * count)]
    logs = [model.log_likelihood(hands) for hands, _ in deals]
    top = max(logs)
    weights = [math.exp(log - top) for log in logs]
    step = sum(weights) / count
    mark = rng.random() * step
    reached = 0.0
    chosen: list[Deal] = []
    for deal, weight in zip(deals, weights, strict=True):
        reached += weight
        while mark < reached and len(chosen) < count:
            chosen.append(deal)
            mark += step
    while len(chosen) < count:  # rounding at the very end
        chosen.append(deals[-1])
    rng.shuffle(chosen)
    return chosen
