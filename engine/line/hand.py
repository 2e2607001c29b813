"""The hand of a line game (classic dominoes, FIDO): a dealt hand played onto a line.

Both games lay tiles from a hand onto a :class:`~engine.line.LineOfPlay`, score the
open-end total after a play, draw or pass when stuck, and remember the last play for the
picture. :class:`LineHand` holds what that makes the same in both, on top of
:class:`~engine.dealt.DealtHand`: the checks every move goes through before its tile is
laid, the end of every play (the tile leaves the hand, the points, the history, the last
play, the play event, the turn handed on, passing for every player who can neither play
nor draw), the pass, the timeout move, what a move would score, and the last play as
JSON. Where a tile may go and what a play records (:meth:`LineHand._lay`), who can play
(:meth:`LineHand.can_play`), drawing, and how the hand ends stay with each game.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Generic, TypeVar

from engine.dealt import DealtHand, H, Opts
from engine.errors import N_, HandOverError, TileNotInHandError
from engine.game import JSON, Event
from engine.line.base import LineOfPlay
from engine.line.crosswise import LEAD
from engine.line.moves import LineMove
from engine.tiles import Tile

LM = TypeVar("LM", bound=LineMove)
L = TypeVar("L", bound=LineOfPlay)

Last = tuple[int, str, int, int, int]
"""(seat, move text, arm index or LEAD, index in the arm, points)."""


class LineHand(DealtHand[LM, Opts, H], Generic[LM, Opts, H, L]):
    """A dealt hand whose table is a line of play (``line``); ``last`` is the last play."""

    line: L
    last: Last | None
    step: int = 1
    """Which way the turn goes round: the seat after ``s`` is ``(s + step) % players``
    (a FIDO table may play the other way, -1)."""
    draws_allowed: ClassVar[bool] = True
    """Whether a player who cannot play draws from the stock (not in Block)."""

    # ------------------------------------------------------------ moves
    @abstractmethod
    def can_play(self, seat: int) -> bool:
        """Whether ``seat`` holds a tile it may lay now (or may lead)."""

    @abstractmethod
    def total_if(self, move: LM) -> int | None:
        """The open-end total after ``move`` (None for a draw or pass)."""

    @abstractmethod
    def points_for(self, total: int) -> int:
        """What an open-end total scores."""

    def score_if(self, move: LM) -> int:
        """What ``move`` would score right now (0 for a draw or pass)."""
        total = self.total_if(move)
        return 0 if total is None else self.points_for(total)

    def _over(self) -> HandOverError:
        """The refusal of a move once this hand (or game) is over."""
        if self.round_word == "game":
            return HandOverError(N_("This game is over."))
        return HandOverError(N_("This hand is over."))

    def timeout_move(self) -> LM:
        """Draw (or pass) when that is all there is; else the play scoring most now (ties:
        the heaviest tile, then the first in legal order)."""
        moves = self.legal_moves()
        if not moves:
            raise self._over()
        if not moves[0].is_play:
            return moves[0]
        return max(moves, key=lambda m: (self.score_if(m), m.tile.pips if m.tile else 0))

    def apply(self, move: LM) -> list[Event]:
        """Draw, pass, or lay ``move``'s tile from the mover's hand: the game checks the
        play, lays the tile on the line and says what the play records (:meth:`_lay`);
        then the tile leaves the hand, the play scores, is recorded and announced, and
        the turn passes on, or the hand ends when the mover's hand is empty. The end of a
        play is written here once; a play still makes one call into the game."""
        seat = self._current
        if seat is None:
            raise self._over()
        tile = move.tile
        if tile is None:
            if move.kind == "draw":
                return self._draw(seat)
            return self._manual_pass(seat)
        hand = self.hands[seat]
        if tile not in hand:
            raise TileNotInHandError(N_("You do not hold {tile}."), tile=tile.name)
        entry, last, detail = self._lay(seat, tile, move)
        hand.remove(tile)
        points = last[4]
        if points:
            self._scores[seat] += points
        self.history.append(entry)
        self.last = last
        self.passes_in_row = 0
        events = [Event("play", seat, points, detail)]
        if hand:
            self._advance(seat, events)
        else:
            self._finish("domino", seat, events)
        return events

    @abstractmethod
    def _lay(self, seat: int, tile: Tile, move: LM) -> tuple[H, Last, JSON]:
        """Check ``move`` (a play of ``tile``, which ``seat`` holds) against the game's
        rules, raising :class:`~engine.errors.IllegalMoveError` before changing anything,
        and lay ``tile`` on the line. Returns what the play records: its history entry,
        the last play (its arm is the move's slot; a lead's is LEAD) with the points the
        new open-end total scores, and the play event's detail (the game's own keys
        included)."""

    @abstractmethod
    def _draw(self, seat: int) -> list[Event]: ...

    @abstractmethod
    def _manual_pass(self, seat: int) -> list[Event]:
        """A pass the player asked for (checked, then :meth:`_passed`)."""

    def _passed(self, seat: int) -> list[Event]:
        """``seat`` passes by choice; the turn passes on unless that ends the hand."""
        events: list[Event] = []
        if not self._pass(seat, False, events):
            self._advance(seat, events)
        return events

    def _pass(self, seat: int, auto: bool, events: list[Event]) -> bool:
        """Record a pass (``auto``: made for the player); True when it ends the hand
        (everyone passed in a row)."""
        self.passes_in_row += 1
        self.history.append(self._pass_entry(seat, auto))
        events.append(Event("pass", seat, detail={"auto": auto}))
        if self.passes_in_row >= self.players:
            self._finish("blocked", None, events)
            return True
        return False

    @abstractmethod
    def _pass_entry(self, seat: int, auto: bool) -> H:
        """The history entry of a pass."""

    def _advance(self, seat: int, events: list[Event]) -> None:
        """Hand the turn on from ``seat``, passing for every player who can neither play
        nor draw (the engine never leaves such a pass to the player)."""
        while True:
            seat = (seat + self.step) % self.players
            if (self.draws_allowed and self.stock) or self.can_play(seat):
                self._current = seat
                return
            if self._pass(seat, True, events):
                return

    @abstractmethod
    def _finish(self, reason: str, winner: int | None, events: list[Event]) -> None: ...

    def unseen_by(self, seat: int) -> list[Tile]:
        """The tiles of the set ``seat`` has not seen (not in its hand, not on the line), in
        set order: the ones the other hands and the stock hold. A ValueError when there are
        not as many as they hold (a view that does not add up)."""
        seen = set(self.hands[seat])
        seen.update(self.line.laid())
        unseen = [t for t in self.tile_set(self.options) if t not in seen]
        hidden = sum(len(h) for s, h in enumerate(self.hands) if s != seat)
        if hidden + len(self.stock) != len(unseen):
            raise ValueError(
                f"the view does not add up: {len(unseen)} unseen tiles for "
                f"{hidden} in other hands and {len(self.stock)} in the {self.stock_name}"
            )
        return unseen

    # ------------------------------------------------------------ views & JSON
    def position_text(self) -> str:
        return self.line.text()

    @staticmethod
    @abstractmethod
    def _arm_label(arm: int) -> str: ...

    @staticmethod
    @abstractmethod
    def _arm_index(label: str) -> int: ...

    def _last_json(self) -> JSON | None:
        if self.last is None:
            return None
        seat, move, arm, index, points = self.last
        return {
            "seat": seat,
            "move": move,
            "arm": "lead" if arm == LEAD else self._arm_label(arm),
            "index": index,
            "points": points,
        }

    def _load_last(self, last: Mapping[str, Any] | None) -> None:
        """The last play from :meth:`_last_json`."""
        self.last = (
            None
            if last is None
            else (
                int(last["seat"]),
                str(last["move"]),
                LEAD if last["arm"] == "lead" else self._arm_index(last["arm"]),
                int(last["index"]),
                int(last["points"]),
            )
        )
