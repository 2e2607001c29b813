"""One hand of Network dominoes (docs/rules/network.md): deal, lead, turns, rings, bonus."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from engine.dealt import Deal, DealtHand, StockAlias, passes_at_end, seat_of_view, tiles_from
from engine.errors import N_, HandOverError, IllegalMoveError, TileNotInHandError
from engine.game import JSON, Event, Outcome
from engine.network.bonus import BONUS_POINTS, BonusResult, compute_bonus
from engine.network.layout import Layout, Placement, PlaceOutcome
from engine.network.moves import PASS, NetworkMove, parse_move, placed_move
from engine.network.options import NetworkOptions
from engine.network.position import parse_placement, write_position
from engine.network.text import layout_text
from engine.tiles import Tile, double_set, parse_tile

SET_TOP = 6
MIN_PLAYERS, MAX_PLAYERS = 2, 5


@dataclass(frozen=True, slots=True)
class Turn:
    """One entry of the hand's history; ``auto`` marks a pass forced by an empty hand."""

    seat: int
    move: str
    auto: bool = False

    def to_json(self) -> JSON:
        return {"seat": self.seat, "move": self.move, "auto": self.auto}


def tiles_per_player(players: int) -> int:
    return len(double_set(SET_TOP)) // players


def highest_double_holder(hands: list[list[Tile]]) -> tuple[int, Tile]:
    best: tuple[int, Tile] | None = None
    for seat, hand in enumerate(hands):
        for tile in hand:
            if tile.is_double and (best is None or tile.high > best[1].high):
                best = (seat, tile)
    if best is None:  # impossible with 2–5 players: at most 3 tiles are set aside
        raise ValueError("no double was dealt")
    return best


