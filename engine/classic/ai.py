"""The computer players of the classic games, at three levels.

* **easy** — a legal move at random (seeded): a beginner can beat it.
* **normal** — a greedy player: the play that scores most now; then it sheds heavy tiles,
  plays its doubles while it can (a double fits only one number, so it is the tile most
  often left stranded), and keeps numbers it can follow: it prefers plays that leave it
  holding many different numbers and open ends its tiles match. A seeded coin decides
  what is still equal.
* **hard** — perfect-information Monte Carlo (:mod:`engine.search`): it deals the tiles it
  cannot see at random in ways that agree with everything its seat has seen, passes and
  draws included (:mod:`engine.classic.inference`), keeps the deals that make the other
  seats' plays likely (:class:`PlayModel`: players shed heavy tiles and take points, so a
  light play hints that nothing heavier fitted; some weigh their whole hand as the normal
  player does), plays every candidate out to the end of
  the hand with the normal player for everyone, and takes the move with the best mean of
  (its points this hand − the best other seat's points this hand, hand-end points
  included). :data:`HARD_WORLDS` worlds, always (a safety cap of :data:`HARD_SECONDS`
  is never reached on the project's machine). With two
  players and an empty boneyard it sees every tile, and first keeps only the moves that
  are best under perfect play (:mod:`engine.classic.solve`); with two players and few
  tiles left it solves every sampled world exactly (:mod:`engine.classic.solved_worlds`).

Every level decides from the seat's view alone, draws when it cannot play, and returns the
same move for the same view and seed.
A seat stored at the old "baseline" level plays at "normal".
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from engine.classic import solved_worlds
from engine.classic.hand import ClassicHand
from engine.classic.inference import DealSampler
from engine.classic.line import Line
from engine.classic.moves import ClassicMove, parse_move
from engine.classic.solve import (
    HIGH,
    INDEX,
    LOW,
    LineState,
    TooBig,
    WorldSolver,
    lead_state,
    line_state,
    mask_of,
    place,
)
from engine.dealt import by_level, computer_turn
from engine.search import SAFETY_SECONDS, Budget, Search, pimc
from engine.tiles import Tile

LEVELS = ("easy", "normal", "hard")
ALIASES = {"baseline": "normal"}
"""Levels of earlier versions still found on stored seats."""

HARD_WORLDS = 150
"""Strength levels off early (30 worlds played 150 even over 200 two-player hands); 150
keep close calls steady and take ~0.1 s (p95) in a 4-player All Fives hand."""
HARD_SECONDS = SAFETY_SECONDS
"""Only a safety net: no decision of the benchmarks comes near it (docs/ai.md)."""
HARD_BUDGET = Budget(HARD_WORLDS, HARD_SECONDS)
HARD_POOL = 4
"""Deals drawn for each world played out, the worlds picked from them by how likely they
make the other seats' plays (:class:`PlayModel`). Measured against plain deals on the
same deals and seeds: in 4-player All Fives hard's lead over normal went from +5.9 ± 5.9
to +12.2 ± 5.3 points a hand (200 hands); against open_spiel's greedy player in
two-player Block, 65.9 % against 65.4 % of 400 games (within noise). 8 deals a world and
a sharper model did no better."""
MODEL_SHARPNESS = (0.0, 0.25, 1.0, 4.0)
"""From random play (0) to all but always the heaviest tile (4), the way many people play
Block. Our own players fit 0.2 (dab and ISMCTS-2000) and 0.5 (normal) in two-player Block
(docs/ai.md, "Ideas measured and not kept"), within these levels, which were set after a
fit to open_spiel's ISMCTS-1000 (~0.2) and greedy player (heaviest first)."""
MODEL_POINTS = 3
JUDGED = 1
"""1: :class:`PlayModel` also weighs a kind of player who plays as the normal player
judges (its whole hand counts, not only the pips), beside the sharpness levels (0: it
does not). In two-player Block it won 60.8 % of 600 games against normal where it won
59.0 % without, 62.5 % against 61.3 % on other deals, and 51.0 % against dab where it won
49.5 %: small gains, each within noise, never a loss (bench/block_sparring.py, since
removed: docs/ai.md says how to get it back)."""
JUDGED_SLIP = 0.1
"""The share of such a player's plays made at random."""
SOLVE_NODES = 400
"""The exact endgame's node cap, per world of the budget (60,000 nodes: ~0.3 s)."""
# With two players and at most solved_worlds.SOLVE_TILES tiles in hand, every sampled world
# is solved exactly (alpha-beta, engine.classic.solve) instead of played out: cheap there, so
# more worlds. Head to head in two-player Block it plays the playout search even (51.0 %
# of 200 games, and 49.5 % solving from the first play; docs/ai.md): the
# seat's guesses at the hidden tiles are too rough for perfect play on them to pay much
# ("strategy fusion"), but it is no weaker and its endgames are exact in every world.
# A bonus for winning the hand on top of the margin did not win more games either.
# The value: measured against "minus the mean other seat" and "own points" in 4-player All
# Fives, none differed beyond noise. A match-aware value (weighing points by the totals and
# the target) would need the match in the view; a hand's view has only this hand's scores.

