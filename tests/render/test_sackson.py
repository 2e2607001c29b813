"""The Sackson's Network picture: pieces in their colours on every square, goal tints and
dead corners, the last move, the chosen piece and lettered targets (60 two-letter badges
stay inside their squares), the winning network's path through its pieces in order, the
header for every state, name cleaning, and that it reads the view only."""

from __future__ import annotations

import io
import itertools
import math
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

import render
from render import render_sackson_board
from render.kit.geometry import Rect
from render.kit.header import MIN_WIDTH, SeatRow, header_over_table
from render.kit.palette import END_HIGHLIGHT, HEADER_BACKGROUND, RGB, TEXT, TEXT_MUTED, blend
from render.sackson import draw_sackson_board, plan_board, sackson_header, status_text
from render.sackson import look as L
from render.sackson import paint as P
from render.sackson.plan import (
    ARROW_EDGE,
    ARROW_SHAFT,
    BADGE_MIN,
    CELL,
    DISC,
    HEIGHT,
    WIDTH,
    ArrowShape,
    arrow_shape,
    numeral_box,
    parse_square,
    zone,
)
from tests.render import sackson_cases as C
from tests.render import sackson_views as V

NAMES = ["Ann", "Bob"]
PLAYABLE = [s for s in V.ALL_SQUARES if s not in V.CORNERS]


def draw(view: dict[str, Any], **kwargs: Any) -> Image.Image:
    kwargs.setdefault("totals", (0, 0))
    kwargs.setdefault("target", None)
    return draw_sackson_board(view, NAMES, **kwargs)


def at(image: Image.Image, square: str, dx: float = 0, dy: float = 0) -> RGB:
    """The pixel ``dx``, ``dy`` px from ``square``'s centre (the board sits at the bottom
    of the picture, centred)."""
    top, left = image.height - HEIGHT, (image.width - WIDTH) // 2
    x, y = plan_board(V.sackson_view()).centre(square)
    pixel = image.getpixel((math.floor(x + dx) + left, math.floor(y + dy) + top))
    assert isinstance(pixel, tuple)
    return (pixel[0], pixel[1], pixel[2])


def near(pixel: RGB, want: RGB, tolerance: int = 12) -> bool:
    return max(abs(a - b) for a, b in zip(pixel, want, strict=True)) <= tolerance


def luminance(c: RGB) -> float:
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]


def ground(square: str) -> RGB:
    spot = parse_square(square)
    assert spot is not None
    return L.SQUARE_FILL[zone(*spot)]


# ------------------------------------------------------------------ board and pieces


def test_squares_are_named_with_rank_8_at_the_top_and_file_a_on_the_left() -> None:
    plan = plan_board(V.sackson_view())
    a1, h8, d4 = plan.rect("a1"), plan.rect("h8"), plan.rect("d4")
    assert a1.left < d4.left < h8.left and h8.top < d4.top < a1.top
    assert a1.width == a1.height == CELL
    assert plan.width == WIDTH >= MIN_WIDTH and WIDTH <= 800


def test_a_piece_turns_its_squares_centre_to_its_colour() -> None:
    empty = draw(V.sackson_view())
    assert near(at(empty, "d4"), L.SQUARE)
    placed = draw(V.sackson_view("d4", "e5"))
    assert near(at(placed, "d4"), L.DARK_PIECE)
    assert near(at(placed, "e5"), L.LIGHT_PIECE)
    assert near(at(placed, "c3"), L.SQUARE)


