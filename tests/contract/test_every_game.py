"""The conformance test every registered game passes (OpenSpiel's random-sim test, ours).

Parametrised over :data:`engine.registry.GAMES` and each game's computer levels: a new
game is checked here the moment it is registered, with no test written for it, so nothing
here names a game. Random seeded games run to the end; at every step every legal move
applies (early on), the state survives JSON, no view names a tile its viewer may not see
(the engine's own :meth:`~engine.game.HandState.hidden_from` is the truth, whatever key
the view holds the tile under), the timeout move and the computer's move are legal, and
the bot's controls offer exactly the legal moves; replaying the moves on a fresh deal
gives the same state; the hand reaches an outcome. The computer at every level picks a
legal move at a handful of pinned decisions, and every picture the bot sends is a PNG
with alt text, mid-game and once the match is over.
"""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.games import adapter_for
from bot.publishing.alt_text import candidates_alt_text, hand_alt_text, table_alt_text
from engine.game import HandState
from engine.match import Match
from engine.registry import GAMES
from engine.rng import derive_seed
from engine.spec import GameSpec

SPECS = list(GAMES.values())
SEEDS = range(6)
LEVELS = [(spec, level) for spec in SPECS for level in spec.levels]
DECISIONS = 5
"""Decisions a game asks the computer about at each level (the hard ones search)."""
REPO = Path(__file__).resolve().parents[2]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
NUMBERS = re.compile(r"\d+(?:-\d+)*")
"""A run of numbers joined by hyphens: a tile's name is a run of exactly two."""

Tile = tuple[int, int]


def options_for(spec: GameSpec, rng: random.Random) -> dict[str, Any]:
    """A random choice for every option, so every option is played with."""
    return {option.name: rng.choice(option.values) for option in spec.options}


def deal(spec: GameSpec, seed: int) -> tuple[HandState[Any], dict[str, Any], int]:
    rng = random.Random(seed)
    players = rng.randint(spec.min_seats, spec.max_seats)
    options = options_for(spec, rng)
    return spec.hand_class.deal(players, options, seed), options, players


def revive(hand: HandState[Any]) -> HandState[Any]:
    return type(hand).from_json(json.loads(json.dumps(hand.to_json())))


def legal_notations(hand: HandState[Any]) -> set[str]:
    return {str(move) for move in hand.legal_moves()}


def assert_nothing_hidden(hand: HandState[Any]) -> None:
    """A perfect-information game hides nothing: every view is the spectator's."""
    spectator = hand.view(None)
    for viewer in [None, *range(hand.players)]:
        assert not hand.hidden_from(viewer)
        seen = {key: value for key, value in hand.view(viewer).items() if key != "you"}
        assert seen == {key: value for key, value in spectator.items() if key != "you"}


# ---------------------------------------------------------------- tiles named in text


def tiles_in_text(text: str) -> set[Tile]:
    """Every tile ``text`` names, either way round: "6-1" is found in "x 6-1," and "1-6",
    never inside "16-1" or "6-14" (sets go up to double-21)."""
    found = set()
    for run in NUMBERS.findall(text):
        parts = [int(part) for part in run.split("-")]
        if len(parts) == 2:
            found.add((max(parts), min(parts)))
    return found


def tiles_in(data: Any) -> set[Tile]:
    """Every tile named by any string (keys included) anywhere in a JSON document."""
    found: set[Tile] = set()
    for text in strings_in(data):
        found |= tiles_in_text(text)
    return found


