"""The computer players of Sackson's Network (easy, normal, hard) and the tactics they
share: finding a network in one, and the squares that stop one (docs/rules/sackson.md)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.sackson.ai import LEVELS, choose_code, computer_move, seen_keys
from engine.sackson.board import name
from engine.sackson.game import SacksonGame, _key_text
from engine.sackson.moves import SacksonMove
from engine.sackson.position import Position
from engine.sackson.search import Search
from engine.sackson.threats import winning_moves

SMALL = 300
"""A hard player's node budget for tests: the search, kept quick."""

OPTIONS: list[dict[str, Any]] = [
    {},
    {"turn_order": "equalized"},
    {"both_networks": "mover_loses"},
    {"turn_order": "equalized", "both_networks": "mover_loses", "dark": "guest"},
]


def random_positions(seed: int, count: int) -> list[SacksonGame]:
    """Copies of seeded random games at random points (not over), over every option."""
    rng = random.Random(seed)
    found: list[SacksonGame] = []
    while len(found) < count:
        game = SacksonGame.deal(2, OPTIONS[len(found) % len(OPTIONS)], rng.randrange(10**6))
        stop = rng.randint(0, 40)
        while not game.is_over and len(game.moves_played) < stop:
            game.apply(rng.choice(game.legal_moves()))
        if not game.is_over:
            found.append(game)
    return found


def mover_network_after(game: SacksonGame, code: int) -> bool:
    """Whether playing ``code`` ends the game with the mover's network."""
    mover = game.current_player
    after = game.copy()
    after.apply(SacksonMove.from_code(code))
    return after.outcome is not None and after.outcome.winners == (mover,)


def wins_in_one(position: Position, colour: int) -> set[int]:
    """Brute force: every move of ``colour`` (as if to move) that completes its network
    and not the opponent's."""
    trial = position.copy()
    while trial.to_move != colour:
        trial.turns += 1
    found = set()
    for move in trial.moves():
        after = trial.copy()
        after.play(move)
        if after.has_network(colour) and not after.has_network(1 - colour):
            found.add(move)
    return found


def saving_moves(game: SacksonGame) -> list[int]:
    """Brute force: the legal moves after which the opponent cannot complete a network."""
    position = game.position
    colour = position.to_move
    other = 1 - colour
    saving = []
    for code in game.legal_codes():
        after = position.copy()
        after.play(code)
        if not after.has_network(other) and not wins_in_one(after, other):
            saving.append(code)
    return saving


# ---------------------------------------------------------------- every level


def test_the_levels() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    with pytest.raises(ValueError, match="level"):
        computer_move(SacksonGame.deal(2, {}, 1).view(0), 1, "expert")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_legal_move_in_random_positions(level: str) -> None:
    games = random_positions(seed=5, count=24)
    phases = {(g.position.to_move, bool(g.position.hand[g.position.to_move])) for g in games}
    assert phases == {(0, True), (0, False), (1, True), (1, False)}  # both colours, both phases
    assert any(g.options.equalized for g in games)
    for number, game in enumerate(games):
        legal = set(game.legal_codes())
        assert choose_code(game, number, level, nodes=SMALL) in legal


@pytest.mark.parametrize("level", LEVELS)
def test_the_computer_answers_from_the_view_in_notation(level: str) -> None:
    game = random_positions(seed=8, count=1)[0]
    seat = game.current_player
    assert seat is not None
    text = computer_move(game.view(seat), 3, level)
    assert text in {str(move) for move in game.legal_moves()}


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_view_seed_and_level_give_the_same_move(level: str) -> None:
    for game in random_positions(seed=13, count=3):
        view = game.view(game.current_player)
        first = choose_code(SacksonGame.from_view(view), 21, level, nodes=SMALL)
        again = choose_code(SacksonGame.from_view(view), 21, level, nodes=SMALL)
        assert first == again


def test_easy_plays_differently_with_different_seeds() -> None:
    game = SacksonGame.deal(2, {}, 4)
    moves = {choose_code(game, seed, "easy") for seed in range(8)}
    assert len(moves) > 1


# ---------------------------------------------------------------- tactics

# Dark (goals: ranks 1 and 8) on c1 c3 g5 e7 e8 completes c1-c3-e5-g5-e7-e8 with e5 and
# nothing else: Light's e3, g3 and g7 take the squares of the other ways.
PLACING_WIN = ("c1 c3 g5 e7 e8", "e3 g3 g7 a4 h6")
# All twenty pieces down; Dark completes a network by moving a piece (from a seeded game).
MOVING_WIN = (
    "d1 b2 b4 f4 g4 d5 b6 g6 e7 b8",
    "h2 a3 b3 d3 e4 g5 a6 c6 a7 g7",
)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("diagram", [PLACING_WIN, MOVING_WIN], ids=["placing", "moving"])
def test_every_level_completes_a_network_in_one_when_it_can(
    level: str, diagram: tuple[str, str]
) -> None:
    game = SacksonGame.from_position(*diagram, to_move="dark")
    assert wins_in_one(game.position, 0)  # the diagram has a win
    for seed in range(3):
        assert mover_network_after(game, choose_code(game, seed, level, nodes=SMALL))


