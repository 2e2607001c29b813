"""FIDO divisor dominoes declared as data for the registry (the /fido family)."""

from __future__ import annotations

from engine.errors import N_
from engine.fido.ai import LEVELS, computer_move
from engine.fido.hand import MAX_PLAYERS, MIN_PLAYERS, FidoHand
from engine.fido.options import OPTIONS
from engine.spec import GameSpec, MatchFormat, StatSpec

LONGEST_GAME = 253 + 253 + MAX_PLAYERS * 254
"""Turns one game can take: each tile of the largest set (double-21: 253) played once, at
most one draw a tile, and between plays (and at the end) at most one pass a player."""

MATCH = MatchFormat(targets=(100, 200, 300), default_target=None, one_game=True)
"""One game by default: FIDO results count game by game (the ranking takes each game's
result); several games to a target for a longer evening. See docs/rules/fido.md."""

SPEC = GameSpec(
    name=FidoHand.game,
    title=N_("FIDO"),
    family=N_("fido"),
    family_title=N_("FIDO divisor dominoes"),
    summary=N_(
        "Sets up to double-21, up to nine players; a total divisible by the divisor scores."
    ),
    rules_page="docs/rules/fido.md",
    min_seats=MIN_PLAYERS,
    max_seats=MAX_PLAYERS,
    default_seats=4,
    options=OPTIONS,
    match=MATCH,
    levels=LEVELS,
    hand_class=FidoHand,
    computer=computer_move,
    longest_game=LONGEST_GAME,
    rating_fade_days=365,
    round_word=FidoHand.round_word,
    stats=(
        StatSpec("games_won", N_("games won"), N_("Won"), "sum"),
        StatSpec("best_game", N_("best game"), N_("Best"), "max"),
    ),
)
