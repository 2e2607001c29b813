"""Turn flow of a Network hand: deal, lead, passing, the end, bonus and bad input."""

import json
import random

import pytest

from engine.errors import (
    HandOverError,
    IllegalMoveError,
    NotationError,
    NotYourTurnError,
    TileNotInHandError,
)
from engine.network import NetworkHand
from engine.tiles import Tile

from .helpers import play_random, random_move
from .positions import ONE_RING_BEFORE, hand_in_position


@pytest.mark.parametrize(
    ("players", "each", "aside"), [(2, 14, 0), (3, 9, 1), (4, 7, 0), (5, 5, 3)]
)
def test_deal_sizes(players: int, each: int, aside: int) -> None:
    hand = NetworkHand.deal(players, {}, seed=11)
    assert [len(h) for h in hand.hands] == [each] * players
    assert len(hand.set_aside) == aside
    everything = [t for h in hand.hands for t in h] + hand.set_aside
    assert len(set(everything)) == 28


def test_holder_of_the_highest_double_leads_it() -> None:
    hand = NetworkHand.deal(4, {}, seed=3)
    top = max(t for h in hand.hands for t in h if t.is_double)
    assert top in hand.hands[hand.leader]
    assert hand.current_player == hand.leader
    assert [str(m) for m in hand.legal_moves()] == [top.name]
    other = next(t for t in hand.hands[hand.leader] if t != top)
    with pytest.raises(IllegalMoveError, match="highest double"):
        hand.play(hand.leader, other.name)


def test_lead_any_option_lets_the_leader_choose() -> None:
    hand = NetworkHand.deal(4, {"lead": "any"}, seed=3)
    assert len(hand.legal_moves()) == 7
    tile = min(hand.hands[hand.leader])
    hand.play(hand.leader, tile.name)
    assert hand.layout.placements[0].tile == tile


def test_the_lead_cannot_be_passed() -> None:
    hand = NetworkHand.deal(3, {}, seed=5)
    with pytest.raises(IllegalMoveError, match="lead cannot be passed"):
        hand.play(hand.leader, "pass")


def test_play_goes_round_in_seat_order_and_passing_is_always_allowed() -> None:
    hand = NetworkHand.deal(3, {}, seed=5)
    leader = hand.leader
    hand.play(leader, hand.lead_tile.name)
    nxt = (leader + 1) % 3
    assert hand.current_player == nxt
    assert hand.legal_moves()[-1].is_pass and len(hand.legal_moves()) > 1
    hand.play(nxt, "pass")
    assert hand.current_player == (leader + 2) % 3


def test_the_hand_ends_when_everyone_passes_in_succession() -> None:
    hand = NetworkHand.deal(3, {}, seed=5)
    hand.play(hand.leader, hand.lead_tile.name)
    for _ in range(2):
        hand.play(hand.current_player or 0, "pass")
    assert not hand.is_over  # the leader has not passed yet
    hand.play(hand.current_player or 0, "pass")
    assert hand.is_over and hand.current_player is None
    # Four 6s show on the lone lead double: its leader gets the bonus.
    assert hand.scores[hand.leader] == 3
    assert hand.bonus is not None and hand.bonus.awarded == (hand.leader,)
    with pytest.raises(HandOverError):
        hand.play(0, "pass")


def test_a_player_with_no_tiles_passes_automatically() -> None:
    hand = hand_in_position(
        [[0, 1, 2, 0, 0, 2, 0], [1, 2, 3, 4, 0, 4, 2]],
        [["3-4"], [], ["5-5"]],
        current=0,
    )
    events = hand.play(0, "pass")
    kinds = [(e.kind, e.player, e.detail.get("auto")) for e in events]
    assert kinds == [("pass", 0, False), ("pass", 1, True)]
    assert hand.current_player == 2
    assert hand.history[-1].auto
    hand.play(2, "pass")  # seats 0, 1 and 2 have now passed in succession
    assert hand.is_over


def test_closing_a_ring_scores_during_the_hand() -> None:
    placements = [[0, 1, 2, 0, 0, 2, 0], [1, 2, 3, 4, 0, 4, 2], [0, 3, 4, 4, 4, 2, 4]]
    hand = hand_in_position(placements, [["6-6"], ["4-1", "5-5"]], current=1)
    offered = [str(m) for m in hand.placements_for(Tile(4, 1))]
    assert "4-1 A NN" in offered and "4-1 B WS" not in offered  # one place, offered once
    events = hand.play(1, "4-1 B WS")  # its other name is still understood
    assert [(e.kind, e.points) for e in events if e.kind == "ring"] == [("ring", 1)]
    assert hand.scores == [0, 1] and hand.ring_counts == [0, 1]