# The normal player's weights: points now dominate; then these, per move. Halving or
# doubling any of them moved results within noise over 1,600 hands.
W_POINTS = 100
W_PIPS = 2
W_DOUBLE = 6
W_VARIETY = 3
W_FOLLOW = 2


def computer_move(view: Mapping[str, Any], seed: int, level: str = "normal") -> str:
    """The move a computer player in ``view``'s seat makes, decided from that view alone."""
    return str(choose_move(ClassicHand.for_seat(view), seed, level))


def choose_move(
    hand: ClassicHand, seed: int, level: str = "normal", budget: Budget | None = None
) -> ClassicMove:
    """The move for the seat to move in ``hand``. ``hand`` may be a full hand: only what
    that seat can see is used (its tiles, the line, the sizes and the history).
    ``budget``: the hard player's search budget (default :data:`HARD_BUDGET`)."""
    level, _ = computer_turn(hand, level, LEVELS, ALIASES)
    moves = hand.legal_moves()
    if not moves[0].is_play:
        return moves[0]  # draw (or the pass the engine would make anyway)
    hard_budget = HARD_BUDGET if budget is None else budget
    return by_level(
        level,
        moves,
        seed,
        lambda rng: normal_move(hand, moves, rng),
        lambda rng: hard_move(hand, moves, rng, hard_budget),
    )


# ---------------------------------------------------------------- normal
def normal_move(hand: ClassicHand, moves: list[ClassicMove], rng: random.Random) -> ClassicMove:
    """The greedy player's pick among ``moves`` (plays of the seat to move)."""
    seat = hand.current_player
    assert seat is not None
    tiles = hand.hands[seat]
    line = hand.line
    table = hand.points_for_total
    held = number_counts(tiles)
    numbers = 7 - held.count(0)
    values = line.values
    ends = line.open
    lead = line.lead is None
    best_key = -1
    best: list[ClassicMove] = []
    for move in moves:
        tile = move.tile
        assert tile is not None
        high, low = tile
        if lead:
            key = normal_key(high, low, table[high + low], held, numbers, None)
        else:
            end = move.slot
            outer = low if high == values[end] else high
            after = [outer if e == end else values[e] for e in ends]
            key = normal_key(high, low, table[line.total_if(tile, end)], held, numbers, after)
        if key > best_key:
            best_key, best = key, [move]
        elif key == best_key:
            best.append(move)
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


def number_counts(tiles: Iterable[tuple[int, int]]) -> list[int]:
    """How many of ``tiles`` show each number (a double counts once)."""
    held = [0] * 7
    for high, low in tiles:
        held[high] += 1
        if low != high:
            held[low] += 1
    return held


