"""Properties of the pictures that pixel references cannot show on their own: determinism,
read-only rendering, scale limits, label and badge placement, candidate numbering."""

from __future__ import annotations

import io
import math
import random
import re
from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise
from pathlib import Path

import pytest
from PIL import Image

import render
from engine.network import NetworkHand, read_position
from engine.tiles import Tile
from render import render_hand, render_network_table
from render.fido import paint as fido_paint
from render.kit import sprites
from render.kit import tiles as tile_faces
from render.kit.fonts import clean_text, fit_text, font, has_glyph, wrap_text
from render.kit.geometry import Rect
from render.kit.hand import PAD, UNIT, plan_hand, rows_for
from render.kit.tiles import gap
from render.network import lead_note
from render.network.plan import MAX_WIDTH, UNIT_MAX, UNIT_MIN, TablePlan, plan_table
from render.sackson import look as sackson_look
from tests.render import positions as P
from tests.render.cases import CASES, candidates_of
from tests.render.circuit import double_six_chain

TABLE_POSITIONS = [P.EMPTY, P.LEAD_DOUBLE, P.RING, P.CROSSWISE, P.CANDIDATES, P.FULL]


def clear_caches() -> None:
    for cached in (
        tile_faces.tile_face,
        sprites.shadow,
        sprites.glow,
        sprites.badge,
        sprites.badge_width,
        sprites.outline,
        fido_paint._bend,
        sprites.ghost,
        sprites.numbered_badge,
        sprites.numbered_badge_width,
        sprites.seat_mark,
        sackson_look.empty_board,
        sackson_look.disc,
        sackson_look.ring,
        font,
        fit_text,
        wrap_text,
        has_glyph,
    ):
        cached.cache_clear()


def random_positions(count: int, seed: int = 11) -> list[NetworkHand]:
    """Seeded random hands stopped at random points (2–5 players), including ended ones."""
    rng = random.Random(seed)
    found: list[NetworkHand] = []
    while len(found) < count:
        hand = NetworkHand.deal(rng.randint(2, 5), {}, rng.randrange(10_000))
        stop = rng.randint(1, 30)
        while not hand.is_over and len(hand.layout.placements) < stop:
            plays = [m for m in hand.legal_moves() if not m.is_pass]
            hand.apply(rng.choice(plays) if plays else hand.legal_moves()[-1])
        found.append(hand)
    return found


def bodies(plan: TablePlan) -> list[Rect]:
    return [t.rect.grown(-gap(plan.unit)) for t in plan.tiles]


# ------------------------------------------------------------------ determinism


@pytest.mark.parametrize("name", sorted(CASES))
def test_same_state_gives_the_same_bytes_even_with_cold_caches(name: str) -> None:
    first = CASES[name]()
    assert CASES[name]() == first
    clear_caches()
    assert CASES[name]() == first


def test_rendering_leaves_the_hand_untouched() -> None:
    for position in (P.CANDIDATES, P.FULL, P.LEAD_DOUBLE):
        hand = position.hand()
        before = hand.to_json()
        legal = [str(m) for m in hand.legal_moves()]
        seat = hand.current_player if hand.current_player is not None else 0
        for tile in [*hand.hands[seat], P.CANDIDATE_TILE]:
            render_network_table(
                hand, P.NAMES, candidates=candidates_of(hand, tile), candidate_tile=tile
            )
        render_network_table(hand, P.NAMES, totals=[1, 2, 3, 4, 5], target=10)
        assert hand.to_json() == before
        assert [str(m) for m in hand.legal_moves()] == legal


# ------------------------------------------------------------------ output format


@pytest.mark.parametrize("position", TABLE_POSITIONS)
def test_table_is_a_palette_png_within_the_width_limit(position: P.Position) -> None:
    png = render_network_table(position.hand(), P.NAMES)
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    assert image.mode == "P"
    assert image.width <= MAX_WIDTH


def test_missing_names_fall_back_to_seat_numbers() -> None:
    hand = P.LEAD_DOUBLE.hand()
    assert render_network_table(hand, ["Only one"])[:8] == b"\x89PNG\r\n\x1a\n"


# ------------------------------------------------------------------ scale


