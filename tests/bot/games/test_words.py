"""The bot speaks of each game in the words its spec gives: dealt games keep "Show hand",
"Hand 2 is over" (FIDO: "Game 2") and points exactly as before; a board game with nothing
hidden says "Play", "game", wins and draws, and its standings count W/D/L."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.games.narration import narrate
from bot.games.words import words_for
from bot.publishing import messages
from bot.store import StandingRow
from bot.tables.service import DRAWN_STAT
from bot.views.builders import lobby_view, table_view
from engine.game import Event
from engine.registry import GAMES, game_spec

SACKSON = game_spec("sackson")


def item(control: object) -> object:
    """The button or menu inside one of the bot's dynamic controls."""
    return getattr(control, "item", control)


def test_dealt_games_keep_their_words_and_a_board_game_gets_its_own() -> None:
    for spec in GAMES.values():
        words = words_for(spec)
        if spec.has_hands:
            # FIDO's rules call each deal a game; the other dealt games call it a hand.
            round_word = "game" if spec.family == "fido" else "hand"
            assert (words.show_button, words.show_command, words.round) == (
                "Show hand",
                "hand",
                round_word,
            )
            assert words.see == "see your tiles and play"
        else:
            assert (words.show_button, words.show_command, words.round) == (
                "Play",
                "board",
                "game",
            )
            assert "tile" not in words.see and "hand" not in words.show_help
    assert words_for(SACKSON).round_title == "Game"


def test_the_table_button_and_the_lobby_menu_use_the_games_words() -> None:
    button = table_view(4, words_for(SACKSON)).children[0]
    assert getattr(item(button), "label", None) == "Play"
    menu = lobby_view(4, SACKSON.levels, SACKSON.level_notes, challenge=True).children[-1]
    described = {o.value: o.description for o in getattr(item(menu), "options", [])}
    assert described["hard"] == "Searches several moves ahead (alpha-beta)"
    labels = [getattr(item(c), "label", None) for c in lobby_view(4, SACKSON.levels).children]
    assert "Join" in labels and "Accept" not in labels
    challenge = lobby_view(4, SACKSON.levels, challenge=True, named=True).children
    assert [getattr(item(c), "label", None) for c in challenge][:3] == [
        "Accept",
        "Decline",
        "Withdraw",
    ]
    network = game_spec("network")
    hard = lobby_view(4, network.levels, network.level_notes).children[-1]
    notes = {o.value: o.description for o in getattr(item(hard), "options", [])}
    assert notes["hard"] == "Searches the tiles it cannot see", "dominoes read as before"


def test_a_win_loss_game_is_narrated_in_wins_and_draws_not_points() -> None:
    names = ["Ada", "Bea"]
    won_alone = narrate(
        lambda *_: None,
        [Event("match_over", player=0, detail={"totals": [1, 0], "outcome": {"winners": [0]}})],
        names,
        None,
        words_for(SACKSON),
    )
    assert won_alone.announcements == ["🏆 **Ada** wins the game!"]
    game_over = Event(
        "hand_over",
        detail={"hand_number": 2, "totals": [1, 1], "outcome": {"winners": [1]}},
    )
    match = narrate(
        lambda *_: None,
        [
            game_over,
            Event("match_over", player=1, detail={"totals": [1, 2], "outcome": {"winners": [1]}}),
        ],
        names,
        2,
        words_for(SACKSON),
    )
    assert match.announcements == [
        "**Game 2 is over:** Bea wins it. Games won: Ada 1, Bea 1 (first to 2).",
        "🏆 **Bea** wins the match 2–1!",
    ]
    assert match.log == ["Game 2 over", "Bea won the match"]
    drawn = narrate(
        lambda *_: None,
        [Event("match_over", detail={"totals": [0, 0], "outcome": {"winners": []}})],
        names,
        None,
        words_for(SACKSON),
    )
    assert drawn.announcements == ["🤝 The game is drawn: nobody wins."]
    points = narrate(
        lambda *_: None,
        [Event("match_over", player=0, detail={"totals": [101, 40], "outcome": {}})],
        names,
        100,
    )
    assert points.announcements == ["🏆 **Ada** wins the match with 101 points!"]


def test_win_loss_standings_show_played_won_drawn_and_lost_without_points() -> None:
    when = datetime(2026, 11, 1, tzinfo=UTC)
    rows = [
        StandingRow(1, "sackson", 10, "Ada", 5, 3, 9, {DRAWN_STAT: 1}, when),
        StandingRow(1, "sackson", 11, "Bea", 5, 1, 4, {}, when),
    ]
    text = messages.standings_content(rows, "Club", SACKSON, {})
    table = text.split("```")[1].splitlines()
    assert table[1].split() == ["#", "Player", "P", "W", "D", "L", "Rtg"]
    assert table[2].split() == ["1", "Ada", "5", "3", "1", "1", "–"]
    assert table[3].split() == ["2", "Bea", "5", "1", "0", "4", "–"]
    assert "Pts" not in text and "D drawn · L lost" in text
    dominoes = messages.standings_content(rows, "Club", game_spec("all-fives"), {})
    assert "Pts" in dominoes and " D " not in dominoes.split("```")[1].splitlines()[1]