def normal_key(
    high: int,
    low: int,
    points: int,
    held: Sequence[int],
    numbers: int,
    after: Sequence[int] | None,
) -> int:
    """How much the normal player likes laying ``high``-``low`` for ``points``, holding
    ``held[n]`` tiles that show each number n (``numbers`` of them non-zero), with
    ``after`` the open ends' numbers once it is laid (None: it leads)."""
    double = high == low
    variety = numbers - (held[high] == 1) - (not double and held[low] == 1)
    if after is None:
        follow = 2 * (held[high] > 1) if double else (held[high] > 1) + (held[low] > 1)
    else:
        follow = 0
        for value in after:
            if held[value] - (value in (high, low)) > 0:
                follow += 1
    return (
        points * W_POINTS
        + (high + low) * W_PIPS
        + double * W_DOUBLE
        + variety * W_VARIETY
        + follow * W_FOLLOW
    )


def play_out(hand: ClassicHand, rng: random.Random) -> None:
    """Finish ``hand`` with the normal player in every seat."""
    while hand.current_player is not None:
        moves = hand.legal_moves()
        if len(moves) == 1 or not moves[0].is_play:
            hand.apply(moves[0])
        else:
            hand.apply(normal_move(hand, moves, rng))


# ---------------------------------------------------------------- hard
def hand_margin(hand: ClassicHand, seat: int) -> float:
    """The seat's points this hand minus the best other seat's."""
    scores = hand.scores
    return float(scores[seat] - max(s for other, s in enumerate(scores) if other != seat))


Decision = tuple[int, int, list[tuple[int, float]], float, int]
"""(seat, the tiles it played from this play on as a mask, its options as (tile bit,
appeal), the appeal of the play it made, every option's tile bit or-ed)."""
Placement = tuple[int, int, int, tuple[int, ...] | None]
"""(tile, end — -1 for a lead —, points it scores there, :func:`open_after`)."""
Judged = tuple[int, int, list[Placement], int, int]
"""(seat, the tiles it played from this play on as a mask, the plays open to any hand it
could have held, the tile it laid, the end it laid it on)."""


