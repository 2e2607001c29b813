"""League ratings, replayed from the stored finished matches (never stored themselves).

Every finished match is a free-for-all: each human is a team of one, placed by the match's
result (the winner first, then the others by final total; equal totals share a place),
and openskill's Plackett–Luce model moves their skill estimate (μ, σ). The rating as of a
moment is the replay, from fresh estimates, of the results finished before it, in the
order they finished (time, then id): the same rows always give the same numbers, so the
rating can be rebuilt exactly at any time, from either store backend.

A game whose spec sets ``rating_fade_days`` counts only the results of those last days,
each with the weight ``1 − age / fade`` (one when fresh, zero when ``fade`` old). The
weight scales the whole update a result makes: μ moves that share of the way the model
would move it, and σ² likewise. openskill's own ``weights`` argument is no fit: it is a
player's share of a *team's* performance, rescaled within each team (a team of one always
gets the same weight) and dividing a loser's change by it (a faded loss would hurt more).

Computer seats are left out, as in the standings: dropping seats from a Plackett–Luce
ranking leaves the humans' order a Plackett–Luce ranking of its own, so the humans are
placed among themselves, and a match with fewer than two humans moves no rating.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from openskill.models import PlackettLuce

from bot.store import FinishedMatchRecord, SeatResult, Store
from engine.spec import GameSpec

MODEL: Final = PlackettLuce()
"""openskill's defaults: a new player is μ 25, σ 25/3; β 25/6; τ 25/300."""

CONFIDENCE: Final = 3.0
"""The shown rating is μ − 3σ: the skill the player is 99.7% sure to exceed, so a lucky
newcomer does not top the table before the results say so."""
DISPLAY_SCALE: Final = 20.0
DISPLAY_BASE: Final = 1000.0
"""Shown rating = 1000 + 20 × (μ − 3σ), rounded: a new player shows 1000."""


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """One player's skill estimate after the results that counted (``matches`` of them)."""

    user_id: int
    name: str
    mu: float
    sigma: float
    matches: int

    @property
    def display(self) -> int:
        """The rating people see: openskill's ordinal, μ − 3σ, on a readable scale."""
        conservative = MODEL.rating(mu=self.mu, sigma=self.sigma).ordinal(
            z=CONFIDENCE, alpha=DISPLAY_SCALE, target=DISPLAY_BASE
        )
        return round(conservative)


@dataclass(frozen=True, slots=True)
class Placing:
    """Where one human finished in a match: ``place`` 1 is first, equal places tie."""

    user_id: int
    name: str
    place: int


def placings(match: FinishedMatchRecord) -> list[Placing]:
    """The match's humans in finishing order: the recorded winner first, the others by
    final total (higher is better, equal totals share a place). A person holding several
    seats is placed by their best one."""

    def standing(line: SeatResult) -> tuple[int, int]:
        return (0 if line.seat == match.winner_seat else 1, -line.total)

    best: dict[int, SeatResult] = {}
    for line in match.result:
        if line.user_id is None or not line.counts_for_standings:
            continue
        held = best.get(line.user_id)
        if held is None or standing(line) < standing(held):
            best[line.user_id] = line
    keys = {user: standing(line) for user, line in best.items()}
    placed = [
        Placing(user, line.name, 1 + sum(other < keys[user] for other in keys.values()))
        for user, line in best.items()
    ]
    return sorted(placed, key=lambda p: (p.place, best[p.user_id].seat))


def result_weight(finished_at: datetime, as_of: datetime, fade_days: int | None) -> float:
    """How much a result counts in the rating as of ``as_of``: 1 for a game that never
    fades; else ``1 − age / fade``, down to 0 for a result ``fade_days`` old or older."""
    if fade_days is None:
        return 1.0
    age = as_of - finished_at
    fade = timedelta(days=fade_days)
    if age >= fade:
        return 0.0
    return 1.0 - age / fade


def replay(
    matches: Iterable[FinishedMatchRecord], *, as_of: datetime, fade_days: int | None = None
) -> dict[int, PlayerRating]:
    """Every rated player's rating as of ``as_of``, from ``matches`` in finishing order
    (those finished at or after ``as_of``, or faded to nothing, are skipped)."""
    ratings: dict[int, PlayerRating] = {}
    for match in matches:
        if match.finished_at >= as_of:
            continue
        weight = result_weight(match.finished_at, as_of, fade_days)
        placed = placings(match)
        if weight <= 0.0 or len(placed) < 2:
            continue
        before = [
            ratings.get(p.user_id) or PlayerRating(p.user_id, p.name, MODEL.mu, MODEL.sigma, 0)
            for p in placed
        ]
        teams = [[MODEL.rating(mu=old.mu, sigma=old.sigma)] for old in before]
        rated = MODEL.rate(teams, ranks=[float(p.place) for p in placed])
        for p, old, [new] in zip(placed, before, rated, strict=True):
            ratings[p.user_id] = PlayerRating(
                p.user_id,
                p.name,
                mu=old.mu + weight * (new.mu - old.mu),
                sigma=math.sqrt(old.sigma**2 + weight * (new.sigma**2 - old.sigma**2)),
                matches=old.matches + 1,
            )
    return ratings


def counted_since(as_of: datetime, fade_days: int | None) -> datetime | None:
    """The oldest finish time that still counts as of ``as_of`` (exclusive); None: all."""
    return None if fade_days is None else as_of - timedelta(days=fade_days)


async def league_ratings(
    store: Store, guild_id: int, spec: GameSpec, as_of: datetime
) -> dict[int, PlayerRating]:
    """The guild's ratings in ``spec``'s game as of ``as_of``, replayed from the store
    (in a thread: a long history takes a while, and the bot keeps answering meanwhile)."""
    fade = spec.rating_fade_days
    matches = await store.finished_matches(
        guild_id, spec.name, after=counted_since(as_of, fade), before=as_of
    )
    return await asyncio.to_thread(replay, matches, as_of=as_of, fade_days=fade)


def ranked(ratings: Mapping[int, PlayerRating]) -> list[tuple[int, PlayerRating]]:
    """Positions by shown rating, best first; equal shown ratings share a position (the
    one with the higher μ is listed first, then the smaller user id)."""
    order = sorted(ratings.values(), key=lambda r: (-r.display, -r.mu, r.user_id))
    positions: list[tuple[int, PlayerRating]] = []
    for index, rating in enumerate(order):
        tied = bool(positions) and positions[-1][1].display == rating.display
        positions.append((positions[-1][0] if tied else index + 1, rating))
    return positions
