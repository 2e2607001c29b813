"""Who is spoken to in which language: the table in its own, a player's DMs in theirs as
last seen; refusals said in the reader's language, English where none is translated."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from bot.store import Seat, TableRecord
from bot.tables.errors import UserError
from bot.tables.languages import seat_text, table_text
from bot.tables.settings import TableSettings
from i18n import Text
from tests.bot.set_ups import playing_table

NEW_YEAR = datetime(2026, 1, 1, tzinfo=UTC)


def record(settings: TableSettings, *seats: Seat) -> TableRecord:
    return playing_table(settings.game, seats, settings=settings.to_json(), now=NEW_YEAR)


def test_a_seat_keeps_its_players_language_and_old_seats_read_without_one() -> None:
    seat = Seat(7, "Ada", locale="pt-BR")
    assert Seat.from_json(seat.to_json()) == seat
    assert Seat.from_json({"user_id": 7, "name": "Ada", "is_bot": False, "level": None}) == (
        Seat(7, "Ada")
    )


def test_the_table_speaks_its_language_and_each_player_theirs() -> None:
    settings = TableSettings.build(
        "network", seats=2, target=None, turn_seconds=60, options={}, language="es-419"
    )
    assert settings.language == "es"
    assert TableSettings.from_json("network", settings.to_json()) == settings
    table = record(settings, Seat(7, "Ada", locale="de"), Seat(8, "Bea"))
    assert table_text(table) == Text("es")
    assert seat_text(table, 0) == Text("de")
    assert seat_text(table, 1) == Text("es")  # not seen yet: the table's language
    english = record(replace(settings, language="en"), Seat(8, "Bea"))
    assert (
        "language"
        not in TableSettings.build(
            "network", seats=2, target=None, turn_seconds=60, options={}
        ).to_json()
    )
    assert table_text(english) == Text("en")


def test_a_refusal_is_english_as_a_string_and_said_in_the_readers_language() -> None:
    error = UserError("Seat {seat} is not free, {name}.", seat=3, name="Ada")
    assert str(error) == "Seat 3 is not free, Ada."
    assert error.said_in(Text("de")) == "Seat 3 is not free, Ada."  # no translation yet
    assert UserError("Plain.").said_in(Text("es")) == "Plain."
