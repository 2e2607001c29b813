"""Public views of FIDO hands, built by hand for the FIDO picture's tests.

:class:`FidoView` follows the view schema (docs: the FIDO view JSON) so the pictures can be
tested without the engine: every play must match the end it goes on, doubles lie crosswise
and open two arms (or lie in line), ends keep their value, count and nakedness as the
schema defines them, totals and scores follow (S ÷ d when d divides S), and the header
fields are filled in. :func:`random_fido_view` lays random legal tiles, biased towards
doubles, for the long lines a double-21 hand can make.
"""

from __future__ import annotations

import copy
import random

from engine.tiles import Tile, double_set
from tests.render.hand_views import JSON, HandView

DIVISORS = {6: 3, 9: 5, 12: 7, 15: 9, 18: 11, 21: 13}
LEAD_SIDES = ("east", "west", "north", "south")


def arm_label(index: int) -> str:
    """A … Z, then AA, AB, … (as spreadsheet columns)."""
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[rest] + label
    return label


class FidoView(HandView):
    """A FIDO hand in progress: ``lead``, ``play``, ``draw``, ``pass_`` and ``end`` it,
    then read :meth:`view` (public) or :meth:`view_for` (a seat's). Seats take turns in
    order (``direction`` 1 or -1) unless a seat is given."""

    def __init__(
        self,
        players: int = 4,
        top: int = 12,
        *,
        crosswise: bool = True,
        leader: int = 0,
        direction: int = 1,
        hand_number: int = 1,
        divisor: int | None = None,
    ) -> None:
        tiles = len(double_set(top))
        size = tiles // (players + 1)
        super().__init__(
            players,
            top,
            leader=leader,
            hand_number=hand_number,
            hand_size=size,
            stock=tiles - size * players,
        )
        self.crosswise = crosswise
        self.direction = direction
        self.divisor = divisor or DIVISORS[top]
        self.arms: list[JSON] = []
        self.values: list[int] = []
        self.counts: list[int] = []
        self.naked: list[bool] = []
        self.second_move = False
        self.hands: dict[int, list[str]] = {}

    # -------------------------------------------------------------- the line
    def _open(self, value: int, origin: JSON, naked: bool) -> None:
        self.arms.append({"label": arm_label(len(self.arms)), "from": origin, "pieces": []})
        self.values.append(value)
        self.counts.append(0 if naked else value)
        self.naked.append(naked)

    def ends(self) -> list[JSON]:
        """Open ends in label order; before the second tile only A (it must go there)."""
        open_arms = [0] if self.second_move else range(len(self.arms))
        return [
            {
                "label": self.arms[i]["label"],
                "value": self.values[i],
                "count": self.counts[i],
                "naked": self.naked[i],
            }
            for i in open_arms
        ]

    @property
    def total(self) -> int:
        return sum(self.counts)

    def _score(self, seat: int) -> int:
        total = self.total
        points = total // self.divisor if total % self.divisor == 0 else 0
        self.scores[seat] += points
        return points

    def _next(self, seat: int) -> None:
        self.current = (seat + self.direction) % self.players

    def lead(self, text: str, seat: int | None = None) -> FidoView:
        assert self.lead_tile is None
        tile, seat = self._take(text, seat)
        if not tile.is_double:
            raise ValueError("FIDO opens with a double")
        value = tile.high
        self.lead_tile = {"tile": tile.name, "seat": seat, "value": value}
        sides = LEAD_SIDES if self.crosswise else LEAD_SIDES[:2]
        for i, side in enumerate(sides):
            self._open(value, {"arm": "lead", "side": side}, self.crosswise and i < 2)
        self.second_move = True
        points = self._score(seat)
        self.last = {"seat": seat, "move": tile.name, "arm": "lead", "index": 0,
                     "points": points}  # fmt: skip
        self.history.append({"seat": seat, "move": tile.name, "auto": False})
        self._next(seat)
        return self

    def play(self, text: str, end: str, seat: int | None = None) -> FidoView:
        open_ends = {e["label"]: i for i, e in enumerate(self.ends())}
        if end not in open_ends:
            raise ValueError(f"{end} is not open (open: {sorted(open_ends)})")
        arm_index = next(i for i, a in enumerate(self.arms) if a["label"] == end)
        value = self.values[arm_index]
        tile, seat = self._take(text, seat)
        if not tile.has(value):
            raise ValueError(f"{tile} does not match the {value} at {end}")
        outer = tile.other(value)
        pieces = self.arms[arm_index]["pieces"]
        pieces.append({"tile": tile.name, "seat": seat, "inner": value, "outer": outer,
                       "double": tile.is_double})  # fmt: skip
        index = len(pieces) - 1
        if tile.is_double and self.crosswise:
            self.counts[arm_index] = 0
            self.naked[arm_index] = True
            for side in ("left", "right"):
                self._open(value, {"arm": end, "index": index, "side": side}, False)
        else:
            self.values[arm_index] = outer
            self.counts[arm_index] = outer
            self.naked[arm_index] = False
        self.second_move = False
        points = self._score(seat)
        move = f"{tile.name} {end}"
        self.last = {"seat": seat, "move": move, "arm": end, "index": index, "points": points}
        self.history.append({"seat": seat, "move": move, "auto": False})
        self._next(seat)
        return self

    def draw(self, seat: int | None = None) -> FidoView:
        """Draw one tile and sit out (or, with the stock empty, just sit out)."""
        seat = self.current if seat is None else seat
        assert seat is not None
        if self.stock:
            self.stock -= 1
            self.hand_sizes[seat] += 1
            self.history.append({"seat": seat, "move": "draw", "auto": False})
        else:
            self.history.append({"seat": seat, "move": "pass", "auto": True})
        self._next(seat)
        return self

    def end(self, reason: str, out: int | None, pips: list[int]) -> FidoView:
        deducted = [0 if seat == out else p for seat, p in enumerate(pips)]
        final = [s - d for s, d in zip(self.scores, deducted, strict=True)]
        best = max(final)
        self.result = {
            "reason": reason,
            "winners": [seat for seat, s in enumerate(final) if s == best],
            "out": out,
            "pips": pips,
            "deducted": deducted,
            "scores": final,
        }
        self.scores = final
        if out is not None:
            self.hand_sizes[out] = 0
        self.current = None
        return self

    def give(self, seat: int, tiles: list[str]) -> FidoView:
        """The tiles ``seat`` holds, shown only in its own view."""
        self.hands[seat] = tiles
        return self

    def view(self) -> JSON:
        line = {
            "mode": "crosswise" if self.crosswise else "in-line",
            "lead": self.lead_tile,
            "arms": self.arms,
            "ends": self.ends() if self.lead_tile else [],
            "total": self.total,
        }
        return copy.deepcopy(
            {
                "game": "fido",
                "title": "FIDO",
                "hand_number": self.hand_number,
                "players": self.players,
                "options": {
                    "set": self.top,
                    "divisor": self.divisor if self.divisor != DIVISORS[self.top] else 0,
                    "direction": "clockwise" if self.direction == 1 else "counter-clockwise",
                    "mercy": "off",
                    "doubles": "crosswise" if self.crosswise else "in-line",
                },
                "set_top": self.top,
                "divisor": self.divisor,
                "direction": self.direction,
                "leader": self.leader,
                "current_player": self.current,
                "over": self.current is None,
                "scores": list(self.scores),
                "hand_sizes": list(self.hand_sizes),
                "stock": self.stock,
                "line": line,
                "total": self.total,
                "last": self.last,
                "history": self.history,
                "result": self.result,
            }
        )

    def view_for(self, seat: int) -> JSON:
        view = self.view()
        view["you"] = seat
        view["hand"] = list(self.hands.get(seat, []))
        return view


