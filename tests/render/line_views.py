"""Public views of classic dominoes hands, built by hand for the line picture's tests.

:class:`LineView` follows the view schema (docs: the classic view JSON) exactly, so the
pictures can be tested without the engine: it checks every play matches its end, keeps
each end's value and count as the schema defines them, and fills in the header fields.
"""

from __future__ import annotations

import copy
import random

from engine.tiles import double_set
from tests.render.circuit import double_six_chain
from tests.render.hand_views import JSON, HandView

TITLES = {
    "all-fives": "All Fives",
    "all-threes": "All Threes",
    "fives-and-threes": "Fives and Threes",
    "draw": "Draw",
    "block": "Block",
}
DIVISORS = {"all-fives": (5,), "all-threes": (3,), "fives-and-threes": (5, 3)}
LABELS = ("E", "W", "N", "S")


class LineView(HandView):
    """A hand in progress: ``lead``, ``play``, ``draw``, ``pass_`` and ``end`` it, then read
    :meth:`view`. Seats take turns in order unless a seat is given."""

    def __init__(
        self,
        game: str = "all-fives",
        players: int = 4,
        *,
        leader: int = 0,
        spinner: bool = True,
        hand_size: int | None = None,
        hand_number: int = 1,
    ) -> None:
        size = hand_size or (7 if game == "block" or players == 2 else 5)
        super().__init__(
            players,
            6,
            leader=leader,
            hand_number=hand_number,
            hand_size=size,
            stock=28 - size * players,
        )
        self.game = game
        self.spinner_on = spinner
        self.arms: dict[str, list[JSON]] = {label: [] for label in LABELS}
        self.spinner: JSON | None = None

    # -------------------------------------------------------------- the line
    def _spinner_covered(self) -> bool:
        if self.spinner is None:
            return False
        if self.spinner["arm"] == "lead":
            return bool(self.arms["E"]) and bool(self.arms["W"])
        return len(self.arms[self.spinner["arm"]]) > int(self.spinner["index"]) + 1

    def _spinner_value(self) -> int:
        assert self.spinner is not None and self.lead_tile is not None
        if self.spinner["arm"] == "lead":
            return int(self.lead_tile["west"])
        return int(self.arms[self.spinner["arm"]][self.spinner["index"]]["outer"])

    def ends(self) -> list[JSON]:
        """Open ends in the order E, W, N, S, as the schema counts them."""
        lead = self.lead_tile
        if lead is None:
            return []
        found = []
        for label, side in (("E", "east"), ("W", "west")):
            arm = self.arms[label]
            if arm:
                value = arm[-1]["outer"]
                count = 2 * value if arm[-1]["double"] else value
            else:
                value = lead[side]
                other = self.arms["W" if label == "E" else "E"]
                count = 2 * value if lead["double"] and other else value
            found.append({"label": label, "value": value, "count": count})
        if self._spinner_covered():
            for label in ("N", "S"):
                arm = self.arms[label]
                if arm:
                    value = arm[-1]["outer"]
                    count = 2 * value if arm[-1]["double"] else value
                else:
                    value, count = self._spinner_value(), 0
                found.append({"label": label, "value": value, "count": count})
        return found

    def total(self) -> int:
        return sum(end["count"] for end in self.ends())

    def _score(self, seat: int, points: int | None) -> int:
        if points is None:
            total = self.total()
            divisors = DIVISORS.get(self.game, ())
            points = total if total and any(total % d == 0 for d in divisors) else 0
        self.scores[seat] += points
        return points

    def lead(self, text: str, seat: int | None = None, points: int | None = None) -> LineView:
        assert self.lead_tile is None
        tile, seat = self._take(text, seat)
        self.lead_tile = {
            "tile": tile.name,
            "seat": seat,
            "west": tile.high,
            "east": tile.low,
            "double": tile.is_double,
        }
        if tile.is_double and self.spinner_on:
            self.spinner = {"arm": "lead", "index": 0}
        scored = self._score(seat, points)
        self.last = {"seat": seat, "move": tile.name, "arm": "lead", "index": 0, "points": scored}
        self.history.append({"seat": seat, "move": tile.name, "auto": False})
        self.current = (seat + 1) % self.players
        return self

    def play(
        self, text: str, end: str, seat: int | None = None, points: int | None = None
    ) -> LineView:
        open_ends = {e["label"]: e["value"] for e in self.ends()}
        if end not in open_ends:
            raise ValueError(f"{end} is not open (open: {sorted(open_ends)})")
        value = open_ends[end]
        tile, seat = self._take(text, seat)
        if not tile.has(value):
            raise ValueError(f"{tile} does not match the {value} at {end}")
        outer = tile.other(value)
        arm = self.arms[end]
        arm.append(
            {"tile": tile.name, "seat": seat, "inner": value, "outer": outer,
             "double": tile.is_double}
        )  # fmt: skip
        if tile.is_double and self.spinner is None and self.spinner_on and end in ("E", "W"):
            self.spinner = {"arm": end, "index": len(arm) - 1}
        scored = self._score(seat, points)
        move = f"{tile.name} {end}"
        self.last = {"seat": seat, "move": move, "arm": end, "index": len(arm) - 1,
                     "points": scored}  # fmt: skip
        self.history.append({"seat": seat, "move": move, "auto": False})
        self.current = (seat + 1) % self.players
        return self

    def draw(self, count: int, seat: int | None = None) -> LineView:
        seat = self.current if seat is None else seat
        assert seat is not None and count <= self.stock
        self.stock -= count
        self.hand_sizes[seat] += count
        self.history.append({"seat": seat, "move": "draw", "auto": False, "count": count})
        return self

    def pass_(self, seat: int | None = None, auto: bool = True) -> LineView:
        seat = self.current if seat is None else seat
        assert seat is not None
        self.history.append({"seat": seat, "move": "pass", "auto": auto})
        self.current = (seat + 1) % self.players
        return self

    def end(self, reason: str, winner: int | None, pips: list[int], points: int) -> LineView:
        if winner is not None:
            self.scores[winner] += points
        self.result = {"reason": reason, "winner": winner, "pips": pips, "points": points}
        self.current = None
        return self

    def view(self) -> JSON:
        options: JSON = {"spinner": "on" if self.spinner_on else "off"}
        if self.game != "block":
            options = {"hand_size": "standard", **options}
        if self.game == "fives-and-threes":
            options["counting"] = "standard"
        return copy.deepcopy(
            {
                "game": self.game,
                "title": TITLES[self.game],
                "hand_number": self.hand_number,
                "players": self.players,
                "options": options,
                "leader": self.leader,
                "current_player": self.current,
                "over": self.current is None,
                "scores": list(self.scores),
                "hand_sizes": list(self.hand_sizes),
                "boneyard": self.stock,
                "draws_allowed": self.game != "block",
                "scores_during_play": self.game not in ("draw", "block"),
                "line": {
                    "lead": self.lead_tile,
                    "spinner": self.spinner,
                    "arms": self.arms,
                    "ends": self.ends(),
                    "total": self.total() if self.lead_tile is not None else 0,
                },
                "last": self.last,
                "history": self.history,
                "result": self.result,
            }
        )