@pytest.mark.parametrize("colour", ["dark", "light"])
def test_discs_read_on_every_square_their_own_goal_tint_too(colour: str) -> None:
    """Each disc's centre is its colour, its rim is a clear ring in the other colour, and
    rim or body stands out from every square, its own goal tint too (the rules keep a
    colour out of its opponent's goals, but the picture is checked on every square)."""
    everywhere = {"dark": " ".join(PLAYABLE), "light": ""}
    if colour == "light":
        everywhere = {"dark": "", "light": " ".join(PLAYABLE)}
    image = draw(V.sackson_view(everywhere["dark"], everywhere["light"]))
    fill = L.PIECE[colour]  # type: ignore[index]
    for square in PLAYABLE:
        assert near(at(image, square), fill), square
        rim = at(image, square, DISC - 1.5)
        between = at(image, square, DISC + 6)
        assert near(between, ground(square), 16), square
        brightness = luminance(ground(square))
        stands_out = max(abs(luminance(rim) - brightness), abs(luminance(fill) - brightness))
        assert stands_out >= 100, square
        assert abs(luminance(rim) - luminance(fill)) >= 120, square


def test_goal_zones_wear_their_owners_tint() -> None:
    image = draw(V.sackson_view())
    for square in PLAYABLE:
        f, r = square[0], int(square[1])
        want = L.DARK_GOAL if r in (1, 8) else L.LIGHT_GOAL if f in "ah" else L.SQUARE
        assert near(at(image, square, 20, -20), want, 2), square
    assert luminance(L.DARK_GOAL) < luminance(L.SQUARE) < luminance(L.LIGHT_GOAL)
    assert luminance(L.DARK_PIECE) < luminance(L.SQUARE) < luminance(L.LIGHT_PIECE)


def test_the_corners_are_hatched_and_look_like_no_playable_square() -> None:
    image = draw(V.sackson_view())
    top, left = image.height - HEIGHT, (image.width - WIDTH) // 2
    plan = plan_board(V.sackson_view())
    playable = {L.SQUARE, L.DARK_GOAL, L.LIGHT_GOAL}
    for corner in sorted(V.CORNERS):
        r = plan.rect(corner)
        box = (round(r.left) + left + 2, round(r.top) + top + 2)
        patch = image.crop((*box, box[0] + CELL - 4, box[1] + CELL - 4)).convert("RGB")
        colours = {c for _, c in patch.getcolors(CELL * CELL) or ()}
        assert L.DEAD in colours and L.HATCH in colours, corner
        assert not colours & playable, corner


def test_file_letters_and_rank_numbers_are_drawn_round_the_board() -> None:
    image = draw(V.sackson_view()).convert("L")
    top = image.height - HEIGHT
    plan = plan_board(V.sackson_view())
    for i in range(8):
        x, _ = plan.centre(f"{'abcdefgh'[i]}1")
        _, y = plan.centre(f"a{i + 1}")
        bands = [
            (x - 12, top + 4, x + 12, top + 30),  # above
            (x - 12, top + HEIGHT - 30, x + 12, top + HEIGHT - 4),  # below
            (4, top + y - 12, 30, top + y + 12),  # left
            (WIDTH - 30, top + y - 12, WIDTH - 4, top + y + 12),  # right
        ]
        for band in bands:
            lo, hi = image.crop(tuple(round(v) for v in band)).getextrema()  # type: ignore[misc]
            assert hi - lo > 80, (i, band)


def test_an_empty_and_a_full_board() -> None:
    empty = plan_board(V.sackson_view())
    assert empty.pieces == () and empty.last_to is None and empty.network == ()
    view = V.full_board()
    image = draw(view)
    pieces = plan_board(view).pieces
    assert len(pieces) == 20
    for piece in pieces:
        assert near(at(image, piece.square), L.PIECE[piece.colour]), piece


# ------------------------------------------------------------------ last move