def random_fido_view(
    rng: random.Random,
    *,
    top: int | None = None,
    players: int | None = None,
    plays: int | None = None,
    crosswise: bool | None = None,
    doubles: float = 0.3,
) -> JSON:
    """A seeded random FIDO line: random tiles on random open ends (without real hands to
    respect, so lines grow as long as the set allows); a double, when one fits, is laid
    with probability ``doubles``."""
    top = rng.choice(sorted(DIVISORS)) if top is None else top
    players = rng.randint(2, 9) if players is None else players
    crosswise = rng.random() < 0.85 if crosswise is None else crosswise
    built = FidoView(players, top, crosswise=crosswise, leader=rng.randrange(players))
    built.hand_sizes = [len(double_set(top))] * players  # room for any number of plays
    unused = double_set(top)
    rng.shuffle(unused)
    lead = Tile(top, top) if rng.random() < 0.7 else Tile(*(rng.randint(0, top),) * 2)
    unused.remove(lead)
    built.lead(lead.name)
    limit = rng.randint(0, len(unused)) if plays is None else plays
    for _ in range(limit):
        ends = built.ends()
        values = {e["value"] for e in ends}
        fitting = [t for t in unused if t.high in values or t.low in values]
        if not fitting:
            break
        wanted = [t for t in fitting if t.is_double]
        pool = wanted if wanted and rng.random() < doubles else fitting
        tile = rng.choice(pool)
        end = rng.choice([e["label"] for e in ends if tile.has(e["value"])])
        unused.remove(tile)
        built.play(tile.name, end)
    if rng.random() < 0.2:
        built.draw()
    full = len(double_set(top))
    deal = full // (players + 1)
    built.hand_sizes = [max(deal - (full - size), rng.randint(0, 3)) for size in built.hand_sizes]
    return built.view()


def long_double_21(seed: int = 21, tiles: int = 160, doubles: int = 16) -> JSON:
    """The first seeded random double-21 line (3 players) holding at least ``tiles`` tiles
    and ``doubles`` crosswise doubles beyond the opening: the largest pictures."""
    for attempt in range(200):
        rng = random.Random(seed * 1000 + attempt)
        view = random_fido_view(
            rng, top=21, players=3, plays=tiles + 20, crosswise=True, doubles=0.5
        )
        line = view["line"]
        laid = [p for arm in line["arms"] for p in arm["pieces"]]
        if len(laid) + 1 >= tiles and sum(p["double"] for p in laid) >= doubles:
            return view
    raise RuntimeError("no long enough line")
