"""The conformance test every registered game passes (OpenSpiel's random-sim test, ours).

Parametrised over :data:`engine.registry.GAMES`: a new game is checked here the moment it
is registered, with no test written for it. Random seeded games run to the end; at every
step every legal move applies, the state survives JSON, no seat's view names another
seat's tiles, the timeout move and the computer's move are legal; replaying the moves on
a fresh deal gives the same state; the hand reaches an outcome.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine.game import HandState
from engine.match import Match
from engine.registry import GAMES
from engine.rng import derive_seed
from engine.spec import GameSpec

SPECS = list(GAMES.values())
SEEDS = range(6)
REPO = Path(__file__).resolve().parents[2]


def options_for(spec: GameSpec, rng: random.Random) -> dict[str, Any]:
    """A random choice for every option, so every option is played with."""
    return {option.name: rng.choice(option.values) for option in spec.options}


def deal(spec: GameSpec, seed: int) -> tuple[HandState[Any], dict[str, Any], int]:
    rng = random.Random(seed)
    players = rng.randint(spec.min_seats, spec.max_seats)
    options = options_for(spec, rng)
    return spec.hand_class.deal(players, options, seed), options, players


def revive(hand: HandState[Any]) -> HandState[Any]:
    return type(hand).from_json(json.loads(json.dumps(hand.to_json())))


def held_in_view(view: dict[str, Any]) -> list[str]:
    return [str(tile) for tile in view.get("hand", [])]


def assert_views_hide_other_hands(hand: HandState[Any]) -> None:
    views = {seat: hand.view(seat) for seat in range(hand.players)}
    for seat, view in views.items():
        assert view["you"] == seat
        for viewer in [None, *range(hand.players)]:
            if viewer == seat:
                continue
            text = json.dumps(hand.view(viewer))
            for tile in held_in_view(view):
                high, low = tile.split("-")
                for spelled in {f"{high}-{low}", f"{low}-{high}"}:
                    assert f'"{spelled}' not in text and f" {spelled}" not in text, (
                        f"seat {seat}'s {tile} is in the view of {viewer}"
                    )


@pytest.mark.parametrize("spec", SPECS, ids=[spec.name for spec in SPECS])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_play_to_an_outcome_within_the_rules(spec: GameSpec, seed: int) -> None:
    hand, options, players = deal(spec, seed)
    rng = random.Random(seed)
    played: list[tuple[int, str]] = []
    for step in range(2000):
        if hand.is_over:
            break
        seat = hand.current_player
        assert seat is not None and hand.outcome is None
        moves = hand.legal_moves()
        assert moves, "a seat to move always has a legal move"
        texts = [str(move) for move in moves]
        assert len(set(texts)) == len(texts), "legal moves are distinct in notation"
        for text in texts:  # notation reads back as the same move
            assert str(hand.parse_move(text)) == text
        if step < 6:  # every legal move applies (on a copy), early while they are many
            for text in texts:
                revive(hand).play(seat, text)
        assert str(hand.timeout_move()) in texts
        computer = spec.computer(hand.view(seat), derive_seed(seed, step), spec.levels[0])
        assert computer in texts, f"the computer chose an illegal {computer!r}"
        if step % 7 == 0:
            assert_views_hide_other_hands(hand)
            assert revive(hand) == hand
        text = rng.choice(texts)
        hand.play(seat, text)
        played.append((seat, text))
    assert hand.is_over, "the hand did not end"
    outcome = hand.outcome
    assert outcome is not None
    assert all(0 <= seat < players for seat in outcome.winners)
    assert len(hand.scores) == players and len(hand.stats()) == players
    assert all(set(figures) <= {stat.name for stat in spec.stats} for figures in hand.stats())
    assert revive(hand) == hand

    replay = spec.hand_class.deal(players, options, seed)
    for seat, text in played:
        replay.play(seat, text)
    assert replay == hand


@pytest.mark.parametrize("spec", SPECS, ids=[spec.name for spec in SPECS])
def test_a_match_of_computers_reaches_its_outcome(spec: GameSpec) -> None:
    match = Match(spec.name, spec.min_seats, spec.match.default_target, seed=3)
    for step in range(20_000):
        if match.is_over:
            break
        seat = match.hand.current_player
        assert seat is not None
        move = spec.computer(match.hand.view(seat), step, spec.levels[0])
        match.play(seat, move)
    assert match.is_over and match.outcome is not None
    target = spec.match.default_target
    if target is not None:
        winner = match.winner
        assert winner is not None and spec.match.is_won_with(match.totals[winner], target)
        assert all(
            total < match.totals[winner]
            for seat, total in enumerate(match.totals)
            if seat != winner
        )
    assert Match.from_json(json.loads(json.dumps(match.to_json()))) == match


@pytest.mark.parametrize("spec", SPECS, ids=[spec.name for spec in SPECS])
def test_the_spec_is_complete_and_its_options_check(spec: GameSpec) -> None:
    assert GAMES[spec.name] is spec and spec.hand_class.game == spec.name
    defaults = spec.check_options({})
    assert defaults == {option.name: option.default for option in spec.options}
    for option in spec.options:
        with pytest.raises(ValueError):
            spec.check_options({option.name: "no such choice"})
    with pytest.raises(ValueError):
        spec.check_options({"no_such_option": 1})
    with pytest.raises(ValueError):
        spec.check_seats(spec.max_seats + 1)
    assert spec.rules_page.startswith("docs/rules/")
    assert (REPO / spec.rules_page).is_file()
