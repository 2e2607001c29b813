"""How good a quiet position is for the player to move, in points (no win in one for the
player to move, none pending for the opponent: the search settles those first).

Each colour is measured on the same terms and the opponent's figure is subtracted:

* connections — pairs of own pieces that see each other along a line;
* junctions — empty squares the colour may use that see own pieces along two lines (a
  piece there joins two lines: the squares networks are completed on);
* goals — a piece in each of the colour's two goals (a network needs both);
* cut lines — opponent connections an own piece stands between;
* mobility — squares the colour may still put a piece on;
* pieces in hand, and a bonus for having the move.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass

from engine.sackson.board import GOALS
from engine.sackson.position import Position, open_squares
from engine.sackson.sight import at_least_two, between, lines_seen, pairs, sight


@dataclass(frozen=True, slots=True)
class Weights:
    """Points per unit of each term (tuned by self-play, see docs/ai.md)."""

    connections: int = 10
    junctions: int = 1
    goal: int = 14
    cut: int = -2
    mobility: int = 1
    in_hand: int = 0
    tempo: int = 15

    def as_tuple(self) -> tuple[int, ...]:
        return astuple(self)


DEFAULT = Weights()


def colour_terms(own: int, other: int, colour: int, seen: list[int]) -> tuple[int, ...]:
    """One colour's raw terms (see the module docstring), before weighting."""
    occupied = own | other
    start, end = GOALS[colour]
    row, column, rising, falling = lines_seen(seen)
    usable = open_squares(own, occupied, colour)
    junctions = at_least_two(row, column, rising, falling) & usable
    goals = (1 if own & start else 0) + (1 if own & end else 0)
    return (pairs(own, seen), junctions.bit_count(), goals, usable.bit_count())


def evaluate(
    position: Position,
    weights: Weights = DEFAULT,
    mine: list[int] | None = None,
    theirs: list[int] | None = None,
) -> int:
    """The position's worth for the player to move (positive: better for them).
    ``mine`` and ``theirs``: both colours' :func:`~engine.sackson.sight.sight`, if the
    caller has them."""
    colour = position.to_move
    own, other = position.pieces[colour], position.pieces[1 - colour]
    occupied = own | other
    if mine is None:
        mine = sight(own, occupied)
    if theirs is None:
        theirs = sight(other, occupied)
    a = colour_terms(own, other, colour, mine)
    b = colour_terms(other, own, 1 - colour, theirs)
    cut_theirs = (between(theirs) & own).bit_count()
    cut_mine = (between(mine) & other).bit_count()
    w = weights
    return (
        w.connections * (a[0] - b[0])
        + w.junctions * (a[1] - b[1])
        + w.goal * (a[2] - b[2])
        + w.mobility * (a[3] - b[3])
        + w.cut * (cut_theirs - cut_mine)
        + w.in_hand * (position.hand[colour] - position.hand[1 - colour])
        + w.tempo
    )
