"""Move notation for Network dominoes.

* ``6-6`` — lead a tile (the first play of a hand);
* ``6-3 B NE`` — lay 6-3 against open end B, across B's north face, with the tile's far
  half east of its near half; ``5-5 C NN`` lays a double straight out, ``5-5 C NX``
  crosswise, centred on the face;
* ``pass``.

Parsing is forgiving about case and spacing (``6-3 b ne``, ``6-3 B:NE``, ``3-6 bne``); the
printed form is canonical. See docs/notation.md.
"""

from __future__ import annotations

import re

from engine.errors import N_, NotationError
from engine.game import Move
from engine.network.geometry import DIR_NAMES, X
from engine.tiles import Tile, parse_tile

_MOVE_RE = re.compile(
    r"^\s*(?P<tile>\d{1,2}\s*[-|:/x]\s*\d{1,2}|\d\d)"
    r"(?:\s*@?\s*(?P<rest>[A-Za-z][A-Za-z\s:/.]*))?\s*$"
)


class NetworkMove(Move):
    """One turn: ``tile`` is None for a pass; ``label`` is None for the lead.

    A hand-written immutable value class: legal-move listing builds thousands of these,
    and a frozen dataclass's ``__init__`` is several times slower (the listing takes
    interned ones from :func:`placed_move`)."""

    __slots__ = ("face", "label", "tile", "turn")

    tile: Tile | None
    label: str | None
    face: int
    turn: int

    def __init__(
        self, tile: Tile | None, label: str | None = None, face: int = 0, turn: int = 0
    ) -> None:
        _set_tile(self, tile)
        _set_label(self, label)
        _set_face(self, face)
        _set_turn(self, turn)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    def _key(self) -> tuple[Tile | None, str | None, int, int]:
        return self.tile, self.label, self.face, self.turn

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NetworkMove) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"NetworkMove({str(self)!r})"

    @property
    def is_pass(self) -> bool:
        return self.tile is None

    @property
    def is_lead(self) -> bool:
        return self.tile is not None and self.label is None

    def __str__(self) -> str:
        if self.tile is None:
            return "pass"
        if self.label is None:
            return self.tile.name
        return f"{self.tile.name} {self.label} {DIR_NAMES[self.face]}{DIR_NAMES[self.turn]}"


# The slots' own setters: much quicker than object.__setattr__, which looks them up by name.
_set_tile = NetworkMove.__dict__["tile"].__set__
_set_label = NetworkMove.__dict__["label"].__set__
_set_face = NetworkMove.__dict__["face"].__set__
_set_turn = NetworkMove.__dict__["turn"].__set__

_PLACED: dict[tuple[Tile, str, int, int], NetworkMove] = {}
"""Interned placing moves, as the classic engine interns its moves: legal-move listing
hands out the same few thousand over and over, and a look-up costs a third of a build."""
PLACED_LIMIT = 50_000
"""Past this many interned moves (a few MB; play uses far fewer labels than exist) the
table starts again, so it stays bounded whatever is asked of it."""


def placed_move(tile: Tile, label: str, face: int, turn: int) -> NetworkMove:
    """The move laying ``tile`` at end ``label``, equal to ``NetworkMove(tile, label, face,
    turn)`` and possibly the same object (moves are immutable)."""
    key = (tile, label, face, turn)
    move = _PLACED.get(key)
    if move is None:
        if len(_PLACED) >= PLACED_LIMIT:
            _PLACED.clear()
        move = _PLACED[key] = NetworkMove(tile, label, face, turn)
    return move


PASS = NetworkMove(None)


def parse_move(text: str) -> NetworkMove:
    """Read a move; raises NotationError with an example when it cannot."""
    if text.strip().lower() == "pass":
        return PASS
    match = _MOVE_RE.match(text)
    if match is None:
        raise NotationError(
            N_(
                "'{text}' is not a move. Write a tile, an open end and a direction, "
                "like '6-3 B NE', or 'pass'."
            ),
            text=text.strip(),
        )
    tile = parse_tile(match.group("tile"), top=6)
    rest = re.sub(r"[\s:/.]", "", match.group("rest") or "").upper()
    if not rest:
        return NetworkMove(tile)
    if len(rest) < 3:
        raise NotationError(
            N_("'{text}' needs an open end and two direction letters, like '6-3 B NE'."),
            text=text.strip(),
        )
    label, face_name, turn_name = rest[:-2], rest[-2], rest[-1]
    if face_name not in DIR_NAMES[:4]:
        raise NotationError(
            N_("'{face_name}' is not a face: use N, E, S or W."), face_name=face_name
        )
    if turn_name not in DIR_NAMES:
        raise NotationError(
            N_("'{turn_name}' is not a direction: use N, E, S, W or X."), turn_name=turn_name
        )
    face, turn = DIR_NAMES.index(face_name), DIR_NAMES.index(turn_name)
    if turn == X and not tile.is_double:
        raise NotationError(N_("Only a double can be laid crosswise (X)."))
    return NetworkMove(tile, label, face, turn)