def test_one_tile_gets_the_largest_unit() -> None:
    assert plan_table(P.LEAD_DOUBLE.hand()).unit == UNIT_MAX


def test_full_table_keeps_tiles_readable_and_within_width() -> None:
    plan = plan_table(P.FULL.hand())
    assert len(plan.tiles) == 28
    assert plan.unit >= UNIT_MIN
    assert plan.width <= MAX_WIDTH


def straight_line_of_all_28() -> NetworkHand:
    """All 28 tiles end to end in one east–west line (an Euler circuit of the double-six
    set): the widest layout there is."""
    entries = [
        f"{i % 2 + 1}:{near}-{far}@{4 * i},0E" for i, (near, far) in enumerate(double_six_chain())
    ]
    hand = NetworkHand.deal(2, {}, 1)
    hand.layout = read_position(" ".join(entries))
    return hand


def test_widest_possible_layout_fits_at_the_minimum_unit() -> None:
    hand = straight_line_of_all_28()
    assert len(hand.layout.placements) == 28
    plan = plan_table(hand)
    assert plan.unit == UNIT_MIN
    assert plan.width <= MAX_WIDTH
    image = Image.open(io.BytesIO(render_network_table(hand, ["A", "B"])))
    assert image.width <= MAX_WIDTH


def test_tall_layouts_grow_the_picture_rather_than_shrink_tiles() -> None:
    for hand in random_positions(40):
        plan = plan_table(hand)
        assert plan.unit >= UNIT_MIN
        assert plan.width <= MAX_WIDTH


# ------------------------------------------------------------------ geometry


def test_tiles_sit_at_their_true_half_unit_positions() -> None:
    plan = plan_table(P.CROSSWISE.hand())
    h = plan.unit // 2
    first = plan.tiles[0]
    fx, fy = (
        min(first.placement.ax, first.placement.bx),
        max(first.placement.ay, first.placement.by),
    )
    offsets = set()
    for spot in plan.tiles:
        p = spot.placement
        x, y = min(p.ax, p.bx), max(p.ay, p.by)
        assert spot.rect.left - first.rect.left == (x - fx) * h
        assert spot.rect.top - first.rect.top == (fy - y) * h  # image rows grow south
        assert spot.rect.width == (abs(p.ax - p.bx) + 2) * h
        offsets.add(x % 2)
    assert offsets == {0, 1}, "the crosswise position has tiles half a unit off the grid"


def pill_meets(badge: Rect, box: Rect) -> bool:
    """Whether a badge drawn as a pill (round ends, as tall as ``badge``) in ``badge``
    covers any of ``box``: its middle line comes nearer ``box`` than its radius (a round
    badge in a pocket between tiles may have its box's corners over them), by more
    than :data:`GRAZE`."""
    radius = badge.height / 2
    y = (badge.top + badge.bottom) / 2
    x0, x1 = badge.left + radius, badge.right - radius
    dx = max(box.left - x1, x0 - box.right, 0.0)
    dy = max(box.top - y, y - box.bottom, 0.0)
    return math.hypot(dx, dy) < radius - GRAZE


GRAZE = 3
"""Px a label may reach over a tile's edge (its seat band, never its pips): one big
enough to read at chat size may fill a pocket between tiles with no room to spare."""


def test_every_open_end_has_one_label_clear_of_tiles_and_other_labels() -> None:
    hands = [p.hand() for p in TABLE_POSITIONS] + random_positions(60, seed=5)
    for hand in hands:
        plan = plan_table(hand)
        assert sorted(lb.label for lb in plan.labels) == sorted(hand.layout.ends)
        drawn = bodies(plan)
        for i, label in enumerate(plan.labels):
            assert not any(pill_meets(label.rect, b) for b in drawn), label.label
            assert not any(label.rect.overlap(o.rect) for o in plan.labels[i + 1 :])


def test_labels_sit_next_to_their_own_end() -> None:
    for hand in [P.RING.hand(), P.FULL.hand()]:
        plan = plan_table(hand)
        for label in plan.labels:
            cx, cy = label.rect.centre
            fx, fy = label.face.centre
            assert abs(cx - fx) + abs(cy - fy) <= 1.6 * plan.unit, label.label


