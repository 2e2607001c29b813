"""The base of the dealt tile games: what a hand of dominoes dealt from a shuffled set is,
whatever the rules of play.

Network dominoes, the classic games and FIDO all shuffle a set with a seed, deal each seat
its tiles and keep the rest as a stock (a boneyard, a stock, tiles set aside); they all
count passes in a row, keep a history of turns, show a seat its own tiles and only the
sizes of the others, and store the same core of a hand as JSON. :class:`DealtHand` holds
that core once, so a game's own module holds only its rules: the table (a line, a grid),
the moves, the scoring, and how its hand starts and ends.

A game subclasses :class:`DealtHand` and supplies the hooks named in each method: its
set, hand size and options for :meth:`DealtHand.deal`, the JSON of its options and
history, and what its view and stored JSON add to the shared keys. The hot paths (legal
moves, laying a tile) stay with the games; :meth:`DealtHand.copy` copies the shared fields
directly. The line games share more on top of this, the end of a play included:
:class:`engine.line.hand.LineHand`.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, NamedTuple, Self, TypeVar, overload

from engine.game import JSON, HandState, M, NewHand
from engine.rng import deal as deal_tiles
from engine.rng import derive_seed
from engine.tiles import Tile, parse_tile

Opts = TypeVar("Opts")
"""A game's options (a frozen dataclass)."""
H = TypeVar("H")
"""One entry of a game's history of turns."""

UNKNOWN = Tile(-1, -1)
"""Stands for a tile a seat cannot see, in a hand rebuilt from a seat's view (``for_seat``)."""


class Deal(NamedTuple, Generic[Opts]):
    """What :meth:`DealtHand.deal` hands a game's :meth:`~DealtHand._dealt` hook: the
    dealt ``hands`` and the ``rest`` of the set (after ``redeals`` deals the game could not
    start from), and the arguments of the deal. A named tuple: immutable, and a third of
    a frozen dataclass's cost to build (once a deal, on the benchmarks' path)."""

    players: int
    hands: list[list[Tile]]
    rest: list[Tile]
    options: Opts
    seed: int
    hand_number: int
    previous_leader: int | None
    redeals: int


def passes_at_end(moves: Sequence[str]) -> int:
    """How many of the last ``moves`` (move texts, oldest first) were passes in a row."""
    count = 0
    for move in reversed(moves):
        if move != "pass":
            break
        count += 1
    return count


def seat_of_view(view: Mapping[str, Any]) -> int:
    """The seat a view was made for; a spectator's view (no seat) is a ValueError."""
    seat = view.get("you")
    if seat is None:
        raise ValueError("a computer player needs a seat's view, not a spectator's")
    return int(seat)


def computer_turn(
    hand: DealtHand[Any, Any, Any],
    level: str,
    levels: Sequence[str],
    aliases: Mapping[str, str] | None = None,
) -> tuple[str, int]:
    """A computer player's ``level`` (an alias resolved) and the seat it moves for: a
    ValueError for a level not in ``levels`` or a hand that is over."""
    if aliases:
        level = aliases.get(level, level)
    if level not in levels:
        raise ValueError(f"unknown computer level {level!r}; known: {', '.join(levels)}")
    seat = hand.current_player
    if seat is None:
        raise ValueError(f"the {hand.round_word} is over")
    return level, seat


def by_level(
    level: str,
    moves: Sequence[M],
    seed: int,
    normal: Callable[[random.Random], M],
    hard: Callable[[random.Random], M],
) -> M:
    """A computer ``level``'s pick among the legal ``moves``: the only one there is; easy's
    seeded random one; else what ``normal`` or ``hard`` decide, given the seeded generator."""
    if len(moves) == 1:
        return moves[0]
    rng = random.Random(seed)
    if level == "easy":
        return rng.choice(moves)
    return normal(rng) if level == "normal" else hard(rng)


def tiles_from(names: Sequence[str], top: int) -> list[Tile]:
    """Tiles of a double-``top`` set from their names, as JSON stores them."""
    return [parse_tile(name, top) for name in names]


