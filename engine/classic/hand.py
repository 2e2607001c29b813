"""One hand of a classic dominoes game (docs/rules/dominoes.md): deal, lead, plays, draws, scoring.

:class:`ClassicHand` holds every rule; the five games are subclasses that differ only in
class attributes (what a total scores, how the hand end rounds, whether anyone draws,
which options apply), in the style of python-chess variants.

The hot path (legal moves, apply) works on tiles as NamedTuples, interned moves and small
lists, because the bot's computer players and the benchmark play thousands of hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar, Self, cast

from engine.classic.line import INDEX, LABELS, Line
from engine.classic.moves import (
    BOOK,
    DRAW,
    LEADS,
    PASS,
    PLAYS,
    SET_TOP,
    TILES,
    ClassicMove,
    parse_move,
)
from engine.classic.options import (
    BLOCK_OPTIONS,
    FIVES_AND_THREES_OPTIONS,
    SCORING_OPTIONS,
    ClassicOptions,
)
from engine.dealt import UNKNOWN, Deal, StockAlias, passes_at_end, seat_of_view, tiles_from
from engine.errors import N_, IllegalMoveError, Term
from engine.game import JSON, Event, Outcome
from engine.line.hand import Last, LineHand
from engine.spec import OptionSpec
from engine.tiles import Tile

MIN_PLAYERS, MAX_PLAYERS = 2, 4
HAND_SIZES: dict[str, dict[int, int]] = {
    "standard": {2: 7, 3: 5, 4: 5},
    "large": {2: 9, 3: 7, 4: 5},
}
_MAX_TOTAL = 64  # four ends, each at most a double six (12)

History = tuple[int, str, bool, int]
"""(seat, move text, auto, tiles drawn) — the last is 0 except for a draw."""


@cache
def points_table(divisors: tuple[int, ...], british: bool) -> tuple[int, ...]:
    """What each open-end total scores during play, looked up rather than computed per play."""
    table = [0]
    for total in range(1, _MAX_TOTAL + 1):
        hits = [d for d in divisors if total % d == 0]
        if not hits:
            table.append(0)
        elif british:
            table.append(sum(total // d for d in hits))
        else:
            table.append(total)
    return tuple(table)


def round_to(points: int, step: int) -> int:
    """``points`` to the nearest multiple of ``step`` (no halves arise for 3 or 5)."""
    return (points + step // 2) // step * step


def first_leader(hands: list[list[Tile]]) -> int:
    """The seat holding the highest double or, if nobody has one, the heaviest tile
    (equal pips: the higher end wins, so 6-3 beats 5-4)."""
    best_seat, best_key = 0, -1
    for seat, hand in enumerate(hands):
        for high, low in hand:
            # doubles above everything, then pips, then the higher end (one int compare)
            key = 1000 + high if high == low else (high + low) * 10 + high
            if key > best_key:
                best_seat, best_key = seat, key
    return best_seat


class ClassicHand(LineHand[ClassicMove, ClassicOptions, History, Line]):
    """A hand of one of the classic games; use a subclass (:data:`VARIANTS`)."""

    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    stock_name = "boneyard"
    divisors: ClassVar[tuple[int, ...]] = ()
    """A total scores during play when a positive multiple of one of these."""
    round_to: ClassVar[int] = 1
    """The hand-end points are rounded to the nearest multiple of this."""
    option_specs: ClassVar[tuple[OptionSpec, ...]] = SCORING_OPTIONS
    fixed_hand_size: ClassVar[int | None] = None

    def __init__(
        self,
        hands: list[list[Tile]],
        boneyard: list[Tile],
        options: ClassicOptions | Mapping[str, Any] | None = None,
        leader: int | None = None,
        seed: int = 0,
        hand_number: int = 1,
    ) -> None:
        """A hand about to be led. ``leader`` None: the first-hand rule picks the leader.

        Tests build fixed positions with this directly; :meth:`deal` shuffles."""
        players = len(hands)  # one list of tiles a seat
        self.check_players(players)  # refuses ClassicHand itself
        self._check_tiles(hands, boneyard, BOOK.tile_set)
        if not isinstance(options, ClassicOptions):
            options = ClassicOptions.from_json(options or {}, self.option_specs)
        elif options != _DEFAULTS:  # drop settings of options this game does not have
            options = ClassicOptions.from_json(
                options.to_json(self.option_specs), self.option_specs
            )
        sorted_hands = [sorted(h, reverse=True) for h in hands]
        first = first_leader(sorted_hands) if leader is None else leader % players
        self._start(players, options, seed, hand_number, sorted_hands, list(boneyard), first)
        self.line = Line(options.spinner == "on")
        self.last: Last | None = None
        self.result: tuple[str, int | None, list[int], int] | None = None
        """(reason, winner, pips left per seat, hand-end points) once over."""
        self._table = points_table(self.divisors, options.counting == "british")

    # ------------------------------------------------------------ construction
    @classmethod
    def check_players(cls, players: int) -> None:
        if cls is ClassicHand:
            raise TypeError("ClassicHand is abstract: use one of the games (e.g. AllFives)")
        super().check_players(players)

    @classmethod
    def read_options(cls, options: Mapping[str, Any]) -> ClassicOptions:
        return ClassicOptions.from_json(options, cls.option_specs) if options else _DEFAULTS

    @classmethod
    def tile_set(cls, options: ClassicOptions) -> tuple[Tile, ...]:
        return TILES

    @classmethod
    def hand_size(cls, players: int, options: ClassicOptions) -> int:
        if cls.fixed_hand_size is not None:
            return cls.fixed_hand_size
        return HAND_SIZES[options.hand_size][players]

    @classmethod
    def _dealt(cls, deal: Deal[ClassicOptions]) -> Self:
        """The first hand is led by the highest double (or heaviest tile); later ones by the
        seat after the last leader."""
        leader = None
        if deal.hand_number > 1 and deal.previous_leader is not None:
            leader = (deal.previous_leader + 1) % deal.players
        return cls(deal.hands, deal.rest, deal.options, leader, deal.seed, deal.hand_number)

    boneyard = StockAlias()
    """The stock: the next tile drawn is the last one."""

    # ------------------------------------------------------------ state
    @property
    def winner(self) -> int | None:
        return None if self.result is None else self.result[1]

    @property
    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        reason, winner = self.result[0], self.result[1]
        if winner is None:
            return Outcome((), "blocked, tied")
        return Outcome((winner,), reason)

    def stats(self) -> list[JSON]:
        winner = self.winner
        return [
            {"best_hand": score, "hands_won": int(seat == winner)}
            for seat, score in enumerate(self._scores)
        ]

    def _copy_into(self, new: Self) -> None:
        new.line = self.line.copy()
        new.last = self.last
        result = self.result
        new.result = None if result is None else (result[0], result[1], list(result[2]), result[3])
        new._table = self._table

    # ------------------------------------------------------------ moves
    def parse_move(self, text: str) -> ClassicMove:
        return parse_move(text)

    def legal_moves(self) -> list[ClassicMove]:
        """Plays (every tile on an empty line), else ``draw``; ``pass`` only if neither,
        which the engine never leaves to a player (it passes for them)."""
        seat = self._current
        if seat is None:
            return []
        hand = self.hands[seat]
        line = self.line
        if line.lead is None:
            return [LEADS[tile] for tile in hand]
        values, ends = line.values, line.open
        moves = []
        for tile in hand:
            high, low = tile
            plays = PLAYS[tile]
            for end in ends:
                value = values[end]
                if value == high or value == low:  # noqa: SIM109 (twice as fast as `in`)
                    moves.append(plays[end])
        if moves:
            return moves
        if self.draws_allowed and self.stock:
            return [DRAW]
        return [PASS]

    def can_play(self, seat: int) -> bool:
        """Whether ``seat`` holds a tile that fits an open end (or may lead)."""
        line = self.line
        if line.lead is None:
            return seat == self._current
        values, ends = line.values, line.open
        for high, low in self.hands[seat]:
            for end in ends:
                value = values[end]
                if value == high or value == low:  # noqa: SIM109 (twice as fast as `in`)
                    return True
        return False

    def playable_tiles(self, seat: int) -> list[Tile]:
        """The tiles ``seat`` could lay now (the bot offers them as buttons)."""
        if self.line.lead is None:
            return list(self.hands[seat]) if seat == self._current else []
        return [tile for tile in self.hands[seat] if self.line.can_play(tile)]

    def ends_for(self, tile: Tile) -> list[str]:
        """The labels of the open ends ``tile`` fits (empty on an empty line)."""
        return [LABELS[end] for end in self.line.fits(tile)]

    @property
    def points_for_total(self) -> tuple[int, ...]:
        """The points an open-end total scores, by total (all zeros in Draw and Block);
        the searches score plays with it without building moves."""
        return self._table

    def total_if(self, move: ClassicMove) -> int | None:
        """The open-end total after ``move`` (None for a draw or pass)."""
        tile = move.tile
        if tile is None:
            return None
        line = self.line
        if line.lead is None:
            if move.slot >= 0:
                raise IllegalMoveError(
                    N_("The first tile is the lead: play it as '{tile}'."), tile=tile
                )
            return tile[0] + tile[1]
        if move.slot < 0:
            raise IllegalMoveError(
                N_("The lead has been played: say where {tile} goes."), tile=tile
            )
        if move.slot not in line.open:
            raise IllegalMoveError(N_("{end} is not an open end."), end=move.end)
        return line.total_if(tile, move.slot)

    def points_for(self, total: int) -> int:
        return self._table[total]

    def _lay(self, seat: int, tile: Tile, move: ClassicMove) -> tuple[History, Last, JSON]:
        line = self.line
        end = move.slot
        if line.lead is None:
            if end >= 0:
                raise IllegalMoveError(
                    N_("The first tile is the lead: play it as '{tile}'."), tile=tile.name
                )
            line.play_lead(tile, seat)
            index = 0
        else:
            if end < 0:
                raise IllegalMoveError(
                    N_("The lead has been played: say which end {tile} goes on, like '{tile} E'."),
                    tile=tile.name,
                )
            if end not in line.open:
                shown = ", ".join(LABELS[e] for e in line.open)
                raise IllegalMoveError(
                    N_("{end} is not an open end (open: {shown})."), end=move.end, shown=shown
                )
            index = line.place(tile, end, seat)
        total = line.total
        text = move.text
        last = (seat, text, end, index, self._table[total])
        return (seat, text, False, 0), last, {"move": text, "total": total}

    def _draw(self, seat: int) -> list[Event]:
        """Draw one tile at a time until one fits or the boneyard is empty; a player left
        unable to play then passes."""
        if not self.draws_allowed:
            raise IllegalMoveError(N_("There is no drawing in {game}."), game=Term(self.title))
        if self.can_play(seat):
            raise IllegalMoveError(N_("You can play, so you may not draw."))
        boneyard = self.stock
        if not boneyard:
            raise IllegalMoveError(N_("The boneyard is empty."))
        line = self.line
        drawn = []
        while boneyard:
            tile = boneyard.pop()
            drawn.append(tile)
            if line.can_play(tile):
                break
        hand = self.hands[seat]
        hand.extend(drawn)
        hand.sort(reverse=True)
        self.history.append((seat, "draw", False, len(drawn)))
        events = [
            Event(
                "draw",
                seat,
                detail={"tiles": [t.name for t in drawn]},
                visible_to=frozenset((seat,)),
            ),
            Event("draw", seat, detail={"count": len(drawn)}),
        ]
        if not line.can_play(drawn[-1]) and not self._pass(seat, True, events):
            self._advance(seat, events)
        return events

    def _manual_pass(self, seat: int) -> list[Event]:
        if self.can_play(seat):
            raise IllegalMoveError(N_("You can play, so you may not pass."))
        if self.draws_allowed and self.stock:
            raise IllegalMoveError(N_("You cannot play: draw from the boneyard."))
        return self._passed(seat)

    def _pass_entry(self, seat: int, auto: bool) -> History:
        return (seat, "pass", auto, 0)

    def _finish(self, reason: str, winner: int | None, events: list[Event]) -> None:
        """End the hand: who went out, or the lowest pip count (a tie: nobody scores)."""
        pips = self.pips_left()
        if winner is None:
            low = min(pips)
            lowest = [seat for seat, p in enumerate(pips) if p == low]
            winner = lowest[0] if len(lowest) == 1 else None
        points = count = 0
        if winner is not None:
            count = max(0, sum(pips) - 2 * pips[winner])
            points = round_to(count, self.round_to)
            self._scores[winner] += points
        self._current = None
        self.result = (reason, winner, pips, points)
        events.append(
            Event(
                "hand_end",
                winner,
                points,
                {
                    "reason": reason,
                    "winner": winner,
                    "pips": list(pips),
                    "points": points,
                    "count": count,
                    "round_to": self.round_to,
                    "scores": list(self._scores),
                },
            )
        )

    # ------------------------------------------------------------ views & JSON
    def _history_json(self) -> list[JSON]:
        entries: list[JSON] = []
        for seat, move, auto, count in self.history:
            entry: JSON = {"seat": seat, "move": move, "auto": auto}
            if move == "draw":
                entry["count"] = count
            entries.append(entry)
        return entries

    @staticmethod
    def _arm_label(arm: int) -> str:
        return LABELS[arm]

    @staticmethod
    def _arm_index(label: str) -> int:
        return INDEX[label]

    def _result_json(self) -> JSON | None:
        if self.result is None:
            return None
        reason, winner, pips, points = self.result
        return {"reason": reason, "winner": winner, "pips": list(pips), "points": points}

    def _options_json(self) -> JSON:
        return self.options.to_json(self.option_specs)

    def _view_json(self) -> JSON:
        """The line and the game's rules, in the JSON shape the line renderer is written
        against."""
        return {
            "title": self.title,
            "draws_allowed": self.draws_allowed,
            "scores_during_play": bool(self.divisors),
            **self._state_json(),
        }

    def _state_json(self) -> JSON:
        return {
            "line": self.line.to_json(),
            "last": self._last_json(),
            "result": self._result_json(),
        }

    @classmethod
    def _variant(cls, game: object) -> type[ClassicHand]:
        """The class for ``game``: any game from ClassicHand itself, else only its own."""
        if cls is ClassicHand:
            if game not in VARIANTS:
                raise ValueError(f"not a classic dominoes hand: {game!r}")
            return VARIANTS[str(game)]
        if game != cls.game:
            raise ValueError(f"not a {cls.title} hand: {game!r}")
        return cls

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        variant = cls._variant(data.get("game"))
        if data.get("version") != 1:
            raise ValueError(f"unknown {variant.title} hand version {data.get('version')!r}")
        hands = [tiles_from(h, SET_TOP) for h in data["hands"]]
        hand = variant(
            hands,
            tiles_from(data["boneyard"], SET_TOP),
            data["options"],
            int(data["leader"]),
            int(data["seed"]),
            int(data["hand_number"]),
        )
        hand.hands = hands  # as stored (the constructor would re-sort)
        hand._load_public(data)
        hand._load_turn(data)
        return cast(Self, hand)

    def _load_public(self, data: Mapping[str, Any]) -> None:
        """Line, scores, history, last play and result: the same in stored JSON and views."""
        self.line = Line.from_json(data["line"], self.options.spinner == "on")
        self._scores = [int(s) for s in data["scores"]]
        self.history = [
            (int(h["seat"]), str(h["move"]), bool(h["auto"]), int(h.get("count", 0)))
            for h in data["history"]
        ]
        self._load_last(data["last"])
        result = data["result"]
        self.result = (
            None
            if result is None
            else (
                str(result["reason"]),
                None if result["winner"] is None else int(result["winner"]),
                [int(p) for p in result["pips"]],
                int(result["points"]),
            )
        )

    @classmethod
    def for_seat(cls, view: Mapping[str, Any]) -> ClassicHand:
        """A hand rebuilt from one seat's :meth:`view`, for that seat's computer player.

        The line and the seat's own tiles are real; every other hand and the boneyard hold
        :data:`UNKNOWN` placeholders, so counts, legal moves and :meth:`score_if` are right
        for the seat to move. It is for deciding, not for playing the hand on."""
        variant = cls._variant(view.get("game"))
        seat = seat_of_view(view)
        players = int(view["players"])
        own = tiles_from(view["hand"], SET_TOP)
        hands: list[list[Tile]] = [own if s == seat else [] for s in range(players)]
        hand = variant(hands, [], view["options"], int(view["leader"]), 0, int(view["hand_number"]))
        for other, size in enumerate(view["hand_sizes"]):
            if other != seat:
                hand.hands[other] = [UNKNOWN] * int(size)
        hand.stock = [UNKNOWN] * int(view["boneyard"])
        hand._load_public(view)
        current = view["current_player"]
        hand._current = None if current is None else int(current)
        hand.passes_in_row = passes_at_end([move for _, move, _, _ in hand.history])
        return hand


_DEFAULTS = ClassicOptions()


class AllFives(ClassicHand):
    """Score the open-end total whenever it is a multiple of 5."""

    game = "all-fives"
    title = N_("All Fives")
    divisors = (5,)
    round_to = 5


class AllThrees(ClassicHand):
    """Score the open-end total whenever it is a multiple of 3."""

    game = "all-threes"
    title = N_("All Threes")
    divisors = (3,)
    round_to = 3


class FivesAndThrees(ClassicHand):
    """Score a total that is a multiple of 5 or 3 (British counting: one per five and three)."""

    game = "fives-and-threes"
    title = N_("Fives and Threes")
    divisors = (5, 3)
    round_to = 5
    option_specs = FIVES_AND_THREES_OPTIONS


class DrawGame(ClassicHand):
    """No scoring during play; the hand's winner scores the others' pips."""

    game = "draw"
    title = N_("Draw")


class BlockGame(ClassicHand):
    """Like Draw, but nobody draws: 7 tiles each and a player who cannot play passes."""

    game = "block"
    title = N_("Block")
    draws_allowed = False
    option_specs = BLOCK_OPTIONS
    fixed_hand_size = 7


VARIANTS: dict[str, type[ClassicHand]] = {
    cls.game: cls for cls in (AllFives, AllThrees, FivesAndThrees, DrawGame, BlockGame)
}
