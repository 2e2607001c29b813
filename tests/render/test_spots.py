"""The spots a web page taps: recorded while pictures are painted, in the PNG's px.

On real positions of every game (seeded deals, seeded random play): the spots of a chosen
tile's or piece's picture are exactly the moves the adapter's ``targets`` offers, each
inside the picture, apart from every other target's, and over something drawn there (the
candidate's badge, ghost or square); a hand picture's spots are the tiles the seat may
pick, each once; Sackson's table picture offers the pieces the seat to move may pick.
Recording changes no byte of a picture, and nothing is recorded outside a recording.
"""

from __future__ import annotations

import io
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from PIL import Image

from bot.games import adapter_for
from bot.games.base import Scene
from bot.games.sackson import NEW_PIECE
from engine.game import HandState
from engine.match import Match
from engine.registry import GAMES
from render.kit.geometry import Rect
from render.kit.palette import END_HIGHLIGHT, GHOST_BADGE, RGB
from render.kit.spots import REACH, Spot, mark_spot, mark_spots, recording_spots, spots_placed

GAME_NAMES = sorted(GAMES)
TILE_GAMES = [name for name in GAME_NAMES if GAMES[name].family != "sackson"]
SEEDS = (0, 1)
STEPS = (3, 8, 14, 22)
"""Moves into a match (seeded random play) at which positions are taken."""
DRAWN_SHARE = 0.3
"""At least this share of a candidate's box is drawn over (not the plain background)."""
TOLERANCE = 8
"""How far a drawn colour may move when the picture is quantised to its palette."""


def names_for(players: int) -> list[str]:
    return [f"Player {seat + 1}" for seat in range(players)]


def positions(
    name: str, options: dict[str, Any] | None = None, players: int | None = None
) -> Iterator[Match]:
    """The match at each of :data:`STEPS` moves into seeded random play (each seed's
    match is played on after it is yielded, so look before asking for the next). Unless
    ``options`` are given, the first seed plays the table's defaults and the others a
    seeded random choice of every option (a spinner or none, doubles in line...)."""
    spec = GAMES[name]
    seats = players or spec.default_seats
    for seed in SEEDS:
        rng = random.Random(seed)
        chosen = options
        if chosen is None and seed != SEEDS[0]:
            chosen = {option.name: rng.choice(option.values) for option in spec.options}
        match = Match(name, seats, spec.match.default_target, seed, chosen)
        for step in range(max(STEPS) + 1):
            hand = match.hand
            moves = hand.legal_moves()
            if match.is_over or hand.current_player is None or not moves:
                break
            if step in STEPS:
                yield match
            match.play(hand.current_player, str(rng.choice(moves)))


def picture(scene: Scene) -> Image.Image:
    with Image.open(io.BytesIO(scene.png)) as image:
        return image.convert("RGB")


def corners(spot: Spot) -> Rect:
    x, y, width, height = spot.box
    return Rect(x, y, x + width, y + height)


def assert_apart_and_inside(scene: Scene) -> None:
    """Every box lies in the picture, and no two keys' boxes overlap."""
    assert (scene.width, scene.height) == picture(scene).size
    for spot in scene.spots:
        x, y, width, height = spot.box
        assert width > 0 and height > 0, spot
        assert x >= 0 and y >= 0, spot
        assert x + width <= scene.width and y + height <= scene.height, spot
    for i, a in enumerate(scene.spots):
        for b in scene.spots[i + 1 :]:
            if a.key != b.key:
                assert not corners(a).meets(corners(b)), (a, b)


def near(pixel: tuple[int, ...], colour: RGB) -> bool:
    return all(abs(p - c) <= TOLERANCE for p, c in zip(pixel, colour, strict=False))


