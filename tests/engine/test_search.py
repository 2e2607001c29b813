"""Every computer player's decision is a function of the view and the seed alone: the hard
players do a fixed amount of work, and the wall clock is only a safety net."""

from __future__ import annotations

import random
import time
import types
from typing import Any

import pytest

import engine.search
from engine.classic.ai import HARD_BUDGET as CLASSIC_BUDGET
from engine.fido.search import HARD_BUDGET as FIDO_BUDGET
from engine.network.hard import HARD_SECONDS as NETWORK_SECONDS
from engine.network.hard import HARD_WORLDS, MIN_WORLDS, worlds_for
from engine.registry import game_spec
from engine.search import SAFETY_SECONDS, Budget, Search, pimc, pimc_values


class FakeClock:
    """A clock that moves ``step`` seconds every time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 1000.0
        self.step = step
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        now = self.now
        self.now += self.step
        return now


class Tally:
    """A toy hand for the search: a move adds its number, the playout adds noise."""

    def __init__(self, hidden: int) -> None:
        self.hidden = hidden
        self.total = 0.0

    def copy(self) -> Tally:
        twin = Tally(self.hidden)
        twin.total = self.total
        return twin

    def play(self, seat: int, move: str) -> None:
        self.total += int(move) * self.hidden % 7


def tally_search() -> Search[Any]:
    return Search(
        sample=lambda rng: Tally(rng.randrange(1, 50)),
        playout=lambda state, rng: setattr(state, "total", state.total + rng.random()),
        value=lambda state, seat: state.total,
    )


# ---------------------------------------------------------------- the search itself
@pytest.mark.parametrize("step", [0.0, 0.9 * SAFETY_SECONDS / 20])
def test_a_fixed_work_search_ignores_the_clock_until_the_safety_cap(step: float) -> None:
    """A stopped clock, or one racing to just short of the cap over the 20 worlds, leaves
    the work and the values exactly as with no clock at all."""
    moves = ["1", "2", "3", "4"]
    unclocked = pimc_values(tally_search(), 0, moves, random.Random(5), Budget(20))
    clock = FakeClock(step)
    clocked = pimc_values(
        tally_search(), 0, moves, random.Random(5), Budget(20, SAFETY_SECONDS), clock
    )
    assert clocked == unclocked
    assert all(len(found) == 20 for found in clocked.values())
    assert clock.readings == 20  # at the start, then before each world after the first


def test_the_safety_cap_stops_a_search_that_runs_past_it() -> None:
    clock = FakeClock(SAFETY_SECONDS / 4)  # each world takes a quarter of the cap
    found = pimc_values(
        tally_search(), 0, ["1", "2"], random.Random(5), Budget(20, SAFETY_SECONDS), clock
    )
    assert [len(values) for values in found.values()] == [4, 4]


def test_the_wall_clock_is_read_at_each_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """The default clock is looked up when the search runs, so a test can stand in for it."""
    clock = FakeClock(0.0)
    monkeypatch.setattr(engine.search, "time", types.SimpleNamespace(perf_counter=clock))
    pimc(tally_search(), 0, ["1", "2"], random.Random(1), Budget(3, SAFETY_SECONDS))
    assert clock.readings == 3


def test_every_hard_player_has_only_a_safety_cap() -> None:
    for seconds in (CLASSIC_BUDGET.seconds, FIDO_BUDGET.seconds, NETWORK_SECONDS):
        assert seconds == SAFETY_SECONDS
    assert SAFETY_SECONDS >= 2.0  # several times the slowest measured decision (docs/ai.md)


def test_network_samples_fewer_worlds_only_when_playouts_are_long() -> None:
    assert worlds_for(6, 10) == HARD_WORLDS  # late in a hand: the most
    assert worlds_for(6, 27) < HARD_WORLDS  # the first plays: long playouts
    assert worlds_for(6, 27) >= MIN_WORLDS
    assert worlds_for(200, 28) == MIN_WORLDS
    assert worlds_for(6, 24) >= worlds_for(6, 25) >= worlds_for(6, 27)


# ---------------------------------------------------------------- every game's hard player
GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("all-fives", 4, {}),
    ("block", 2, {"spinner": "off"}),
    ("network", 4, {}),
    ("fido", 4, {"set": 12}),
]


def pinned_views(game: str, players: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    """Three seat views with a choice to make, from seeded hands played at random."""
    spec = game_spec(game)
    views = []
    for seed in range(40):
        hand = spec.hand_class.deal(players, options, seed)
        rng = random.Random(seed)
        for _ in range(rng.randint(1, 3 * players)):
            if hand.current_player is None:
                break
            hand.apply(rng.choice(hand.legal_moves()))
        seat = hand.current_player
        if seat is not None and len(hand.legal_moves()) > 1:
            views.append(hand.view(seat))
        if len(views) == 3:
            return views
    raise AssertionError("too few positions with a choice")


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_hard_decides_the_same_whatever_the_clock_does(
    game: str, players: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stopped clock, one racing to just short of the cap and the real one all give the
    same move for each pinned view and seed (three calls: the same move each time)."""
    computer = game_spec(game).computer
    for number, view in enumerate(pinned_views(game, players, options)):
        seed = 17 + number
        with monkeypatch.context() as patch:
            patch.setattr(engine.search, "time", types.SimpleNamespace(perf_counter=FakeClock(0)))
            stopped = computer(view, seed, "hard")
        with monkeypatch.context() as patch:
            racing = FakeClock(0.9 * SAFETY_SECONDS / 150)  # ≤ 150 readings: 150 worlds at most
            patch.setattr(engine.search, "time", types.SimpleNamespace(perf_counter=racing))
            raced = computer(view, seed, "hard")
        real = computer(view, seed, "hard")
        assert stopped == raced == real, (game, number)


def test_sacksons_hard_player_never_reads_a_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its search counts nodes; any clock read would raise here."""
    spec = game_spec("sackson")
    game = spec.hand_class.deal(2, {}, 3)
    rng = random.Random(3)
    for _ in range(6):
        game.apply(rng.choice(game.legal_moves()))
    view = game.view(game.current_player)
    expected = spec.computer(view, 5, "hard")

    def no_clock() -> float:
        raise AssertionError("the hard player read the clock")

    for name in ("perf_counter", "monotonic", "time", "process_time"):
        monkeypatch.setattr(time, name, no_clock)
    assert spec.computer(view, 5, "hard") == expected
