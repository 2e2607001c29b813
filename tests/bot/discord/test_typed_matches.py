"""Autocomplete of ``/<game> play``: what the player has typed finds their moves."""

from __future__ import annotations

import pytest

from bot.discord.suggestions import typed_matches


@pytest.mark.parametrize(
    "typed", ["", "12-5", "12-5 c", "5-12", "5-12C", "5 12 c", "12 c", "1", "12-5 C", "c 5"]
)
def test_typing_numbers_and_letters_in_any_order_finds_the_move(typed: str) -> None:
    assert typed_matches("12-5 C", typed)


@pytest.mark.parametrize("typed", ["12-6", "5-12 d", "3", "12 12", "draw", "c c", "2-5"])
def test_what_the_move_does_not_hold_filters_it_out(typed: str) -> None:
    assert not typed_matches("12-5 C", typed)


def test_half_typed_last_numbers_and_labels_count() -> None:
    assert typed_matches("21-13 AB", "13 a")
    assert typed_matches("21-13 AB", "2")
    assert not typed_matches("21-13 AB", "13 b")
    assert typed_matches("draw", "dr")


def test_a_number_is_not_found_inside_a_longer_one() -> None:
    assert not typed_matches("16-7 A", "6-7")
    assert typed_matches("16-7 A", "16-7")
    assert typed_matches("7-6 A", "6-7")