def test_ring_cells_are_shaded_with_their_scorer_and_marked() -> None:
    hand = P.RING.hand()
    plan = plan_table(hand)
    scorers = {ring.seat for ring in hand.layout.rings}
    assert len(scorers) == 2
    assert {seat for _, seat in plan.ring_cells} == scorers
    assert {seat for _, seat in plan.ring_marks} == scorers
    assert len(plan.ring_cells) == sum(len(r.cells) for r in hand.layout.rings)


def test_bonus_ends_and_scorers_are_marked_at_the_end_of_the_hand() -> None:
    hand = P.FULL.hand()
    assert hand.bonus is not None
    plan = plan_table(hand)
    gold = {lb.label for lb in plan.labels if lb.bonus}
    assert gold == {e.label for e in hand.layout.ends.values() if e.number in hand.bonus.numbers}
    scorers = {lb.label: lb.scorer for lb in plan.labels if lb.scorer is not None}
    assert scorers == {label: seat for _, seat, _, label in hand.bonus.contributors}


def test_the_last_play_is_highlighted() -> None:
    hand = P.RING.hand()
    plan = plan_table(hand)
    assert plan.last is not None
    assert plan.tiles[plan.last].placement == hand.last_placement


# ------------------------------------------------------------------ candidates


def test_candidates_are_numbered_in_the_order_given() -> None:
    hand = P.CANDIDATES.hand()
    given = candidates_of(hand, P.CANDIDATE_TILE)
    plan = plan_table(hand, given)
    assert len(given) >= 7
    assert [g.number for g in plan.ghosts] == list(range(1, len(given) + 1))
    assert [(g.placement, g.rings) for g in plan.ghosts] == given
    assert any(g.rings for g in plan.ghosts)
    backwards = plan_table(hand, given[::-1])
    assert [g.placement for g in backwards.ghosts] == [p for p, _ in given[::-1]]


