"""Alpha-beta search for Sackson's Network on :class:`~engine.sackson.position.Position`.

Negamax with iterative deepening, a transposition table keyed on ``Position.key()``,
move ordering (the table's move, killer moves, history, then a static guess) and a
node budget instead of a clock, so a decision depends on the position and the seed
alone. The search plays moves on one position and takes them back (no copies, no JSON).

Tactics are exact at every node: a player who can complete a network now has won (one
ply before the move is searched), and a player facing a network in one may only play on
the squares that stop every threat found; with no such square the position is lost.
Past the nominal depth the search follows those forced blocks (a quiescence search), so
the evaluation only ever judges quiet positions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from engine.sackson.board import FULL, GOALS, squares_of
from engine.sackson.evaluate import DEFAULT, Weights, evaluate
from engine.sackson.network import has_network
from engine.sackson.position import PASS, PLACE, Position, colour_at
from engine.sackson.sight import between, lines_seen, propagators, sight
from engine.sackson.threats import winning_moves

WIN: Final = 1_000_000
"""A won position's value, less one per ply until the win (sooner is better)."""
WON: Final = WIN - 1000
"""Values beyond this are wins (or, negated, losses)."""
MAX_PLY: Final = 64
EXACT, LOWER, UPPER = 0, 1, 2
THREATS_SEEN: Final = 4
"""Opponent threats collected to narrow the squares that can stop them all."""
MOVING_COST: Final = 3
"""A node where the player to move moves a piece counts this many against the budget: it
has about ten times the moves of a placement to look through, and its tactics cost about
three times as much."""
QUIESCENCE_PLIES: Final = 6
"""How far past the nominal depth forced blocks are followed while pieces are placed."""
QUIESCENCE_MOVING: Final = 2
"""The same once pieces move: blocks by moving a piece open lines and breed new threats,
so chains of them run long."""
EXTEND: Final = 4
"""A threat with at most this many answers is searched a ply deeper (it is forcing)."""
QUIESCENCE_WIDTH: Final = 8
"""Blocks tried past the nominal depth once pieces move (the likeliest first)."""
ILLEGAL: Final = -WIN - 2
"""The value of a move the rules forbid (it gives both players a network)."""

Key = tuple[int, int, int, int, int]
Threat = tuple[int, int]
WINS: Final[list[Threat]] = []
"""Marks, in the tactics cache, a position whose player to move completes a network."""


class OutOfNodes(Exception):
    """The node budget ran out in the middle of an iteration."""


@dataclass(frozen=True, slots=True)
class SearchResult:
    move: int
    value: int
    depth: int
    nodes: int


