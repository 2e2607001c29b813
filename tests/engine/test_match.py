"""A match runs hands to the target with running totals; ties at the top play on."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Self

import pytest

import engine.match as match_module
from engine.errors import HandOverError
from engine.game import JSON, Event, HandState, Move, NewHand, Outcome
from engine.match import Match
from engine.network import NetworkHand
from engine.spec import MatchFormat

from .helpers import random_move


class Points(Move):
    def __init__(self, points: list[int]) -> None:
        self.points = points

    def __str__(self) -> str:
        return ",".join(map(str, self.points))


class ScriptedHand(HandState[Points]):
    """A one-move hand whose move says what each seat scores: isolates the match logic."""

    game = "scripted"

    def __init__(self, players: int, hand_number: int, leader: int) -> None:
        self.players, self.hand_number, self.leader = players, hand_number, leader
        self._scores: list[int] | None = None

    @classmethod
    def _deal(cls, new: NewHand) -> Self:
        previous = new.previous_leader
        leader = 0 if previous is None else (previous + 1) % new.players
        return cls(new.players, new.hand_number, leader)

    @property
    def current_player(self) -> int | None:
        return None if self._scores is not None else self.leader

    @property
    def is_over(self) -> bool:
        return self._scores is not None

    @property
    def scores(self) -> list[int]:
        return self._scores or [0] * self.players

    @property
    def outcome(self) -> Outcome | None:
        if self._scores is None:
            return None
        best = max(self._scores)
        winners = tuple(s for s, v in enumerate(self._scores) if v == best)
        return Outcome(winners if len(winners) == 1 else (), "scripted")

    def timeout_move(self) -> Points:
        return Points([0] * self.players)

    def legal_moves(self) -> list[Points]:
        return []

    def parse_move(self, text: str) -> Points:
        return Points([int(p) for p in text.split(",")])

    def apply(self, move: Points) -> list[Event]:
        self._scores = move.points
        return []

    def to_json(self) -> JSON:
        seats = {"players": self.players, "hand_number": self.hand_number, "leader": self.leader}
        return {"game": self.game, **seats, "scores": self._scores}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        hand = cls(data["players"], data["hand_number"], data["leader"])
        hand._scores = data["scores"]
        return hand

    def view(self, player: int | None) -> JSON:
        return self.to_json()

    def hidden_from(self, viewer: int | None) -> frozenset[str]:
        return frozenset()  # no tiles

    def stats(self) -> list[JSON]:
        return [{} for _ in range(self.players)]


SCRIPTED_FORMATS = {
    "scripted": MatchFormat(targets=(50,), default_target=10, any_target=True),
    "scripted-past": MatchFormat(
        targets=(50,), default_target=10, any_target=True, ends_when="exceeds"
    ),
}
"""Scripted games whose match ends on reaching the target, and on going past it."""


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch) -> None:
    real_class, real_from_json = match_module.hand_class, match_module.hand_from_json
    real_format = match_module.match_format
    monkeypatch.setattr(
        match_module,
        "hand_class",
        lambda g: ScriptedHand if g in SCRIPTED_FORMATS else real_class(g),
    )
    monkeypatch.setattr(
        match_module,
        "match_format",
        lambda g: SCRIPTED_FORMATS[g] if g in SCRIPTED_FORMATS else real_format(g),
    )
    monkeypatch.setattr(
        match_module,
        "hand_from_json",
        lambda d: ScriptedHand.from_json(d) if d["game"] == "scripted" else real_from_json(d),
    )


def test_totals_run_across_hands_until_the_target(scripted: None) -> None:
    match = Match("scripted", 3, target=10, seed=1)
    match.play(0, "4,1,0")
    assert match.totals == [4, 1, 0] and match.hand_number == 2 and not match.is_over
    assert match.hand.leader == 1  # the game's own lead rule (here: rotate)
    events = match.play(1, "7,2,0")
    assert match.totals == [11, 3, 0]
    assert match.winner == 0 and match.is_over
    assert [e.kind for e in events] == ["hand_over", "match_over"]
    with pytest.raises(HandOverError):
        match.play(0, "1,1,1")


def test_a_tie_at_the_top_plays_another_hand(scripted: None) -> None:
    match = Match("scripted", 2, target=5, seed=1)
    match.play(0, "6,6")
    assert match.winner is None and match.hand_number == 2
    match.play(1, "0,1")
    assert match.winner == 1 and match.totals == [6, 7]


def test_a_single_game_match_ends_after_one_hand_with_its_outcome(scripted: None) -> None:
    match = Match("scripted", 2, target=None, seed=1)
    events = match.play(0, "3,9")
    assert match.is_over and match.winner == 1 and match.outcome == Outcome((1,), "scripted")
    assert [e.kind for e in events] == ["hand_over", "match_over"]
    assert Match.from_json(json.loads(json.dumps(match.to_json()))) == match


def test_a_single_game_can_end_drawn(scripted: None) -> None:
    match = Match("scripted", 2, target=None, seed=1)
    match.play(0, "4,4")
    assert match.is_over and match.winner is None
    assert match.outcome is not None and match.outcome.is_draw


def test_a_match_stored_before_outcomes_revives_with_its_winner(scripted: None) -> None:
    match = Match("scripted", 2, target=5, seed=1)
    match.play(0, "6,1")
    old = match.to_json()
    del old["outcome"]
    revived = Match.from_json(old)
    assert revived.winner == 0 and revived.outcome == Outcome((0,), "target reached")


def test_reaching_the_target_is_needed(scripted: None) -> None:
    match = Match("scripted", 2, target=50, seed=1)
    match.play(0, "30,10")
    assert match.winner is None


def test_reaching_the_target_exactly_ends_a_match_that_ends_on_reaching_it(
    scripted: None,
) -> None:
    match = Match("scripted", 2, target=50, seed=1)
    match.play(0, "50,10")
    assert match.winner == 0


def test_reaching_the_target_exactly_is_not_enough_where_it_must_be_exceeded(
    scripted: None,
) -> None:
    match = Match("scripted-past", 2, target=50, seed=1)
    match.play(0, "50,10")
    assert not match.is_over and match.hand_number == 2
    revived = Match.from_json(json.loads(json.dumps(match.to_json())))
    revived.play(1, "0,49")
    assert revived.totals == [50, 59] and revived.winner == 1


def test_going_past_the_target_with_a_tie_at_the_top_plays_on(scripted: None) -> None:
    match = Match("scripted-past", 2, target=50, seed=1)
    match.play(0, "51,51")
    assert not match.is_over
    match.play(1, "1,0")
    assert match.winner == 0 and match.totals == [52, 51]


@pytest.mark.parametrize(
    ("ends_when", "over"), [("reaches", [True, True]), ("exceeds", [False, True])]
)
def test_the_match_format_says_which_totals_win(ends_when: str, over: list[bool]) -> None:
    form = MatchFormat(targets=(100,), default_target=100, ends_when=ends_when)  # type: ignore[arg-type]
    assert [form.is_won_with(total, 100) for total in (100, 101)] == over
    assert not form.is_won_with(99, 100)


def test_a_match_format_refuses_an_unknown_ending() -> None:
    with pytest.raises(ValueError, match="ends_when"):
        MatchFormat(targets=(100,), default_target=100, ends_when="touches")  # type: ignore[arg-type]


def test_match_json_round_trips_mid_match(scripted: None) -> None:
    match = Match("scripted", 2, target=5, seed=9)
    match.play(0, "2,3")
    revived = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert revived == match
    revived.play(1, "5,0")
    assert revived.winner == 0


def test_network_match_deals_each_hand_from_its_own_seed_and_leader() -> None:
    match = Match("network", 3, target=1000, seed=4)
    first = match.hand
    assert isinstance(first, NetworkHand)
    rng = __import__("random").Random(0)
    while match.hand is first:
        match.apply(random_move(first, rng))
    second = match.hand
    assert isinstance(second, NetworkHand)
    assert second.hand_number == 2 and second.hands != first.hands
    top = max(t for h in second.hands for t in h if t.is_double)
    assert top in second.hands[second.leader]
    assert match.totals == first.scores
    assert match.last_hand is first
    fresh = Match("network", 3, target=1000, seed=4).hand
    assert isinstance(fresh, NetworkHand)
    assert fresh.seed == first.seed and fresh == NetworkHand.deal(3, {}, first.seed)


def _first_hand_scores(game: str, seed: int) -> list[int]:
    """What each seat scores in the first hand of a two-seat match with ``seed``, played
    with each seat's first legal move."""
    match = Match(game, 2, target=10_000, seed=seed)
    first = match.hand
    while match.hand is first:
        match.apply(first.legal_moves()[0])
    return match.totals


@pytest.mark.parametrize(("game", "ends_on_reaching"), [("all-fives", False), ("network", True)])
def test_a_real_match_whose_top_total_lands_on_the_target(
    game: str, ends_on_reaching: bool
) -> None:
    """Classic dominoes (docs/rules/dominoes.md) ends only when a total exceeds the target; Network
    dominoes (docs/rules/network.md) when it reaches it."""
    seed = next(
        s
        for s in range(50)
        if len(set(scores := _first_hand_scores(game, s))) == 2 and max(scores) > 1
    )
    top = max(_first_hand_scores(game, seed))
    for target, ends in ((top, ends_on_reaching), (top - 1, True)):
        match = Match(game, 2, target=target, seed=seed)
        first = match.hand
        while match.hand is first and not match.is_over:
            match.apply(first.legal_moves()[0])
        assert match.is_over == ends, f"{game}: totals {match.totals}, target {target}"
