"""What a tournament posts: the sign-up message, a round's tables with their threads and
byes, and the standings with the tie-break columns of its table size, in its language."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.publishing import tournament_texts as texts
from bot.store import Entrant, TournamentRecord, TournamentStatus
from bot.tables.errors import UserError
from bot.tables.settings import TableSettings
from bot.tournaments.rounds import TableResult
from bot.tournaments.settings import TournamentSettings
from bot.tournaments.standings import standings
from i18n import Text

NOW = datetime(2030, 1, 1, tzinfo=UTC)


def record(
    seats: int,
    entrants: list[Entrant],
    status: TournamentStatus = TournamentStatus.SIGNUP,
    pairings: tuple[tuple[tuple[int, ...], ...], ...] = (),
    cap: int | None = 8,
) -> TournamentRecord:
    game = "sackson" if seats == 2 else "fido"
    table = TableSettings.build(game, seats=seats, target=None, turn_seconds=600, options={})
    settings = TournamentSettings.build(table, format="swiss", rounds=3, cap=cap, fill="easy")
    return TournamentRecord(
        7, 1, 2, 99, game, status, 1, settings.to_json(), tuple(entrants), pairings, NOW, NOW
    )


PEOPLE = [Entrant(11, "ada"), Entrant(12, "bea"), Entrant(None, "Computer 1 (easy)", "easy")]


def test_the_sign_up_message_lists_settings_people_and_places() -> None:
    content = texts.signup_content(record(2, PEOPLE[:2]), Text())
    assert "**Sackson's Network tournament #7**" in content
    assert "Swiss · 3 rounds · tables of 2 · 10 min a turn" in content
    assert "Organizer: <@99>" in content
    assert "2 of 8 places taken" in content
    assert "Computers (easy) fill the empty seats." in content
    assert "Players: <@11>, <@12>" in content
    assert content.endswith("Sign-up is open: press Join.")
    german = texts.signup_content(record(2, PEOPLE[:2]), Text("de"))
    assert "2 von 8 Plätzen belegt" in german and "Beitreten" in german


def test_a_rounds_post_names_each_thread_its_players_and_the_bye() -> None:
    running = record(2, PEOPLE, TournamentStatus.RUNNING, (((0, 2), (1,)),))
    post = texts.round_tables(running, 1, {1: "<#555>"}, Text())
    assert post.split("\n") == [
        "**Sackson's Network tournament #7 · round 1**",
        "Table 1: <#555> <@11>, Computer 1 (easy)",
        "Bye: <@12>",
    ]


def test_two_seat_standings_show_buchholz_sonneborn_berger_and_direct_encounter() -> None:
    running = record(2, PEOPLE, TournamentStatus.RUNNING, (((0, 2), (1,)),))
    played = [(TableResult((0, 2), (1.0, 0.0)), TableResult((1,), (1.0,)))]
    lines = standings([0, 1, 2], played, seats=2)
    reply = texts.standings_reply(running, lines, 1, Text())
    head, *rows = reply.content.split("```")[1].strip().split("\n")
    assert head.split()[2:] == ["Pts", "Buchholz", "Sonneborn–Berger", "Direct"]
    assert [row.split()[:3] for row in rows[:2]] == [["1", "ada", "1"], ["2", "bea", "1"]]
    assert rows[2].startswith("3   Computer 1 (easy)") and rows[2].split()[4] == "0"
    assert "Standings after round 1" in reply.content
    assert reply.files == []  # the standings picture joins here


def test_table_standings_show_game_and_opponents_points_and_the_winner() -> None:
    four = [Entrant(i, f"p{i}") for i in range(1, 5)]
    done = record(4, four, TournamentStatus.FINISHED, (((0, 1, 2, 3),),))
    played = [(TableResult((0, 1, 2, 3), (3.0, 2.0, 1.0, 0.0), (90, 60, 30, 0)),)]
    reply = texts.standings_reply(
        done, standings([0, 1, 2, 3], played, seats=4), 1, Text(), final=True
    )
    assert "Final standings" in reply.content and "Winner: <@1>" in reply.content
    head = reply.content.split("```")[1].strip().split("\n")[0]
    assert head.split()[2:] == ["Pts", "Game", "pts", "Opp.", "pts"]


def test_a_multi_seat_knockout_says_how_many_of_each_table_go_on() -> None:
    """``advance`` is a knockout's: the sign-up names it at tables of three or more, and
    any other format refuses it (changing nothing)."""
    table = TableSettings.build("all-fives", seats=4, target=100, turn_seconds=600, options={})
    knockout = TournamentSettings.build(table, format="knockout", rounds=3, advance=2)
    line = texts.settings_line(knockout, Text())
    assert "knockout · tables of 4 · the top 2 players of each table go on" in line
    default = TournamentSettings.build(table, format="knockout", rounds=3)
    assert default.advance == 2  # the top half
    one = TournamentSettings.build(table, format="knockout", rounds=3, advance=1)
    assert "der beste 1 Spieler jedes Tisches kommt weiter" in texts.settings_line(one, Text("de"))
    swiss = TournamentSettings.build(table, format="swiss", rounds=3)
    assert "go on" not in texts.settings_line(swiss, Text())
    for wrong in ({"format": "swiss", "advance": 2}, {"format": "knockout", "advance": 4}):
        try:
            TournamentSettings.build(table, rounds=3, **wrong)  # type: ignore[arg-type]
        except UserError as refused:
            assert "each table" in refused.said_in(Text())
        else:
            raise AssertionError(f"{wrong} was accepted")