class Search:
    """One decision: search ``position`` for its player to move."""

    def __init__(
        self,
        position: Position,
        *,
        both_networks_legal: bool = False,
        seen: Mapping[Key, int] | None = None,
        nodes: int = 20_000,
        max_depth: int = 12,
        weights: Weights = DEFAULT,
        seed: int = 0,
        widths: tuple[int, ...] = (),
        extend: bool = True,
        late: int = 0,
        noise: int = 0,
        moving_cost: int = MOVING_COST,
    ) -> None:
        self.position = position.copy()
        self.both_networks_legal = both_networks_legal
        self.history_counts = dict(seen or {})
        self.budget = nodes
        self.max_depth = max_depth
        self.weights = weights
        self.seed = seed
        self.widths = widths
        self.extend = extend
        self.late = late
        self.noise = noise
        self.moving_cost = moving_cost
        self.iteration = 0
        self.nodes = 0
        self.work = 0
        """Nodes weighted by what they cost: the budget is counted in these."""
        self.table: dict[Key, tuple[int, int, int, int]] = {}
        self.path: dict[Key, int] = {}
        self.tactics: dict[Key, list[Threat]] = {}
        """Per position: the opponent's networks in one (the player to move has none)."""
        self.killers: list[list[int]] = [[-2, -2] for _ in range(MAX_PLY + QUIESCENCE_PLIES + 2)]
        self.history: dict[int, int] = {}
        self.last_pass: int | None = None
        """The colour whose pass was the last move on the search's line (None: a move)."""
        self.partial: tuple[int, int] | None = None

    # ------------------------------------------------------------------ driver

    def run(self) -> SearchResult:
        """Deepen until the budget runs out; the best move of the deepest finished
        iteration (or of an unfinished one, if it already found a better move)."""
        root_moves = self.root_moves()
        if len(root_moves) == 1 or root_moves[0] == PASS:
            return SearchResult(root_moves[0], 0, 0, self.nodes)
        best, value, depth = root_moves[0], 0, 0
        for target in range(1, self.max_depth + 1):
            try:
                found, found_value = self.root(target, root_moves, best)
            except OutOfNodes:
                if self.partial is not None:
                    best, value = self.partial
                break
            best, value, depth = found, found_value, target
            if abs(value) >= WON:
                break
        return SearchResult(best, value, depth, self.nodes)

    def root_moves(self) -> list[int]:
        position = self.position
        colour = position.to_move
        legal = position.legal_moves(self.both_networks_legal)
        if not legal:
            return [PASS]
        own, other = position.pieces[colour], position.pieces[1 - colour]
        win = winning_moves(own, other, colour, position.hand[colour] > 0)
        if win:
            return [win[0][0]]
        if colour_at(position.turns + 1, position.equalized) != colour:
            threats = winning_moves(
                other, own, 1 - colour, position.hand[1 - colour] > 0, THREATS_SEEN, True
            )
            if threats:  # only a move that stops them all can save the game
                return self.stoppers(legal, threats) or legal
        return legal

    def root(self, depth: int, moves: list[int], previous: int) -> tuple[int, int]:
        """One iteration at the root, the previous best move first."""
        self.partial = None
        self.iteration = depth
        position = self.position
        colour = position.to_move
        own, other = position.pieces[colour], position.pieces[1 - colour]
        occupied = own | other
        props = propagators(FULL & ~occupied)
        mine, theirs = sight(own, occupied, props), sight(other, occupied, props)
        opens = between(theirs) & own
        ordered = self.order(moves, previous, 0, mine, theirs)
        alpha, beta = -WIN - 1, WIN + 1
        best = ordered[0]
        for index, move in enumerate(ordered):
            value = self.child(move, depth, alpha, beta, 0, index, opens, False)
            if value > alpha:
                alpha, best = value, move
                self.partial = (best, alpha)
                if alpha >= WON:
                    break  # a forced win: deepening found none shorter
        return best, alpha

    # ------------------------------------------------------------------ the tree

    def child(
        self,
        move: int,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        index: int,
        opens: int,
        quiet: bool,
        reduction: int = 0,
    ) -> int:
        """Make ``move`` for the player to move, search the reply, take it back; the
        value for the mover. Principal variation search: later moves get a null window
        first. ``quiet``: the opponent surely has no network in one after the move."""
        position = self.position
        colour = position.to_move
        other = 1 - colour
        undo = self.make(move)
        try:
            # Lifting a piece may have completed the opponent's network.
            if (
                move >> 6 != PLACE
                and opens >> (move >> 6) & 1
                and has_network(position.pieces[other], position.occupied, other)
            ):
                mine = has_network(position.pieces[colour], position.occupied, colour)
                if mine and not self.both_networks_legal:
                    return ILLEGAL  # it gives both players a network
                return -(WIN - ply - 1)
            if index == 0 or depth <= 1:
                return -self.negamax(depth - 1, -beta, -alpha, ply + 1, quiet, move)
            value = -self.negamax(depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, quiet, move)
            if reduction and value > alpha:
                value = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1, quiet, move)
            if alpha < value < beta:
                value = -self.negamax(depth - 1, -beta, -alpha, ply + 1, quiet, move)
            return value
        finally:
            self.unmake(move, undo)

    def negamax(
        self, depth: int, alpha: int, beta: int, ply: int, quiet: bool = False, last: int = -1
    ) -> int:
        """The value of the position for the player to move. ``quiet``: that player
        surely cannot complete a network now (the parent knows). ``last``: the move that
        led here (the opponent could not complete a network before it)."""
        position = self.position
        key = position.key()
        self.nodes += 1
        self.work += 1 if key[2 + key[4]] else self.moving_cost
        if self.work > self.budget and (self.iteration > 1 or self.work > 4 * self.budget):
            raise OutOfNodes  # the first iteration may overrun: every move gets looked at
        if self.history_counts.get(key, 0) + self.path.get(key, 0) >= 2:
            return 0  # the third occurrence: a draw
        entry = self.table.get(key)
        tt_move = -2
        if entry is not None:
            e_depth, e_flag, e_value, tt_move = entry
            if e_depth >= depth:
                value = _from_table(e_value, ply)
                if (
                    e_flag == EXACT
                    or (e_flag == LOWER and value >= beta)
                    or (e_flag == UPPER and value <= alpha)
                ):
                    return value

        colour = key[4]
        own, other = position.pieces[colour], position.pieces[1 - colour]
        occupied = own | other
        props = propagators(FULL & ~occupied)
        mine = sight(own, occupied, props)
        replies = colour_at(position.turns + 1, position.equalized) != colour
        threats = self.tactics.get(key)
        if threats is WINS:
            return WIN - ply - 1
        theirs = sight(other, occupied, props)
        if threats is None:
            if not quiet and winning_moves(
                own, other, colour, position.hand[colour] > 0, seen=mine, props=props
            ):
                self.tactics[key] = WINS
                return WIN - ply - 1
            threats = []
            if replies:
                threats = winning_moves(
                    other,
                    own,
                    1 - colour,
                    position.hand[1 - colour] > 0,
                    THREATS_SEEN,
                    True,
                    theirs,
                    props,
                    fresh=1 << (last & 63) if last >= 0 and last >> 6 == PLACE else 0,
                )
            self.tactics[key] = threats
            if threats:
                self.work += 1  # threats cost their blocks and a narrower search
        if (depth <= 0 and not threats) or ply >= MAX_PLY:
            return self.leaf(key, mine, theirs)
        placing = position.hand[colour] > 0

        was_pass = self.last_pass
        moves = position.moves()
        if threats:
            moves = self.stoppers(moves, threats)
            if not moves:
                return -(WIN - ply - 2)
            if depth <= -(QUIESCENCE_PLIES if placing else QUIESCENCE_MOVING):
                return self.leaf(key, mine, theirs)  # it can be stopped
            if self.extend and depth > 0 and ply < 2 * self.iteration and len(moves) <= EXTEND:
                depth += 1  # a forced block costs no depth: forcing lines are seen deeper
        if not moves:
            return self.pass_turn(depth, alpha, beta, ply)

        opens = between(theirs) & own
        seen_by_them = theirs[0] | theirs[1] | theirs[2] | theirs[3]
        seen_by_them |= theirs[4] | theirs[5] | theirs[6] | theirs[7]
        ordered = self.order(moves, tt_move, ply, mine, theirs)
        if not threats and depth < len(self.widths) and len(ordered) > self.widths[depth]:
            ordered = ordered[: self.widths[depth]]  # near the horizon: the likeliest moves
        elif depth <= 0 and not placing:
            ordered = ordered[:QUIESCENCE_WIDTH]  # past it, only the likeliest blocks
        best_value = ILLEGAL
        best_move = ordered[0]
        original_alpha = alpha
        self.path[key] = self.path.get(key, 0) + 1
        try:
            for index, move in enumerate(ordered):
                # The opponent had no network in one; a placement only blocks, and a
                # lifted piece none of theirs sees opens none of their lines.
                quiet = (
                    replies
                    and not threats
                    and (move >> 6 == PLACE or not seen_by_them >> (move >> 6) & 1)
                )
                reduction = 0
                if (
                    self.late
                    and index >= self.late
                    and depth >= 2
                    and not threats
                    and move not in self.killers[ply]
                ):
                    reduction = 1  # a late, quiet move: look at it less deeply first
                value = self.child(move, depth, alpha, beta, ply, index, opens, quiet, reduction)
                if value > best_value:
                    best_value, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self._reward(move, depth, ply)
                        break
        finally:
            self.path[key] -= 1
        if best_value == ILLEGAL:  # every move illegal: the player passes
            self.last_pass = was_pass
            return self.pass_turn(depth, alpha, beta, ply)
        flag = EXACT
        if best_value <= original_alpha:
            flag = UPPER
        elif best_value >= beta:
            flag = LOWER
        self.table[key] = (depth, flag, _to_table(best_value, ply), best_move)
        return best_value

    def leaf(self, key: Key, mine: list[int], theirs: list[int]) -> int:
        """The evaluation, give or take a little noise fixed by the position and the seed
        (so that a different seed may choose differently between moves of equal worth)."""
        value = evaluate(self.position, self.weights, mine, theirs)
        if self.noise:
            mixed = (hash(key) ^ self.seed) * 0x9E3779B97F4A7C15 & 0xFFFFFFFFFFFF
            value += mixed % (2 * self.noise + 1) - self.noise
        return value

    def stoppers(self, moves: list[int], threats: list[Threat]) -> list[int]:
        """The moves that may stop every threat: a piece on a square that blocks each
        one found. Any other move leaves the first threat standing — unless that threat
        lifts a piece whose going completes our network too (then it is no win for the
        opponent): our moves that complete a network on the board the threat leaves."""
        stops = -1
        for _, squares in threats:
            stops &= squares
        kept = [m for m in moves if stops >> (m & 63) & 1]
        threat = threats[0][0]
        lifted = threat >> 6
        if lifted == PLACE:
            return kept
        position = self.position
        colour = position.to_move
        own, other = position.pieces[colour], position.pieces[1 - colour]
        after = (other ^ (1 << lifted)) | (1 << (threat & 63))
        ours = winning_moves(own, after, colour, position.hand[colour] > 0, 999, either=True)
        spoilers = {code for code, _ in ours if code & 63 != lifted}
        kept.extend(m for m in moves if m in spoilers and not stops >> (m & 63) & 1)
        return kept

    def pass_turn(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        colour = self.position.to_move
        was_pass = self.last_pass
        if was_pass is not None and was_pass != colour:
            return 0  # both stuck in succession: a draw (in the equalized order one
            # colour may pass both its turns while the other can still move)
        self.last_pass = colour
        self.position.turns += 1
        try:
            return -self.negamax(depth - 1, -beta, -alpha, ply + 1)
        finally:
            self.position.turns -= 1
            self.last_pass = was_pass

    # ------------------------------------------------------------------ moves

    def make(self, move: int) -> int:
        """Play ``move`` (never a pass: :meth:`pass_turn` makes those); the mover's colour,
        for :meth:`unmake`."""
        position = self.position
        self.last_pass = None
        colour = position.to_move
        position.play(move)
        return colour

    def unmake(self, move: int, colour: int) -> None:
        position = self.position
        position.turns -= 1
        position.pieces[colour] ^= 1 << (move & 63)
        start = move >> 6
        if start == PLACE:
            position.hand[colour] += 1
        else:
            position.pieces[colour] |= 1 << start

    def order(
        self, moves: list[int], first: int, ply: int, mine: list[int], theirs: list[int]
    ) -> list[int]:
        """The table's move, then killers, then by history and a static guess."""
        position = self.position
        colour = position.to_move
        own, other = position.pieces[colour], position.pieces[1 - colour]
        occupied = own | other
        score = [0] * 64
        for mask in lines_seen(mine):
            for s in squares_of(mask & ~occupied):
                score[s] += 10  # joins a line of ours
        for d in range(0, 8, 2):
            for s in squares_of(theirs[d] & theirs[d + 1]):
                score[s] += 12  # between two opponent pieces: a cut (or, lifted, an opening)
        for goal in GOALS[colour]:
            bonus = -10 if own & goal else 30  # the first piece in a goal counts most
            for s in squares_of(goal & ~occupied):
                score[s] += bonus
        lift = [0] * 64
        for d in range(8):
            for s in squares_of(mine[d] & own):
                lift[s] += 5
        for goal in GOALS[colour]:
            if (own & goal).bit_count() == 1:
                lift[(own & goal).bit_length() - 1] += 40
        killers = self.killers[ply]
        history = self.history

        def key(move: int) -> int:
            if move == first:
                return -(10**9)
            if move in killers:
                return -(10**8)
            start = move >> 6
            value = score[move & 63] + history.get(move, 0)
            if start != PLACE:
                value -= lift[start] + score[start]
            return -value

        return sorted(moves, key=key)

    def _reward(self, move: int, depth: int, ply: int) -> None:
        killers = self.killers[ply]
        if move not in killers:
            killers[1] = killers[0]
            killers[0] = move
        self.history[move] = self.history.get(move, 0) + depth * depth


def _to_table(value: int, ply: int) -> int:
    if value >= WON:
        return value + ply
    if value <= -WON:
        return value - ply
    return value


def _from_table(value: int, ply: int) -> int:
    if value >= WON:
        return value - ply
    if value <= -WON:
        return value + ply
    return value
