"""The whole game state as a few integers, with the rules that act on it (docs/rules/sackson.md).

:class:`Position` is what a search copies: two bit masks, two counts of pieces in hand,
the number of turns taken and the turn-order mode. Moves are small ints (see
:data:`PLACE` and :data:`PASS`), so generating and making them costs no objects;
:mod:`engine.sackson.game` wraps this in the bot's :class:`~engine.game.HandState`.
"""

from __future__ import annotations

from typing import Final

from engine.sackson.board import ALLOWED, DARK, FULL, LIGHT, NEIGHBOURS, squares_of
from engine.sackson.network import has_network

PIECES: Final = 10
"""Pieces each player has."""
PLACE: Final = 64
"""A move is ``origin × 64 + destination``; a placement's origin is ``PLACE``."""
PASS: Final = -1
"""The move of a player who has no legal move."""


def origin(move: int) -> int | None:
    """The square a move leaves (None: a placement)."""
    return None if move >> 6 == PLACE else move >> 6


def destination(move: int) -> int:
    return move & 63


def colour_at(turns: int, equalized: bool) -> int:
    """Whose turn it is after ``turns`` turns: Dark, Light, Dark … or, equalized, Dark,
    Light, Light, Dark, Light …"""
    if not equalized or turns < 3:
        return DARK if turns == 0 or (not equalized and turns % 2 == 0) else LIGHT
    return DARK if turns % 2 == 1 else LIGHT


def open_squares(own: int, occupied: int, colour: int) -> int:
    """Where ``colour`` (holding ``own``) may put a piece on a board of ``occupied``:
    empty, allowed for the colour, and not making an own group of three or more."""
    crowded = 0
    covered = 0
    twice = 0
    rest = own
    while rest:
        low = rest & -rest
        rest ^= low
        near = NEIGHBOURS[low.bit_length() - 1]
        if near & own:
            crowded |= near  # a pair: anything beside it makes three
        twice |= covered & near
        covered |= near
    return ALLOWED[colour] & ~occupied & FULL & ~(crowded | twice)


class Position:
    """Pieces on the board and in hand, and whose turn it is."""

    __slots__ = ("equalized", "hand", "pieces", "turns")

    def __init__(
        self,
        pieces: tuple[int, int] = (0, 0),
        hand: tuple[int, int] = (PIECES, PIECES),
        turns: int = 0,
        equalized: bool = False,
    ) -> None:
        self.pieces = list(pieces)
        """Bit masks of Dark's and Light's pieces."""
        self.hand = list(hand)
        """Pieces each colour still has to place."""
        self.turns = turns
        """Turns taken so far (moves and passes)."""
        self.equalized = equalized

    def copy(self) -> Position:
        clone = Position.__new__(Position)
        clone.pieces = self.pieces[:]
        clone.hand = self.hand[:]
        clone.turns = self.turns
        clone.equalized = self.equalized
        return clone

    @property
    def to_move(self) -> int:
        return colour_at(self.turns, self.equalized)

    @property
    def occupied(self) -> int:
        return self.pieces[DARK] | self.pieces[LIGHT]

    def key(self) -> tuple[int, int, int, int, int]:
        """What makes two positions the same for repetition: the pieces on the board,
        the pieces in hand and the colour to move."""
        colour = self.to_move
        return (self.pieces[DARK], self.pieces[LIGHT], self.hand[DARK], self.hand[LIGHT], colour)

    # ------------------------------------------------------------------ moves

    def moves(self) -> list[int]:
        """Every move the player to move may make by where pieces may go (the rule on
        giving both players a network is applied by :meth:`legal_moves`)."""
        colour = self.to_move
        own = self.pieces[colour]
        occupied = self.occupied
        if self.hand[colour]:
            return [PLACE * 64 + s for s in squares_of(open_squares(own, occupied, colour))]
        found: list[int] = []
        for s in squares_of(own):
            b = 1 << s
            targets = open_squares(own ^ b, occupied ^ b, colour) & ~b
            base = s * 64
            found.extend(base + t for t in squares_of(targets))
        return found

    def unblocks(self, move: int) -> bool:
        """Whether ``move`` lets the opponent complete a network: only lifting a piece
        can open a line, and if the lifted piece blocks nothing the move is harmless."""
        start = move >> 6
        if start == PLACE:
            return False
        colour = self.to_move
        other = 1 - colour
        b = 1 << start
        occupied = (self.occupied ^ b) | (1 << (move & 63))
        return has_network(self.pieces[other], occupied, other)

    def legal_moves(self, both_networks_legal: bool = False) -> list[int]:
        """The legal moves; a move giving both players a network is left out unless
        ``both_networks_legal`` (the CS61B option). Empty: the player must pass."""
        moves = self.moves()
        if both_networks_legal or self.hand[self.to_move]:
            return moves
        colour = self.to_move
        other = 1 - colour
        occupied = self.occupied
        safe_origins: dict[int, bool] = {}
        kept = []
        for move in moves:
            start = move >> 6
            if start not in safe_origins:
                lifted = occupied ^ (1 << start)
                safe_origins[start] = not has_network(self.pieces[other], lifted, other)
            if safe_origins[start] or not self._both_networks(move, colour):
                kept.append(move)
        return kept

    def _both_networks(self, move: int, colour: int) -> bool:
        after = self.copy()
        after.play(move)
        return after.has_network(colour) and after.has_network(1 - colour)

    def play(self, move: int) -> None:
        """Make ``move`` (or :data:`PASS`) for the player to move; no checks."""
        if move != PASS:
            colour = self.to_move
            start = move >> 6
            if start == PLACE:
                self.hand[colour] -= 1
            else:
                self.pieces[colour] ^= 1 << start
            self.pieces[colour] |= 1 << (move & 63)
        self.turns += 1

    def has_network(self, colour: int) -> bool:
        return has_network(self.pieces[colour], self.occupied, colour)
