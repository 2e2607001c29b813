"""A table's pace: ``turn:`` read from what people type, its limits, and what autocomplete
offers."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.tables.errors import UserError
from bot.tables.pace import (
    LONG_TURN_SECONDS,
    MAX_TURN_SECONDS,
    format_turn,
    option_value,
    parse_turn,
    reminder_lead,
    suggestions,
)
from bot.tables.settings import TableSettings


@pytest.mark.parametrize(
    ("typed", "seconds"),
    [
        ("30m", 1800),
        ("8h", 8 * 3600),
        ("2d", 2 * 86400),
        ("90s", 90),
        ("1d 12h", 36 * 3600),
        ("1h30m", 5400),
        ("45", 45 * 60),  # a bare number is minutes, as the old turn_minutes was
        (" 3 Days ", 3 * 86400),
        ("2 hours, 15 min", 2 * 3600 + 900),
        ("1m", 60),
    ],
)
def test_turn_lengths_are_read_as_people_write_them(typed: str, seconds: int) -> None:
    assert parse_turn(typed) == seconds


@pytest.mark.parametrize("typed", ["", "soon", "5x", "h", "3 days please", "-5m", "1.5h", "m5"])
def test_an_unreadable_turn_is_refused_with_examples(typed: str) -> None:
    with pytest.raises(UserError, match=r"from 1 minute to 3 days: for example `90s`, `30m`"):
        parse_turn(typed)


def test_turns_outside_one_minute_to_three_days_are_refused_saying_which_way() -> None:
    with pytest.raises(UserError, match="30 s is too short"):
        parse_turn("30s")
    with pytest.raises(UserError, match="3 d 1 h is too long"):
        parse_turn("3d1h")
    assert parse_turn("3d") == MAX_TURN_SECONDS


def test_lengths_are_written_back_readably_and_round_trip() -> None:
    assert format_turn(45) == "45 s"
    assert format_turn(300) == "5 min"
    assert format_turn(36 * 3600) == "1 d 12 h"
    assert format_turn(3690) == "1 h 1 min 30 s"
    for seconds in (60, 90, 5400, 86400, 2 * 86400 + 3600):
        assert parse_turn(option_value(seconds)) == seconds


def test_only_long_turns_get_a_reminder_when_a_quarter_is_left() -> None:
    assert reminder_lead(LONG_TURN_SECONDS - 1) is None
    assert reminder_lead(LONG_TURN_SECONDS) == timedelta(minutes=15)
    assert reminder_lead(2 * 86400) == timedelta(hours=12)


def test_autocomplete_offers_quick_to_correspondence_then_what_is_typed() -> None:
    offered = suggestions("", 300)
    values = [value for _, value in offered]
    assert values[0] == "1m" and values[-1] == "3d" and "8h" in values
    assert ("5 min per turn (default)", "5m") in offered
    assert ("2 d per turn · reminder when a quarter is left", "2d") in offered
    assert all(len(label) <= 100 for label, _ in offered) and len(offered) <= 25

    typed = suggestions("1d 6h", 300)
    assert typed[0] == ("1 d 6 h per turn · reminder when a quarter is left", "1d6h")
    assert [value for _, value in suggestions("2", 300)] == ["2m", "2h", "2d"]
    assert [value for _, value in suggestions("90", 300)] == ["1h30m"]  # 90 hours is over 3 days
    assert suggestions("nonsense", 300) == []


def test_the_lobby_line_says_the_turn_length() -> None:
    settings = TableSettings.build(
        "network", seats=2, target=None, turn_seconds=2 * 86400, options={}
    )
    assert "2 d per turn" in settings.describe()
    with pytest.raises(UserError, match="from 1 minute to 3 days"):
        TableSettings.build(
            "network", seats=2, target=None, turn_seconds=MAX_TURN_SECONDS + 1, options={}
        )