@pytest.mark.parametrize(
    ("seat", "text", "error", "message"),
    [
        (1, "pass", NotYourTurnError, "not your turn"),
        (0, "5-5 A NN", TileNotInHandError, "do not hold 5-5"),
        (0, "6-6 Z NN", IllegalMoveError, "no open end Z"),
        (0, "6-6 A NN", IllegalMoveError, "does not match end A"),
        (0, "blah", NotationError, "is not a move"),
    ],
)
def test_bad_input_raises_a_readable_error_and_changes_nothing(
    seat: int, text: str, error: type[Exception], message: str
) -> None:
    placements = [[0, 1, 2, 0, 0, 2, 0], [1, 2, 3, 4, 0, 4, 2], [0, 3, 4, 4, 4, 2, 4]]
    hand = hand_in_position(placements, [["6-6", "4-0"], ["5-5"]], current=0)
    before = json.dumps(hand.to_json())
    with pytest.raises(error, match=message):
        hand.play(seat, text)
    assert json.dumps(hand.to_json()) == before


def test_a_mismatched_placement_says_why() -> None:
    hand = hand_in_position([[0, 6, 6, 0, 0, 0, 2]], [["4-4"], ["6-5"]], current=1)
    with pytest.raises(IllegalMoveError, match="turn back"):
        hand.apply(hand.parse_move("6-5 A SN"))
    with pytest.raises(IllegalMoveError, match="only be reached across its S face"):
        hand.apply(hand.parse_move("6-5 A NN"))


def test_one_ring_position_helper_matches_the_fixture() -> None:
    placements = [[0, 1, 2, 0, 0, 2, 0], [1, 2, 3, 4, 0, 4, 2], [0, 3, 4, 4, 4, 2, 4]]
    hand = hand_in_position(placements, [[], []])
    from engine.network import write_position

    assert write_position(hand.layout) == ONE_RING_BEFORE


def test_random_hands_end_and_scores_add_up() -> None:
    for seed in range(30):
        hand = NetworkHand.deal(2 + seed % 4, {}, seed)
        play_random(hand, seed, pass_rate=0.1)
        assert hand.is_over
        bonus = 3 * len(hand.bonus.awarded) if hand.bonus else 0
        assert sum(hand.scores) == sum(hand.ring_counts) + bonus


def test_every_rejected_placement_gets_a_reason_a_player_can_read() -> None:
    hand = NetworkHand.deal(3, {}, seed=21)
    rng = random.Random(21)
    while len(hand.layout.placements) < 10:  # a crowded mid-hand layout
        hand.apply(random_move(hand, rng))
    seat = hand.current_player
    assert seat is not None
    legal = {str(m) for m in hand.legal_moves()}
    reasons: set[str] = set()
    for tile in hand.hands[seat]:
        for label, end in hand.layout.ends.items():
            if not tile.has(end.number):
                continue
            for face in "NESW":
                for turn in "NESWX" if tile.is_double else "NESW":
                    text = f"{tile} {label} {face}{turn}"
                    if text in legal:
                        continue
                    with pytest.raises(IllegalMoveError) as caught:
                        hand.play(seat, text)
                    reasons.add(str(caught.value).split(": ", 1)[1])
    assert any("already taken" in r for r in reasons)
    assert any("turn back" in r for r in reasons)
    assert any("can only be reached across" in r for r in reasons)
    assert all(r.endswith(".") for r in reasons)


def test_on_an_empty_table_a_tiles_placements_are_its_lead() -> None:
    hand = NetworkHand.deal(3, {}, seed=5)
    assert [str(m) for m in hand.placements_for(hand.lead_tile)] == [hand.lead_tile.name]
    other = next(t for t in hand.hands[hand.leader] if t != hand.lead_tile)
    assert hand.placements_for(other) == []  # only the highest double may lead
    (lead,) = hand.placements_for(hand.lead_tile)
    placement, rings = hand.preview(lead)
    assert (placement.ax, placement.ay, placement.bx, placement.by) == (0, 0, 0, 2)
    assert rings == 0
    assert not hand.can_pass
    hand.apply(lead)
    assert hand.can_pass
    with pytest.raises(IllegalMoveError, match="already been played"):
        hand.preview(lead)


def test_hidden_from_names_other_hands_and_the_set_aside_tiles_never_the_table() -> None:
    hand = NetworkHand.deal(3, {}, seed=11)
    names = [{t.name for t in h} for h in hand.hands]
    aside = {t.name for t in hand.set_aside}
    assert aside
    for seat in range(3):
        others = set().union(*(names[s] for s in range(3) if s != seat))
        assert hand.hidden_from(seat) == others | aside
    assert hand.hidden_from(None) == set().union(*names) | aside
    lead = hand.legal_moves()[0]
    hand.apply(lead)
    assert str(lead) not in hand.hidden_from(None)  # on the table now