def assert_drawn(scene: Scene, spots: Sequence[Spot], colour: RGB | None = None) -> None:
    """Each box is over something drawn: its centre is not the plain background (the
    table area's bottom corner), nor is a good share of it; ``colour`` (the candidates'
    badge colour) shows inside it."""
    image = picture(scene)
    background = image.getpixel((0, image.height - 1))
    for spot in spots:
        x, y, width, height = spot.box
        box = image.crop((x, y, x + width, y + height))
        data = box.tobytes()
        pixels = [tuple(data[i : i + 3]) for i in range(0, len(data), 3)]
        assert image.getpixel((x + width // 2, y + height // 2)) != background, spot
        drawn = sum(1 for pixel in pixels if pixel != background)
        assert drawn >= DRAWN_SHARE * len(pixels), (spot, drawn, len(pixels))
        if colour is not None:
            assert any(near(pixel, colour) for pixel in pixels), (spot, colour)


def candidate_colour(name: str) -> RGB:
    """The colour of a candidate's badge: Network's numbered labels are dark; the line
    games' ends and Sackson's squares are lettered in gold."""
    return GHOST_BADGE if GAMES[name].family == "network" else END_HIGHLIGHT


# ---------------------------------------------------------------- candidates


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_chosen_pictures_spots_are_exactly_its_targets(name: str) -> None:
    """For every playable subject at each position: one key per target move (and no
    other), each box inside the PNG, apart from the other targets' boxes, over its drawn
    badge, ghost or square."""
    adapter = adapter_for(name)
    shown = several = 0
    for match in positions(name):
        hand = match.hand
        seat = hand.current_player
        assert seat is not None
        names = names_for(hand.players)
        for subject in adapter.controls(hand, seat).subjects:
            if not subject.playable:
                continue
            scene = adapter.subject_scene(match, names, seat, subject.key)
            if scene is None:
                continue  # a lead: the hand picture serves, with nowhere to choose
            targets = adapter.targets(hand, seat, subject.key)
            assert {spot.key for spot in scene.spots} == {t.move for t in targets}
            assert_apart_and_inside(scene)
            first = list({spot.key: spot for spot in reversed(scene.spots)}.values())
            assert_drawn(scene, first, candidate_colour(name))
            shown += 1
            several += len(targets) > 1
    assert shown >= 3 and several >= 1, (shown, several)


# ---------------------------------------------------------------- hands


@pytest.mark.parametrize("name", TILE_GAMES)
def test_a_hand_pictures_spots_are_its_tiles_to_pick(name: str) -> None:
    """Every seat's hand: one spot per tile, keyed as the controls key it, apart, over
    the tile drawn there."""
    adapter = adapter_for(name)
    seen = 0
    for match in positions(name):
        hand = match.hand
        for seat in range(hand.players):
            scene = adapter.hand_scene(hand, seat, "Your tiles")
            assert scene is not None
            keys = [spot.key for spot in scene.spots]
            subjects = {subject.key for subject in adapter.controls(hand, seat).subjects}
            assert sorted(keys) == sorted(subjects)
            assert_apart_and_inside(scene)
            assert_drawn(scene, scene.spots)
            seen += 1
    assert seen


def test_a_long_fido_hands_pages_share_its_tiles_out() -> None:
    """Double-21 for three: 63 tiles in pages of 25 at most; each page's spots are its
    own tiles, no tile on two pages, every tile on one."""
    adapter = adapter_for("fido")
    match = next(positions("fido", {"set": 21}, players=3))
    hand = match.hand
    seat = 0
    subjects = {subject.key for subject in adapter.controls(hand, seat).subjects}
    assert len(subjects) > 50
    on_pages: list[str] = []
    for page in range(3):
        scene = adapter.hand_scene(hand, seat, "Your tiles", page)
        assert scene is not None
        keys = [spot.key for spot in scene.spots]
        assert 0 < len(keys) <= 25
        assert_apart_and_inside(scene)
        on_pages += keys
    assert sorted(on_pages) == sorted(subjects)


def test_a_board_game_has_no_hand_scene() -> None:
    match = next(positions("sackson"))
    assert adapter_for("sackson").hand_scene(match.hand, 0, "Your pieces") is None


# ---------------------------------------------------------------- a board game's table


def test_sacksons_table_offers_the_pieces_the_seat_to_move_may_pick() -> None:
    """While placing there is no piece to pick (the subject is a new piece); once
    moving, each of the mover's pieces is a spot keyed as the controls key it, over the
    piece."""
    adapter = adapter_for("sackson")
    phases = set()
    for match in positions("sackson"):
        hand = match.hand
        seat = hand.current_player
        assert seat is not None
        scene = adapter.table_scene(match, names_for(2))
        keys = {subject.key for subject in adapter.controls(hand, seat).subjects}
        if NEW_PIECE in keys:  # placing: no piece on the board to pick
            assert scene.spots == ()
            phases.add("placing")
        else:
            assert {spot.key for spot in scene.spots} == keys
            assert len(scene.spots) == len(keys)
            assert_apart_and_inside(scene)
            assert_drawn(scene, scene.spots)
            phases.add("moving")
    assert phases == {"placing", "moving"}


@pytest.mark.parametrize("name", TILE_GAMES)
def test_a_tile_games_table_has_nothing_to_tap(name: str) -> None:
    """The table picture of a tile game: a tile is picked from the hand, not the table."""
    match = next(positions(name))
    assert adapter_for(name).table_scene(match, names_for(match.players)).spots == ()


# ---------------------------------------------------------------- recording


@pytest.mark.parametrize("name", GAME_NAMES)
def test_recording_changes_no_byte_of_a_picture(name: str) -> None:
    adapter = adapter_for(name)
    match = next(positions(name))
    hand = match.hand
    seat = hand.current_player
    assert seat is not None
    names = names_for(hand.players)
    assert adapter.table_scene(match, names).png == adapter.table_picture(match, names)
    hand_scene = adapter.hand_scene(hand, seat, "Your tiles")
    hand_png = adapter.hand_picture(hand, seat, "Your tiles")
    assert (hand_scene.png if hand_scene else None) == hand_png
    for subject in adapter.controls(hand, seat).subjects:
        scene = adapter.subject_scene(match, names, seat, subject.key)
        png = adapter.subject_picture(match, names, seat, subject.key)
        assert (scene.png if scene else None) == png


def test_nothing_is_recorded_outside_a_recording() -> None:
    """Pictures drawn, and marks made, outside ``recording_spots`` reach no recording:
    not one opened before, nor one opened after; a recording inside another keeps its
    own picture's marks."""
    adapter = adapter_for("network")
    match = next(positions("network"))
    hand: HandState[Any] = match.hand
    seat = hand.current_player
    assert seat is not None
    with recording_spots() as before:
        pass
    adapter.hand_picture(hand, seat, "Your tiles")
    mark_spot("6-4", Rect(0, 0, 10, 10))
    with recording_spots() as after:
        pass
    assert before == [] and after == []
    with recording_spots() as outer:
        with recording_spots() as inner:
            adapter.hand_picture(hand, seat, "Your tiles")
        mark_spot("outer", Rect(0, 0, 10, 10))
    assert {spot.key for spot in inner} == {tile.name for tile in hand.hands[seat]}
    assert outer == [Spot("outer", (0, 0, 10, 10))]


# ---------------------------------------------------------------- the kit


def test_a_drawings_placement_moves_scales_and_cuts_its_marks() -> None:
    """A painter marks in its own coordinates; the blocks round it say where its drawing
    lies in the picture (nested ones compose) and the area a mark may cover."""
    with recording_spots() as spots:
        with spots_placed(10, 20, within=Rect(0, 0, 100, 50)):
            mark_spot("table", Rect(1, 2, 11, 12))
            with spots_placed(5, 5, scale=2):
                mark_spot("scaled", Rect(0, 0, 10, 10))
                mark_spot("cut", Rect(40, 0, 60, 10))
                mark_spot("outside", Rect(60, 0, 70, 10))
        mark_spot("picture", Rect(0, 0, 4, 4))
    assert spots == [
        Spot("table", (11, 22, 10, 10)),
        Spot("scaled", (15, 25, 20, 20)),
        Spot("cut", (95, 25, 15, 20)),  # the drawing ends at x = 110
        Spot("picture", (0, 0, 4, 4)),
    ]


def test_small_marks_grow_to_be_tapped_but_never_into_each_other() -> None:
    """A lone badge grows by the full reach; two badges 6 px apart grow by 3 each, and so
    touch without overlapping; a key's second box (a ghost) lying on another key's badge
    is left out, its first is kept."""
    with recording_spots() as spots:
        mark_spots(
            [
                ("lone", Rect(300, 300, 320, 310)),
                ("a", Rect(100, 40, 120, 50)),
                ("b", Rect(126, 40, 146, 50)),
                ("a", Rect(130, 30, 140, 45)),  # a's ghost, on b's badge
                ("b", Rect(126, 70, 146, 90)),  # b's ghost, clear of everything
            ]
        )
    by_key: dict[str, list[tuple[int, int, int, int]]] = {}
    for spot in spots:
        by_key.setdefault(spot.key, []).append(spot.box)
    assert by_key["lone"] == [(300 - REACH, 300 - REACH, 20 + 2 * REACH, 10 + 2 * REACH)]
    assert by_key["a"] == [(97, 37, 26, 16)]
    assert by_key["b"] == [(123, 37, 26, 16), (126 - REACH, 70 - REACH, 20 + 2 * REACH, 36)]
    a_right = by_key["a"][0][0] + by_key["a"][0][2]
    assert a_right == by_key["b"][0][0]  # touching, not overlapping
