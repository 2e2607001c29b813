"""Exact search of a classic hand in which every tile is known.

A fully dealt hand (a real one, or a *world* the hard player dealt) is a game of perfect
information. :class:`WorldSolver` searches it to the end with alpha-beta and a
transposition table, on a compact copy of the rules: each hand a bitmask
of the 28 tiles, the line only as its open ends (number and count each), its spinner
state and whether a double lead still lies alone. Draws come off the world's boneyard in
its order. The tests replay random hands on both this copy and :class:`ClassicHand` and
check they agree play by play, and compare its values with plain minimax on the engine.

The hard player solves the one position it fully knows (two players and an empty
boneyard) and, in a two-player hand with few tiles left, every world it samples
(:mod:`engine.classic.solved_worlds`).

The value is from one seat's side ("paranoid": every other seat plays against it): its
points from here to the end of the hand, hand-end points included, times (players − 1),
minus every other seat's. With two players that is exactly its points minus the other's.
A search that would visit more than its node cap gives up (:class:`TooBig`), so a caller
can fall back to something cheaper; the cap, not a clock, bounds it, so it is
deterministic.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.classic.hand import ClassicHand
from engine.classic.line import LEAD, Line
from engine.classic.moves import TILES, ClassicMove
from engine.tiles import Tile

INDEX = {tile: index for index, tile in enumerate(TILES)}
HIGH = tuple(tile[0] for tile in TILES)
LOW = tuple(tile[1] for tile in TILES)
SUIT = tuple(sum(1 << i for i, tile in enumerate(TILES) if number in tile) for number in range(7))
"""``SUIT[n]``: the tiles showing ``n``, as a mask."""
_CHUNKS = tuple(
    tuple(sum(HIGH[7 * c + j] + LOW[7 * c + j] for j in range(7) if m >> j & 1) for m in range(128))
    for c in range(4)
)
_P0, _P1, _P2, _P3 = _CHUNKS

# spinner states (the line's ``spin``)
NONE = 0
"""No spinner to come: the option is off, or its N and S are already open."""
UNSET = 1
"""The option is on and no double has been played yet."""
LEAD_BOTH = 2
"""The lead is the spinner and neither long side is covered."""
LEAD_E = 3
"""The lead is the spinner and only E is covered."""
LEAD_W = 4
ARM_E = 5
"""The spinner is the last tile on arm E: the next tile there covers it."""
ARM_W = 6

INF = 1 << 20

LineState = tuple[int, int, int, int, int, int, int, int, int, int, int, int]
"""(values E W N S, counts E W N S, open ends (0, 2 or 4), spinner state, spinner value,
the lone double lead's number + 1 or 0)."""


class TooBig(Exception):
    """The search would visit more than its node cap."""


def pips_of(mask: int) -> int:
    return _P0[mask & 127] + _P1[mask >> 7 & 127] + _P2[mask >> 14 & 127] + _P3[mask >> 21]


def mask_of(tiles: Iterable[Tile]) -> int:
    mask = 0
    for tile in tiles:
        mask |= 1 << INDEX[tile]
    return mask


def line_state(line: Line) -> LineState:
    """The compact form of ``line``."""
    values, counts = line.values, line.counts
    lead = line.lead
    if lead is None:
        return (0, 0, 0, 0, 0, 0, 0, 0, 0, UNSET if line.spinner_on else NONE, 0, 0)
    arms = line.arms
    spinner = line.spinner
    if not line.spinner_on or len(line.open) == 4:
        spin = NONE
    elif spinner is None:
        spin = UNSET
    elif spinner[0] == LEAD:
        spin = LEAD_E if arms[0] else LEAD_W if arms[1] else LEAD_BOTH
    else:
        spin = ARM_E if spinner[0] == 0 else ARM_W
    lone = lead[0] + 1 if lead[0] == lead[1] and not arms[0] and not arms[1] else 0
    return _pack(values, counts, len(line.open), spin, line.spinner_value, lone)


def _pack(
    values: Sequence[int], counts: Sequence[int], ends: int, spin: int, spun: int, lone: int
) -> LineState:
    """A :data:`LineState` from its parts (values and counts of E, W, N, S)."""
    v0, v1, v2, v3 = values[:4]
    c0, c1, c2, c3 = counts[:4]
    return (v0, v1, v2, v3, c0, c1, c2, c3, ends, spin, spun, lone)


def lead_state(tile: int, spinner_on: bool) -> LineState:
    """The line after leading ``tile`` (high half W, low half E)."""
    high, low = HIGH[tile], LOW[tile]
    double = high == low
    spin = (LEAD_BOTH if double else UNSET) if spinner_on else NONE
    spun = high if double and spinner_on else 0
    return (low, high, 0, 0, low, high, 0, 0, 2, spin, spun, high + 1 if double else 0)


def place(state: LineState, tile: int, end: int) -> LineState:
    """The line after laying ``tile`` on open end ``end`` (which it must match)."""
    v0, v1, v2, v3, c0, c1, c2, c3, ends, spin, spun, lone = state
    high, low = HIGH[tile], LOW[tile]
    values = [v0, v1, v2, v3]
    counts = [c0, c1, c2, c3]
    outer = low if high == values[end] else high
    if lone and end < 2:
        counts[1 - end] = 2 * (lone - 1)  # a lone double lead is now a line's end
        lone = 0
    values[end] = outer
    covered = False
    if high == low:
        counts[end] = 2 * outer
        if spin == UNSET:
            spin, spun = (ARM_E if end == 0 else ARM_W), outer
        else:
            covered = _covers(spin, end)
    else:
        counts[end] = outer
        covered = _covers(spin, end)
    if spin == LEAD_BOTH:
        spin = LEAD_E if end == 0 else LEAD_W
    if covered:
        ends, spin = 4, NONE
        values[2] = values[3] = spun
    return _pack(values, counts, ends, spin, spun, lone)


def _covers(spin: int, end: int) -> bool:
    """Whether a tile on ``end`` covers the spinner's last long side."""
    if spin in (LEAD_E, ARM_W):
        return end == 1
    if spin in (LEAD_W, ARM_E):
        return end == 0
    return False


def fits(state: LineState, tile: int) -> bool:
    high, low = HIGH[tile], LOW[tile]
    for end in range(state[8]):
        value = state[end]
        if value == high or value == low:  # noqa: SIM109
            return True
    return False


class WorldSolver:
    """Alpha-beta over one fully known hand, from ``root``'s side (see the module)."""

    def __init__(self, world: ClassicHand, root: int, node_cap: int) -> None:
        self.players = world.players
        self.root = root
        self.node_cap = node_cap
        self.nodes = 0
        self.hands = tuple(mask_of(hand) for hand in world.hands)
        self.line = line_state(world.line)
        self.spinner_on = world.line.spinner_on
        self.bones = tuple(INDEX[tile] for tile in world.boneyard)
        self.draws = world.draws_allowed
        self.table = world.points_for_total
        self.step = type(world).round_to
        self.memo: dict[tuple[object, ...], tuple[int, int]] = {}

    def weight(self, seat: int) -> int:
        return self.players - 1 if seat == self.root else -1

    def move_values(self, moves: Sequence[ClassicMove]) -> list[int]:
        """Each of ``moves`` (plays of ``root``, the seat to move) with its exact value: the
        points it scores now and the rest of the hand played out perfectly. Raises
        :class:`TooBig` past the node cap."""
        root = self.root
        weight = self.players - 1
        values = []
        done: dict[tuple[object, ...], int] = {}
        for move in moves:
            tile = move.tile
            assert tile is not None
            index = INDEX[tile]
            if move.slot < 0:
                line = lead_state(index, self.spinner_on)
            else:
                line = place(self.line, index, move.slot)
            points = self.table[line[4] + line[5] + line[6] + line[7]]
            hands = list(self.hands)
            hands[root] &= ~(1 << index)
            key = (tuple(hands), _canonical(line))
            if key not in done:
                if hands[root] == 0:
                    rest = self._domino(hands, root)
                else:
                    rest = self.search(
                        tuple(hands), line, (root + 1) % self.players, 0, len(self.bones), -INF, INF
                    )
                done[key] = weight * points + rest
            values.append(done[key])
        return values

    def _domino(self, hands: Sequence[int], winner: int) -> int:
        total = 0
        for mask in hands:
            total += pips_of(mask)
        step = self.step
        return self.weight(winner) * ((total + step // 2) // step * step)

    def _blocked(self, hands: Sequence[int]) -> int:
        pips = [pips_of(mask) for mask in hands]
        low = min(pips)
        if pips.count(low) > 1:
            return 0
        winner = pips.index(low)
        step = self.step
        points = sum(pips) - 2 * low
        return self.weight(winner) * ((points + step // 2) // step * step)

    def search(
        self,
        hands: tuple[int, ...],
        line: LineState,
        seat: int,
        passes: int,
        left: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The value of the position (``left``: tiles still in the boneyard)."""
        self.nodes += 1
        if self.nodes > self.node_cap:
            raise TooBig
        key = (hands, _canonical(line), seat, passes, left)
        tt = self.memo
        entry = tt.get(key)
        if entry is not None:
            lower, upper = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            alpha = max(alpha, lower)
            beta = min(beta, upper)
        else:
            lower, upper = -INF, INF
        start_alpha, start_beta = alpha, beta
        value = self._expand(hands, line, seat, passes, left, alpha, beta)
        if value <= start_alpha:
            upper = value
        elif value >= start_beta:
            lower = value
        else:
            lower = upper = value
        tt[key] = (lower, upper)
        return value

    def _expand(
        self,
        hands: tuple[int, ...],
        line: LineState,
        seat: int,
        passes: int,
        left: int,
        alpha: int,
        beta: int,
    ) -> int:
        players = self.players
        mask = hands[seat]
        ends = line[8]
        plays: list[tuple[int, int, int]] = []
        symmetric_we = line[9] <= LEAD_BOTH and line[0] == line[1] and line[4] == line[5]
        symmetric_ns = ends == 4 and line[2] == line[3] and line[6] == line[7]
        table = self.table
        for end in range(ends):
            if (end == 1 and symmetric_we) or (end == 3 and symmetric_ns):
                continue
            fit = mask & SUIT[line[end]]
            while fit:
                bit = fit & -fit
                fit ^= bit
                tile = bit.bit_length() - 1
                plays.append((tile, end, 0))
        if not plays:
            if self.draws and left:
                drawn = mask
                while left:
                    left -= 1
                    tile = self.bones[left]
                    drawn |= 1 << tile
                    if fits(line, tile):
                        after = list(hands)
                        after[seat] = drawn
                        return self.search(tuple(after), line, seat, passes, left, alpha, beta)
                after = list(hands)
                after[seat] = drawn
                hands = tuple(after)
            if passes + 1 >= players:
                return self._blocked(hands)
            return self.search(hands, line, (seat + 1) % players, passes + 1, left, alpha, beta)
        weight = players - 1 if seat == self.root else -1
        nxt = (seat + 1) % players
        scored = []
        for tile, end, _ in plays:
            after_line = place(line, tile, end)
            points = table[after_line[4] + after_line[5] + after_line[6] + after_line[7]]
            scored.append((points, HIGH[tile] + LOW[tile], tile, after_line))
        scored.sort(reverse=True)
        maximize = weight > 0
        best = -INF if maximize else INF
        after = list(hands)
        for points, _, tile, after_line in scored:
            rest_mask = mask & ~(1 << tile)
            after[seat] = rest_mask
            if rest_mask == 0:
                value = weight * points + self._domino(after, seat)
            else:
                value = weight * points + self.search(
                    tuple(after),
                    after_line,
                    nxt,
                    0,
                    left,
                    alpha - weight * points,
                    beta - weight * points,
                )
            if maximize:
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
            elif value < best:
                best = value
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
        return best


def _canonical(line: LineState) -> tuple[int, ...]:
    """``line`` with mirror-image ends put in one order (E/W when the spinner state does
    not tell them apart; N/S always): both play the same."""
    v0, v1, v2, v3, c0, c1, c2, c3, ends, spin, spun, lone = line
    if spin <= LEAD_BOTH and (v0, c0) > (v1, c1):
        v0, v1, c0, c1 = v1, v0, c1, c0
    if (v2, c2) > (v3, c3):
        v2, v3, c2, c3 = v3, v2, c3, c2
    return (v0, v1, v2, v3, c0, c1, c2, c3, ends, spin, spun, lone)
