"""Moves of the line games, one notation for every set up to double-21.

* ``6-4`` — lead a tile (the first play of a hand);
* ``6-4 E`` / ``12-5 C`` — lay the tile on the open end with that label;
* ``draw`` — draw from the boneyard (stock);
* ``pass`` — only ever made for a player who cannot play and cannot draw.

Parsing forgives case and spacing (``6-4 e``, ``64 E``, ``4-6E``, ``12 - 5 c``, ``PASS``);
the printed form is canonical. ``64`` for 6-4 is read only in sets up to double-9, where a
digit is a number. Each game interns its moves in a :class:`MoveBook`, so listing legal
moves builds nothing.

>>> book = MoveBook(12, LineMove)
>>> str(book.parse("5-12 c"))
'12-5 C'
"""

from __future__ import annotations

import re
from typing import ClassVar

from engine.errors import N_, NotationError
from engine.game import Move
from engine.line.labels import end_index, end_label
from engine.tiles import Tile, double_set, parse_tile

_MOVE_RE = re.compile(
    r"^\s*(?P<tile>\d{1,2}\s*[-|:/x]\s*\d{1,2}|\d\d)\s*(?:[@:]\s*)?(?P<end>[A-Za-z]*)\s*$"
)


class LineMove(Move):
    """One turn: a lead (``end`` None), a play on an end, ``draw`` or ``pass``.

    A hand-written immutable value; equality and hashing go by (kind, tile, end) within
    one game's move class. ``slot`` is the end as an arm index (-1 for a lead, a draw or a
    pass); subclasses say how a label maps to a slot (:meth:`slot_of`)."""

    __slots__ = ("_hash", "_key", "end", "kind", "slot", "text", "tile")

    kind: str
    tile: Tile | None
    end: str | None
    slot: int
    text: str
    _key: tuple[str, Tile | None, str | None]
    _hash: int

    example: ClassVar[str] = "12-5 C"
    """A play as this game writes it, for error messages."""
    end_advice: ClassVar[str] = N_(
        "'{written}' is not an end: use a letter from the picture, like '{tile} A'."
    )
    """What :meth:`bad_end` tells a player: how this game labels its ends."""

    def __init__(self, kind: str, tile: Tile | None = None, end: str | None = None) -> None:
        if kind not in ("lead", "play", "draw", "pass"):
            raise ValueError(f"unknown move kind {kind!r}")
        if (kind in ("lead", "play")) != (tile is not None) or (kind == "play") != (
            end is not None
        ):
            raise ValueError(f"a {kind} move cannot have tile={tile!r}, end={end!r}")
        slot = -1 if end is None else self.slot_of(end)
        set_attr = object.__setattr__
        set_attr(self, "kind", kind)
        set_attr(self, "tile", tile)
        set_attr(self, "end", end)
        set_attr(self, "slot", slot)
        text = kind if tile is None else tile.name if end is None else f"{tile.name} {end}"
        set_attr(self, "text", text)
        key = (kind, tile, end)
        set_attr(self, "_key", key)
        set_attr(self, "_hash", hash(key))

    @classmethod
    def slot_of(cls, end: str) -> int:
        """The arm index of label ``end`` (ValueError for a label this game never uses)."""
        if end != end.upper():
            raise ValueError(f"unknown end {end!r}")
        return end_index(end)

    @classmethod
    def label_of(cls, slot: int) -> str:
        """The label of arm ``slot``: the inverse of :meth:`slot_of`."""
        return end_label(slot)

    @classmethod
    def bad_end(cls, written: str, tile: Tile) -> NotationError:
        """What a player is told for an end label that is not one."""
        return NotationError(cls.end_advice, written=written, tile=tile.name)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    def __eq__(self, other: object) -> bool:
        return self is other or (type(other) is type(self) and self._key == other._key)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text!r})"

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[object, tuple[str, Tile | None, str | None]]:
        return type(self), (self.kind, self.tile, self.end)

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


DRAW = LineMove("draw")
PASS = LineMove("pass")


class MoveBook:
    """The interned moves of one game's move class and one double-``top`` set.

    ``plays[tile][slot]`` is the move laying ``tile`` on arm ``slot``; the table grows on
    demand (:meth:`play`), so a branching line's later arms cost nothing until opened."""

    __slots__ = ("draw", "leads", "move_class", "pass_", "plays", "tile_set", "tiles", "top")

    def __init__(self, top: int, move_class: type[LineMove], slots: int = 4) -> None:
        self.top = top
        self.move_class = move_class
        self.tiles: tuple[Tile, ...] = tuple(double_set(top))
        self.tile_set = frozenset(self.tiles)
        self.draw = move_class("draw")
        self.pass_ = move_class("pass")
        self.leads: dict[Tile, LineMove] = {tile: move_class("lead", tile) for tile in self.tiles}
        self.plays: dict[Tile, list[LineMove]] = {tile: [] for tile in self.tiles}
        for tile in self.tiles:
            self._grow(tile, slots)

    def _grow(self, tile: Tile, slots: int) -> list[LineMove]:
        moves = self.plays[tile]
        label_of, make = self.move_class.label_of, self.move_class
        for slot in range(len(moves), slots):
            moves.append(make("play", tile, label_of(slot)))
        return moves

    def play(self, tile: Tile, slot: int) -> LineMove:
        """The move laying ``tile`` on arm ``slot``."""
        moves = self.plays[tile]
        if slot >= len(moves):
            moves = self._grow(tile, slot + 1)
        return moves[slot]

    def parse(self, text: str) -> LineMove:
        """Read a move; raises NotationError with an example when it cannot."""
        return parse_line_move(text, self)


def parse_line_move(text: str, book: MoveBook) -> LineMove:
    """Read ``text`` as one of ``book``'s moves (see the module docstring)."""
    word = text.strip().lower()
    if word == "draw":
        return book.draw
    if word == "pass":
        return book.pass_
    match = _MOVE_RE.match(text)
    example = book.move_class.example
    if match is None or (book.top > 9 and _compact(match)):
        raise NotationError(
            N_(
                "'{text}' is not a move. Write a tile and an open end, like '{example}', or 'draw'."
            ),
            text=text.strip(),
            example=example,
        )
    tile = parse_tile(match.group("tile"), top=book.top)
    end = match.group("end").upper()
    if not end:
        return book.leads[tile]
    try:
        slot = book.move_class.slot_of(end)
    except ValueError:
        raise book.move_class.bad_end(match.group("end"), tile) from None
    return book.play(tile, slot)


def _compact(match: re.Match[str]) -> bool:
    """Whether the tile was written as two bare digits (``64``)."""
    return re.fullmatch(r"\d\d", match.group("tile").strip()) is not None
