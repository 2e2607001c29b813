"""How the Network computer players judge a position: what a seat knows, and the easy,
normal and playout policies.

A seat knows the table, its own tiles, how many tiles every other hand holds, and the
history (so how many passes in a row there have been). Every tile not on the table and not
in its hand is *unseen*: held by another player or set aside.

Most hands are decided by the +3 bonus, and the bonus by who has the last word: the hand
ends when everybody passes in a row, and whoever last fed the most frequent open number
then takes it. So **normal** plays by these rules, in this order:

* holding the bonus, it passes: the others must take the bonus from it or the hand ends
  in its favour, and every tile it keeps is a later chance to take the bonus back. Only a
  ring that keeps the bonus comes first; one that gives it away is weighed against the
  pass;
* not holding it, it plays the ring or the tile that takes the bonus that it values most;
* with neither, it keeps its tiles (passes), unless its pass would end the hand — the
  players after it that hold the bonus or have no tiles will pass too — and so hand the
  bonus to another: then it plays on, the tile that sets up the most for it.

Between moves of one kind it takes the one whose value, in expected points, is highest:
rings closed now; for a holder, the chance the others hold no unseen tile that could take
the bonus away (judged by open-end counts), else some chance to take it back; for a seat
without the bonus, its share of the tiles still in hand and whether it holds a tile that
would take the bonus next; less the unseen tiles that would close a ring (times the chance
another player holds them), plus its own tiles that would.

The **playout** policy is a cheaper cousin for the hard player's searches (it sees the
whole sampled state): the same rules, with moves of one kind chosen at random among those
that lead the next number by most (takes) or set up a take with another of its tiles
(plays that keep the hand going), all judged by open-end counts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import comb

from engine.network.bonus import BONUS_POINTS, compute_bonus
from engine.network.geometry import coords
from engine.network.hand import SET_TOP, NetworkHand
from engine.network.layout import ANY, Candidate, Layout, Placement
from engine.network.moves import PASS, NetworkMove
from engine.network.options import BonusTie
from engine.tiles import Tile, double_set

FULL_SET = frozenset(double_set(SET_TOP))
NUMBERS = SET_TOP + 1
EPSILON = 1e-9


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What ``seat`` knows besides the table: its tiles, every hand's size and the tiles
    it cannot see."""

    seat: int
    own: tuple[Tile, ...]
    sizes: tuple[int, ...]
    unseen: frozenset[Tile]

    @property
    def others_hold(self) -> int:
        return sum(n for s, n in enumerate(self.sizes) if s != self.seat)


def knowledge(hand: NetworkHand, seat: int, sizes: list[int] | None = None) -> Knowledge:
    """What ``seat`` knows in ``hand``; ``sizes`` are the hands' sizes from a view (a hand
    rebuilt from a view has the other hands empty), else read from ``hand``."""
    own = tuple(hand.hands[seat])
    placed = {p.tile for p in hand.layout.placements}
    counts = tuple(sizes) if sizes is not None else tuple(len(h) for h in hand.hands)
    return Knowledge(seat, own, counts, FULL_SET - placed - set(own))


@dataclass(frozen=True, slots=True)
class Weights:
    """The normal player's valuation (points, or chances of the +3 bonus)."""

    ring: float = 1.0
    """Points per ring closed now (one ring is one point)."""
    danger: float = 0.7
    """Points lost per unseen tile that would close a ring, times the chance another
    player holds it."""
    own_chance: float = 0.25
    """Points per own tile that would close a ring later."""
    hold: float = 0.3
    """A holder whose bonus can be taken: its chance of keeping it anyway (the others must
    use the tile, and it may take the bonus back)."""
    comeback: float = 0.6
    """A holder whose bonus can be taken: its further chance per share of the tiles."""
    share: float = 0.5
    """A seat without the bonus: its chance of taking it later per share of the tiles."""
    take_later: float = 0.2
    """A seat without the bonus that holds a tile that would take it now: the added chance."""


WEIGHTS = Weights()


# ---------------------------------------------------------------- easy
def easy_move(hand: NetworkHand, rng: random.Random, pass_rate: float = 0.1) -> NetworkMove:
    """A random legal move; a pass only now and then (or when nothing else is legal)."""
    moves = hand.legal_moves()
    plays = [m for m in moves if not m.is_pass]
    if plays and (not hand.can_pass or rng.random() >= pass_rate):
        return rng.choice(plays)
    return PASS if hand.can_pass else moves[0]


