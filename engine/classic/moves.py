"""Move notation for classic dominoes.

* ``6-4`` — lead a tile (the first play of a hand);
* ``6-4 E`` — lay 6-4 on the open end E (or W, N, S);
* ``draw`` — draw from the boneyard until you can play (or it runs out);
* ``pass`` — only ever made for a player, who cannot play and cannot draw.

Parsing is forgiving about case and spacing (``6-4 e``, ``64 E``, ``4-6E``, ``PASS``); the
printed form is canonical. See docs/notation.md.
"""

from __future__ import annotations

import re

from engine.classic.line import INDEX, LABELS
from engine.errors import NotationError
from engine.game import Move
from engine.tiles import Tile, double_set, parse_tile

SET_TOP = 6

_MOVE_RE = re.compile(r"^\s*(?P<tile>\d\s*[-|:/x]\s*\d|\d\d)\s*(?:[@:]\s*)?(?P<end>[A-Za-z]*)\s*$")
_EXAMPLE = "Write a tile and an open end, like '6-4 E', or 'draw'."


class ClassicMove(Move):
    """One turn: a lead (``end`` None), a play on an end, ``draw`` or ``pass``.

    A hand-written immutable value: the engine hands out interned instances (see
    :func:`play_move`), so listing legal moves builds nothing, and equality and hashing
    go by (kind, tile, end)."""

    __slots__ = ("_hash", "_key", "end", "kind", "slot", "text", "tile")

    kind: str
    tile: Tile | None
    end: str | None
    slot: int
    """The end as an index (E=0, W=1, N=2, S=3); -1 for a lead, a draw or a pass."""
    text: str
    _key: tuple[str, Tile | None, str | None]
    _hash: int

    def __init__(self, kind: str, tile: Tile | None = None, end: str | None = None) -> None:
        if kind not in ("lead", "play", "draw", "pass"):
            raise ValueError(f"unknown move kind {kind!r}")
        if (kind in ("lead", "play")) != (tile is not None) or (kind == "play") != (
            end is not None
        ):
            raise ValueError(f"a {kind} move cannot have tile={tile!r}, end={end!r}")
        if end is not None and end not in INDEX:
            raise ValueError(f"unknown end {end!r}")
        set_attr = object.__setattr__
        set_attr(self, "kind", kind)
        set_attr(self, "tile", tile)
        set_attr(self, "end", end)
        set_attr(self, "slot", -1 if end is None else INDEX[end])
        text = kind if tile is None else tile.name if end is None else f"{tile.name} {end}"
        set_attr(self, "text", text)
        key = (kind, tile, end)
        set_attr(self, "_key", key)
        set_attr(self, "_hash", hash(key))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, ClassicMove) and self._key == other._key)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"ClassicMove({self.text!r})"

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[object, tuple[str, Tile | None, str | None]]:
        return ClassicMove, (self.kind, self.tile, self.end)

    @property
    def is_play(self) -> bool:
        """A lead or a play: a tile goes on the table."""
        return self.tile is not None

    @property
    def is_lead(self) -> bool:
        return self.kind == "lead"

    @property
    def is_draw(self) -> bool:
        return self.kind == "draw"

    @property
    def is_pass(self) -> bool:
        return self.kind == "pass"


DRAW = ClassicMove("draw")
PASS = ClassicMove("pass")
TILES: tuple[Tile, ...] = tuple(double_set(SET_TOP))
LEADS: dict[Tile, ClassicMove] = {tile: ClassicMove("lead", tile) for tile in TILES}
PLAYS: dict[Tile, tuple[ClassicMove, ...]] = {
    tile: tuple(ClassicMove("play", tile, label) for label in LABELS) for tile in TILES
}
"""``PLAYS[tile][end]``: the interned move laying ``tile`` on end index ``end``."""


def play_move(tile: Tile, end: str | None = None) -> ClassicMove:
    """The move laying ``tile`` on ``end`` (None: leading it)."""
    if end is None:
        return LEADS[tile]
    return PLAYS[tile][INDEX[end]]


def parse_move(text: str) -> ClassicMove:
    """Read a move; raises NotationError with an example when it cannot."""
    word = text.strip().lower()
    if word == "draw":
        return DRAW
    if word == "pass":
        return PASS
    match = _MOVE_RE.match(text)
    if match is None:
        raise NotationError(f"'{text.strip()}' is not a move. {_EXAMPLE}")
    tile = parse_tile(match.group("tile"), top=SET_TOP)
    end = match.group("end").upper()
    if not end:
        return LEADS[tile]
    if end not in INDEX:
        raise NotationError(
            f"'{match.group('end')}' is not an end: use E, W, N or S, like '{tile.name} E'."
        )
    return PLAYS[tile][INDEX[end]]
