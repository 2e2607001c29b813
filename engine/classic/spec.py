"""The five classic games declared as data for the registry (one /dominoes family)."""

from __future__ import annotations

from engine.classic.ai import LEVELS, computer_move
from engine.classic.hand import MAX_PLAYERS, MIN_PLAYERS, VARIANTS, ClassicHand
from engine.errors import N_
from engine.spec import GameSpec, MatchFormat, StatSpec

RULES_PAGE = "docs/rules/dominoes.md"
MATCH = MatchFormat(targets=(100, 250, 500), default_target=100, ends_when="exceeds")
"""docs/rules/dominoes.md: the game is over when a total *exceeds* the chosen value at a
hand's end."""
STATS = (
    StatSpec("hands_won", N_("hands won"), N_("Hands"), "sum"),
    StatSpec("best_hand", N_("best hand"), N_("Best"), "max"),
)
LONGEST_HAND = 28 + 28 + MAX_PLAYERS * 29
"""Turns one hand can take: each of 28 tiles played once, at most one draw a tile, and
between plays (and at the end) at most one pass a player."""
COUNTING_NOTE = N_("British counting is only for Fives and Threes.")
HAND_SIZE_NOTE = N_("Block always deals 7 tiles each.")

SUMMARIES = {
    "all-fives": N_(
        "Line dominoes with a spinner; an open-end total that is a multiple of 5 scores."
    ),
    "all-threes": N_(
        "Line dominoes with a spinner; an open-end total that is a multiple of 3 scores."
    ),
    "fives-and-threes": N_("An open-end total that is a multiple of 5 or of 3 scores."),
    "draw": N_("Line dominoes, drawing when stuck; only the end of a hand scores."),
    "block": N_("Line dominoes with no drawing: stuck players pass; only the hand end scores."),
}


def _spec(cls: type[ClassicHand]) -> GameSpec:
    notes = {}
    if "counting" not in {o.name for o in cls.option_specs}:
        notes["counting"] = COUNTING_NOTE
    if "hand_size" not in {o.name for o in cls.option_specs}:
        notes["hand_size"] = HAND_SIZE_NOTE
    return GameSpec(
        name=cls.game,
        title=cls.title,
        family=N_("dominoes"),
        family_title=N_("Dominoes"),
        summary=SUMMARIES[cls.game],
        rules_page=RULES_PAGE,
        min_seats=MIN_PLAYERS,
        max_seats=MAX_PLAYERS,
        default_seats=4,
        options=cls.option_specs,
        match=MATCH,
        levels=LEVELS,
        hand_class=cls,
        computer=computer_move,
        stats=STATS,
        option_notes=notes,
        longest_game=LONGEST_HAND,
    )


SPECS: tuple[GameSpec, ...] = tuple(_spec(cls) for cls in VARIANTS.values())
"""One spec a game, in the order of :data:`~engine.classic.hand.VARIANTS`."""