# ---------------------------------------------------------------- normal
@dataclass(frozen=True, slots=True)
class Judged:
    """A legal move, what kind of move it is, and the points normal expects from it.

    ``kind``: "lead"; "ring" (closes a ring); "take" (leaves the seat holding the bonus);
    "play" (any other tile); "pass"."""

    move: NetworkMove
    kind: str
    value: float
    holds: bool = False
    """Whether the seat holds the bonus after the move."""


def judge_moves(hand: NetworkHand, know: Knowledge, weights: Weights = WEIGHTS) -> list[Judged]:
    """Every legal move of ``know.seat``, judged, in legal order."""
    moves = hand.legal_moves()
    if hand.layout.is_empty:
        return [Judged(m, "lead", _lead_preference(m)) for m in moves]
    seat = know.seat
    tie = hand.options.bonus_tie
    layout = hand.layout
    others = know.others_hold
    mine = len(know.own)
    holders = compute_bonus(layout, tie).awarded
    judged: list[Judged] = []
    for move in moves:
        if move.is_pass:
            ends = pass_ends_hand(hand, seat, know.sizes, holders)
            value, move_holds = _state_value(layout, seat, know, mine, others, tie, ends, weights)
            judged.append(Judged(move, "pass", value, move_holds))
            continue
        assert move.tile is not None and move.label is not None
        after = layout.copy()
        outcome = after.place(seat, move.tile, move.label, move.face, move.turn)
        value, holds = _state_value(
            after, seat, know, mine - 1, others, tie, False, weights, move.tile
        )
        kind = "ring" if outcome.rings else "take" if holds else "play"
        judged.append(Judged(move, kind, value + outcome.rings * weights.ring, holds))
    return judged


def normal_order(hand: NetworkHand, know: Knowledge, judged: list[Judged]) -> list[Judged]:
    """The moves in normal's order of preference: its choice first."""
    return [j for _, j in _ranked(hand, know, judged)]


def _ranked(hand: NetworkHand, know: Knowledge, judged: list[Judged]) -> list[tuple[int, Judged]]:
    """Moves sorted by (rank of their kind, value); equal values keep legal order.

    A seat holding the bonus passes: the others must take it from it or the hand ends in
    its favour, and every tile kept is a later chance to take it back. Only a ring that
    keeps the bonus goes before the pass; one that gives it away is weighed against it.
    A seat without the bonus weighs rings and plays that take the bonus; without either,
    it keeps its tiles, unless its pass would end the hand (the players after it that hold
    the bonus or no tiles will pass) — then it plays the tile that sets up the most for
    it and the least for the others."""
    if hand.layout.is_empty:
        return sorted(((0, j) for j in judged), key=lambda rj: -rj[1].value)
    holders = compute_bonus(hand.layout, hand.options.bonus_tie).awarded
    if know.seat in holders:
        ranks = {"ring": 0, "lost ring": 1, "pass": 1, "take": 2, "play": 3}
    elif pass_ends_hand(hand, know.seat, know.sizes, holders):
        ranks = {"ring": 0, "take": 0, "play": 1, "pass": 2}
    else:
        ranks = {"ring": 0, "take": 0, "pass": 1, "play": 2}
    ranked = [(ranks[_kind(j, know.seat in holders)], j) for j in judged]
    return sorted(ranked, key=lambda rj: (rj[0], -rj[1].value))


def _kind(judged: Judged, holder: bool) -> str:
    return "lost ring" if holder and judged.kind == "ring" and not judged.holds else judged.kind


def normal_move(
    hand: NetworkHand, know: Knowledge, rng: random.Random, weights: Weights = WEIGHTS
) -> NetworkMove:
    """Normal's first choice; a seeded choice between equals."""
    ranked = _ranked(hand, know, judge_moves(hand, know, weights))
    rank, first = ranked[0]
    equal = [j.move for r, j in ranked if r == rank and j.value >= first.value - EPSILON]
    return equal[0] if len(equal) == 1 else rng.choice(equal)


def _lead_preference(move: NetworkMove) -> float:
    """On the lead: a double (four open ends, all one number), the heavier the better."""
    tile = move.tile or Tile(0, 0)
    return (10.0 if tile.is_double else 0.0) + tile.pips / 100


