"""How FIDO players sort a hand: by the difference a tile makes, modulo the divisor.

A tile of difference δ (high − low) laid on its low number raises the total by δ, on its
high number lowers it by δ; a double v, laid crosswise, raises it by v. Modulo the divisor
d, differences δ and δ + d act alike, and δ pairs with d − δ (raising by 3 or lowering by
4 both reach the next multiple of 7). So groups run 1, d−1, 2, d−2, …, and the tiles
whose difference is a multiple of d — the "jokers", which keep a scoring total scoring —
come last (seed 002, "Game preparation" and "Tips").

>>> [caption for caption, _ in groups([Tile(12, 5), Tile(9, 1), Tile(4, 4), Tile(6, 5)], 7)]
['±1', '±4', '±0 (jokers)']
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.tiles import Tile


def effect(tile: Tile, crosswise: bool = True) -> int:
    """How much the tile moves the total: its difference, or a crosswise double's number."""
    high, low = tile
    if high == low:
        return high if crosswise else 0
    return high - low


def residue(tile: Tile, divisor: int, crosswise: bool = True) -> int:
    """The tile's group: the smaller of ±effect modulo the divisor (0: a joker)."""
    r = effect(tile, crosswise) % divisor
    return min(r, divisor - r)


def group_order(divisor: int) -> list[int]:
    """Groups in the order players lay them out: 1, 2, … then the jokers (0) last."""
    return [*range(1, divisor // 2 + 1), 0]


def is_joker(tile: Tile, divisor: int, crosswise: bool = True) -> bool:
    """Whether the tile's difference is a multiple of the divisor (seed: "a joker")."""
    return effect(tile, crosswise) % divisor == 0


def N_(message: str) -> str:
    """Marks a caption for the catalogs; the picture looks it up in the reader's language."""
    return message


JOKERS = N_("±0 (jokers)")
"""The caption of the jokers' group (differences that are multiples of the divisor)."""


def groups(
    tiles: Iterable[Tile], divisor: int, crosswise: bool = True
) -> list[tuple[str, list[Tile]]]:
    """The hand sorted into (caption, tiles) groups as FIDO players sort it; empty groups
    are left out. Within a group, by effect, then heaviest first."""
    by_group: dict[int, list[Tile]] = {}
    for tile in tiles:
        by_group.setdefault(residue(tile, divisor, crosswise), []).append(tile)
    result = []
    for key in group_order(divisor):
        members = by_group.get(key)
        if not members:
            continue
        members.sort(key=lambda t: (effect(t, crosswise), t.pips), reverse=True)
        caption = JOKERS if key == 0 else f"±{key}"
        result.append((caption, members))
    return result


def sorted_hand(tiles: Iterable[Tile], divisor: int, crosswise: bool = True) -> list[Tile]:
    """The tiles in :func:`groups` order, flattened."""
    return [tile for _, members in groups(tiles, divisor, crosswise) for tile in members]
