"""Game records: written and read back unchanged for every game, rebuilt move by move to
the very hand that was played, and silent about hidden tiles while a hand is in play."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.match import Match
from engine.network.explorer import main as network_explore
from engine.record import (
    GameRecord,
    LoggedMove,
    RecordError,
    finished_hands,
    read_record,
    rebuild,
    record_hand,
    write_record,
)
from engine.record_explorer import main as domino_record
from engine.registry import GAMES, game_spec
from engine.rng import derive_seed
from tests.engine.logged_matches import played_match

SEED = 20261124


def names(players: int) -> list[str]:
    return ["Ada", 'Bea "B" Brown', "Chandra", "Dee", "Eve"][:players]


def record_of(match: Match, log: list[LoggedMove], hand_number: int) -> GameRecord:
    return record_hand(
        match.game,
        match.players,
        names(match.players),
        match.target,
        match.seed,
        match.options,
        log,
        hand_number,
    )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_finished_hand_round_trips_and_rebuilds_to_the_hand_played(game: str) -> None:
    spec = game_spec(game)
    match, log = played_match(game, spec.default_seats, SEED, hands=1)
    assert finished_hands(log, match) == [1]
    record = record_of(match, log, 1)
    text = write_record(record)

    assert read_record(text) == record
    assert write_record(read_record(text)) == text
    assert record.finished and record.seed == derive_seed(SEED, "hand", 1)
    assert record.deal is not None and len(record.deal) == spec.default_seats
    moves = [entry for entry in log if entry.hand_number == 1]
    assert [(m.seat, m.notation) for m in record.moves] == [(m.seat, m.notation) for m in moves]
    steps = rebuild(read_record(text))
    assert len(steps) == len(moves) + 1
    assert match.last_hand is not None
    assert steps[-1].hand.to_json() == match.last_hand.to_json()
    assert list(record.scores) == match.last_hand.scores
    assert str(SEED) not in text  # the match seed never appears


def test_the_second_hand_records_the_totals_before_it_and_the_previous_leader() -> None:
    match, log = played_match("network", 3, SEED, target=50, hands=2)
    first = record_of(match, log, 1)
    second = record_of(match, log, 2)
    assert match.results[0].scores == first.scores
    assert second.totals == first.scores  # the match totals when hand 2 was dealt
    assert second.previous_leader == rebuild(first)[0].hand.leader
    steps = rebuild(read_record(write_record(second)))
    assert match.last_hand is not None
    assert steps[-1].hand.to_json() == match.last_hand.to_json()


def hidden_in(text: str, hidden: frozenset[str]) -> list[str]:
    """Hidden tile names written anywhere in ``text`` as whole names (12-2 is not 2-2)."""
    return [name for name in hidden if re.search(rf"(?<![\d-]){re.escape(name)}(?![\d-])", text)]


@pytest.mark.parametrize(
    "game", sorted(name for name, spec in GAMES.items() if spec.information == "imperfect")
)
def test_a_hand_in_play_reveals_no_hidden_tile_and_no_seed(game: str) -> None:
    match, log = played_match(game, game_spec(game).default_seats, SEED, hands=0, extra_moves=4)
    assert not match.hand.is_over
    record = record_of(match, log, 1)
    text = write_record(record)

    hidden = match.hand.hidden_from(None)
    assert hidden and hidden_in(text, hidden) == []
    assert "Seed" not in text and "Deal" not in text and "PreviousLeader" not in text
    for seed in (SEED, derive_seed(SEED, "hand", 1), derive_seed(SEED, "hand", 2)):
        assert str(seed) not in text
    assert '[Result "*"]' in text
    with pytest.raises(RecordError, match="secret"):
        rebuild(read_record(text))
    # What was played is public, and the record still says it.
    assert [m.notation for m in read_record(text).moves] == [m.notation for m in log]


def test_a_board_game_in_play_keeps_its_seed_and_steps_through() -> None:
    match, log = played_match("sackson", 2, SEED, hands=0, extra_moves=6)
    record = record_of(match, log, 1)
    assert not record.finished and record.seed is not None
    assert rebuild(record)[-1].hand.to_json() == match.hand.to_json()


def test_a_record_whose_deal_does_not_match_its_seed_is_refused() -> None:
    match, log = played_match("all-fives", 2, SEED, hands=1)
    text = write_record(record_of(match, log, 1))
    tampered = text.replace(f"[Seed {derive_seed(SEED, 'hand', 1)}]", "[Seed 1]")
    with pytest.raises(RecordError, match="Deal"):
        rebuild(read_record(tampered))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('[Game "network"]\n[Players 2]\n\n1. 1 6-6\n3. 2 pass\n', "out of order"),
        ('[Game "network"]\n[Players 2]\n\n1. 3 6-6\n', "seat 3"),
        ('[Game "chess"]\n[Players 2]\n', "chess"),
        ("[Players 2]\n\n1. 1 6-6\n", "Game"),
        ('[Game "network"]\n[Players 2]\nhello\n', "neither"),
        ("[Game network]\n[Players 2]\n", "not JSON"),
    ],
)
def test_a_broken_record_says_what_is_wrong(text: str, problem: str) -> None:
    with pytest.raises((RecordError, ValueError), match=problem):
        read_record(text)


def test_the_explorer_prints_the_move_scores_and_position_at_a_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match, log = played_match("network", 2, SEED, hands=1)
    path = tmp_path / "hand-1.txt"
    path.write_text(write_record(record_of(match, log, 1)), encoding="utf-8")
    moves = [m for m in log if m.hand_number == 1]

    assert network_explore(["--record", str(path), "--step", "3"]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith(f"Step 3 of {len(moves)}: ")
    assert f"played {moves[2].notation}" in shown and "Scores: Ada 0" in shown
    assert re.search(r"^[.0-6]+$", shown, re.MULTILINE)  # the layout grid

    assert domino_record([str(path)]) == 0
    assert "Hand over" in capsys.readouterr().out

    assert domino_record([str(path), "--step", "999"]) == 2
    assert "steps 0 to" in capsys.readouterr().err


@pytest.mark.parametrize(("game", "expected"), [("all-fives", "Open ends:"), ("sackson", "a b c")])
def test_the_explorer_draws_lines_and_boards_as_text(
    game: str, expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match, log = played_match(game, 2, SEED, hands=1)
    path = tmp_path / "record.txt"
    path.write_text(write_record(record_of(match, log, 1)), encoding="utf-8")
    assert domino_record([str(path), "--step", "2"]) == 0
    assert expected in capsys.readouterr().out