def random_view(
    rng: random.Random, *, spinner: bool | None = None, stop: int | None = None
) -> JSON:
    """A seeded random line: random tiles laid on random open ends, without a boneyard or
    hands to respect (so arms get longer than real hands make them)."""
    game = rng.choice(sorted(TITLES))
    spinner_on = rng.random() < 0.6 if spinner is None else spinner
    built = LineView(game, 2, spinner=spinner_on, hand_size=0)
    built.hand_sizes = [28, 28]
    built.stock = 0
    unused = double_set(6)
    rng.shuffle(unused)
    built.lead(unused.pop().name)
    limit = rng.randint(0, 27) if stop is None else stop
    for _ in range(limit):
        choices = [
            (tile, end["label"])
            for end in built.ends()
            for tile in unused
            if tile.has(end["value"])
        ]
        if not choices:
            break
        tile, label = rng.choice(choices)
        unused.remove(tile)
        built.play(tile.name, label)
    return built.view()


def all_28_line(spinner: bool = False) -> LineView:
    """Every tile in one line (an Euler circuit of the double-six set, split at a tile near
    its middle into E and W). One more tile than a real hand can lay, since somebody still
    holds a tile when the hand ends: the most a line can ever hold."""
    chain = double_six_chain()
    middle = 13
    while chain[middle][0] == chain[middle][1]:  # lead a plain tile
        middle += 1
    if chain[middle][0] < chain[middle][1]:  # the lead lies high half west, towards W
        chain = [(far, near) for near, far in reversed(chain)]
        middle = len(chain) - 1 - middle
    built = LineView("draw", 2, spinner=spinner, hand_size=14)
    built.lead("{}-{}".format(*chain[middle]))
    for near, far in chain[middle + 1 :]:
        built.play(f"{near}-{far}", "E")
    for near, far in reversed(chain[:middle]):
        built.play(f"{near}-{far}", "W")
    return built