class NetworkHand(DealtHand[NetworkMove, NetworkOptions, Turn]):
    """A Network dominoes hand. Seats are 0-based; play goes up in seat order."""

    game = "network"
    title = N_("Network dominoes")
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    stock_name = "set_aside"

    def __init__(
        self,
        hands: list[list[Tile]],
        set_aside: list[Tile],
        options: NetworkOptions,
        seed: int,
        hand_number: int = 1,
        lead: tuple[int, Tile] | None = None,
    ) -> None:
        """A hand about to be led, one list of tiles a seat in ``hands``; ``lead`` is
        (leader seat, lead tile), by default the highest double's holder."""
        players = len(hands)
        self.check_players(players)
        sorted_hands = [sorted(h, reverse=True) for h in hands]
        leader, self.lead_tile = lead or highest_double_holder(sorted_hands)
        self._start(players, options, seed, hand_number, sorted_hands, list(set_aside), leader)
        self.layout = Layout(options.attachments)
        self.ring_counts = [0] * players
        self.bonus: BonusResult | None = None

    # ------------------------------------------------------------ construction
    @classmethod
    def read_options(cls, options: Mapping[str, Any]) -> NetworkOptions:
        return NetworkOptions.from_json(options)

    @classmethod
    def tile_set(cls, options: NetworkOptions) -> list[Tile]:
        return double_set(SET_TOP)

    @classmethod
    def hand_size(cls, players: int, options: NetworkOptions) -> int:
        """⌊28 / players⌋ each; the rest is set aside."""
        return tiles_per_player(players)

    @classmethod
    def _dealt(cls, deal: Deal[NetworkOptions]) -> Self:
        """The highest double leads."""
        return cls(deal.hands, deal.rest, deal.options, deal.seed, deal.hand_number)

    set_aside = StockAlias()
    """The stock: the tiles nobody was dealt."""

    # ------------------------------------------------------------ state

    @property
    def outcome(self) -> Outcome | None:
        """Over: the seats with the hand's top score won it (nobody, if nobody scored)."""
        if not self.is_over:
            return None
        best = max(self._scores)
        if best <= 0:
            return Outcome((), "nobody scored")
        return Outcome(tuple(s for s, v in enumerate(self._scores) if v == best), "most points")

    def timeout_move(self) -> NetworkMove:
        """A player who runs out of time passes; the lead, which cannot be passed, is
        played for them (the first legal lead)."""
        return PASS if self.can_pass else self.legal_moves()[0]

    def stats(self) -> list[JSON]:
        return [
            {"rings": r, "best_hand": score}
            for r, score in zip(self.ring_counts, self._scores, strict=True)
        ]

    @property
    def last_placement(self) -> Placement | None:
        return self.layout.placements[-1] if self.layout.placements else None

    # ------------------------------------------------------------ moves
    def parse_move(self, text: str) -> NetworkMove:
        return parse_move(text)

    def legal_moves(self) -> list[NetworkMove]:
        if self._current is None:
            return []
        hand = self.hands[self._current]
        if self.layout.is_empty:
            if self.options.lead == "any" and self._current == self.leader:
                return [NetworkMove(t) for t in hand]
            return [NetworkMove(self.lead_tile)]
        fits = self.layout.fits
        moves = [
            placed_move(tile, end.label, c.face, c.turn) for tile in hand for end, c in fits(tile)
        ]
        moves.append(PASS)
        return moves

    def placements_for(self, tile: Tile) -> list[NetworkMove]:
        """Legal moves of ``tile`` (its lead, on an empty table) in the stable order the
        candidate picture numbers."""
        if self.layout.is_empty:
            return [m for m in self.legal_moves() if m.tile == tile]
        return [placed_move(tile, end.label, c.face, c.turn) for end, c in self.layout.fits(tile)]

    @property
    def can_pass(self) -> bool:
        """Whether the player to move may pass: always, except on the lead."""
        return not self.is_over and not self.layout.is_empty

    def playable_tiles(self, seat: int) -> list[Tile]:
        if self.layout.is_empty:
            return [m.tile for m in self.legal_moves() if m.tile] if seat == self._current else []
        return [t for t in self.hands[seat] if self.layout.can_play(t)]

    def preview(self, move: NetworkMove) -> tuple[Placement, int]:
        """Where ``move`` would put its tile and how many rings it would score."""
        if move.tile is None:
            raise IllegalMoveError(N_("A pass puts no tile on the table."))
        seat = self._current if self._current is not None else 0
        if move.label is None:
            if not self.layout.is_empty:
                raise IllegalMoveError(N_("The lead has already been played."))
            return self.layout.lead_placement(seat, move.tile), 0
        end, cand = self.layout.find(move.tile, move.label, move.face, move.turn)
        placement = self.layout.placement_for(seat, move.tile, end, cand)
        return placement, self.layout.rings_if(placement)

    def apply(self, move: NetworkMove) -> list[Event]:
        seat = self._current
        if seat is None:
            raise HandOverError(N_("This hand is over."))
        if move.tile is None:
            if self.layout.is_empty:
                raise IllegalMoveError(N_("The lead cannot be passed: play the first tile."))
            return self._pass(seat, auto=False)
        tile = move.tile
        if tile not in self.hands[seat]:
            raise TileNotInHandError(N_("You do not hold {tile}."), tile=tile)
        if self.layout.is_empty:
            outcome = self._lead(seat, move)
        else:
            if move.label is None:
                raise IllegalMoveError(
                    N_("The lead has been played: say where {tile} goes, like '{tile} A NN'."),
                    tile=tile,
                )
            outcome = self.layout.place(seat, tile, move.label, move.face, move.turn)
        self.hands[seat].remove(tile)
        self.passes_in_row = 0
        notation = str(move)
        self.history.append(Turn(seat, notation))
        events = [
            Event(
                "play",
                seat,
                detail={
                    "move": notation,
                    "closed": list(outcome.closed),
                    "opened": list(outcome.opened),
                },
            )
        ]
        if outcome.rings:
            self._scores[seat] += outcome.rings
            self.ring_counts[seat] += outcome.rings
            events.append(Event("ring", seat, outcome.rings, {"move": notation}))
        events.extend(self._advance(seat))
        return events

    def _lead(self, seat: int, move: NetworkMove) -> PlaceOutcome:
        tile = move.tile
        assert tile is not None
        if move.label is not None:
            raise IllegalMoveError(
                N_("The first tile is the lead: play it as '{tile}'."), tile=tile
            )
        if self.options.lead == "highest-double" and tile != self.lead_tile:
            raise IllegalMoveError(
                N_("The lead must be the highest double, {lead_tile}."), lead_tile=self.lead_tile
            )
        return self.layout.lead(seat, tile)

    def _pass(self, seat: int, auto: bool) -> list[Event]:
        self.passes_in_row += 1
        self.history.append(Turn(seat, "pass", auto))
        events = [Event("pass", seat, detail={"auto": auto})]
        return events + self._advance(seat)

    def _advance(self, seat: int) -> list[Event]:
        if self.passes_in_row >= self.players:
            return self._finish()
        nxt = (seat + 1) % self.players
        self._current = nxt
        if not self.hands[nxt]:
            return self._pass(nxt, auto=True)
        return []

    def _finish(self) -> list[Event]:
        self._current = None
        self.bonus = compute_bonus(self.layout, self.options.bonus_tie)
        events: list[Event] = []
        for seat in self.bonus.awarded:
            self._scores[seat] += BONUS_POINTS
            events.append(Event("bonus", seat, BONUS_POINTS, self.bonus.to_json()))
        events.append(Event("hand_end", detail={"scores": list(self._scores)}))
        return events

    # ------------------------------------------------------------ views & JSON
    def position_text(self) -> str:
        return layout_text(self.layout) if self.layout.placements else "(nothing laid yet)"

    def _options_json(self) -> JSON:
        return self.options.to_json()

    def _history_json(self) -> list[JSON]:
        return [t.to_json() for t in self.history]

    def _view_json(self) -> JSON:
        return {
            "rings": list(self.ring_counts),
            "position": write_position(self.layout),
            "open_ends": [end.to_json() for end in self.layout.ends.values()],
            "bonus": None if self.bonus is None else self.bonus.to_json(),
            "you": None,
        }

    @classmethod
    def for_seat(cls, view: Mapping[str, Any]) -> NetworkHand:
        """A hand rebuilt from one seat's :meth:`view`, for that seat's computer player:
        the table and its own tiles are real, every other hand is empty (unknown)."""
        seat = seat_of_view(view)
        players = int(view["players"])
        own = tiles_from(view["hand"], SET_TOP)
        hands: list[list[Tile]] = [own if s == seat else [] for s in range(players)]
        options = NetworkOptions.from_json(view["options"])
        leader = int(view["leader"])
        lead_tile = max((t for t in own if t.is_double), default=max(own, default=Tile(6, 6)))
        hand = cls(hands, [], options, 0, int(view["hand_number"]), lead=(leader, lead_tile))
        for entry in str(view["position"]).split():
            hand.layout.add(parse_placement(entry, players))
        hand._current = view["current_player"]
        hand._scores = [int(s) for s in view["scores"]]
        hand.ring_counts = [int(r) for r in view["rings"]]
        hand.history = [
            Turn(int(t["seat"]), str(t["move"]), bool(t["auto"])) for t in view["history"]
        ]
        hand.passes_in_row = passes_at_end([turn.move for turn in hand.history])
        return hand

    def _copy_into(self, new: Self) -> None:
        new.lead_tile = self.lead_tile
        new.layout = self.layout.copy()
        new.ring_counts = list(self.ring_counts)
        new.bonus = self.bonus

    def _state_json(self) -> JSON:
        return {
            "lead_tile": self.lead_tile.name,
            "placements": [list(p) for p in self.layout.placements],
            "rings": list(self.ring_counts),
            "bonus": None if self.bonus is None else self.bonus.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        if data.get("game") != cls.game:
            raise ValueError("not a Network dominoes hand")
        hand = cls(
            [tiles_from(h, SET_TOP) for h in data["hands"]],
            tiles_from(data["set_aside"], SET_TOP),
            NetworkOptions.from_json(data["options"]),
            int(data["seed"]),
            int(data["hand_number"]),
            lead=(int(data["leader"]), parse_tile(data["lead_tile"], SET_TOP)),
        )
        played = [Placement(*p) for p in data["placements"]]
        for placement in played:
            hand.layout.add(placement)
        hand._load_turn(data)
        hand._scores = [int(s) for s in data["scores"]]
        hand.ring_counts = [int(r) for r in data["rings"]]
        hand.history = [
            Turn(int(t["seat"]), str(t["move"]), bool(t["auto"])) for t in data["history"]
        ]
        hand.bonus = None if data["bonus"] is None else BonusResult.from_json(data["bonus"])
        return hand
