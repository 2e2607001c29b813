"""One game of FIDO divisor dominoes (docs/rules/fido.md): deal, opening, plays, draws, scoring.

The holder of the highest double opens with it; the second tile goes on its long side A;
every later double lies crosswise (:class:`~engine.line.CrosswiseLine`). After every play,
the opening included, the open-end total S scores S ÷ d when d divides it. A player who
cannot play draws one tile and sits out; with the stock empty they just sit out (the
engine sits out for them). The game ends when a player goes out, or nobody can play; the
others deduct the pips they hold, and the highest score wins.

In FIDO one deal is one game; the match plays one game or several to a target.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Self, cast

from engine.dealt import UNKNOWN, Deal, passes_at_end, seat_of_view, tiles_from
from engine.errors import N_, IllegalMoveError
from engine.fido.moves import FidoMove, book
from engine.fido.options import FidoOptions
from engine.game import JSON, Event, Outcome
from engine.line.crosswise import CrosswiseLine
from engine.line.hand import Last, LineHand
from engine.line.labels import end_index, end_label
from engine.line.moves import MoveBook
from engine.tiles import Tile

MIN_PLAYERS, MAX_PLAYERS = 2, 9

History = tuple[int, str, bool]
"""(seat, move text, made for the player)."""


def hand_size(tiles: int, players: int) -> int:
    """Tiles dealt to each player: ``floor(tiles / (players + 1))``; the rest is the stock."""
    return tiles // (players + 1)


def opener(hands: list[list[Tile]], top: int) -> tuple[int, Tile] | None:
    """The seat holding the highest double dealt, and that double (None: no double)."""
    for value in range(top, -1, -1):
        double = Tile(value, value)
        for seat, hand in enumerate(hands):
            if double in hand:
                return seat, double
    return None


class FidoHand(LineHand[FidoMove, FidoOptions, History, CrosswiseLine]):
    """One FIDO game at a table of 2–9."""

    game: ClassVar[str] = "fido"
    title: ClassVar[str] = "FIDO"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    round_word = "game"

    def __init__(
        self,
        hands: list[list[Tile]],
        stock: list[Tile],
        options: FidoOptions | Mapping[str, Any] | None = None,
        seed: int = 0,
        hand_number: int = 1,
        redeals: int = 0,
    ) -> None:
        """A game about to be opened by the holder of the highest double.

        Tests build fixed positions with this directly; :meth:`deal` shuffles."""
        players = len(hands)  # one list of tiles a seat
        self.check_players(players)
        if not isinstance(options, FidoOptions):
            options = FidoOptions.from_json(options or {})
        self.divisor = options.divisor
        self.step = options.step
        self.book: MoveBook = book(options.top)
        self._check_tiles(hands, stock, self.book.tile_set)
        self.redeals = redeals
        dealt = [list(h) for h in hands]
        opening = opener(dealt, options.top)
        if opening is None:
            raise ValueError("nobody holds a double: deal again")
        self._start(players, options, seed, hand_number, dealt, list(stock), opening[0])
        self.opening = opening[1]
        self.line = CrosswiseLine(options.crosswise, options.top)
        self.last: Last | None = None
        self.result: JSON | None = None

    # ------------------------------------------------------------ construction
    @classmethod
    def read_options(cls, options: Mapping[str, Any]) -> FidoOptions:
        return FidoOptions.from_json(options)

    @classmethod
    def tile_set(cls, options: FidoOptions) -> tuple[Tile, ...]:
        return book(options.top).tiles

    @classmethod
    def hand_size(cls, players: int, options: FidoOptions) -> int:
        """``floor(tiles / (players + 1))`` each."""
        return hand_size(len(cls.tile_set(options)), players)

    @classmethod
    def _dealt(cls, deal: Deal[FidoOptions]) -> Self:
        """Every game opens with the highest double, so ``previous_leader`` plays no part."""
        return cls(
            deal.hands,
            deal.rest,
            deal.options,
            deal.seed,
            deal.hand_number,
            deal.redeals,
        )

    @classmethod
    def deals_again(cls, hands: list[list[Tile]], options: FidoOptions) -> bool:
        """Nobody holds a double: deal again."""
        return opener(hands, options.top) is None

    # ------------------------------------------------------------ state
    @property
    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        return Outcome(tuple(self.result["winners"]), str(self.result["reason"]))

    def points_for(self, total: int) -> int:
        """What an open-end total scores: total ÷ d when d divides it."""
        return total // self.divisor if total % self.divisor == 0 else 0

    def stats(self) -> list[JSON]:
        winners = set(() if self.result is None else self.result["winners"])
        return [
            {"games_won": int(seat in winners), "best_game": score}
            for seat, score in enumerate(self._scores)
        ]

    def _copy_into(self, new: Self) -> None:
        new.divisor = self.divisor
        new.step = self.step
        new.book = self.book
        new.redeals = self.redeals
        new.opening = self.opening
        new.line = self.line.copy()
        new.last = self.last
        new.result = self.result

    # ------------------------------------------------------------ moves
    def parse_move(self, text: str) -> FidoMove:
        return cast(FidoMove, self.book.parse(text))

    def _allowed(self, tile: Tile, end: int) -> bool:
        """The Mother Theresa rule: a naked side (after the second tile) takes a tap-in
        only, a tile whose outer number is a multiple of the divisor."""
        line = self.line
        if not line.naked[end] or line.second_move:
            return True
        high, low = tile
        outer = low if high == line.values[end] else high
        return outer % self.divisor == 0

    def plays_for(self, hand: list[Tile]) -> list[FidoMove]:
        """Every legal play of ``hand`` on the line now, tile by tile in hand order."""
        line = self.line
        mercy = self.options.mercy and not line.second_move
        fitting = fitting_plays(hand, line.values, line.naked, line.open, mercy, self.divisor)
        plays = self.book.plays
        moves: list[Any] = []
        for tile, end in fitting:
            row = plays[tile]
            moves.append(row[end] if end < len(row) else self.book.play(tile, end))
        return moves

    def legal_moves(self) -> list[FidoMove]:
        """The opening double; else every play, or ``draw`` when none; ``pass`` only if
        neither, which the engine never leaves to a player (it sits out for them)."""
        seat = self._current
        if seat is None:
            return []
        if self.line.lead is None:
            return [cast(FidoMove, self.book.leads[self.opening])]
        moves = self.plays_for(self.hands[seat])
        if moves:
            return moves
        return [cast(FidoMove, self.book.draw if self.stock else self.book.pass_)]

    def can_play(self, seat: int) -> bool:
        if self.line.lead is None:
            return seat == self._current
        return bool(self.plays_for(self.hands[seat]))

    def playable_tiles(self, seat: int) -> list[Tile]:
        """The tiles ``seat`` could lay now, in hand order."""
        if self.line.lead is None:
            return [self.opening] if seat == self._current else []
        seen: list[Tile] = []
        for move in self.plays_for(self.hands[seat]):
            if move.tile is not None and (not seen or seen[-1] != move.tile):
                seen.append(move.tile)
        return seen

    def ends_for(self, tile: Tile) -> list[str]:
        """The labels of the open ends ``tile`` may go on now (empty before the opening)."""
        if self.line.lead is None:
            return []
        return [str(m.end) for m in self.plays_for([tile])]

    def total_if(self, move: FidoMove) -> int | None:
        """The open-end total after ``move`` (None for a draw or pass)."""
        tile = move.tile
        if tile is None:
            return None
        return self.line.total_if(tile, None if move.slot < 0 else move.slot)

    def _lay(self, seat: int, tile: Tile, move: FidoMove) -> tuple[History, Last, JSON]:
        line = self.line
        end = move.slot
        if line.lead is None:
            if end >= 0 or tile != self.opening:
                raise IllegalMoveError(
                    N_("The game opens with the highest double you hold: play '{opening}'."),
                    opening=self.opening,
                )
            line.play_lead(tile, seat)
            index = 0
        else:
            if end < 0:
                raise IllegalMoveError(
                    N_(
                        "The opening has been played: say which end {tile} goes on, "
                        "like '{tile} A'."
                    ),
                    tile=tile.name,
                )
            if end not in line.open:
                if line.second_move:
                    raise IllegalMoveError(
                        N_("The second tile goes on the opening double's long side, A.")
                    )
                raise IllegalMoveError(N_("{end} is not an open end."), end=move.end)
            line.outer(tile, end)  # raises when the tile does not match
            if self.options.mercy and not self._allowed(tile, end):
                raise IllegalMoveError(
                    N_(
                        "Mother Theresa rule: {end} is a double's naked side, which takes only "
                        "a tap-in (an outer number that is a multiple of {divisor})."
                    ),
                    end=move.end,
                    divisor=self.divisor,
                )
            index = line.place(tile, end, seat)
        total = line.total
        text = move.text
        last = (seat, text, end, index, self.points_for(total))
        return (seat, text, False), last, {"move": text, "total": total, "divisor": self.divisor}

    def _draw(self, seat: int) -> list[Event]:
        """Draw one tile from the stock and sit out: it cannot be played this turn."""
        if self.can_play(seat):
            raise IllegalMoveError(N_("You can play, so you may not draw."))
        if not self.stock:
            raise IllegalMoveError(N_("The stock is empty."))
        tile = self.stock.pop()
        self.hands[seat].append(tile)
        self.history.append((seat, "draw", False))
        self.passes_in_row = 0
        events = [
            Event("draw", seat, detail={"tiles": [tile.name]}, visible_to=frozenset((seat,))),
            Event("draw", seat, detail={"count": 1, "stock": len(self.stock)}),
        ]
        self._advance(seat, events)
        return events

    def _manual_pass(self, seat: int) -> list[Event]:
        if self.line.lead is None or self.can_play(seat):
            raise IllegalMoveError(N_("You can play, so you may not pass."))
        if self.stock:
            raise IllegalMoveError(N_("You cannot play: draw from the stock."))
        return self._passed(seat)

    def _pass_entry(self, seat: int, auto: bool) -> History:
        """A sit-out."""
        return (seat, "pass", auto)

    def _finish(self, reason: str, out: int | None, events: list[Event]) -> None:
        """End the game: everyone but the player who went out deducts their pips."""
        pips = self.pips_left()
        deducted = [0 if seat == out else pips[seat] for seat in range(self.players)]
        for seat, minus in enumerate(deducted):
            self._scores[seat] -= minus
        best = max(self._scores)
        winners = [seat for seat, score in enumerate(self._scores) if score == best]
        self._current = None
        self.result = {
            "reason": reason,
            "winners": winners,
            "out": out,
            "pips": pips,
            "deducted": deducted,
            "scores": list(self._scores),
        }
        events.append(
            Event(
                "hand_end",
                winners[0] if len(winners) == 1 else None,
                0,
                {**self.result, "winners": list(winners)},
            )
        )

    # ------------------------------------------------------------ views & JSON
    def _history_json(self) -> list[JSON]:
        return [{"seat": seat, "move": move, "auto": auto} for seat, move, auto in self.history]

    @staticmethod
    def _arm_label(arm: int) -> str:
        return end_label(arm)

    @staticmethod
    def _arm_index(label: str) -> int:
        return end_index(label)

    def _options_json(self) -> JSON:
        return self.options.to_json()

    def _state_json(self) -> JSON:
        """The game's own keys, the same in stored JSON and views."""
        return {
            "redeals": self.redeals,
            "line": self.line.to_json(),
            "last": self._last_json(),
            "result": None if self.result is None else dict(self.result),
        }

    def _view_json(self) -> JSON:
        """The shape the FIDO picture is drawn from."""
        data = self._state_json()
        data.update(
            {
                "title": self.title,
                "set_top": self.options.top,
                "divisor": self.divisor,
                "direction": self.step,
                "total": self.line.total,
            }
        )
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        if data.get("game") != cls.game:
            raise ValueError(f"not a FIDO game: {data.get('game')!r}")
        if data.get("version") != 1:
            raise ValueError(f"unknown FIDO game version {data.get('version')!r}")
        options = FidoOptions.from_json(data["options"])
        top = options.top
        hands = [tiles_from(h, top) for h in data["hands"]]
        game = cls.__new__(cls)
        game._load(data, options, hands, tiles_from(data["stock"], top))
        game.seed = int(data["seed"])
        game._load_turn(data)
        return game

    def _load(
        self,
        data: Mapping[str, Any],
        options: FidoOptions,
        hands: list[list[Tile]],
        stock: list[Tile],
    ) -> None:
        """Everything but the seed, the turn and the sit-out count, as stored or viewed."""
        self.players = int(data["players"])
        self.options = options
        self.divisor = options.divisor
        self.step = options.step
        self.book = book(options.top)
        self.seed = 0
        self.hand_number = int(data["hand_number"])
        self.redeals = int(data.get("redeals", 0))
        self.hands = hands
        self.stock = stock
        self.leader = int(data["leader"])
        self.line = CrosswiseLine.from_json(data["line"], options.top)
        self.opening = self._opening_from(data)
        self._scores = [int(s) for s in data["scores"]]
        self.history = [(int(h["seat"]), str(h["move"]), bool(h["auto"])) for h in data["history"]]
        self._load_last(data["last"])
        self.result = None if data["result"] is None else dict(data["result"])

    def _opening_from(self, data: Mapping[str, Any]) -> Tile:
        """The double that opens (or opened) this game."""
        if self.line.lead is not None:
            return self.line.lead
        if "hands" not in data:
            # a seat's view before the opening: the opener's highest double is the highest
            # dealt, and a seat that is not the opener has nothing to play yet.
            doubles = [t for t in self.hands[int(data.get("you", 0))] if t.is_double]
            return max(doubles, default=Tile(0, 0))
        found = opener(self.hands, self.options.top)
        if found is None:
            raise ValueError("a stored FIDO game before its opening holds no double")
        return found[1]

    @classmethod
    def for_seat(cls, view: Mapping[str, Any]) -> FidoHand:
        """A game rebuilt from one seat's :meth:`view`, for that seat's computer player.

        The line and the seat's own tiles are real; every other hand and the stock hold
        :data:`UNKNOWN` placeholders, so counts, legal moves and :meth:`score_if` are right
        for the seat to move. It is for deciding, not for playing the game on."""
        seat = seat_of_view(view)
        options = FidoOptions.from_json(view["options"])
        own = tiles_from(view["hand"], options.top)
        hands = [
            own if s == seat else [UNKNOWN] * int(size) for s, size in enumerate(view["hand_sizes"])
        ]
        game = cls.__new__(cls)
        game._load(view, options, hands, [UNKNOWN] * int(view["stock"]))
        current = view["current_player"]
        game._current = None if current is None else int(current)
        game.passes_in_row = passes_at_end([move for _, move, _ in game.history])
        return game


