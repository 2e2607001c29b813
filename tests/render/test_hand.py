"""The hand picture for big hands: pages, groups under captions, tiles that score now, and
numerals that read on a phone. (Small hands, drawn as always, have reference pictures.)"""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine.tiles import Tile, double_set
from render import render_hand
from render.kit.fonts import font
from render.kit.hand import BRIGHT, PER_PAGE, HandPlan, page_count, plan_hand
from render.kit.hand_layout import MAX_TITLE_WIDTH, arrange, paginate
from render.kit.palette import BONUS_FILL
from render.kit.tiles import BIG_NUMERAL, PLAIN, S, TileLook, tile_face

DIVISOR = 13


def big_hand(count: int = 63, seed: int = 1) -> list[Tile]:
    """A double-21 hand as three players get it: 63 tiles."""
    return random.Random(seed).sample(double_set(21), count)


def difference_groups(tiles: list[Tile]) -> list[tuple[str, list[Tile]]]:
    """The FIDO sorting a caller would pass (the renderer knows nothing of it)."""
    groups = []
    for k in range(DIVISOR // 2 + 1):
        members = [
            t for t in tiles if min((t.high - t.low) % DIVISOR, -(t.high - t.low) % DIVISOR) == k
        ]
        groups.append((f"+{k} / −{DIVISOR - k}", members))
    return groups


def near(pixel: object, colour: tuple[int, int, int]) -> bool:
    """Within palette quantisation of ``colour``."""
    assert isinstance(pixel, tuple)
    return max(abs(a - b) for a, b in zip(pixel, colour, strict=True)) <= 8


def shown(plan: HandPlan) -> list[Tile]:
    return [cell.tile for cell in plan.layout.cells]


def check_apart(plan: HandPlan) -> None:
    """Tiles inside the picture, clear of each other, of the captions and of the title."""
    layout = plan.layout
    cells = layout.cells
    for i, cell in enumerate(cells):
        r = cell.rect
        assert r.left >= 0 and r.right <= layout.width, cell
        assert layout.body_top <= r.top and r.bottom + 20 <= layout.height, cell
        for other in cells[i + 1 :]:
            assert not r.grown(4).overlap(other.rect), (cell.tile, other.tile)
        for caption in layout.captions:
            assert caption.top + 20 <= r.top or caption.top >= r.bottom + 20, caption


def test_a_63_tile_hand_pages_into_pictures_of_at_most_30_tiles() -> None:
    tiles = big_hand()
    pages = page_count(tiles)
    assert pages == 3
    seen: list[Tile] = []
    widths = set()
    for page in range(1, pages + 1):
        plan = plan_hand(tiles, title="Your hand", page=page)
        assert plan.heading == f"Your hand · page {page} of 3"
        assert len(plan.layout.cells) <= PER_PAGE
        check_apart(plan)
        seen += shown(plan)
        widths.add(plan.layout.width)
    assert seen == tiles  # every tile once, in the order given
    assert len(widths) == 1  # flipping pages does not make the picture jump


def test_pages_out_of_range_show_the_nearest_page() -> None:
    tiles = big_hand()
    assert plan_hand(tiles, page=0).page == 1
    assert plan_hand(tiles, page=9).page == 3
    assert plan_hand(tiles, page=9).heading == "Page 3 of 3"
    assert plan_hand(tiles[:5], title="Hand", page=1).heading == "Hand"  # one page: no count


def test_groups_keep_their_order_and_tiles_under_their_captions() -> None:
    tiles = big_hand()
    groups = difference_groups(tiles)
    plan = plan_hand(tiles, groups=groups)
    assert shown(plan) == [t for _, members in groups for t in members]
    assert [c.text for c in plan.layout.captions] == [caption for caption, _ in groups]
    check_apart(plan)
    by_tile = {cell.tile: cell.rect for cell in plan.layout.cells}
    for caption, (_, members) in zip(plan.layout.captions, groups, strict=True):
        first = by_tile[members[0]]
        assert caption.top < first.top <= caption.top + 40
        assert abs(caption.left - first.left) <= 10


def test_grouped_pages_keep_small_groups_whole() -> None:
    tiles = big_hand()
    groups = difference_groups(tiles)
    pages = paginate(arrange(tiles, groups), PER_PAGE)
    assert page_count(tiles, groups=groups) == len(pages)
    for page in pages:
        assert sum(len(g.tiles) for g in page) <= PER_PAGE
    whole = {caption: len(members) for caption, members in groups}
    for page in pages:
        for group in page:
            assert group.caption is not None
            if whole.get(group.caption, 0) <= PER_PAGE:  # fits a page: never split
                assert len(group.tiles) == whole[group.caption]
    for page in range(1, len(pages) + 1):
        check_apart(plan_hand(tiles, groups=groups, page=page))


def test_a_group_bigger_than_a_page_carries_on_under_its_caption() -> None:
    tiles = big_hand()
    pages = paginate(arrange(tiles, [("all", tiles)]), 24)
    assert [[g.caption for g in page] for page in pages] == [
        ["all"],
        ["all (cont.)"],
        ["all (cont.)"],
    ]
    assert [len(page[0].tiles) for page in pages] == [24, 24, 15]


def test_groups_drop_tiles_not_held_and_add_the_ones_left_out() -> None:
    tiles = [Tile(12, 3), Tile(5, 5), Tile(9, 1)]
    groups = [("+9", [Tile(12, 3), Tile(20, 11), Tile(12, 3)]), ("none", [Tile(0, 0)])]
    arranged = arrange(tiles, groups)
    assert [(g.caption, g.tiles) for g in arranged] == [
        ("+9", (Tile(12, 3),)),
        (None, (Tile(5, 5), Tile(9, 1))),
    ]


def test_tiles_that_score_now_are_marked_in_gold_with_a_legend() -> None:
    tiles = big_hand(12)
    playable = tiles[:6]
    plain = render_hand(tiles, playable, title="Your hand")
    marked_png = render_hand(tiles, playable, title="Your hand", scoring=[tiles[2]])
    assert marked_png != plain
    plan = plan_hand(tiles, title="Your hand", scoring=[tiles[2], Tile(0, 0)])
    assert plan.marked == {tiles[2]}  # a tile not in the hand is never drawn
    assert plan.layout.legend_top is not None
    image = Image.open(io.BytesIO(marked_png)).convert("RGB")
    rect = plan.layout.cells[2].rect
    band = image.getpixel((round(rect.left) - 1, round(rect.top + rect.height / 2)))
    assert near(band, BONUS_FILL)
    name = plan.layout.cells[2].name_at
    left = name[0] - font(17, bold=True).getlength(tiles[2].name) / 2
    assert near(image.getpixel((round(left) - 3, name[1] + 9)), BONUS_FILL)  # gold name pill
    unmarked = plan_hand(tiles, title="Your hand")
    assert unmarked.layout.legend_top is None
    moved = [c.rect.top - plan.layout.body_top for c in plan.layout.cells]
    assert moved == [c.rect.top - unmarked.layout.body_top for c in unmarked.layout.cells]


def test_the_legend_shows_only_on_pages_with_a_marked_tile() -> None:
    tiles = big_hand()
    plans = [plan_hand(tiles, scoring=[tiles[40]], page=p) for p in (1, 2, 3)]
    assert [p.layout.legend_top is not None for p in plans] == [False, True, False]


@pytest.mark.parametrize("grouped", [False, True])
def test_big_hand_pages_are_small_enough_for_a_phone(grouped: bool) -> None:
    tiles = big_hand()
    groups = difference_groups(tiles) if grouped else None
    for page in range(1, page_count(tiles, groups=groups) + 1):
        png = render_hand(
            tiles, tiles[::3], title="Your hand", scoring=tiles[::7], groups=groups, page=page
        )
        image = Image.open(io.BytesIO(png))
        assert image.width <= MAX_TITLE_WIDTH + 100 and image.height <= 800
        assert len(png) < 120_000


def test_numerals_are_bigger_on_hand_tiles_and_pips_unchanged() -> None:
    unit = 44

    def numeral_height(look: TileLook) -> int:
        face = tile_face(21, 21, S, unit, look)
        white = Image.new("RGBA", face.size, (255, 255, 255, 255))
        white.alpha_composite(face)
        top_half = white.convert("L").crop((0, 0, unit, unit))
        box = top_half.point(lambda v: 255 if v < 80 else 0).getbbox()  # the digits' ink
        assert box is not None
        return box[3] - box[1]

    assert numeral_height(BRIGHT) >= 1.25 * numeral_height(PLAIN)
    assert numeral_height(TileLook(numeral=BIG_NUMERAL)) >= 1.2 * numeral_height(PLAIN)
    assert numeral_height(BRIGHT) >= unit * 0.38  # about 17 px of digit at the hand's unit
    six = tile_face(6, 6, S, unit, BRIGHT)
    assert six.tobytes() == tile_face(6, 6, S, unit).tobytes()  # pips as ever


def test_paged_and_grouped_pictures_are_deterministic() -> None:
    tiles = big_hand()
    groups = difference_groups(tiles)
    first = render_hand(tiles, tiles[:9], scoring=tiles[:3], groups=groups, page=2)
    assert render_hand(tiles, tiles[:9], scoring=tiles[:3], groups=groups, page=2) == first
    assert render_hand(tiles, tiles[:9], scoring=tiles[:3], groups=groups, page=1) != first


def test_a_hand_that_fits_one_page_looks_as_it_always_did() -> None:
    tiles = big_hand(14)
    plain = render_hand(tiles, tiles[:4], title="Your hand")
    assert render_hand(tiles, tiles[:4], title="Your hand", page=1) == plain
    assert render_hand(tiles, tiles[:4], title="Your hand", page=2) == plain  # the only page


def test_an_empty_hand_pages_and_groups_to_one_empty_page() -> None:
    for groups in (None, [], [("+1", [])]):
        plan = plan_hand([], groups=groups, page=1)
        assert (plan.page, plan.pages, plan.layout.cells) == (1, 1, ())
        assert render_hand([], [], groups=groups, page=1)[:4] == b"\x89PNG"
