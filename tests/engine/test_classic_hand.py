"""Classic hands: dealing, the lead, must-play, drawing, passing, scoring and the hand end."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.classic import (
    DRAW,
    PASS,
    VARIANTS,
    AllFives,
    AllThrees,
    BlockGame,
    ClassicHand,
    ClassicOptions,
    DrawGame,
    FivesAndThrees,
    parse_move,
)
from engine.classic.hand import first_leader, points_table, round_to
from engine.errors import HandOverError, IllegalMoveError, NotYourTurnError, TileNotInHandError
from engine.game import Event, Outcome, public
from engine.network import NetworkHand
from engine.tiles import Tile, double_set, parse_tile


def make(
    cls: type[ClassicHand],
    hands: list[list[str]],
    boneyard: tuple[str, ...] = (),
    leader: int | None = 0,
    **options: Any,
) -> ClassicHand:
    """A hand with fixed tiles; the next tile drawn is the LAST of ``boneyard``."""
    return cls(
        [[parse_tile(x, 6) for x in hand] for hand in hands],
        [parse_tile(x, 6) for x in boneyard],
        options,
        leader,
    )


def play(hand: ClassicHand, *moves: str) -> list[Event]:
    """Play ``moves`` for whoever is to move; returns every event."""
    events: list[Event] = []
    for move in moves:
        seat = hand.current_player
        assert seat is not None, f"hand over before {move}"
        events += hand.play(seat, move)
    return events


def moves(hand: ClassicHand) -> list[str]:
    return [str(m) for m in hand.legal_moves()]


def kinds(events: list[Event]) -> list[tuple[str, int | None]]:
    return [(e.kind, e.player) for e in events]


# ---------------------------------------------------------------- deal and lead
@pytest.mark.parametrize(
    ("cls", "players", "options", "each", "boneyard"),
    [
        (AllFives, 2, {}, 7, 14),
        (AllFives, 3, {}, 5, 13),
        (AllFives, 4, {}, 5, 8),
        (AllThrees, 2, {"hand_size": "large"}, 9, 10),
        (DrawGame, 3, {"hand_size": "large"}, 7, 7),
        (FivesAndThrees, 4, {"hand_size": "large"}, 5, 8),
        (BlockGame, 2, {}, 7, 14),
        (BlockGame, 3, {}, 7, 7),
        (BlockGame, 4, {}, 7, 0),
    ],
)
def test_deal_sizes(
    cls: type[ClassicHand], players: int, options: dict[str, str], each: int, boneyard: int
) -> None:
    hand = cls.deal(players, options, seed=11)
    assert [len(h) for h in hand.hands] == [each] * players
    assert len(hand.boneyard) == boneyard
    everything = [t for h in hand.hands for t in h] + hand.boneyard
    assert sorted(everything) == sorted(double_set(6))
    assert hand.view(None)["boneyard"] == boneyard


def test_the_same_seed_deals_the_same_hand() -> None:
    assert AllFives.deal(4, {}, 5) == AllFives.deal(4, {}, 5)
    assert AllFives.deal(4, {}, 5) != AllFives.deal(4, {}, 6)


def test_first_hand_highest_double_leads_and_may_lead_any_tile() -> None:
    hand = make(AllFives, [["4-4", "6-5"], ["1-0", "2-1"], ["5-5", "6-0"]], leader=None)
    assert hand.leader == 2 and hand.current_player == 2
    assert moves(hand) == ["6-0", "5-5"]  # any tile may lead, not only the double


def test_first_hand_without_doubles_heaviest_tile_leads_6_3_beats_5_4() -> None:
    hands = [[parse_tile(x, 6) for x in h] for h in (["5-4", "2-0"], ["6-3", "1-0"], ["5-3"])]
    assert first_leader(hands) == 1
    hands = [[parse_tile(x, 6) for x in h] for h in (["6-3"], ["6-5"], ["0-0"])]
    assert first_leader(hands) == 2  # any double beats every non-double
    hands = [[parse_tile(x, 6) for x in h] for h in (["6-3"], ["6-5"], ["4-2"])]
    assert first_leader(hands) == 1


def test_deal_without_a_previous_leader_uses_the_first_hand_rule() -> None:
    hand = AllFives.deal(4, {}, seed=3)
    assert hand.leader == first_leader(hand.hands)
    assert hand.current_player == hand.leader


@pytest.mark.parametrize(("previous", "expected"), [(0, 1), (2, 3), (3, 0)])
def test_later_hands_rotate_the_lead(previous: int, expected: int) -> None:
    hand = AllThrees.deal(4, {}, seed=3, hand_number=2, previous_leader=previous)
    assert hand.leader == expected and hand.current_player == expected
    assert hand.view(None)["leader"] == expected


# ---------------------------------------------------------------- scoring during play
@pytest.mark.parametrize(
    ("cls", "lead", "points"),
    [
        (AllFives, "5-5", 10),
        (AllFives, "6-4", 10),
        (AllFives, "6-6", 0),
        (AllThrees, "6-6", 12),
        (AllThrees, "6-4", 0),
        (AllThrees, "2-1", 3),
        (FivesAndThrees, "6-4", 10),
        (FivesAndThrees, "5-4", 9),
        (FivesAndThrees, "4-3", 0),
        (DrawGame, "5-5", 0),
        (BlockGame, "6-4", 0),
    ],
)
def test_the_lead_scores_its_two_ends(cls: type[ClassicHand], lead: str, points: int) -> None:
    hand = make(cls, [[lead, "0-0"], ["1-0"]])
    assert hand.score_if(parse_move(lead)) == points
    events = play(hand, lead)
    assert events[0] == Event("play", 0, points, {"move": lead, "total": parse_tile(lead).pips})


def test_all_fives_scores_multiples_of_five_during_play() -> None:
    hand = make(AllFives, [["6-4", "4-1", "0-0"], ["6-5", "1-0", "3-3"]])
    events = play(hand, "6-4", "6-5 W", "4-1 E", "1-0 E")
    assert [(e.player, e.points, e.detail["total"]) for e in events] == [
        (0, 10, 10),
        (1, 0, 9),
        (0, 0, 6),
        (1, 5, 5),
    ]
    with pytest.raises(IllegalMoveError, match="lead has been played"):
        hand.score_if(parse_move("6-4"))
    assert hand.score_if(DRAW) == 0
    events = play(hand, "0-0 E")  # a 0-0 at the end counts 0 + 0: the total stays 5
    assert [(e.kind, e.points) for e in events] == [("play", 5), ("hand_end", 5)]
    assert hand.scores == [10 + 5 + 5, 5]  # seat 1 is left with 6 pips: rounded to 5
    assert hand.view(None)["line"]["total"] == 5


def test_fives_and_threes_standard_and_british_counting() -> None:
    for counting, points in (("standard", 15), ("british", 8)):
        hand = make(FivesAndThrees, [["6-6", "0-0"], ["6-3", "1-0"]], counting=counting)
        lead = play(hand, "6-6")
        assert lead[0].points == (12 if counting == "standard" else 4)
        assert hand.score_if(parse_move("6-3 E")) == points
        events = play(hand, "6-3 E")  # 3 + 12 = 15
        assert events[0].points == points
        assert events[0].detail["total"] == 15


@pytest.mark.parametrize(
    ("total", "standard", "british"),
    [
        (15, 15, 8),
        (10, 10, 2),
        (6, 6, 2),
        (30, 30, 16),
        (9, 9, 3),
        (20, 20, 4),
        (12, 12, 4),
        (7, 0, 0),
        (0, 0, 0),
    ],
)
def test_fives_and_threes_points_table(total: int, standard: int, british: int) -> None:
    assert points_table((5, 3), False)[total] == standard
    assert points_table((5, 3), True)[total] == british


def test_draw_and_block_never_score_during_play() -> None:
    assert set(points_table((), False)) == {0}
    hand = make(DrawGame, [["5-5", "5-0", "1-1"], ["5-3", "6-6"]])
    events = play(hand, "5-5", "5-3 E", "5-0 W")  # totals 10, 13, 3
    assert [e.points for e in events if e.kind == "play"] == [0, 0, 0]
    # then nobody can play: only the hand end scores (12 - 2, not rounded in Draw)
    assert kinds(events)[-1] == ("hand_end", 0) and hand.scores == [10, 0]


# ---------------------------------------------------------------- the spinner in a hand
def test_north_and_south_are_not_legal_until_the_spinner_is_covered() -> None:
    hand = make(AllFives, [["6-6", "6-2", "0-0"], ["6-3", "6-1", "1-1"]])
    play(hand, "6-6")
    assert moves(hand) == ["6-3 E", "6-3 W", "6-1 E", "6-1 W"]
    with pytest.raises(IllegalMoveError, match="not an open end"):
        hand.play(1, "6-3 N")
    play(hand, "6-3 E", "6-2 W")
    assert moves(hand) == ["6-1 N", "6-1 S"]
    assert hand.score_if(parse_move("6-1 N")) == 0  # 3 + 2 + 1
    view = hand.view(None)
    assert view["line"]["spinner"] == {"arm": "lead", "index": 0}
    assert view["line"]["ends"] == [
        {"label": "E", "value": 3, "count": 3},
        {"label": "W", "value": 2, "count": 2},
        {"label": "N", "value": 6, "count": 0},
        {"label": "S", "value": 6, "count": 0},
    ]


def test_spinner_off_the_line_keeps_two_ends() -> None:
    hand = make(AllFives, [["6-6", "6-2", "0-0"], ["6-3", "6-1", "1-1"]], spinner="off")
    events = play(hand, "6-6", "6-3 E", "6-2 W")
    # without a spinner there is no N or S for 6-1: seat 1 is stuck, then seat 0, blocked
    assert kinds(events)[-3:] == [("pass", 1), ("pass", 0), ("hand_end", 0)]
    view = hand.view(None)
    assert view["line"]["spinner"] is None
    assert [e["label"] for e in view["line"]["ends"]] == ["E", "W"]
    assert view["options"] == {"hand_size": "standard", "spinner": "off"}


# ---------------------------------------------------------------- must play, draw, pass
def test_a_player_who_can_play_must_play() -> None:
    hand = make(AllFives, [["6-4", "1-0"], ["4-2", "3-3"]], boneyard=("5-5", "0-0"))
    play(hand, "6-4")
    assert hand.legal_moves() == [parse_move("4-2 E")]
    with pytest.raises(IllegalMoveError, match="may not draw"):
        hand.apply(DRAW)
    with pytest.raises(IllegalMoveError, match="may not pass"):
        hand.apply(PASS)
    assert len(hand.boneyard) == 2


def test_draw_until_playable_is_one_move_with_a_private_and_a_public_event() -> None:
    hand = make(AllFives, [["6-4", "1-0"], ["3-3", "2-1"]], boneyard=("0-0", "6-5", "0-2", "1-1"))
    play(hand, "6-4")
    assert hand.legal_moves() == [DRAW]
    with pytest.raises(IllegalMoveError, match="draw"):
        hand.apply(PASS)
    events = hand.play(1, "draw")
    private, shown = events
    assert private == Event(
        "draw", 1, detail={"tiles": ["1-1", "2-0", "6-5"]}, visible_to=frozenset({1})
    )
    assert shown == Event("draw", 1, detail={"count": 3})
    assert public(events) == [shown]
    assert "6-5" not in json.dumps(shown.to_json())
    assert hand.current_player == 1  # still to move, now with a play
    assert hand.boneyard == [parse_tile("0-0")]
    assert moves(hand) == ["6-5 W"]
    assert hand.view(None)["history"][-1] == {"seat": 1, "move": "draw", "auto": False, "count": 3}


def test_a_player_who_draws_the_boneyard_dry_without_a_play_passes_automatically() -> None:
    hand = make(AllFives, [["6-4", "4-4", "0-0"], ["3-3", "2-1"]], boneyard=("1-1", "5-0"))
    play(hand, "6-4")
    events = hand.play(1, "draw")
    assert kinds(events) == [("draw", 1), ("draw", 1), ("pass", 1)]
    assert events[2].detail == {"auto": True}
    assert hand.current_player == 0
    assert hand.boneyard == []
    assert hand.view(None)["history"][-1] == {"seat": 1, "move": "pass", "auto": True}


def test_with_an_empty_boneyard_a_stuck_player_is_passed_for_at_once() -> None:
    hand = make(AllFives, [["6-4", "4-4", "4-0"], ["3-3", "2-1"]])
    events = play(hand, "6-4")
    assert kinds(events) == [("play", 0), ("pass", 1)]
    assert hand.current_player == 0  # so the player to move always has something to do
    events = play(hand, "4-4 E")
    assert kinds(events) == [("play", 0), ("pass", 1)]


def test_block_has_no_drawing_and_a_stuck_player_passes() -> None:
    hand = make(BlockGame, [["6-4", "4-2", "0-0"], ["3-3", "2-1", "4-1"]], boneyard=("6-6",))
    assert hand.view(None)["draws_allowed"] is False
    assert hand.options.hand_size == "standard"
    events = play(hand, "6-4", "4-1 E")  # seat 0 holds 4-2 and 0-0: nothing fits 1 or 6
    assert kinds(events) == [("play", 0), ("play", 1), ("pass", 0)]
    assert events[-1].detail == {"auto": True}
    assert hand.current_player == 1
    assert moves(hand) == ["2-1 E"]  # never "draw", though a tile lies unused
    with pytest.raises(IllegalMoveError, match="no drawing in Block"):
        hand.apply(DRAW)


def test_block_passing_and_the_blocked_end() -> None:
    hand = make(BlockGame, [["6-6", "1-0"], ["5-5", "2-2"]], boneyard=("6-5",))
    events = play(hand, "6-6")
    # seat 1 cannot play and Block never draws; seat 0 cannot play 1-0: blocked
    assert kinds(events) == [("play", 0), ("pass", 1), ("pass", 0), ("hand_end", 0)]
    assert hand.is_over and hand.current_player is None
    end = events[-1]
    assert end.detail == {
        "reason": "blocked",
        "winner": 0,
        "pips": [1, 14],
        "points": 13,  # 14 - 1, not rounded in Block
        "count": 13,
        "round_to": 1,
        "scores": [13, 0],
    }
    assert end.points == 13
    assert hand.outcome == Outcome((0,), "blocked")
    with pytest.raises(IllegalMoveError, match="no drawing"):
        make(BlockGame, [["6-6"], ["1-1"]]).apply(DRAW)
    with pytest.raises(HandOverError):
        hand.apply(DRAW)


def test_a_blocked_hand_with_tied_lowest_pips_scores_nobody() -> None:
    hand = make(AllFives, [["6-6", "3-0", "0-0"], ["2-1", "5-4"], ["1-0", "2-0"]])
    events = play(hand, "6-6")
    # nobody holds a six: everyone passes; pips 3, 12, 3 → the lowest two tie
    assert events[-1].kind == "hand_end"
    assert events[-1].detail["winner"] is None
    assert events[-1].detail["points"] == 0
    assert hand.outcome == Outcome((), "blocked, tied")
    assert hand.scores == [0, 0, 0]
    assert hand.view(None)["result"] == {
        "reason": "blocked",
        "winner": None,
        "pips": [3, 12, 3],
        "points": 0,
    }
    assert [s["hands_won"] for s in hand.stats()] == [0, 0, 0]


def test_a_blocked_all_fives_hand_scores_the_others_pips_minus_the_winners_rounded() -> None:
    hand = make(AllFives, [["6-6", "1-0"], ["5-4", "3-1"], ["4-2", "2-0"]])
    events = play(hand, "6-6")
    assert events[-1].detail["pips"] == [1, 13, 8]
    assert events[-1].detail["points"] == 20  # 13 + 8 - 1 = 20
    assert hand.scores == [20, 0, 0]  # the lead (12) scored nothing in All Fives


# ---------------------------------------------------------------- going out and rounding
@pytest.mark.parametrize(
    ("cls", "others", "points"),
    [
        (AllFives, ["6-5", "1-0"], 10),  # 12 → 10
        (AllFives, ["6-5", "2-0"], 15),  # 13 → 15
        (FivesAndThrees, ["6-5", "2-0"], 15),
        (AllThrees, ["3-1"], 3),  # 4 → 3
        (AllThrees, ["4-1"], 6),  # 5 → 6
        (DrawGame, ["6-5", "2-0"], 13),  # not rounded
        (BlockGame, ["4-1"], 5),
    ],
)
def test_going_out_scores_the_others_pips_rounded_per_game(
    cls: type[ClassicHand], others: list[str], points: int
) -> None:
    hand = make(cls, [["4-3"], others])  # a 7 lead scores nothing in any game
    events = play(hand, "4-3")
    assert kinds(events) == [("play", 0), ("hand_end", 0)]
    assert events[-1].detail["reason"] == "domino"
    assert events[-1].points == points
    assert hand.scores == [points, 0]
    assert hand.outcome == Outcome((0,), "domino")
    assert hand.stats() == [{"best_hand": points, "hands_won": 1}, {"best_hand": 0, "hands_won": 0}]


@pytest.mark.parametrize(
    ("points", "step", "rounded"),
    [(12, 5, 10), (13, 5, 15), (10, 5, 10), (0, 5, 0), (4, 3, 3), (5, 3, 6), (6, 3, 6), (7, 1, 7)],
)
def test_round_to(points: int, step: int, rounded: int) -> None:
    assert round_to(points, step) == rounded


def test_going_out_with_a_play_scores_the_play_and_the_hand() -> None:
    hand = make(AllFives, [["6-4", "4-1"], ["6-5", "0-0", "3-3"]])
    events = play(hand, "6-4", "6-5 W", "4-1 E")  # 5 + 1 = 6: no play points
    assert kinds(events)[-2:] == [("play", 0), ("hand_end", 0)]
    assert hand.scores == [10 + 5, 0]  # pips 6: rounded to 5
    with pytest.raises(HandOverError):
        hand.play(1, "0-0 E")


# ---------------------------------------------------------------- illegal moves change nothing
def test_illegal_moves_raise_and_change_nothing() -> None:
    hand = make(AllFives, [["6-4", "4-1"], ["6-5", "0-0", "3-3"]], boneyard=("2-2",))
    before = hand.to_json()
    with pytest.raises(NotYourTurnError):
        hand.play(1, "6-5")
    with pytest.raises(IllegalMoveError, match="lead"):
        hand.play(0, "6-4 E")
    with pytest.raises(TileNotInHandError):
        hand.play(0, "6-5")
    assert hand.to_json() == before
    play(hand, "6-4")
    before = hand.to_json()
    with pytest.raises(IllegalMoveError, match="which end"):
        hand.play(1, "6-5")
    with pytest.raises(IllegalMoveError, match="does not match"):
        hand.play(1, "6-5 E")
    with pytest.raises(IllegalMoveError, match="not an open end"):
        hand.play(1, "6-5 N")
    assert hand.to_json() == before


# ---------------------------------------------------------------- timeout move and score_if
def test_timeout_move_draws_when_that_is_all_there_is() -> None:
    hand = make(AllFives, [["6-4", "1-0"], ["3-3", "2-1"]], boneyard=("0-0",))
    play(hand, "6-4")
    assert hand.timeout_move() == DRAW


def test_timeout_move_plays_the_best_scoring_play_then_the_heaviest() -> None:
    hand = make(AllFives, [["6-4", "0-0"], ["6-1", "4-4", "4-0", "6-2"]])
    play(hand, "6-4")  # E 4, W 6
    scored = {str(m): hand.score_if(m) for m in hand.legal_moves()}
    # totals: 6-2 W → 4 + 2, 6-1 W → 4 + 1, 4-4 E → 8 + 6, 4-0 E → 0 + 6
    assert scored == {"6-2 W": 0, "6-1 W": 5, "4-4 E": 0, "4-0 E": 0}
    assert hand.timeout_move() == parse_move("6-1 W")


def test_timeout_move_breaks_ties_by_weight() -> None:
    hand = make(DrawGame, [["6-4", "0-0"], ["4-1", "6-2", "6-3"]])
    play(hand, "6-4")
    assert hand.timeout_move() == parse_move("6-3 W")


def test_playable_tiles_and_ends_for() -> None:
    hand = make(AllFives, [["6-4", "0-0"], ["4-1", "6-2", "3-3"]])
    assert hand.playable_tiles(0) == [parse_tile("6-4"), parse_tile("0-0")]
    assert hand.playable_tiles(1) == []
    play(hand, "6-4")
    assert hand.playable_tiles(1) == [parse_tile("6-2"), parse_tile("4-1")]
    assert hand.ends_for(parse_tile("6-4")) == ["E", "W"]
    assert hand.ends_for(parse_tile("4-1")) == ["E"]


# ---------------------------------------------------------------- JSON, views and for_seat
def random_hand(cls: type[ClassicHand], players: int, seed: int, turns: int) -> ClassicHand:
    hand = cls.deal(players, {}, seed)
    rng = random.Random(seed)
    while not hand.is_over and len(hand.history) < turns:
        hand.apply(rng.choice(hand.legal_moves()))
    return hand


@pytest.mark.parametrize("cls", list(VARIANTS.values()))
@pytest.mark.parametrize("turns", [0, 1, 6, 99])
def test_json_round_trips(cls: type[ClassicHand], turns: int) -> None:
    hand = random_hand(cls, 3, seed=41, turns=turns)
    data = hand.to_json()
    assert data["version"] == 1 and data["game"] == cls.game
    again = cls.from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data and again == hand
    assert ClassicHand.from_json(data).to_json() == data  # the base class finds the game
    assert type(ClassicHand.from_json(data)) is cls


def test_from_json_of_another_game_raises() -> None:
    data = AllThrees.deal(2, {}, 1).to_json()
    with pytest.raises(ValueError):
        AllFives.from_json(data)
    with pytest.raises(ValueError):
        ClassicHand.from_json(NetworkHand.deal(2, {}, 1).to_json())
    with pytest.raises(ValueError):
        AllThrees.from_json({**data, "version": 2})


def test_a_played_on_hand_round_trips_mid_play() -> None:
    hand = random_hand(AllFives, 4, seed=8, turns=9)
    again = AllFives.from_json(hand.to_json())
    rng_a, rng_b = random.Random(1), random.Random(1)
    while not hand.is_over:
        hand.apply(rng_a.choice(hand.legal_moves()))
        again.apply(rng_b.choice(again.legal_moves()))
        assert again == hand


PUBLIC_KEYS = {
    "scores_during_play",
    "game",
    "title",
    "hand_number",
    "players",
    "options",
    "leader",
    "current_player",
    "over",
    "scores",
    "hand_sizes",
    "boneyard",
    "draws_allowed",
    "line",
    "last",
    "history",
    "result",
}


def test_view_has_the_schema_keys() -> None:
    hand = make(FivesAndThrees, [["6-4", "0-0"], ["4-2", "3-3"]], boneyard=("5-5",))
    play(hand, "6-4", "4-2 E")
    view = hand.view(None)
    assert set(view) == PUBLIC_KEYS
    assert set(hand.view(1)) == PUBLIC_KEYS | {"you", "hand"}
    assert view["game"] == "fives-and-threes" and view["title"] == "Fives and Threes"
    assert view["options"] == {"hand_size": "standard", "spinner": "on", "counting": "standard"}
    assert view["over"] is False and view["current_player"] == 0
    assert view["hand_sizes"] == [1, 1] and view["boneyard"] == 1
    assert view["scores"] == [10, 0]
    assert view["scores_during_play"] is True
    assert make(BlockGame, [["6-4"], ["4-2"]]).view(None)["scores_during_play"] is False
    assert view["line"]["lead"] == {"tile": "6-4", "seat": 0, "west": 6, "east": 4, "double": False}
    assert view["line"]["arms"] == {
        "E": [{"tile": "4-2", "seat": 1, "inner": 4, "outer": 2, "double": False}],
        "W": [],
        "N": [],
        "S": [],
    }
    assert view["line"]["total"] == 8
    assert view["last"] == {"seat": 1, "move": "4-2 E", "arm": "E", "index": 0, "points": 0}
    assert view["history"] == [
        {"seat": 0, "move": "6-4", "auto": False},
        {"seat": 1, "move": "4-2 E", "auto": False},
    ]
    assert view["result"] is None
    assert hand.view(1)["you"] == 1 and hand.view(1)["hand"] == ["3-3"]
    assert BlockGame.deal(2, {}, 1).view(None)["options"] == {"spinner": "on"}


@pytest.mark.parametrize("cls", [AllFives, DrawGame, BlockGame])
def test_views_and_public_events_never_name_a_hidden_tile(cls: type[ClassicHand]) -> None:
    hand = cls.deal(3, {}, seed=2)
    rng = random.Random(2)
    while not hand.is_over:
        seat = hand.current_player
        assert seat is not None
        events = hand.apply(rng.choice(hand.legal_moves()))
        if hand.is_over:
            break
        hidden = {t.name for h in hand.hands for t in h} | {t.name for t in hand.boneyard}
        text = json.dumps(hand.view(None)) + json.dumps([e.to_json() for e in public(events)])
        text += repr(hand)
        assert not [name for name in hidden if name in text]
        for viewer in range(3):
            mine = {t.name for t in hand.hands[viewer]}
            seen = json.dumps(hand.view(viewer))
            assert not [name for name in hidden - mine if name in seen]
            assert all(f'"{name}"' in seen for name in mine)


def test_for_seat_gives_the_seat_to_move_the_same_legal_moves_and_scores() -> None:
    for cls in VARIANTS.values():
        for seed in range(6):
            hand = cls.deal(4 if seed % 2 else 2, {}, seed)
            rng = random.Random(seed)
            while not hand.is_over:
                seat = hand.current_player
                assert seat is not None
                rebuilt = ClassicHand.for_seat(hand.view(seat))
                assert type(rebuilt) is cls
                legal = hand.legal_moves()
                assert rebuilt.legal_moves() == legal
                assert [rebuilt.score_if(m) for m in legal] == [hand.score_if(m) for m in legal]
                assert rebuilt.view(seat) == hand.view(seat)
                hand.apply(rng.choice(legal))
    with pytest.raises(ValueError, match="seat"):
        ClassicHand.for_seat(AllFives.deal(2, {}, 1).view(None))


def test_abstract_base_cannot_be_dealt_or_built() -> None:
    with pytest.raises(TypeError):
        ClassicHand.deal(2, {}, 1)
    with pytest.raises(TypeError):
        ClassicHand([[], []], [])


def test_bad_construction_is_refused() -> None:
    with pytest.raises(ValueError, match="players"):
        AllFives.deal(5, {}, 1)
    with pytest.raises(ValueError, match="distinct"):
        make(AllFives, [["6-4"], ["6-4"]])
    with pytest.raises(ValueError, match=r"hands and boneyard must be .* of a double-6 set"):
        AllFives([[Tile(6, 4)], [Tile(9, 1)]], [])
    with pytest.raises(ValueError, match="spinner"):
        AllFives.deal(2, {"spinner": "sometimes"}, 1)


# ---------------------------------------------------------------- whole hands
@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(list(VARIANTS.values())),
    st.integers(2, 4),
    st.integers(0, 2**32),
    st.sampled_from(["on", "off"]),
)
def test_random_hands_keep_every_rule(
    cls: type[ClassicHand], players: int, seed: int, spinner: str
) -> None:
    hand = cls.deal(players, {"spinner": spinner}, seed)
    rng = random.Random(seed)
    total_points = [0] * players
    while not hand.is_over:
        seat = hand.current_player
        assert seat is not None
        legal = hand.legal_moves()
        # the player to move always has a play or a draw, never only a pass
        assert legal and not legal[0].is_pass
        if legal[0].is_draw:
            assert legal == [DRAW] and cls.draws_allowed and hand.boneyard
            assert not hand.playable_tiles(seat)
        move = rng.choice(legal)
        predicted = hand.score_if(move)
        events = hand.apply(move)
        for event in events:
            total_points[event.player or 0] += event.points
        if move.is_play:
            assert events[0].points == predicted
        on_table = 1 + sum(len(arm) for arm in hand.line.arms) if hand.line.lead else 0
        held = sum(len(h) for h in hand.hands)
        assert on_table + held + len(hand.boneyard) == 28
        if spinner == "off":
            assert hand.line.spinner is None
    assert hand.outcome is not None
    assert total_points == hand.scores
    reason, winner, pips, points = hand.result or ("", None, [], 0)
    assert pips == [hand.pips(s) for s in range(players)]
    if reason == "domino":
        assert winner is not None and pips[winner] == 0
    else:
        assert reason == "blocked"
        assert cls is BlockGame or not hand.boneyard
        assert not any(hand.can_play(s) for s in range(players))
    assert points >= 0 and points % cls.round_to == 0


def test_options_of_another_game_do_not_apply() -> None:
    hand = AllFives(
        [[parse_tile("6-4")], [parse_tile("1-0")]], [], ClassicOptions(counting="british")
    )
    assert hand.options == ClassicOptions()
    assert play(hand, "6-4")[0].points == 10  # not 2: British counting is Fives and Threes'
    assert AllFives.deal(2, {"counting": "british"}, 1).options == ClassicOptions()


def test_hidden_from_names_other_hands_and_the_boneyard_never_the_table() -> None:
    hand = make(AllFives, [["6-6", "6-4"], ["5-5", "1-0"]], boneyard=("3-2", "2-2"))
    assert hand.hidden_from(0) == {"5-5", "1-0", "3-2", "2-2"}
    assert hand.hidden_from(1) == {"6-6", "6-4", "3-2", "2-2"}
    assert hand.hidden_from(None) == {"6-6", "6-4", "5-5", "1-0", "3-2", "2-2"}
    play(hand, "6-6")
    assert hand.hidden_from(1) == {"6-4", "3-2", "2-2"}  # the lead is on the table
    assert "6-6" not in hand.hidden_from(None)