class StockAlias:
    """The game's own name for a hand's ``stock`` (``boneyard``, ``set_aside``): reads and
    assignments go to ``stock``, so the hand's code and its callers share one list."""

    @overload
    def __get__(self, hand: None, owner: type[Any]) -> Self: ...

    @overload
    def __get__(self, hand: DealtHand[Any, Any, Any], owner: type[Any]) -> list[Tile]: ...

    def __get__(self, hand: DealtHand[Any, Any, Any] | None, owner: type[Any]) -> list[Tile] | Self:
        return self if hand is None else hand.stock

    def __set__(self, hand: DealtHand[Any, Any, Any], tiles: list[Tile]) -> None:
        hand.stock = tiles


class DealtHand(HandState[M], Generic[M, Opts, H]):
    """One hand of a tile game dealt from a shuffled set; the rest of the set is the stock.

    Shared state: ``players``, ``options``, ``seed``, ``hand_number``, ``hands`` (each
    seat's tiles), ``stock`` (the next tile drawn is the last one), ``leader``, the seat to
    move, ``passes_in_row``, the scores and ``history``.
    """

    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    stock_name: ClassVar[str] = "stock"
    """What the game calls its stock: the key of its size in a view and of its tiles in
    the stored JSON."""
    round_word: ClassVar[str] = "hand"
    """What one deal is called in the repr ("hand 2", "game 2")."""

    players: int
    options: Opts
    seed: int
    hand_number: int
    hands: list[list[Tile]]
    stock: list[Tile]
    leader: int
    _current: int | None
    passes_in_row: int
    _scores: list[int]
    history: list[H]

    # ------------------------------------------------------------ construction
    @classmethod
    def check_players(cls, players: int) -> None:
        if not cls.min_players <= players <= cls.max_players:
            raise ValueError(f"{cls.title} is for {cls.min_players}–{cls.max_players} players")

    def _start(
        self,
        players: int,
        options: Opts,
        seed: int,
        hand_number: int,
        hands: list[list[Tile]],
        stock: list[Tile],
        leader: int,
    ) -> None:
        """Set the shared state of a hand about to be led by ``leader``."""
        self.players = players
        self.options = options
        self.seed = seed
        self.hand_number = hand_number
        self.hands = hands
        self.stock = stock
        self.leader = leader
        self._current = leader
        self.passes_in_row = 0
        self._scores = [0] * players
        self.history = []

    def _check_tiles(
        self, hands: list[list[Tile]], stock: Sequence[Tile], tiles: frozenset[Tile]
    ) -> None:
        """Refuse a position built by hand (tests set one up directly) whose hands and
        stock are not distinct tiles of the game's set, ``tiles``."""
        every = [t for h in hands for t in h]
        every += stock
        distinct = set(every)
        if len(distinct) != len(every) or not distinct <= tiles:
            top = max(tile.high for tile in tiles)
            raise ValueError(
                f"the hands and {self.stock_name} must be distinct tiles of a double-{top} set"
            )

    @classmethod
    def _deal(cls, new: NewHand) -> Self:
        """Shuffle the game's set with the seed and deal :meth:`hand_size` tiles to each
        seat; the rest is the stock. A deal the game cannot start from (:meth:`deals_again`)
        is dealt again with a seed derived from the seed. Who leads is the game's rule
        (:meth:`_dealt`)."""
        players, seed = new.players, new.seed
        cls.check_players(players)
        opts = cls.read_options(new.options)
        tiles, size = cls.tile_set(opts), cls.hand_size(players, opts)
        hands, rest = deal_tiles(tiles, seed, players, size)
        redeals = 0
        while cls.deals_again(hands, opts):
            redeals += 1
            hands, rest = deal_tiles(tiles, derive_seed(seed, "redeal", redeals), players, size)
        return cls._dealt(
            Deal(players, hands, rest, opts, seed, new.hand_number, new.previous_leader, redeals)
        )

    @classmethod
    @abstractmethod
    def read_options(cls, options: Mapping[str, Any]) -> Opts:
        """The game's options from a table's (checked; defaults filled in)."""

    @classmethod
    @abstractmethod
    def tile_set(cls, options: Opts) -> Sequence[Tile]:
        """Every tile of the set the game is dealt from."""

    @classmethod
    @abstractmethod
    def hand_size(cls, players: int, options: Opts) -> int:
        """Tiles dealt to each seat."""

    @classmethod
    def deals_again(cls, hands: list[list[Tile]], options: Opts) -> bool:
        """Whether the game cannot start from these hands, so the set is dealt again."""
        return False

    @classmethod
    @abstractmethod
    def _dealt(cls, deal: Deal[Opts]) -> Self:
        """The new hand from ``deal``: who leads is the game's rule."""

    # ------------------------------------------------------------ state
    @property
    def current_player(self) -> int | None:
        return self._current

    @property
    def is_over(self) -> bool:
        return self._current is None

    @property
    def scores(self) -> list[int]:
        return list(self._scores)

    def pips(self, seat: int) -> int:
        return sum(high + low for high, low in self.hands[seat])

    def pips_left(self) -> list[int]:
        """Every seat's pips, seat by seat (what a hand's end counts)."""
        return [self.pips(seat) for seat in range(self.players)]

    def __repr__(self) -> str:
        state = "over" if self._current is None else f"seat {self._current} to move"
        return f"<{type(self).__name__} {self.round_word} {self.hand_number}, {state}>"

    def copy(self) -> Self:
        """An independent copy, field by field (no JSON): the hard players copy a hand for
        every candidate move in every sampled world. Tiles, moves, options and history
        entries are immutable, so only the lists holding them are copied; the game copies
        its own fields in :meth:`_copy_into`."""
        cls = type(self)
        new = cls.__new__(cls)
        new.players = self.players
        new.options = self.options
        new.seed = self.seed
        new.hand_number = self.hand_number
        new.hands = [list(h) for h in self.hands]
        new.stock = list(self.stock)
        new.leader = self.leader
        new._current = self._current
        new.passes_in_row = self.passes_in_row
        new._scores = list(self._scores)
        new.history = list(self.history)
        self._copy_into(new)
        return new

    @abstractmethod
    def _copy_into(self, new: Self) -> None:
        """Copy the game's own fields onto ``new``, a copy of the shared ones."""

    # ------------------------------------------------------------ views & JSON
    @abstractmethod
    def _options_json(self) -> JSON: ...

    @abstractmethod
    def _history_json(self) -> list[JSON]: ...

    def hidden_from(self, viewer: int | None) -> frozenset[str]:
        """Every tile ``viewer`` may not see: the other hands and the stock (of a hand
        rebuilt from a view, the tiles it does not know, :data:`UNKNOWN`, are not named)."""
        hidden = {t.name for seat, h in enumerate(self.hands) if seat != viewer for t in h}
        hidden.update(t.name for t in self.stock)
        hidden.discard(UNKNOWN.name)
        return frozenset(hidden)

    def view(self, player: int | None) -> JSON:
        """What ``player`` may see (None: the channel): the shared keys, the game's own
        (:meth:`_view_json`), and a seat's own tiles; other hands and the stock are only
        counts."""
        data: JSON = {
            "game": self.game,
            "hand_number": self.hand_number,
            "players": self.players,
            "options": self._options_json(),
            "leader": self.leader,
            "current_player": self._current,
            "over": self._current is None,
            "scores": list(self._scores),
            "hand_sizes": [len(h) for h in self.hands],
            self.stock_name: len(self.stock),
            "history": self._history_json(),
        }
        data.update(self._view_json())
        if player is not None:
            data["you"] = player
            data["hand"] = [t.name for t in self.hands[player]]
        return data

    @abstractmethod
    def _view_json(self) -> JSON:
        """What the game's view adds to the shared keys (its table, its result)."""

    def to_json(self) -> JSON:
        """The shared keys and the game's own (:meth:`_state_json`)."""
        data: JSON = {
            "game": self.game,
            "version": 1,
            "players": self.players,
            "options": self._options_json(),
            "seed": self.seed,
            "hand_number": self.hand_number,
            "leader": self.leader,
            "hands": [[t.name for t in h] for h in self.hands],
            self.stock_name: [t.name for t in self.stock],
            "current": self._current,
            "passes_in_row": self.passes_in_row,
            "scores": list(self._scores),
            "history": self._history_json(),
        }
        data.update(self._state_json())
        return data

    @abstractmethod
    def _state_json(self) -> JSON:
        """What the game's stored JSON adds to the shared keys."""

    def _load_turn(self, data: Mapping[str, Any]) -> None:
        """The seat to move and the passes in a row, as stored by :meth:`to_json`."""
        self._current = None if data["current"] is None else int(data["current"])
        self.passes_in_row = int(data["passes_in_row"])