def fitting_plays(
    hand: Iterable[Tile],
    values: Sequence[int],
    naked: Sequence[bool],
    ends: Iterable[int],
    mercy: bool,
    divisor: int,
) -> list[tuple[Tile, int]]:
    """Every (tile, end) of ``hand`` that may be laid on ``ends`` (their ``values``), tile
    by tile in hand order, each tile's ends in order. With ``mercy`` (the Mother Theresa
    rule, after the second tile) a ``naked`` side takes a tap-in only: a tile whose outer
    number is a multiple of the divisor. Shared by the game and its fast playouts."""
    by_value: dict[int, list[int]] = {}
    for end in ends:
        found = by_value.get(values[end])
        if found is None:
            by_value[values[end]] = [end]
        else:
            found.append(end)
    ends_of = by_value.get
    plays: list[tuple[Tile, int]] = []
    add = plays.append
    for tile in hand:
        high, low = tile
        fits = ends_of(high)
        if low != high:
            more = ends_of(low)
            if fits is None:
                if more is None:
                    continue
                fits = more
            elif more is not None:
                fits = sorted(fits + more)
        elif fits is None:
            continue
        for end in fits:
            if mercy and naked[end] and (low if high == values[end] else high) % divisor:
                continue
            add((tile, end))
    return plays
