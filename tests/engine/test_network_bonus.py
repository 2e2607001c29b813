"""The end-of-hand bonus and its tie option (docs/rules/network.md, 'Bonus')."""

import pytest

from engine.network import read_position
from engine.network.bonus import compute_bonus
from engine.network.options import BonusTie

from .positions import BONUS_TIE, ONE_RING_AFTER


def test_clear_winner_is_the_last_contributor_of_the_most_frequent_number() -> None:
    # 6-6 leads (seat 1); 6-3 goes north (seat 2). Open: 6 three times, 3 once.
    layout = read_position("1:6-6@0,0N 2:6-3@0,4N")
    bonus = compute_bonus(layout, "all")
    assert bonus.numbers == (6,) and bonus.count == 3
    assert bonus.awarded == (0,)


def test_most_recent_contributor_wins_not_the_first() -> None:
    # A line north of the lead double ends in seat 2's 4-6: the freshest 6 on the table.
    layout = read_position("1:6-6@0,0N 2:6-5@0,4N 3:5-4@0,8N 2:4-6@0,12N")
    bonus = compute_bonus(layout, "all")
    assert bonus.numbers == (6,) and bonus.count == 4
    assert bonus.awarded == (1,)


@pytest.mark.parametrize(("rule", "awarded"), [("all", (0, 1)), ("recent", (1,)), ("none", ())])
def test_tie_rules(rule: BonusTie, awarded: tuple[int, ...]) -> None:
    layout = read_position(BONUS_TIE)
    bonus = compute_bonus(layout, rule)
    assert bonus.numbers == (1, 5) and bonus.count == 1
    assert bonus.awarded == awarded


def test_a_player_feeding_two_tied_numbers_still_gets_only_three() -> None:
    # Lead 5-3 alone: 5 and 3 tie, both last fed by seat 1.
    bonus = compute_bonus(read_position("1:5-3@0,0E"), "all")
    assert bonus.numbers == (3, 5)
    assert bonus.awarded == (0,)


def test_no_open_ends_means_no_bonus() -> None:
    layout = read_position(ONE_RING_AFTER)
    assert layout.ends == {}
    bonus = compute_bonus(layout, "all")
    assert bonus.awarded == () and bonus.numbers == ()