class PlayModel:
    """How likely the other seats' plays are, given the tiles a world deals them.

    Players tend to shed heavy tiles and take points, so a seat that laid a light tile
    while it could have laid a heavy one probably had no heavy one that fitted. Each play
    (since the seat's last draw, before which its hand is not known) is a choice among the
    plays its hand allowed; a play's appeal is its pips plus :data:`MODEL_POINTS` per point
    it scored, and a player of "sharpness" b makes a play with odds exp(b × appeal). Not
    knowing the sharpness, the model takes the mean likelihood over :data:`MODEL_SHARPNESS`
    (0: plays at random ... 4: all but always the heaviest), so a hand's plays show which
    kind of player made them. One more kind (:data:`JUDGED`) weighs the whole hand as the
    normal player does — the numbers it keeps and the ends it can follow, not only the
    pips — and makes the play it judges best, save :data:`JUDGED_SLIP` of its plays.
    """

    def __init__(self, hand: ClassicHand, seat: int) -> None:
        spinner_on = hand.options.spinner == "on"
        table = hand.points_for_total
        scoring = any(table)
        seen = mask_of(hand.hands[seat]) | mask_of(hand.line.laid())
        line = line_state(Line(spinner_on))
        plays: list[tuple[int, int, LineState, int, int]] = []
        last_draw: dict[int, int] = {}
        for step, (who, text, _auto, _count) in enumerate(hand.history):
            if text == "draw":
                last_draw[who] = step
            elif text != "pass":
                move = parse_move(text)
                assert move.tile is not None
                tile = INDEX[move.tile]
                plays.append((step, who, line, tile, move.slot))
                if move.slot < 0:
                    line = lead_state(tile, spinner_on)
                else:
                    line = place(line, tile, move.slot)
        self.decisions: list[Decision] = []
        self.judged: list[Judged] = []
        later = [0] * hand.players
        for step, who, before, played, slot in reversed(plays):
            later[who] |= 1 << played
            if who == seat or step < last_draw.get(who, -1):
                continue
            options: list[tuple[int, float]] = []
            placements: list[Placement] = []
            chosen = 0.0
            for tile in range(len(HIGH)):
                if (seen & ~later[who]) >> tile & 1:
                    continue  # the seat cannot have held it then
                high, low = HIGH[tile], LOW[tile]
                ends = [e for e in range(before[8]) if before[e] in (high, low)] or [-1]
                if ends == [-1] and before[8]:
                    continue
                for end in ends:
                    points = 0
                    if scoring:
                        if end < 0:
                            after = lead_state(tile, spinner_on)
                        else:
                            after = place(before, tile, end)
                        points = table[after[4] + after[5] + after[6] + after[7]]
                    appeal = float(high + low + MODEL_POINTS * points)
                    options.append((1 << tile, appeal))
                    if tile == played and end == slot:
                        chosen = appeal
                    if JUDGED:
                        placements.append((tile, end, points, open_after(before, tile, end)))
            relevant = 0
            for bit, _ in options:
                relevant |= bit
            self.decisions.append((who, later[who], options, chosen, relevant))
            if JUDGED:
                self.judged.append((who, later[who], placements, played, slot))
        self._parts: dict[tuple[int, int], tuple[float, ...]] = {}
        self._judged: dict[tuple[int, int], float] = {}

    def log_likelihood(self, hands: Sequence[int]) -> float:
        """The log-likelihood of the plays in a world dealing ``hands`` (masks, a seat each):
        log of the mean over the sharpness levels, up to a constant."""
        totals = [0.0] * len(MODEL_SHARPNESS)
        for number, (who, later, options, chosen, relevant) in enumerate(self.decisions):
            held = (hands[who] | later) & relevant
            parts = self._parts.get((number, held))
            if parts is None:
                parts = self._parts[number, held] = _log_odds(
                    [appeal for bit, appeal in options if held & bit], chosen
                )
            for index, part in enumerate(parts):
                totals[index] += part
        if self.judged:
            judged = 0.0
            for number, (who, later, placements, played, slot) in enumerate(self.judged):
                held = hands[who] | later
                known = self._judged.get((number, held))
                if known is None:
                    known = self._judged[number, held] = judged_log(held, placements, played, slot)
                judged += known
            totals.append(judged)
        top = max(totals)
        return top + math.log(sum(math.exp(total - top) for total in totals))


def open_after(before: LineState, tile: int, end: int) -> tuple[int, ...] | None:
    """The numbers of ``before``'s open ends once ``tile`` is laid on ``end``, as the normal
    player counts them (None: ``tile`` leads)."""
    if end < 0:
        return None
    high, low = HIGH[tile], LOW[tile]
    outer = low if high == before[end] else high
    return tuple(outer if e == end else before[e] for e in range(before[8]))


def judged_log(held_mask: int, placements: Sequence[Placement], played: int, slot: int) -> float:
    """log P(the play made | the seat held ``held_mask``) for a seat that plays as the normal
    player judges, save :data:`JUDGED_SLIP` of its plays, made at random; ``placements``:
    the plays open to any hand it could have held then."""
    held = number_counts((HIGH[t], LOW[t]) for t in range(len(HIGH)) if held_mask >> t & 1)
    numbers = 7 - held.count(0)
    keys = [
        (tile, end, normal_key(HIGH[tile], LOW[tile], points, held, numbers, after))
        for tile, end, points, after in placements
        if held_mask >> tile & 1
    ]
    if len(keys) < 2:
        return 0.0
    top = max(key for _, _, key in keys)
    best = [(tile, end) for tile, end, key in keys if key == top]
    chance = JUDGED_SLIP / len(keys)
    if (played, slot) in best:
        chance += (1 - JUDGED_SLIP) / len(best)
    return math.log(chance)


