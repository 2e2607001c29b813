"""Network dominoes declared as data for the registry."""

from __future__ import annotations

from engine.errors import N_
from engine.network.ai import LEVELS, computer_move
from engine.network.hand import MAX_PLAYERS, MIN_PLAYERS, NetworkHand
from engine.network.options import OPTIONS
from engine.spec import GameSpec, MatchFormat, StatSpec

LONGEST_HAND = 28 + MAX_PLAYERS * 29
"""Turns one hand can take: each of the 28 tiles played once, and between plays (and at
the end) at most one pass a player."""

SPEC = GameSpec(
    name="network",
    title=N_("Network dominoes"),
    family=N_("network"),
    family_title=N_("Network dominoes"),
    summary=N_("Tiles on a 2-D grid; touching halves must match; closing a ring scores."),
    rules_page="docs/rules/network.md",
    min_seats=MIN_PLAYERS,
    max_seats=MAX_PLAYERS,
    default_seats=4,
    options=OPTIONS,
    match=MatchFormat(targets=(500,), default_target=10, any_target=True, ends_when="reaches"),
    levels=LEVELS,
    hand_class=NetworkHand,
    computer=computer_move,
    longest_game=LONGEST_HAND,
    stats=(
        StatSpec("rings", N_("rings closed"), N_("Rings"), "sum"),
        StatSpec("best_hand", N_("best hand"), N_("Best"), "max"),
    ),
)
