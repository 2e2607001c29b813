"""Every adapter's ``has_subject_picture`` answers as its ``subject_picture`` draws: the
private controls offer the Show where button on that answer alone, so a wrong True gives a
button that shows nothing new, and a wrong False draws a picture on every turn. (The line
games and Network ask it inside ``subject_picture``; a game that draws without asking, as
Sackson does, is held to it here.)"""

from __future__ import annotations

import random

import pytest

from bot.games import adapter_for
from engine.match import Match
from engine.registry import GAMES
from engine.spec import GameSpec

SPECS = list(GAMES.values())
CHECKED_AFTER = (0, 1, 4, 9)
"""Moves into the first hand at which each seat to move's subjects are checked (0: the
lead, where a line game has no places to show)."""


@pytest.mark.parametrize("spec", SPECS, ids=[spec.name for spec in SPECS])
def test_has_subject_picture_says_whether_subject_picture_draws(spec: GameSpec) -> None:
    rng = random.Random(7)
    adapter = adapter_for(spec.name)
    match = Match(spec.name, spec.min_seats, spec.match.default_target, 7)
    names = [f"Player {seat + 1}" for seat in range(spec.min_seats)]
    answers: set[bool] = set()
    for moves in range(max(CHECKED_AFTER) + 1):
        seat = match.hand.current_player
        if seat is None or match.hand_number != 1:
            break
        if moves in CHECKED_AFTER:
            subjects = adapter.controls(match.hand, seat).subjects
            playable = [s for s in subjects if s.playable][:1]
            unplayable = [s for s in subjects if not s.playable][:1]
            for subject in playable + unplayable:
                offered = adapter.has_subject_picture(match.hand, seat, subject.key)
                drawn = adapter.subject_picture(match, names, seat, subject.key)
                assert offered == (drawn is not None), (moves, subject.key, offered)
                answers.add(offered)
        match.apply(rng.choice(match.hand.legal_moves()))
    assert True in answers  # some subject's places were drawn