def _state_value(
    layout: Layout,
    seat: int,
    know: Knowledge,
    mine: int,
    others: int,
    tie: BonusTie,
    ended: bool,
    weights: Weights,
    played: Tile | None = None,
) -> tuple[float, bool]:
    """Expected points of ``seat`` from the bonus and ring chances in ``layout`` once it
    has ``mine`` tiles and the others ``others``, and whether it holds the bonus there."""
    holds = seat in compute_bonus(layout, tie).awarded
    if ended:
        return (BONUS_POINTS if holds else 0.0), holds
    unseen = know.unseen
    own = frozenset(t for t in know.own if t != played)
    total = mine + others
    share = mine / total if total else 0.0
    if holds:
        takers = bonus_takers(layout, unseen, tie, seat)
        keep = _none_held(len(unseen), takers, others)
        chance = keep + (1 - keep) * (weights.hold + weights.comeback * share)
    else:
        chance = weights.share * share
        if own and bonus_takers(layout, own, tie, -1, seat):
            chance += weights.take_later
    value = BONUS_POINTS * chance
    if others and unseen:
        theirs = len(ring_tiles(layout, unseen))
        value -= weights.danger * theirs * min(1.0, others / len(unseen))
    if own:
        value += weights.own_chance * len(ring_tiles(layout, own))
    return value, holds


def _none_held(pool: int, special: int, drawn: int) -> float:
    """The chance that ``drawn`` tiles taken from ``pool`` include none of ``special``."""
    if special <= 0:
        return 1.0
    if drawn > pool - special:
        return 0.0
    return comb(pool - special, drawn) / comb(pool, drawn)


def pass_ends_hand(
    hand: NetworkHand,
    seat: int,
    sizes: tuple[int, ...] | list[int],
    passers: tuple[int, ...] = (),
) -> bool:
    """Whether ``seat`` passing now ends the hand: the players after it with no tiles pass
    automatically, and ``passers`` (the bonus holders) are taken to pass too."""
    players = hand.players
    count = hand.passes_in_row + 1
    nxt = (seat + 1) % players
    while count < players and (sizes[nxt] == 0 or nxt in passers):
        count += 1
        nxt = (nxt + 1) % players
    return count >= players


# ---------------------------------------------------------------- shared judgements
def open_counts(layout: Layout) -> tuple[list[int], list[int]]:
    """How many open ends show each number, and the seat that laid the most recent tile
    among them (-1 if none)."""
    counts = [0] * NUMBERS
    latest = [-1] * NUMBERS
    for end in layout.ends.values():
        n = end.number
        counts[n] += 1
        if end.tile_index > latest[n]:
            latest[n] = end.tile_index
    placements = layout.placements
    return counts, [placements[i].seat if i >= 0 else -1 for i in latest]


def _awarded_after(
    counts: list[int], seats: list[int], near: int, far: int, double: bool, placer: int
) -> tuple[list[int], list[int]]:
    """Open-end counts and latest seats after a tile is laid on a ``near`` end showing
    ``far`` outwards (a double opens about two more of its number), by counts alone."""
    after = list(counts)
    after[near] -= 1
    after[far] += 3 if double else 1
    latest = list(seats)
    latest[far] = placer
    return after, latest


def awarded_by_counts(counts: list[int], seats: list[int], tie: BonusTie) -> set[int]:
    """The seats the bonus would go to for these counts (the most recent contributor is
    not known from counts alone under the 'recent' tie rule: all tied seats count)."""
    top = max(counts)
    if top <= 0:
        return set()
    tops = [n for n in range(NUMBERS) if counts[n] == top]
    if len(tops) > 1 and tie == "none":
        return set()
    return {seats[n] for n in tops if seats[n] >= 0}


def bonus_takers(
    layout: Layout, tiles: frozenset[Tile], tie: BonusTie, holder: int, placer: int = -2
) -> int:
    """How many of ``tiles`` could, laid somewhere now by ``placer``, take the bonus: from
    ``holder`` (placer -2: anybody else), or for the placer (``holder`` -1), judged by
    open-end counts."""
    counts, seats = open_counts(layout)
    taking = 0
    for tile in tiles:
        nears: set[int] = set()
        for end, _ in layout.fits(tile):
            near = end.number
            if near in nears:
                continue
            nears.add(near)
            after, latest = _awarded_after(
                counts, seats, near, tile.other(near), tile.is_double, placer
            )
            awarded = awarded_by_counts(after, latest, tie)
            if (placer in awarded) if holder < 0 else (holder not in awarded):
                taking += 1
                break
    return taking


