"""The candidate placements of a chosen Network tile: see-through ghosts with their pips,
apart from one another, each labelled with its number and the move to type, no label on
another or on an end's letter."""

from __future__ import annotations

from collections.abc import Iterator

from PIL import Image

from engine.network import NetworkHand, Placement
from engine.tiles import Tile
from render.kit.geometry import Rect, segment_meets
from render.kit.tiles import DX, DY
from render.network import draw_network_table, plan_table
from render.network.ghosts import LEADER_MIN, gap_between, leader_line
from render.network.plan import GhostSpot, TablePlan
from tests.render import positions as P
from tests.render.cases import candidates_of, moves_of
from tests.render.test_render import random_positions


def chosen_tiles(hands: list[NetworkHand]) -> Iterator[tuple[NetworkHand, Tile]]:
    for hand in hands:
        seat = hand.current_player
        if seat is None or hand.layout.is_empty:
            continue
        for tile in hand.hands[seat]:
            if hand.placements_for(tile):
                yield hand, tile


def planned(hand: NetworkHand, tile: Tile) -> TablePlan:
    return plan_table(hand, candidates_of(hand, tile), moves_of(hand, tile))


def inside(inner: Rect, outer: Rect) -> bool:
    return (
        inner.left >= outer.left
        and inner.top >= outer.top
        and inner.right <= outer.right
        and inner.bottom <= outer.bottom
    )


def test_labels_never_overlap_and_ghosts_stay_apart_inside_their_footprints() -> None:
    checked = 0
    for hand, tile in chosen_tiles([P.CANDIDATES.hand(), *random_positions(30, seed=9)]):
        plan = planned(hand, tile)
        ends = [label.rect for label in plan.labels]
        for i, ghost in enumerate(plan.ghosts):
            assert inside(ghost.body, ghost.rect), (tile, ghost.number)
            assert not any(ghost.badge.overlap(end) for end in ends), (tile, ghost.number)
            for other in plan.ghosts[i + 1 :]:
                assert not ghost.badge.overlap(other.badge), (tile, ghost.number, other.number)
                assert not ghost.body.overlap(other.body), (tile, ghost.number, other.number)
            for t in plan.tiles:
                assert not ghost.badge.overlap(t.rect.grown(-2)), (tile, ghost.number)
        checked += len(plan.ghosts)
    assert checked > 200


def test_each_ghost_has_a_label_of_its_own() -> None:
    """No label can be read as another ghost's: one beside its ghost lies nearer it than any
    other by a quarter of a label's height; one set further off has no other ghost nearer
    than its own or than three quarters of its height, and a line to its own that crosses no
    other ghost and no other ghost's label (a ghost boxed in may need its line drawn over a
    tile or an end's letter; never two labels by one pair of ghosts with a line between
    them)."""
    checked = 0
    for hand, tile in chosen_tiles([P.CANDIDATES.hand(), *random_positions(30, seed=9)]):
        plan = planned(hand, tile)
        for ghost in plan.ghosts:
            line = leader_line(ghost.badge, ghost.body)
            margin = ghost.badge.height / 4
            # beside its ghost: nearer it; off it: not by another, with a line to its own
            own = gap_between(ghost.badge, ghost.body)
            least = own + margin if line is None else min(own, 3 * margin)
            for other in plan.ghosts:
                if other is not ghost:
                    gap = gap_between(ghost.badge, other.body)
                    assert gap >= least, (tile, ghost.number, other.number)
            if line is not None:
                crossed = [g.body for g in plan.ghosts if g is not ghost]
                crossed += [g.badge for g in plan.ghosts if g is not ghost]
                assert not any(segment_meets(*line, box) for box in crossed), (tile, ghost.number)
            checked += 1
    assert checked > 200


def test_a_label_far_from_its_ghost_gets_a_line_to_it() -> None:
    far = Rect(0, 0, 40, 20)
    body = Rect(100, 100, 140, 180)
    line = leader_line(far, body)
    assert line is not None
    (x0, y0), (x1, y1) = line
    assert gap_between(Rect(x0, y0, x0, y0), far) == 0  # starts on the label's edge
    assert gap_between(Rect(x1, y1, x1, y1), body) == 0  # ends on the ghost
    assert leader_line(Rect(100, 80 - LEADER_MIN + 1, 140, 100 - LEADER_MIN + 1), body) is None


def test_labels_carry_the_move_to_type_without_the_tile() -> None:
    hand = P.CANDIDATES.hand()
    plan = planned(hand, P.CANDIDATE_TILE)
    moves = moves_of(hand, P.CANDIDATE_TILE)
    assert [f"{P.CANDIDATE_TILE.name} {g.text}" for g in plan.ghosts] == moves
    assert len(set(moves)) == len(moves)
    bare = plan_table(hand, candidates_of(hand, P.CANDIDATE_TILE))
    assert all(g.text == "" for g in bare.ghosts)  # numbers only, when no moves are given


# ------------------------------------------------------------------ pips


def ghost_pixels(image: Image.Image, plan: TablePlan, ghost: GhostSpot) -> Image.Image:
    """The ghost's body as drawn (the table area sits at the bottom of the picture)."""
    top = image.height - plan.height
    left = (image.width - plan.width) // 2
    b = ghost.body
    return image.crop((round(b.left) + left, round(b.top) + top,
                       round(b.right) + left, round(b.bottom) + top))  # fmt: skip


def pips(half: Image.Image) -> int:
    """Dark blobs in the middle of a half: its pips."""
    grey = half.convert("L")
    w, h = grey.size
    margin = round(w * 0.12)
    dark = {
        (x, y)
        for x in range(margin, w - margin)
        for y in range(margin, h - margin)
        if grey.getpixel((x, y)) < 80  # type: ignore[operator]
    }
    blobs = 0
    while dark:
        blobs += 1
        stack = [dark.pop()]
        while stack:
            x, y = stack.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in dark:
                    dark.remove(n)
                    stack.append(n)
    return blobs


def halves(body: Image.Image, p: Placement) -> tuple[Image.Image, Image.Image]:
    """The ``a`` half and the ``b`` half of a ghost lying from ``a`` towards ``b``."""
    w, h = body.size
    d = p.direction
    if DX[d]:
        west, east = body.crop((0, 0, w // 2, h)), body.crop((w - w // 2, 0, w, h))
        return (west, east) if DX[d] > 0 else (east, west)
    north, south = body.crop((0, 0, w, h // 2)), body.crop((0, h - h // 2, w, h))
    return (north, south) if DY[d] > 0 else (south, north)


def test_ghosts_show_their_pips_so_either_way_round_on_the_same_squares_differs() -> None:
    hand = P.CANDIDATES.hand()
    (near, rings), *_ = candidates_of(hand, Tile(5, 3))
    turned = near._replace(a=near.b, b=near.a)  # the same squares, the other way round
    assert near.a != near.b
    both = [(near, rings), (turned, rings)]
    image = draw_network_table(hand, P.NAMES[:4], candidates=both)
    plan = plan_table(hand, both)
    first, second = plan.ghosts
    assert first.rect == second.rect and not first.body.overlap(second.body)
    for ghost in plan.ghosts:
        a_half, b_half = halves(ghost_pixels(image, plan, ghost), ghost.placement)
        assert (pips(a_half), pips(b_half)) == (ghost.placement.a, ghost.placement.b)
    alone = [draw_network_table(hand, P.NAMES[:4], candidates=[c]).tobytes() for c in both]
    assert alone[0] != alone[1]