def test_the_last_move_is_ringed_with_a_faint_origin_and_an_arrow() -> None:
    view = V.sackson_view("f6", "", last="d4-f6", last_colour="dark")
    image = draw(view)
    ring = (P.LAST_RADII[0] + P.LAST_RADII[1]) / 2
    assert near(at(image, "f6", ring), L.LAST_MOVE, 20)
    washed = blend(L.SQUARE, L.LAST_MOVE, L.WASH)
    assert near(at(image, "d4", 36, 36), washed, 3)  # the origin's corner: washed
    origin = at(image, "d4", (P.ORIGIN_RADII[0] + P.ORIGIN_RADII[1]) / 2)
    assert near(origin, blend(washed, L.LAST_MOVE, P.ORIGIN_ALPHA / 255), 25)
    arrow = at(image, "e5")  # halfway along the diagonal
    assert near(arrow, blend(L.SQUARE, L.LAST_MOVE, P.ARROW_ALPHA), 12)
    assert near(at(image, "e6"), L.SQUARE) and near(at(image, "c3"), L.SQUARE)


def test_a_placement_is_ringed_without_an_arrow_and_a_pass_marks_nothing() -> None:
    view = V.sackson_view("e5", "", last="e5", last_colour="dark")
    plan = plan_board(view)
    assert (plan.last_from, plan.last_to) == (None, "e5")
    image = draw(view)
    ring = (P.LAST_RADII[0] + P.LAST_RADII[1]) / 2
    assert near(at(image, "e5", 0, -ring), L.LAST_MOVE, 20)
    unmarked = draw(V.sackson_view("e5", ""))
    boards = [i.crop((0, i.height - HEIGHT, i.width, i.height)) for i in (image, unmarked)]
    changed = ImageChops.difference(*boards).getbbox()  # each board at its picture's foot
    e5 = plan.rect("e5")  # only e5 changed on the board: no arrow, no origin
    assert changed is not None
    assert e5.left <= changed[0] and changed[2] <= e5.right
    assert e5.top <= changed[1] and changed[3] <= e5.bottom
    passed = V.sackson_view("e5", "d4", last="pass", last_colour="light")
    assert plan_board(passed).last_to is None
    assert "passed, having no legal move" in " ".join(sackson_header(
        passed, NAMES, (0, 0), None, 1, None).notes)  # fmt: skip


# ------------------------------------------------------------------ chosen and targets


def test_the_chosen_piece_is_framed_and_its_targets_get_gold_badges() -> None:
    view = V.full_board()
    targets = C.letters(V.free_squares(view, "dark", "d3"))
    assert len(targets) >= 10
    image = draw(view, chosen="d3", targets=targets)
    assert near(at(image, "d3", CELL / 2 - 4, 0), L.CHOSEN, 10)  # the frame
    assert near(at(image, "d3", (P.CHOSEN_RADII[0] + P.CHOSEN_RADII[1]) / 2), L.CHOSEN, 30)
    assert near(at(image, "d3"), L.DARK_PIECE)
    plan = plan_board(view, "d3", targets)
    assert [(b.square, b.label) for b in plan.badges] == targets
    for badge in plan.badges:
        inside = badge.rect.left + plan.badge_height * 0.25
        assert near(at(image, badge.square, inside - plan.centre(badge.square)[0], 0),
                    END_HIGHLIGHT, 30), badge  # fmt: skip
        ink = at(image, badge.square, 0, 0)  # the letter's stroke or the gold behind it
        assert luminance(ink) < 120 or near(ink, END_HIGHLIGHT, 30), badge


def test_sixty_two_letter_targets_stay_inside_their_squares_and_readable() -> None:
    """Every playable square gets a badge with a two-letter label, the widest letters
    included: one badge height for all, still legible, and nothing spills out."""
    view = V.sackson_view()
    labels = V.two_letter_labels(60)
    targets = list(zip(PLAYABLE, labels, strict=True))
    plan = plan_board(view, None, targets)
    assert len(plan.badges) == 60
    assert plan.badge_height >= 32 > BADGE_MIN
    for badge in plan.badges:
        square = plan.rect(badge.square).grown(-4)
        assert square.overlap(badge.rect) == badge.rect.width * badge.rect.height, badge
    plain = draw(view)
    marked = draw(view, targets=targets)
    top = marked.height - HEIGHT
    mask = ImageChops.difference(marked, plain).convert("L").point(lambda v: 255 if v else 0)
    for badge in plan.badges:  # blank each badge's box: nothing may differ outside them
        r = badge.rect
        mask.paste(0, (math.floor(r.left), math.floor(r.top) + top,
                       math.ceil(r.right), math.ceil(r.bottom) + top))  # fmt: skip
    assert mask.getbbox() is None
    for badge in plan.badges:  # each label is inked: dark strokes on gold
        r = badge.rect
        patch = marked.crop((round(r.left), round(r.top) + top, round(r.right),
                             round(r.bottom) + top)).convert("L")  # fmt: skip
        dark = sum(patch.histogram()[:90])
        assert dark >= 40, badge


