import pytest

from engine.errors import NotationError, UnknownTileError
from engine.rng import deal, derive_seed, shuffled
from engine.tiles import Tile, double_set, parse_tile


@pytest.mark.parametrize(
    ("top", "count"), [(6, 28), (9, 55), (12, 91), (15, 136), (18, 190), (21, 253)]
)
def test_double_sets_have_the_classic_sizes(top: int, count: int) -> None:
    tiles = double_set(top)
    assert len(tiles) == count
    assert len(set(tiles)) == count
    assert tiles[0] == Tile(top, top)


def test_tiles_are_unordered_pairs() -> None:
    assert Tile.of(3, 6) == Tile.of(6, 3) == Tile(6, 3)
    assert Tile.of(4, 4).is_double
    assert Tile.of(6, 3).other(3) == 6
    assert Tile.of(6, 3).name == "6-3"


@pytest.mark.parametrize("text", ["6-3", "3-6", "6|3", " 6 - 3 ", "63", "3:6"])
def test_parse_tile_accepts_common_spellings(text: str) -> None:
    assert parse_tile(text, top=6) == Tile(6, 3)


def test_parse_tile_reads_two_digit_ends_for_big_sets() -> None:
    assert parse_tile("18-12", top=18) == Tile(18, 12)


def test_parse_tile_rejects_tiles_outside_the_set() -> None:
    with pytest.raises(UnknownTileError, match="7-3 is not in a double-6 set"):
        parse_tile("7-3", top=6)


@pytest.mark.parametrize("text", ["", "six-three", "6-", "6-3-1", "123"])
def test_parse_tile_rejects_nonsense_politely(text: str) -> None:
    with pytest.raises(NotationError, match="write it like 6-4"):
        parse_tile(text)


def test_same_seed_same_deal_and_different_seed_different_deal() -> None:
    tiles = double_set(6)
    assert deal(tiles, 7, 4, 7) == deal(tiles, 7, 4, 7)
    assert deal(tiles, 7, 4, 7) != deal(tiles, 8, 4, 7)
    hands, rest = deal(tiles, 7, 3, 9)
    assert [len(h) for h in hands] == [9, 9, 9] and len(rest) == 1
    assert sorted([t for h in hands for t in h] + rest) == sorted(tiles)


def test_shuffle_is_a_permutation_and_derived_seeds_differ() -> None:
    assert sorted(shuffled(range(50), 1)) == list(range(50))
    assert derive_seed(1, "hand", 1) != derive_seed(1, "hand", 2)
    assert derive_seed(1, "hand", 1) == derive_seed(1, "hand", 1)