def _log_odds(appeals: list[float], chosen: float) -> tuple[float, ...]:
    """log P(the play of appeal ``chosen`` among plays of ``appeals``), per sharpness."""
    if len(appeals) < 2:
        return (0.0,) * len(MODEL_SHARPNESS)
    top = max(appeals)
    return tuple(
        sharpness * (chosen - top)
        - math.log(sum(math.exp(sharpness * (appeal - top)) for appeal in appeals))
        for sharpness in MODEL_SHARPNESS
    )


def likely_worlds(
    hand: ClassicHand, seat: int, sampler: DealSampler, rng: random.Random, count: int
) -> Callable[[random.Random], ClassicHand] | None:
    """Draws ``count`` worlds, each of :data:`HARD_POOL` times as many deals in proportion
    to how likely :class:`PlayModel` finds the other seats' plays in it (systematic
    resampling); None when no play tells anything."""
    model = PlayModel(hand, seat)
    if not any(len(options) > 1 for _, _, options, _, _ in model.decisions):
        return None
    deals = [sampler.deal(rng) for _ in range(HARD_POOL * count)]
    logs = [model.log_likelihood([mask_of(tiles) for tiles in hands]) for hands, _ in deals]
    top = max(logs)
    weights = [math.exp(log - top) for log in logs]
    step = sum(weights) / count
    mark = rng.random() * step
    reached = 0.0
    chosen: list[tuple[list[list[Tile]], list[Tile]]] = []
    for deal, weight in zip(deals, weights, strict=True):
        reached += weight
        while mark < reached and len(chosen) < count:
            chosen.append(deal)
            mark += step
    queue = iter(chosen)

    def sample(_: random.Random) -> ClassicHand:
        hands, boneyard = next(queue)
        world = hand.copy()
        for other in sampler.others():
            world.hands[other] = sorted(hands[other], reverse=True)
        world.boneyard = boneyard
        return world

    return sample


def hard_search(
    hand: ClassicHand, seat: int, rng: random.Random, worlds: int
) -> Search[ClassicHand]:
    """The PIMC parts for ``seat``: likely deals, normal playouts, the hand margin."""
    sampler = DealSampler(hand, seat)
    sample = likely_worlds(hand, seat, sampler, rng, worlds) or sampler.sample
    return Search(sample, play_out, hand_margin)


def solved_best(hand: ClassicHand, seat: int, moves: list[ClassicMove], nodes: int) -> list[str]:
    """With two players and no tile left in the boneyard, the seat knows every tile: the
    moves that are best with perfect play on both sides (all of ``moves`` if solving
    them would take more than ``nodes`` nodes)."""
    world = DealSampler(hand, seat).sample(random.Random(0))  # the only deal there is
    try:
        values = WorldSolver(world, seat, nodes).move_values(moves)
    except TooBig:
        return [move.text for move in moves]
    best = max(values)
    return [move.text for move, value in zip(moves, values, strict=True) if value == best]


def hard_move(
    hand: ClassicHand, moves: list[ClassicMove], rng: random.Random, budget: Budget
) -> ClassicMove:
    seat = hand.current_player
    assert seat is not None
    by_text = {move.text: move for move in moves}
    texts = list(by_text)
    if hand.players == 2 and not hand.boneyard:
        texts = solved_best(hand, seat, list(by_text.values()), budget.worlds * SOLVE_NODES)
        if len(texts) == 1:
            return by_text[texts[0]]
    # With two players and every tile known the exact solve above ranked the moves;
    # otherwise, in a small enough hand, every sampled world is solved, not played out.
    if hand.players == 2 and hand.boneyard and solved_worlds.small_enough(hand):
        candidates = [by_text[text] for text in texts]
        sampler = DealSampler(hand, seat)
        sample = (
            likely_worlds(hand, seat, sampler, rng, solved_worlds.SOLVE_WORLDS) or sampler.sample
        )
        solved = solved_worlds.solved_best(seat, candidates, sample, rng)
        if solved is not None:
            return solved
    search = hard_search(hand, seat, rng, budget.worlds)
    best, _ = pimc(search, seat, texts, rng, budget)
    return by_text[best]