def test_the_renderer_asks_the_engine_no_rules_questions() -> None:
    """render/ reads state; what is legal, where a tile would go and what it would score
    are the caller's to work out."""
    asking = re.compile(
        r"\.(placements_for|preview|rings_if|legal_moves|playable_tiles|can_play|fits|find"
        r"|apply|place|lead_placement|placement_for|timeout_move|parse_move|ends_for"
        r"|score_if|total_if|accepts|recount|play_lead)\("
        r"|compute_bonus|from engine\.network\.layout import .*\b(fits|Candidate)\b"
    )
    for path in sorted(Path(render.__file__).parent.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not asking.search(line), f"{path}:{number}: {line.strip()}"


def test_empty_table_says_who_leads_with_what_the_lead_option_allows() -> None:
    names = list(P.NAMES[:3])
    standard = P.EMPTY.hand()
    assert lead_note(standard, names) == f"No tiles yet: {names[standard.leader]} leads 6-6."
    free = NetworkHand.deal(3, {"lead": "any"}, 0)
    assert lead_note(free, names) == f"No tiles yet: {names[free.leader]} leads with any tile."
    assert render_network_table(free, names) != render_network_table(standard, names)


def test_candidates_on_an_empty_table_or_with_no_place_still_render() -> None:
    hand = P.EMPTY.hand()
    not_the_lead = next(t for t in hand.hands[hand.leader] if t != hand.lead_tile)
    assert plan_table(hand, candidates_of(hand, not_the_lead)).ghosts == ()
    render_network_table(hand, P.NAMES, candidates=[], candidate_tile=not_the_lead)
    lead = candidates_of(hand, hand.lead_tile)
    (lead_ghost,) = plan_table(hand, lead).ghosts  # the lead is its only place
    assert lead_ghost.placement.tile == hand.lead_tile and lead_ghost.rings == 0
    render_network_table(hand, P.NAMES, candidates=lead, candidate_tile=hand.lead_tile)
    render_network_table(hand, P.NAMES, candidates=lead)  # the tile read off the candidates
    full = P.FULL.hand()
    render_network_table(full, P.NAMES, candidates=[], candidate_tile=Tile(6, 6))
    render_network_table(full, P.NAMES, candidates=[])


# ------------------------------------------------------------------ hand picture


def test_hand_rows_wrap_evenly() -> None:
    assert rows_for(0) == (0, 0)
    assert rows_for(7) == (1, 7)
    assert rows_for(14) == (2, 7)
    assert rows_for(25) == (3, 9)


def test_playable_tiles_are_bright_and_the_rest_dimmed() -> None:
    tiles = [Tile(6, 6), Tile(5, 1)]
    image = Image.open(io.BytesIO(render_hand(tiles, [Tile(5, 1)]))).convert("RGB")

    def brightness(x: int) -> float:
        pixel = image.getpixel((x, PAD + UNIT // 2 + 4))  # between pips, above the divider
        assert isinstance(pixel, tuple)
        return sum(pixel) / 3

    width = image.width
    left = (width - (2 * UNIT + 14)) // 2
    dim, bright = brightness(left + 3 * UNIT // 10), brightness(left + UNIT + 14 + 3 * UNIT // 10)
    assert bright > 200 > dim + 40


def test_empty_hand_and_big_set_tiles_render() -> None:
    assert render_hand([], [], title="No tiles")[:4] == b"\x89PNG"
    big = [Tile(21, 20), Tile(12, 9), Tile(10, 0)]
    assert render_hand(big, big[:1])[:4] == b"\x89PNG"


# ------------------------------------------------------------------ faces and text


def test_pip_patterns_have_the_right_count_and_turn_with_the_tile() -> None:
    for n in range(10):
        assert len(tile_faces.pip_cells(n, 0)) == n
    standing_six = tile_faces.pip_cells(6, 0)
    lying_six = tile_faces.pip_cells(6, 1)
    assert {c for _, c in standing_six} == {0, 2}  # two columns of three
    assert {r for r, _ in lying_six} == {0, 2}  # two rows of three


def test_faces_reject_numbers_beyond_double_21() -> None:
    with pytest.raises(ValueError):
        tile_faces.tile_face(22, 0, tile_faces.S, 40)
    assert tile_faces.tile_face(21, 21, tile_faces.E, 28).size == (56, 28)


def test_names_are_cleaned_and_fitted() -> None:
    assert clean_text("  Zoë\u200b \x07 ", "Seat 1") == "Zoë"
    assert clean_text("\u200d\u200d", "Seat 2") == "Seat 2"
    face = font(16)
    short = fit_text("A rather long display name for a player", face, 100)
    assert short.endswith("…") and face.getlength(short) <= 100
    lines = wrap_text("one two three four five six seven eight nine ten", face, 80, 2)
    assert len(lines) == 2 and lines[-1].endswith("…")


def test_rendering_from_several_threads_gives_the_same_pictures() -> None:
    jobs = [CASES[name] for name in sorted(CASES)] * 3
    serial = [job() for job in jobs]
    clear_caches()
    with ThreadPoolExecutor(max_workers=4) as pool:
        threaded = list(pool.map(lambda job: job(), jobs))
    assert threaded == serial


def test_hand_columns_fit_long_tile_names() -> None:
    """Names like "12-10", wider than a tile, never run into their neighbours' names."""
    tiles = [Tile(12, n) for n in range(10, 0, -1)]
    name_width = font(17, bold=True).getlength("12-10")
    cells = plan_hand(tiles).layout.cells
    for left, right in pairwise(cells):
        if left.name_at[1] == right.name_at[1]:
            assert right.name_at[0] - left.name_at[0] >= name_width
    assert len({cell.name_at[1] for cell in cells}) < len(cells)  # rows of several


def test_every_table_picture_pickles_by_name() -> None:
    """Drawing worker processes are handed functions by name: a ``render_*`` made from its
    ``draw_*`` twin must pickle as itself."""
    import pickle

    from render.fido.picture import render_fido_table
    from render.kit.hand import render_hand
    from render.line.picture import render_line_table
    from render.network.picture import render_network_table
    from render.sackson.picture import render_sackson_board

    for picture in (
        render_fido_table,
        render_hand,
        render_line_table,
        render_network_table,
        render_sackson_board,
    ):
        assert pickle.loads(pickle.dumps(picture)) is picture