def test_a_diagram_win_is_the_expected_one() -> None:
    game = SacksonGame.from_position(*PLACING_WIN, to_move="dark")
    assert {name(code & 63) for code in wins_in_one(game.position, 0)} == {"e5"}


# Positions from seeded games where the player to move must stop a network in one and
# exactly one move does (checked by brute force in the test).
ONE_WAY_TO_BLOCK = [
    ("f1 g2 c6 b7 e8", "a3 d4 h4 c5", "light", "d7"),
    ("d1 b3 e3 f4 e8", "a2 h3 c5 d6", "light", "c2"),
    ("b1 b3 c4 f4 c6 g8", "f2 a3 d3 e5 h6", "light", "b2"),
    ("d1 b2 b4 f4 g4 d5 b6 g6 e7 b8", "h2 a3 b3 d3 e4 g5 a6 c6 a7 g7", "light", "e4-e2"),
    ("c1 f1 f2 d3 b4 b5 f6 f7 b8 c8", "c2 h2 a3 c3 h3 a5 c5 h6 b7 c7", "dark", "f1-g3"),
]


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize(
    ("dark", "light", "to_move", "block"), ONE_WAY_TO_BLOCK, ids=[b[3] for b in ONE_WAY_TO_BLOCK]
)
def test_normal_and_hard_find_the_only_block(
    level: str, dark: str, light: str, to_move: str, block: str
) -> None:
    game = SacksonGame.from_position(dark, light, to_move=to_move)
    colour = game.position.to_move
    assert not wins_in_one(game.position, colour)
    assert wins_in_one(game.position, 1 - colour)
    saving = saving_moves(game)
    assert [str(SacksonMove.from_code(code)) for code in saving] == [block]
    for seed in range(2):
        assert choose_code(game, seed, level, nodes=SMALL) == saving[0]


# ---------------------------------------------------------------- the tactics module


def test_winning_moves_are_exactly_the_moves_that_complete_a_network() -> None:
    for game in random_positions(seed=17, count=60):
        position = game.position
        for colour in (0, 1):
            own, other = position.pieces[colour], position.pieces[1 - colour]
            found = winning_moves(own, other, colour, position.hand[colour] > 0, limit=999)
            assert {code for code, _ in found} == wins_in_one(position, colour)


def test_a_piece_off_the_blocking_squares_never_breaks_the_network() -> None:
    """The squares a threat comes with are every square where an opposing piece would
    break the network the threat completes: anywhere else, the move still completes it
    (whether it is then legal, if it also completes the blocker's network, the search
    checks apart)."""
    checked = 0
    for game in random_positions(seed=23, count=60):
        position = game.position
        colour = position.to_move
        own, other = position.pieces[colour], position.pieces[1 - colour]
        threats = winning_moves(own, other, colour, position.hand[colour] > 0, 4, True)
        for code, squares in threats:
            empty = ~(own | other) & ((1 << 64) - 1)
            for s in range(64):
                if empty >> s & 1 and not squares >> s & 1:
                    after = position.copy()
                    after.pieces[1 - colour] |= 1 << s
                    after.play(code)
                    assert after.has_network(colour)
                    checked += 1
    assert checked > 100


def test_the_repetition_counts_reach_the_search_as_position_keys() -> None:
    game = random_positions(seed=29, count=1)[0]
    keys = seen_keys(game.seen)
    assert keys[game.position.key()] == game.seen[_key_text(game.position.key())]
    assert sum(keys.values()) == sum(game.seen.values())


# A position of a seeded random game, all pieces down, where Light (to move) stands better.
AHEAD = ("c1 b2 e2 g2 e4 c5 g5 e6 d7 g7", "c2 d2 g3 b4 d4 g4 a6 c6 d6 a7")


def test_hard_will_not_walk_into_a_drawn_repetition_when_ahead() -> None:
    game = SacksonGame.from_position(*AHEAD, to_move="light")
    first = Search(game.position, nodes=1500).run()
    assert first.value > 0
    after = game.position.copy()
    after.play(first.move)
    seen = seen_keys(game.seen)
    seen[after.key()] = 2  # that move would make the position occur a third time: a draw
    again = Search(game.position, seen=seen, nodes=1500).run()
    assert again.move != first.move
    assert again.value > 0