def test_squares_off_the_board_are_left_out() -> None:
    view = V.sackson_view("d4", "")
    plan = plan_board(view, "z9", [("i1", "A"), ("e5", "B"), ("a0", "C"), ("a²", "D")])
    assert plan.chosen is None
    assert [(b.square, b.label) for b in plan.badges] == [("e5", "B")]
    odd = V.sackson_view("d4", "e5")
    odd["squares"] |= {"j7": "dark", "c3": "purple", "E2": "light"}
    assert [(p.square, p.colour) for p in plan_board(odd).pieces] == [
        ("d4", "dark"),
        ("e2", "light"),
        ("e5", "light"),
    ]


# ------------------------------------------------------------------ network


@pytest.mark.parametrize("colour", ["dark", "light"])
def test_the_network_is_a_path_through_its_pieces_in_order(colour: str) -> None:
    view = V.network_won()
    if colour == "light":  # the same shape for Light: swap the pieces' colours
        view["squares"] = {s: ("light" if c == "dark" else "dark")
                           for s, c in view["squares"].items()}  # fmt: skip
        view["network_colour"] = "light"
    image = draw(view)
    plan = plan_board(view)
    path = V.NETWORK_PATH
    assert plan.network == tuple(path)
    steps = {p.square: p.step for p in plan.pieces if p.step is not None}
    assert steps == {square: i + 1 for i, square in enumerate(path)}
    core = L.PIECE[colour]  # type: ignore[index]
    edge = L.RIM[colour]  # type: ignore[index]
    for a, b in itertools.pairwise(path):
        (ax, ay), (bx, by) = plan.centre(a), plan.centre(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        cx, cy = plan.centre("d4")
        assert near(at(image, "d4", mx - cx, my - cy), core, 20), (a, b)
        length = math.hypot(bx - ax, by - ay)  # just outside the core, on the path's edge
        off = P.PATH_CORE / 2 + P.PATH_EDGE / 2 + 0.5
        nx, ny = -(by - ay) / length * off, (bx - ax) / length * off
        assert near(at(image, "d4", mx - cx + nx, my - cy + ny), edge, 60), (a, b)
    ring = (P.NETWORK_RADII[0] + P.NETWORK_RADII[1]) / 2
    for square in path[:-1]:
        assert near(at(image, square, -ring), END_HIGHLIGHT, 30), square


def shaft_samples(shape: ArrowShape) -> list[Rect]:
    """The squares the arrow's shaft (edge included) sweeps, one a px along it."""
    half = ARROW_SHAFT / 2 + ARROW_EDGE
    boxes = []
    for (ax, ay), (bx, by) in itertools.pairwise(shape.shaft):
        steps = max(1, math.ceil(math.hypot(bx - ax, by - ay)))
        for i in range(steps + 1):
            x, y = ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps
            boxes.append(Rect.centred(x, y, 2 * half, 2 * half))
    return boxes


def in_triangle(point: tuple[float, float], triangle: tuple[tuple[float, float], ...]) -> bool:
    (x, y), ((x1, y1), (x2, y2), (x3, y3)) = point, triangle
    d1 = (x - x2) * (y1 - y2) - (x1 - x2) * (y - y2)
    d2 = (x - x3) * (y2 - y3) - (x2 - x3) * (y - y3)
    d3 = (x - x1) * (y3 - y1) - (x3 - x1) * (y - y1)
    return not ((d1 < 0 or d2 < 0 or d3 < 0) and (d1 > 0 or d2 > 0 or d3 > 0))


def test_the_last_moves_arrow_keeps_off_every_network_number() -> None:
    """Every move along a line of the board, from an empty square, over the won network:
    the arrow runs from the origin's centre to the destination's, straight where nothing
    is in the way, and neither its shaft nor its head covers a step number (it steps
    round them)."""
    view = V.network_won()
    occupied = set(view["squares"])
    checked = detoured = 0
    for start, end in itertools.permutations(V.ALL_SQUARES, 2):
        (f0, r0), (f1, r1) = parse_square(start), parse_square(end)  # type: ignore[misc]
        if start in occupied or not (f0 == f1 or r0 == r1 or abs(f0 - f1) == abs(r0 - r1)):
            continue
        view["last_move"] = {"notation": f"{start}-{end}", "colour": "dark", "from": start,
                             "to": end}  # fmt: skip
        plan = plan_board(view)
        if max(abs(f0 - f1), abs(r0 - r1)) < 2:
            continue  # neighbours: the ring and the wash say it all
        assert plan.arrow[0] == plan.centre(start) and plan.arrow[-1] == plan.centre(end)
        numbers = plan.numeral_boxes()
        shape = arrow_shape(plan.arrow, ARROW_EDGE)
        for box in numbers:
            assert not any(sample.meets(box) for sample in shaft_samples(shape)), (start, end)
            corners = [(x, y) for x in (box.left, box.right) for y in (box.top, box.bottom)]
            assert not any(in_triangle(c, shape.head) for c in corners), (start, end)
            assert not any(box.left < x < box.right and box.top < y < box.bottom
                           for x, y in shape.head), (start, end)  # fmt: skip
        checked += 1
        detoured += len(plan.arrow) > 2
    assert checked > 500 and detoured > 20


def test_the_arrow_past_a_numbered_piece_leaves_its_number_clear() -> None:
    """By its pixels: d5 → d1 passes d3, piece 2 of the network. Its number's box shows
    the disc and the number, no arrow; the arrow shows beside it."""
    view = V.network_won()
    view["last_move"] = {"notation": "d5-d1", "colour": "dark", "from": "d5", "to": "d1"}
    image = draw(view)
    plan = plan_board(view)
    top, left = image.height - HEIGHT, (image.width - WIDTH) // 2
    box = numeral_box(plan.centre("d3"), plan.network.index("d3") + 1)
    assert box in plan.numeral_boxes()
    shown = box.moved(left, top)
    number = image.crop(tuple(round(v) for v in (shown.left, shown.top, shown.right, shown.bottom)))
    number = number.convert("RGB")
    colours = [c for _, c in number.getcolors(1 << 16) or ()]
    assert any(near(c, TEXT, 30) for c in colours)
    over = blend(L.PIECE["dark"], L.LAST_MOVE, P.ARROW_ALPHA)  # type: ignore[index]
    assert not any(near(c, over, 20) for c in colours)
    assert len(plan.arrow) == 4  # it stepped aside


# ------------------------------------------------------------------ header


def test_the_status_line_for_every_state() -> None:
    assert status_text(V.placing(), NAMES) == "Bob (Light) to move · placing, 7 in hand"
    assert status_text(V.full_board(), NAMES) == "Ann (Dark) to move · moving a piece"
    assert status_text(V.full_board(dark_seat=1), NAMES) == "Bob (Dark) to move · moving a piece"
    assert status_text(V.network_won(), NAMES) == "Ann wins with a network of 6 pieces"
    repetition = V.full_board(outcome={"winners": [], "reason": "repetition"})
    assert status_text(repetition, NAMES) == "Draw by threefold repetition"
    stuck = V.full_board(outcome={"winners": [], "reason": "both stuck"})
    assert status_text(stuck, NAMES) == "Draw: neither player can move"


def test_notes_tell_the_goals_then_the_last_move_and_warn_of_a_repetition() -> None:
    def notes(view: dict[str, Any]) -> tuple[str, ...]:
        return sackson_header(view, NAMES, (0, 0), None, 1, None).notes

    assert notes(V.sackson_view()) == (
        "Dark's goals: rows 1 and 8 · Light's: columns a and h · corners are out of play",
    )
    assert notes(V.placing()) == ("Last move: Ann (Dark) placed a piece on e5",)
    assert notes(V.full_board()) == ("Last move: Bob (Light) moved b2 → b3",)
    assert notes(V.full_board(repetitions=2)) == (
        "Last move: Bob (Light) moved b2 → b3 · this position has occurred twice: "
        "a third time draws",
    )


def test_the_score_table_is_the_colour_legend() -> None:
    header = sackson_header(V.placing(), NAMES, (2, 1), 3, 4, None)
    assert (header.title, header.subtitle) == ("Sackson's Network", "Game 4 · first to 3 wins")
    assert header.columns == ("In hand", "Wins")
    assert header.rows == (
        SeatRow("Ann", L.DARK_PIECE, (6, 2), False, None, L.RIM["dark"], "Dark"),
        SeatRow("Bob", L.LIGHT_PIECE, (7, 1), True, None, L.RIM["light"], "Light"),
    )
    single = sackson_header(V.full_board(dark_seat=1), NAMES, (0, 0), None, 1, "Where d3 can go")
    assert (single.title, single.subtitle, single.columns) == ("Where d3 can go", "Game 1",
                                                               ("In hand",))  # fmt: skip
    assert [(r.colour, r.side, r.values, r.to_play) for r in single.rows] == [
        (L.LIGHT_PIECE, "Light", (0,), False),
        (L.DARK_PIECE, "Dark", (0,), True),
    ]
    won = sackson_header(V.network_won(), NAMES, (3, 2), 3, 5, None)
    assert [(r.tag, r.to_play) for r in won.rows] == [("wins", False), (None, False)]
    drawn = sackson_header(V.full_board(outcome={"winners": [], "reason": "repetition"}),
                           NAMES, (0, 0), 3, 1, None)  # fmt: skip
    assert not any(r.to_play or r.tag for r in drawn.rows)


def muted(image: Image.Image) -> int:
    """Pixels in the muted text colour (the solid middle of muted letters)."""
    return sum(n for n, c in image.getcolors(1 << 16) or () if near(c, TEXT_MUTED, 3))


def test_the_player_list_says_who_plays_dark_and_who_light_even_for_long_names() -> None:
    long = ["Bartholomew Fitzgerald-Saint-John the Third of Somewhere Far", "Bob"]
    for dark_seat in (0, 1):
        view = V.full_board(dark_seat=dark_seat)
        header = sackson_header(view, long, (0, 0), None, 1, None)
        sides = [row.side for row in header.rows]
        assert sides == (["Dark", "Light"] if dark_seat == 0 else ["Light", "Dark"])
    # Drawn in muted letters after the name, which is cut to leave room for it.
    image = draw_sackson_board(V.full_board(), long, totals=(0, 0), target=None)
    rows = image.crop((0, 0, image.width, image.height - HEIGHT)).convert("RGB")
    band = rows.crop((rows.width // 2, rows.height - 70, rows.width - 60, rows.height - 10))
    assert muted(band) >= 20
    plain = sackson_header(V.full_board(), long, (0, 0), None, 1, None)
    no_side = replace(plain, rows=tuple(replace(r, side=None) for r in plain.rows))
    bare, top, _ = header_over_table(no_side, WIDTH, HEIGHT)
    band = bare.crop((0, 0, bare.width, top)).crop(
        (bare.width // 2, top - 70, bare.width - 60, top - 10)
    )
    assert muted(band) <= 2


def test_the_dark_swatch_shows_on_the_dark_header() -> None:
    """Its ring, in the rim's colour, keeps a near-black swatch visible."""
    image = draw(V.placing())
    header = image.crop((0, 0, image.width, image.height - HEIGHT)).convert("RGB")
    colours = {c for _, c in header.getcolors(1 << 16) or ()}
    assert L.DARK_PIECE in colours and L.RIM["dark"] in colours
    assert HEADER_BACKGROUND in colours


def test_header_text_fits_with_long_and_unprintable_names() -> None:
    long = "Bartholomew Fitzgerald-Saint-John of the Very Long Name " * 4
    title = "Where the piece on d4 can go, if you would be so kind " * 3
    image = draw_sackson_board(
        V.placing(), [long, "\u200b\x00\ue000"], totals=(123, 4567), target=99999,
        title=title,
    )  # fmt: skip
    assert image.size == draw(V.placing()).size  # the long name is shortened in the notes
    header = sackson_header(V.placing(), [long, "Bob"], (0, 0), None, 1, None)
    assert header.notes[0].startswith("Last move: Bartholomew") and "…" in header.notes[0]
    assert header.notes[0].endswith("(Dark) placed a piece on e5")
    over = sackson_header(V.network_won(), [long, "Bob"], (0, 0), None, 1, None)
    assert over.status.endswith("… wins with a network of 6 pieces")
    top = image.height - HEIGHT
    edge = image.crop((image.width - 4, 0, image.width, top - 2)).convert("RGB")
    assert {c for _, c in edge.getcolors(1 << 12) or ()} == {HEADER_BACKGROUND}
    left = image.crop((0, 0, 4, top - 2)).convert("RGB")
    assert {c for _, c in left.getcolors(1 << 12) or ()} == {HEADER_BACKGROUND}


def test_missing_or_unprintable_names_become_seat_numbers() -> None:
    view = V.full_board()
    named = render_sackson_board(view, ["Seat 1", "Seat 2"], totals=(0, 0), target=None)
    assert render_sackson_board(view, [], totals=(0, 0), target=None) == named
    assert render_sackson_board(view, ["\u200b", "\x07\ue000 \u2060"], totals=(0, 0),
                                target=None) == named  # fmt: skip
    assert render_sackson_board(view, ["Ann", "Bob"], totals=(0, 0), target=None) != named


# ------------------------------------------------------------------ the picture as a whole


@pytest.mark.parametrize("name", sorted(C.SACKSON_CASES))
def test_pictures_are_phone_sized_palette_pngs(name: str) -> None:
    png = C.SACKSON_CASES[name]()
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.mode == "P"
    assert 600 <= image.width <= 800 and image.height < 1000
    assert len(png) < 120_000


def test_draws_render_without_marking_a_seat_to_move() -> None:
    for reason in ("repetition", "both stuck"):
        view = V.full_board(outcome={"winners": [], "reason": reason})
        png = render_sackson_board(view, NAMES, totals=(1, 1), target=3)
        assert png.startswith(b"\x89PNG")
        assert png != render_sackson_board(V.full_board(), NAMES, totals=(1, 1), target=3)


def test_same_input_gives_the_same_bytes_and_leaves_the_view_alone() -> None:
    from tests.render.test_render import clear_caches

    view = V.network_won()
    before = repr(view)
    first = render_sackson_board(view, NAMES, totals=(1, 2), target=3, chosen="e5",
                                 targets=[("c4", "A"), ("f6", "AB")])  # fmt: skip
    clear_caches()
    again = render_sackson_board(view, NAMES, totals=(1, 2), target=3, chosen="e5",
                                 targets=[("c4", "A"), ("f6", "AB")])  # fmt: skip
    assert again == first and repr(view) == before


def test_the_sackson_picture_reads_the_view_only() -> None:
    """No engine import anywhere in render/sackson: the view JSON is the only input."""
    package = Path(render.__file__).parent / "sackson"
    for path in sorted(package.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import) engine\b", text, re.M), path
