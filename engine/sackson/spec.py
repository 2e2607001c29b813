"""Sackson's Network declared as data for the registry (the /sackson family)."""

from __future__ import annotations

from engine.errors import N_
from engine.sackson.ai import LEVELS, computer_move
from engine.sackson.game import PLAYERS, SacksonGame
from engine.sackson.options import OPTIONS
from engine.spec import GameSpec, MatchFormat

MATCH = MatchFormat(targets=(2, 3, 5), default_target=None, one_game=True, unit="wins")
"""One game by default, or first to 2, 3 or 5 games won (a drawn game counts for
nobody; colours alternate from game to game)."""

SPEC = GameSpec(
    name=SacksonGame.game,
    title=N_("Sackson's Network"),
    family=N_("sackson"),
    family_title=N_("Sid Sackson's Network (board game)"),
    summary=N_("Two players, an 8×8 board, ten pieces each: connect your goals with a network."),
    rules_page="docs/rules/sackson.md",
    min_seats=PLAYERS,
    max_seats=PLAYERS,
    default_seats=PLAYERS,
    options=OPTIONS,
    match=MATCH,
    levels=LEVELS,
    hand_class=SacksonGame,
    computer=computer_move,
    information="perfect",
    chance="deterministic",
    longest_game=None,
    round_word="game",
    piece_word="piece",
    level_notes={
        "easy": N_("Plays at random, but completes a network when it can"),
        "normal": N_("Looks one move ahead: wins when it can, blocks yours"),
        "hard": N_("Searches several moves ahead (alpha-beta)"),
    },
)