def strings_in(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield str(key)
            yield from strings_in(value)
    elif isinstance(data, list | tuple):
        for item in data:
            yield from strings_in(item)


def hidden(hand: HandState[Any], viewer: int | None) -> set[Tile]:
    """The tiles ``viewer`` may not see, by the engine's own account of its state."""
    names = hand.hidden_from(viewer)
    tiles = tiles_in(sorted(names))
    assert len(tiles) == len(names), f"hidden_from gave names that are not tiles: {names}"
    return tiles


def assert_views_hide_what_they_must(hand: HandState[Any]) -> None:
    """No view names a tile hidden from its viewer; what a seat is shown beyond the
    spectator's view is hidden from every other viewer (so ``hidden_from`` misses none)."""
    viewers: list[int | None] = [None, *range(hand.players)]
    views = {viewer: hand.view(viewer) for viewer in viewers}
    shown = {viewer: tiles_in(view) for viewer, view in views.items()}
    secret = {viewer: hidden(hand, viewer) for viewer in viewers}
    for viewer in viewers:
        assert json.loads(json.dumps(views[viewer])) == views[viewer], "a view is plain JSON"
        if viewer is not None:
            assert views[viewer]["you"] == viewer
        leaked = shown[viewer] & secret[viewer]
        assert not leaked, f"the view of {viewer} names {sorted(leaked)}, hidden from it"
        assert secret[None] >= secret[viewer], "a spectator sees less than any seat"
    for seat in range(hand.players):
        private = shown[seat] - shown[None]
        for other in viewers:
            if other != seat:
                missing = private - secret[other]
                assert not missing, f"seat {seat}'s {sorted(missing)} not hidden from {other}"


def test_tile_names_are_found_whole_and_either_way_round() -> None:
    assert tiles_in_text("6-1") == tiles_in_text("led 1-6.") == {(6, 1)}
    assert tiles_in_text("16-1, 6-14 and 21-3-1; 3:6-6@0,-2W") == {(16, 1), (14, 6), (6, 6)}
    assert tiles_in({"6-4 A": ["x 12-10", {"k": "0-0"}], "n": 5}) == {(6, 4), (12, 10), (0, 0)}


# ---------------------------------------------------------------- the bot's controls


def assert_controls_cover_the_legal_moves(spec: GameSpec, hand: HandState[Any]) -> None:
    """The seat to move is offered every legal move and nothing else: the targets of its
    playable subjects and its action buttons, compared as engine moves."""
    seat = hand.current_player
    assert seat is not None
    adapter = adapter_for(spec.name)
    controls = adapter.controls(hand, seat)
    keys = [subject.key for subject in controls.subjects]
    assert len(set(keys)) == len(keys), f"subjects offered twice: {keys}"
    offered: list[str] = [action.move for action in controls.actions]
    for subject in controls.subjects:
        targets = adapter.targets(hand, seat, subject.key)
        if subject.playable:
            assert targets, f"{subject.key} is marked playable but goes nowhere"
        else:
            assert not targets, f"{subject.key} is marked unplayable but has {targets}"
        offered += [target.move for target in targets]
    as_moves = [str(hand.parse_move(move)) for move in offered]
    assert len(set(as_moves)) == len(as_moves), f"a move is offered twice: {sorted(offered)}"
    assert set(as_moves) == legal_notations(hand)


# ---------------------------------------------------------------- random games


@pytest.mark.parametrize("spec", SPECS, ids=[spec.name for spec in SPECS])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_play_to_an_outcome_within_the_rules(spec: GameSpec, seed: int) -> None:
    hand, options, players = deal(spec, seed)
    rng = random.Random(seed)
    played: list[tuple[int, str]] = []
    for step in range(2000):
        if hand.is_over:
            break
        seat = hand.current_player
        assert seat is not None and hand.outcome is None
        moves = hand.legal_moves()
        assert moves, "a seat to move always has a legal move"
        texts = [str(move) for move in moves]
        assert len(set(texts)) == len(texts), "legal moves are distinct in notation"
        for text in texts:  # notation reads back as the same move
            assert str(hand.parse_move(text)) == text
        if step < 6:  # every legal move applies (on a copy), early while they are many
            for text in texts:
                revive(hand).play(seat, text)
        assert str(hand.timeout_move()) in texts
        computer = spec.computer(hand.view(seat), derive_seed(seed, step), spec.levels[0])
        assert computer in texts, f"the computer chose an illegal {computer!r}"
        assert_views_hide_what_they_must(hand)
        assert_controls_cover_the_legal_moves(spec, hand)
        assert revive(hand) == hand
        text = rng.choice(texts)
        hand.play(seat, text)
        played.append((seat, text))
    assert hand.is_over, "the hand did not end"
    if spec.longest_game is not None:
        assert len(played) <= spec.longest_game, "the hand ran past the spec's longest game"
    if spec.information == "perfect":
        assert_nothing_hidden(hand)
    outcome = hand.outcome
    assert outcome is not None
    assert all(0 <= seat < players for seat in outcome.winners)
    assert len(hand.scores) == players and len(hand.stats()) == players
    assert all(set(figures) <= {stat.name for stat in spec.stats} for figures in hand.stats())
    assert_views_hide_what_they_must(hand)
    assert revive(hand) == hand

    replay = spec.hand_class.deal(players, options, seed)
    for seat, text in played:
        replay.play(seat, text)
    assert replay == hand


# ---------------------------------------------------------------- the computer


def pinned_decisions(spec: GameSpec, seed: int) -> list[HandState[Any]]:
    """Copies of one random game at :data:`DECISIONS` of its decisions: the lead, the one
    with the most legal moves, a forced one (a single legal move) if any, the rest spread
    over the game."""
    hand, _, _ = deal(spec, seed)
    rng = random.Random(seed)
    states: list[dict[str, Any]] = []
    counts: list[int] = []
    while not hand.is_over:
        moves = hand.legal_moves()
        states.append(hand.to_json())
        counts.append(len(moves))
        hand.apply(rng.choice(moves))
    last = len(states) - 1
    wanted = [0, max(range(len(counts)), key=counts.__getitem__)]
    wanted += [i for i, count in enumerate(counts) if count == 1][:1]
    wanted += [last * k // (DECISIONS - 1) for k in range(1, DECISIONS)]
    picked = list(dict.fromkeys(wanted))[:DECISIONS]  # in that order of priority
    return [spec.hand_class.from_json(states[index]) for index in sorted(picked)]


@pytest.mark.parametrize(("spec", "level"), LEVELS, ids=[f"{s.name}-{lv}" for s, lv in LEVELS])
def test_the_computer_chooses_a_legal_move_at_every_level(spec: GameSpec, level: str) -> None:
    for number, hand in enumerate(pinned_decisions(spec, seed=11)):
        seat = hand.current_player
        assert seat is not None
        choice = spec.computer(hand.view(seat), derive_seed(11, level, number), level)
        assert choice in legal_notations(hand), f"{level} chose an illegal {choice!r}"
        hand.play(seat, choice)


@pytest.mark.parametrize("spec", SPECS, ids=[spec.name for spec in SPECS])
def test_a_match_of_computers_reaches_its_outcome(spec: GameSpec) -> None:
    match = Match(spec.name, spec.min_seats, spec.match.default_target, seed=3)
    for step in range(20_000):
        if match.is_over:
            break
        seat = match.hand.current_player
        assert seat is not None
        move = spec.computer(match.hand.view(seat), step, spec.levels[0])
        match.play(seat, move)
    assert match.is_over and match.outcome is not None
    target = spec.match.default_target
    if target is not None:
        winner = match.winner
        assert winner is not None and spec.match.is_won_with(match.totals[winner], target)
        others = [total for seat, total in enumerate(match.totals) if seat != winner]
        assert all(total < match.totals[winner] for total in others)
    assert Match.from_json(json.loads(json.dumps(match.to_json()))) == match


# ---------------------------------------------------------------- pictures and words


def assert_png(data: bytes | None, what: str) -> None:
    assert isinstance(data, bytes) and data.startswith(PNG_SIGNATURE), f"{what} is not a PNG"
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG" and image.width > 0 and image.height > 0, what
        image.load()


def assert_table_described(
    spec: GameSpec, names: list[str], match: Match, hand: HandState[Any]
) -> None:
    """The table picture's alt text says whose turn it is (or that the hand is over),
    every seat's total and what lies on the table, and names no hidden tile."""
    text = table_alt_text(spec.name, 7, names, match, hand)
    words = adapter_for(spec.name).table_words(hand)
    assert isinstance(words, str) and words.strip() and words in text
    mover = hand.current_player
    if mover is None:
        assert "over" in text, text
    else:
        assert f"{names[mover]} to play" in text, text
    if spec.utility == "points" or match.target is not None:  # a lone game has no totals
        for name, total in zip(names, match.totals, strict=True):
            assert re.search(rf"\b{re.escape(name)} {total}\b", text), f"{name} {total}: {text}"
    leaked = tiles_in_text(text) & hidden(hand, None)
    assert not leaked, f"the public alt text names {sorted(leaked)}: {text}"


def assert_pictures_and_words(spec: GameSpec, match: Match, names: list[str]) -> None:
    """Every picture of the current hand (the table; each seat's hand; for the seat to
    move, a playable and an unplayable subject) is a PNG, with alt text that names no
    tile hidden from whoever receives it."""
    adapter, hand = adapter_for(spec.name), match.hand
    assert_png(adapter.table_picture(match, names), "the table picture")
    assert_table_described(spec, names, match, hand)
    for seat in range(hand.players):
        title = f"Table 7 · hand {match.hand_number}"
        picture = adapter.hand_picture(hand, seat, title)
        if not spec.has_hands:
            assert picture is None, "a game without hands draws no hand picture"
            continue
        assert_png(picture, f"seat {seat}'s hand picture")
        words = hand_alt_text(spec.name, title, hand, seat)
        assert words.startswith(title) and words[len(title) :].strip(". "), words
        assert not tiles_in_text(words) & hidden(hand, seat), words
    seat = hand.current_player
    if seat is None:
        return
    subjects = adapter.controls(hand, seat).subjects
    playable = [s for s in subjects if s.playable][:1]
    unplayable = [s for s in subjects if not s.playable][:1]
    for subject in playable + unplayable:
        picture = adapter.subject_picture(match, names, seat, subject.key)
        if picture is not None:  # None: the bot shows the hand picture instead
            assert_png(picture, f"the picture of {subject.key}")
        targets = adapter.targets(hand, seat, subject.key)
        words = candidates_alt_text(subject.key, targets)
        assert words and not tiles_in_text(words) & hidden(hand, seat), words
    for move in sorted(legal_notations(hand))[:3]:  # a hint for any legal move
        reason = adapter.hint_reason(hand, seat, move)
        assert reason.strip(), f"no reason given for a hint of {move}"
        assert not tiles_in_text(reason) & hidden(hand, seat), reason
        picture = adapter.hint_picture(match, names, seat, move)
        if picture is not None:  # None: the seat's own picture serves (a draw, a pass)
            assert_png(picture, f"the hint picture of {move}")


@pytest.mark.parametrize("spec", SPECS, ids=[spec.name for spec in SPECS])
def test_every_picture_renders_with_alt_text_mid_game_and_at_the_end(spec: GameSpec) -> None:
    rng = random.Random(5)
    players = spec.max_seats  # the most names and hands to draw
    names = [f"Player {chr(ord('A') + seat)}" for seat in range(players)]
    match = Match(spec.name, players, spec.match.default_target, 5, options_for(spec, rng))
    for _ in range(5):  # a few moves into the first hand
        match.apply(rng.choice(match.hand.legal_moves()))
    assert not match.is_over and match.hand.current_player is not None
    assert_pictures_and_words(spec, match, names)

    for _ in range(20_000):
        if match.is_over:
            break
        match.apply(rng.choice(match.hand.legal_moves()))
    assert match.is_over and match.last_hand is not None
    finished = match.last_hand
    assert_png(adapter_for(spec.name).table_picture(match, names, hand=finished), "hand over")
    assert_table_described(spec, names, match, finished)
    assert_pictures_and_words(spec, match, names)


# ---------------------------------------------------------------- the spec


@pytest.mark.parametrize("spec", SPECS, ids=[spec.name for spec in SPECS])
def test_the_spec_is_complete_and_its_options_check(spec: GameSpec) -> None:
    assert GAMES[spec.name] is spec and spec.hand_class.game == spec.name
    defaults = spec.check_options({})
    assert defaults == {option.name: option.default for option in spec.options}
    for option in spec.options:
        with pytest.raises(ValueError):
            spec.check_options({option.name: "no such choice"})
    with pytest.raises(ValueError):
        spec.check_options({"no_such_option": 1})
    with pytest.raises(ValueError):
        spec.check_seats(spec.max_seats + 1)
    assert spec.rules_page.startswith("docs/rules/")
    assert (REPO / spec.rules_page).is_file()