def ring_tiles(layout: Layout, tiles: frozenset[Tile]) -> set[Tile]:
    """The tiles of ``tiles`` that would close a ring somewhere now."""
    found: set[Tile] = set()
    for end in layout.ends.values():
        n = end.number
        fars = {t.other(n): t for t in tiles if t.has(n) and not t.is_double and t not in found}
        if fars:
            for cand in layout.singles(end):
                if cand.need == ANY:
                    fitting = list(fars.values())
                else:
                    tile = fars.get(cand.need)
                    fitting = [tile] if tile is not None else []
                fitting = [t for t in fitting if t not in found]
                if fitting and _closes(layout, n, cand):
                    found.update(fitting)
                    for t in fitting:
                        fars.pop(t.other(n), None)
                    if not fars:
                        break
        double = Tile(n, n)
        if double in tiles and double not in found:
            for cand in layout.doubles(end):
                if _closes(layout, n, cand):
                    found.add(double)
                    break
    return found


def _closes(layout: Layout, number: int, cand: Candidate) -> bool:
    (nx, ny), (fx, fy) = coords(cand.near), coords(cand.far)
    far = number if cand.need == ANY else cand.need
    return layout.rings_if(Placement(0, number, far, nx, ny, fx, fy)) > 0


# ---------------------------------------------------------------- playout
def playout_move(hand: NetworkHand, rng: random.Random, keep_rate: float = 1.0) -> NetworkMove:
    """A fast policy for searches: it sees the whole (sampled) state, not a view."""
    seat = hand.current_player
    assert seat is not None
    layout = hand.layout
    if layout.is_empty:
        return hand.legal_moves()[0]
    tie = hand.options.bonus_tie
    counts, seats = open_counts(layout)
    holders = awarded_by_counts(counts, seats, tie)
    holds = seat in holders
    best_rings = 0
    ringers: list[NetworkMove] = []
    best_margin = -NUMBERS * 4
    takers: list[NetworkMove] = []
    plays = 0
    for tile in hand.hands[seat]:
        margins: dict[int, int | None] = {}
        for end, cand in layout.fits(tile):
            plays += 1
            near = end.number
            rings = 0
            if layout.touches_apart(cand.near, cand.far):
                rings = layout.rings_if(layout.placement_for(seat, tile, end, cand))
            if rings:
                if rings > best_rings:
                    best_rings, ringers = rings, []
                if rings == best_rings:
                    ringers.append(NetworkMove(tile, end.label, cand.face, cand.turn))
                continue
            if holds or best_rings:
                continue
            if near in margins:
                margin = margins[near]
            else:
                margin = _take_margin(counts, seats, near, tile, seat, tie)
                margins[near] = margin
            if margin is None or margin < best_margin:
                continue
            if margin > best_margin:
                best_margin, takers = margin, []
            takers.append(NetworkMove(tile, end.label, cand.face, cand.turn))
    if ringers:
        return rng.choice(ringers)
    if plays == 0 or holds:
        return PASS
    if takers:
        return rng.choice(takers)
    sizes = [len(h) for h in hand.hands]
    if not pass_ends_hand(hand, seat, sizes, tuple(holders)) and rng.random() < keep_rate:
        return PASS
    own = hand.hands[seat]
    setups: list[NetworkMove] = []
    everything: list[NetworkMove] = []
    for tile in own:
        sets_up: dict[int, bool] = {}
        for end, cand in layout.fits(tile):
            move = NetworkMove(tile, end.label, cand.face, cand.turn)
            everything.append(move)
            near = end.number
            if near not in sets_up:
                sets_up[near] = _sets_up(counts, seats, near, tile, own, seat, tie)
            if sets_up[near]:
                setups.append(move)
    return rng.choice(setups or everything)


def _take_margin(
    counts: list[int], seats: list[int], near: int, tile: Tile, seat: int, tie: BonusTie
) -> int | None:
    """If laying ``tile`` on a ``near`` end makes ``seat`` a bonus holder (by counts), by
    how many open ends its number then leads the next number; else None."""
    far = tile.other(near)
    after, latest = _awarded_after(counts, seats, near, far, tile.is_double, seat)
    if seat not in awarded_by_counts(after, latest, tie):
        return None
    return after[far] - max(c for n, c in enumerate(after) if n != far)


def _sets_up(
    counts: list[int],
    seats: list[int],
    near: int,
    tile: Tile,
    own: list[Tile],
    seat: int,
    tie: BonusTie,
) -> bool:
    """Whether, after ``tile`` is laid on a ``near`` end, another of ``own`` could take the
    bonus for ``seat`` (by counts; an end showing its number is taken to fit it)."""
    after, latest = _awarded_after(counts, seats, near, tile.other(near), tile.is_double, seat)
    for other in own:
        if other == tile:
            continue
        for n in {other.high, other.low}:
            if after[n] > 0 and _take_margin(after, latest, n, other, seat, tie) is not None:
                return True
    return False
