"""Our classic-dominoes computer player against open_spiel's own AI, in open_spiel's rules.

The arena is open_spiel's ``python_block_dominoes``: 2 players, 7 tiles each, 14 tiles
nobody draws, seat 0 always leads any tile, a player who cannot play is skipped, and the
hand ends when a hand is empty or nobody can play; the lower pip count wins and scores
the loser's pips (equal pips: nobody scores). open_spiel runs the game; an adapter keeps a
mirror :class:`~engine.classic.BlockGame` (spinner off) move for move and fails loudly
(:class:`Disagreement`) unless, after every move, both engines agree on the open-end
numbers, both hands, whose turn it is and, at the end, the pips and the winner (open_spiel
judges by pips alone: going out against a lone 0-0 is a tie there).

Edges. An open_spiel action names a tile and the *number* of the open end it covers
(``p0 tile:(2.0, 6.0) pip:6.0``); its line has no left or right, just the two open numbers
kept sorted. Our line has named ends (the lead lies high half W, low half E). So the
adapter maps by number: our ``6-2 W`` is the action covering the number our W end shows,
and an action covering ``n`` is our play on the end showing ``n`` (W when both ends show
``n``: the two are the same position in Block with the spinner off).

Our player gets only ``hand.view(our_seat)``; it is never asked to pass (open_spiel skips a
player who cannot play, and so does our engine).

Opponents: a greedy baseline (play the heaviest tile) and open_spiel's ISMCTS
(``open_spiel.python.algorithms.ismcts``, random rollouts). The Python game has no
``resample_from_infostate``, so ISMCTS gets :func:`resample`: the opponent's hand is
redrawn from the unseen tiles, leaving out every tile carrying a number it was seen to
pass on, which is exactly the set of hands consistent with the history.

Every line plays the same deals, each dealt twice with the seats swapped; all randomness
is seeded. Win % counts a tie as half a win, with a 95 % Wilson interval; points per game
are the measured side's net returns; decision times are the measured side's own.

Install the peer with ``pip install -e '.[bench]'``.
Run: .venv/bin/python bench/bench_openspiel.py [--games N] [--level hard] [--sims 1000]
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from intervals import percentile, wilson  # beside this file: bench/ is on the path

from engine.classic import BlockGame, parse_move
from engine.classic import ai as classic_ai
from engine.tiles import Tile

try:
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts
    from open_spiel.python.games import block_dominoes

    _np: Any = importlib.import_module("numpy")  # comes with open_spiel
except ImportError:  # the bench extra is not installed
    pyspiel = None


def available() -> bool:
    """Whether the bench extra (open_spiel) is installed."""
    return pyspiel is not None


INSTALL_HINT = (
    "open_spiel is not installed: run `.venv/bin/pip install -e '.[bench]'` to play "
    "our computer player against open_spiel's python_block_dominoes AIs"
)
LEVEL_ORDER = ("hard", "normal", "easy", "baseline")
"""Strongest first: a requested level that does not exist yet falls back to the nearest."""
TARGETS = {"greedy": 70.0, "ismcts": 55.0}
"""Our win % targets against each opponent (against greedy judged over ≥ 1,000 games)."""
REFERENCE_ISMCTS_VS_GREEDY = 58.5
P95_TARGET_MS = 1000.0
MIN_GAMES_TO_JUDGE = 400
HAND_SIZE = 7


class Disagreement(RuntimeError):
    """open_spiel and our engine no longer describe the same position."""


# ---------------------------------------------------------------- tiles and actions
OsTile = tuple[float, float]
"""open_spiel's tile: (low, high) as floats."""


def to_ours(tile: Sequence[float]) -> Tile:
    return Tile.of(int(tile[0]), int(tile[1]))


def to_theirs(tile: Tile) -> OsTile:
    return (float(tile.low), float(tile.high))


_ACTION_IDS: dict[tuple[int, OsTile, float | None], int] = {}


def action_id(player: int, tile: Tile, edge: int | None) -> int:
    """open_spiel's action laying ``tile`` for ``player`` on the end showing ``edge``."""
    if not _ACTION_IDS:
        for index, act in enumerate(block_dominoes._ACTIONS):
            _ACTION_IDS[(act.player, act.tile, act.edge)] = index
    return _ACTION_IDS[(player, to_theirs(tile), None if edge is None else float(edge))]


def view_ends(view: Mapping[str, Any]) -> dict[str, int]:
    """Open-end label → number, from a view (or any mapping whose "line" is
    :meth:`Line.to_json`)."""
    return {str(end["label"]): int(end["value"]) for end in view["line"]["ends"]}


def move_to_action(seat: int, text: str, ends: Mapping[str, int]) -> int:
    """Our move (``6-4`` or ``6-4 W``) as open_spiel's action: the same tile on the number
    that our end shows."""
    move = parse_move(text)
    tile = move.tile
    if tile is None:
        raise Disagreement(f"our player chose {text!r}, but open_spiel asked for a play")
    if move.end is None:
        if ends:
            raise Disagreement(f"our player led {text!r} onto a line that has a lead")
        return action_id(seat, tile, None)
    if move.end not in ends or not tile.has(ends[move.end]):
        raise Disagreement(f"our player chose {text!r}, which does not fit the ends {ends}")
    return action_id(seat, tile, ends[move.end])


def action_to_move(action: int, ends: Mapping[str, int]) -> str:
    """open_spiel's action as our move: the end showing the covered number (W first)."""
    act = block_dominoes._ACTIONS[action]
    tile = to_ours(act.tile)
    if act.edge is None:
        return tile.name
    edge = int(act.edge)
    for label in ("W", "E"):
        if ends.get(label) == edge:
            return f"{tile.name} {label}"
    raise Disagreement(f"{act} covers a {edge}, but our open ends are {dict(ends)}")


# ---------------------------------------------------------------- the mirror
def new_state(deal_seed: int) -> Any:
    """A python_block_dominoes state dealt from ``deal_seed``, seat 0 to lead."""
    game = block_dominoes.BlockDominoesGame()
    state = game.new_initial_state()
    order = list(range(len(block_dominoes._DECK)))
    random.Random(deal_seed).shuffle(order)
    for index in order[: 2 * HAND_SIZE]:  # the first 7 go to seat 0, the next 7 to seat 1
        state.apply_action(index)
    return state


def mirror_of(state: Any, seed: int = 0) -> BlockGame:
    """Our Block hand (spinner off) for a freshly dealt open_spiel state."""
    if state.actions_history or state.is_chance_node():
        raise ValueError("mirror a state right after the deal")
    hands = [[to_ours(t) for t in hand] for hand in state.hands]
    boneyard = [to_ours(t) for t in state.deck]
    return BlockGame(hands, boneyard, {"spinner": "off"}, leader=0, seed=seed, hand_number=1)


def check_agree(state: Any, hand: BlockGame) -> None:
    """Raise :class:`Disagreement` unless both engines show the same position."""
    line = hand.line
    ours_ends = sorted(line.values[end] for end in line.open)
    theirs_ends = sorted(int(e) for e in state.open_edges)
    if ours_ends != theirs_ends:
        raise Disagreement(f"open ends: ours {ours_ends}, open_spiel {theirs_ends}")
    for seat in (0, 1):
        ours = sorted(hand.hands[seat])
        theirs = sorted(to_ours(t) for t in state.hands[seat])
        if ours != theirs:
            raise Disagreement(f"seat {seat}'s hand: ours {ours}, open_spiel {theirs}")
    if state.is_terminal() != hand.is_over:
        raise Disagreement(f"over: ours {hand.is_over}, open_spiel {state.is_terminal()}")
    if not hand.is_over:
        if state.current_player() != hand.current_player:
            raise Disagreement(
                f"to move: ours {hand.current_player}, open_spiel {state.current_player()}"
            )
        return
    pips = [int(sum(a + b for a, b in h)) for h in state.hands]
    if [hand.pips(0), hand.pips(1)] != pips:
        raise Disagreement(f"pips: ours {[hand.pips(0), hand.pips(1)]}, open_spiel {pips}")
    returns = state.returns()
    theirs_winner = None if returns[0] == returns[1] else (0 if returns[0] > 0 else 1)
    # open_spiel judges by pips alone, so going out while the other holds only 0-0 is a
    # tie there (nobody scores); ours names the one who went out (who scores 0).
    if theirs_winner != hand.winner and pips[0] != pips[1]:
        raise Disagreement(f"winner: ours {hand.winner}, open_spiel {theirs_winner}")


def apply_both(state: Any, hand: BlockGame, action: int) -> str:
    """Play ``action`` in open_spiel and the same move in our engine, then cross-check."""
    seat = state.current_player()
    if action not in state.legal_actions():
        raise Disagreement(f"{state.action_to_string(seat, action)} is not legal in open_spiel")
    move = action_to_move(action, view_ends({"line": hand.line.to_json()}))
    state.apply_action(action)
    hand.play(seat, move)
    check_agree(state, hand)
    return move


# ---------------------------------------------------------------- ISMCTS's resampler
def _after(edges: list[float], tile: OsTile, edge: float | None) -> list[float]:
    """The open numbers after laying ``tile`` on ``edge`` (open_spiel's update_open_edges)."""
    if edge is None:
        return sorted(tile)
    rest = list(edges)
    rest.remove(edge)
    rest.append(tile[1] if tile[0] == edge else tile[0])
    return sorted(rest)


def passed_on(history: Sequence[Any], to_move: int, seat: int) -> set[float]:
    """The numbers ``seat`` was seen unable to play on.

    open_spiel has no pass action: a player moving twice in a row means the other one
    was skipped, holding nothing for the open ends between the two moves. ``to_move`` is
    the player to move now (the last of the sequence)."""
    numbers: set[float] = set()
    edges: list[float] = []
    players = [act.player for act in history] + [to_move]
    for index, act in enumerate(history):
        edges = _after(edges, act.tile, act.edge)
        if act.player != seat and players[index + 1] == act.player:
            numbers.update(edges)
    return numbers


def resample(state: Any, player: int, rng: random.Random) -> Any:
    """A state ``player`` cannot tell from ``state``: the same own hand and history, and
    the opponent's hand drawn uniformly from the unseen tiles that hold none of the
    numbers it passed on (the rest are the 14 undealt ones)."""
    other = 1 - player
    seen = set(state.hands[player])
    seen.update(act.tile for act in state.actions_history)
    unseen = [t for t in block_dominoes._DECK if t not in seen]
    barred = passed_on(state.actions_history, state.current_player(), other)
    allowed = [t for t in unseen if t[0] not in barred and t[1] not in barred]
    size = len(state.hands[other])
    if len(allowed) < size:
        raise Disagreement(f"only {len(allowed)} tiles fit {size} unseen ones: {barred}")
    drawn = set(rng.sample(allowed, size))
    sample = state.clone()
    sample.hands[other] = sorted(drawn)
    sample.deck = [t for t in unseen if t not in drawn]
    return sample


# ---------------------------------------------------------------- the players
Agent = Callable[[Any, BlockGame], int]
"""(open_spiel state, our mirror) → open_spiel action for the player to move."""


@dataclass(frozen=True)
class Side:
    """A player, picklable so that worker processes can build it.

    ``kind``: "ours" (``level``), "greedy" or "ismcts" (``sims``, ``uct_c``)."""

    kind: str
    level: str = ""
    sims: int = 1000
    uct_c: float = 2.0

    @property
    def label(self) -> str:
        if self.kind == "ours":
            return self.level
        if self.kind == "ismcts":
            return f"ISMCTS-{self.sims}"
        return self.kind


def greedy_agent(seed: int) -> Agent:
    """Lay the heaviest tile it can (a seeded coin between equals)."""
    rng = random.Random(seed)

    def decide(state: Any, hand: BlockGame) -> int:
        actions = state.legal_actions()
        weight = {a: sum(block_dominoes._ACTIONS[a].tile) for a in actions}
        heaviest = max(weight.values())
        return int(rng.choice([a for a in actions if weight[a] == heaviest]))

    return decide


def ismcts_agent(seed: int, sims: int, uct_c: float) -> Agent:
    """open_spiel's ISMCTS: ``sims`` simulations, one random rollout each, most-visited
    move, worlds drawn by :func:`resample`."""
    rng = random.Random(seed)
    numbers = _np.random.RandomState(seed % 2**32)
    game = block_dominoes.BlockDominoesGame()
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numbers)
    bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c,
        sims,
        random_state=numbers,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )
    bot.set_resampler(lambda state, player: resample(state, player, rng))

    def decide(state: Any, hand: BlockGame) -> int:
        return int(bot.step(state))

    return decide


def ours_agent(seed: int, level: str) -> Agent:
    """Our computer player, deciding from its own seat's view alone."""
    ply = 0

    def decide(state: Any, hand: BlockGame) -> int:
        nonlocal ply
        ply += 1
        seat = state.current_player()
        view = hand.view(seat)  # all it is given: no other hand, no boneyard
        text = classic_ai.computer_move(view, seed * 100 + ply, level)
        return move_to_action(seat, text, view_ends(view))

    return decide


def make_agent(side: Side, seed: int) -> Agent:
    if side.kind == "ours":
        return ours_agent(seed, side.level)
    if side.kind == "greedy":
        return greedy_agent(seed)
    if side.kind == "ismcts":
        return ismcts_agent(seed, side.sims, side.uct_c)
    raise ValueError(f"unknown side {side.kind!r}")


def resolve_level(level: str) -> tuple[str, str | None]:
    """``level`` if our AI has it (an old alias: what it stands for), else the nearest
    level it has (see :data:`LEVEL_ORDER`), with a line saying so."""
    known = tuple(getattr(classic_ai, "LEVELS", ("baseline",)))
    aliases: Mapping[str, str] = getattr(classic_ai, "ALIASES", {})
    if level in known:
        return level, None
    if aliases.get(level) in known:
        return aliases[level], f"level {level!r} is now called {aliases[level]!r}"
    wanted = LEVEL_ORDER.index(level) if level in LEVEL_ORDER else 0
    ranked = sorted(
        known,
        key=lambda lv: abs(LEVEL_ORDER.index(lv) - wanted) if lv in LEVEL_ORDER else 99,
    )
    fallback = ranked[0]
    note = (
        f"level {level!r} does not exist yet in engine.classic.ai (has: {', '.join(known)}); "
        f"playing {fallback!r} instead"
    )
    return fallback, note


# ---------------------------------------------------------------- games and rows
@dataclass(frozen=True)
class GameResult:
    points: float
    """The measured side's returns (positive: it won)."""
    seconds: tuple[float, ...]
    """The measured side's decision times."""
    moves: int


def play_game(measured: Side, opponent: Side, index: int, seed: int = 0) -> GameResult:
    """Game ``index``: deal ``seed + index // 2``, the measured side in seat ``index % 2``."""
    deal_seed = seed + index // 2
    seat = index % 2
    state = new_state(deal_seed)
    hand = mirror_of(state, deal_seed)
    check_agree(state, hand)
    agents = {
        seat: make_agent(measured, deal_seed * 4 + seat),
        1 - seat: make_agent(opponent, deal_seed * 4 + 2 + seat),
    }
    seconds: list[float] = []
    moves = 0
    while not state.is_terminal():
        player = state.current_player()
        start = time.perf_counter()
        action = agents[player](state, hand)
        elapsed = time.perf_counter() - start
        if player == seat:
            seconds.append(elapsed)
        apply_both(state, hand, action)
        moves += 1
    return GameResult(float(state.returns()[seat]), tuple(seconds), moves)


def _play_job(job: tuple[Side, Side, int, int]) -> GameResult:
    return play_game(*job)


@dataclass(frozen=True)
class Row:
    """One matchup's figures, from the measured side's point of view."""

    name: str
    games: int
    wins: int
    draws: int
    losses: int
    points_per_game: float
    p50_ms: float
    p95_ms: float
    max_ms: float
    decisions: int
    target: str = ""
    target_win_pct: float | None = None
    checked_moves: int = 0

    @property
    def win_pct(self) -> float:
        return 100 * (self.wins + self.draws / 2) / self.games if self.games else 0.0

    @property
    def ci_pct(self) -> tuple[float, float]:
        low, high = wilson(self.wins + self.draws / 2, self.games)
        return 100 * low, 100 * high

    @property
    def meets_target(self) -> bool | None:
        if self.target_win_pct is None:
            return None
        return self.win_pct >= self.target_win_pct and self.p95_ms <= P95_TARGET_MS

    def line(self) -> str:
        low, high = self.ci_pct
        verdict = {True: "  met", False: "  not met", None: ""}[self.meets_target]
        if verdict and self.games < MIN_GAMES_TO_JUDGE:
            verdict += f" (indicative: < {MIN_GAMES_TO_JUDGE} games)"
        return (
            f"{self.name:<24} {self.games:>4} games  W{self.wins:>4} D{self.draws:>3} "
            f"L{self.losses:>4}  win {self.win_pct:5.1f} % [{low:4.1f}, {high:4.1f}]  "
            f"{self.points_per_game:+6.2f} pts/game  decision p50 {self.p50_ms:6.1f} ms "
            f"p95 {self.p95_ms:6.1f} ms max {self.max_ms:6.1f} ms  ({self.target}){verdict}"
        )


def summarize(
    name: str, results: Iterable[GameResult], target: str = "", target_win: float | None = None
) -> Row:
    results = list(results)
    points = [r.points for r in results]
    seconds = [s for r in results for s in r.seconds]
    ms = [1000 * s for s in seconds]
    return Row(
        name=name,
        games=len(results),
        wins=sum(p > 0 for p in points),
        draws=sum(p == 0 for p in points),
        losses=sum(p < 0 for p in points),
        points_per_game=statistics.fmean(points) if points else 0.0,
        p50_ms=percentile(ms, 0.5),
        p95_ms=percentile(ms, 0.95),
        max_ms=max(ms, default=0.0),
        decisions=len(ms),
        target=target,
        target_win_pct=target_win,
        checked_moves=sum(r.moves for r in results),
    )


@dataclass
class Matchup:
    name: str
    measured: Side
    opponent: Side
    target: str
    target_win: float | None = None
    results: list[GameResult] = field(default_factory=list)


def run(
    games: int = 40,
    level: str = "hard",
    sims: int = 1000,
    uct_c: float = 2.0,
    against: Sequence[str] = ("greedy", "ismcts", "sanity"),
    jobs: int = 1,
    seed: int = 0,
    log: Callable[[str], None] | None = None,
) -> list[Row]:
    """Play the matchups and return one :class:`Row` each.

    ``against``: any of "greedy" (our level vs greedy), "ismcts" (our level vs
    ISMCTS-``sims``) and "sanity" (ISMCTS-``sims`` vs greedy). ``jobs`` > 1 plays games in
    that many processes (the same games and results, unless a time cap cuts a search
    short; decision times get noisier). Raises RuntimeError with an install hint when
    open_spiel is missing."""
    if pyspiel is None:
        raise RuntimeError(INSTALL_HINT)
    say = log or (lambda text: None)
    actual, note = resolve_level(level)
    if note:
        say(note)
    ours = Side("ours", level=actual)
    searcher = Side("ismcts", sims=sims, uct_c=uct_c)
    greedy = Side("greedy")
    p95 = f"p95 ≤ {P95_TARGET_MS:.0f} ms"
    table = {
        "greedy": Matchup(
            f"{actual} vs greedy",
            ours,
            greedy,
            f"target ≥ {TARGETS['greedy']:.0f} %, {p95}",
            TARGETS["greedy"],
        ),
        "ismcts": Matchup(
            f"{actual} vs {searcher.label}",
            ours,
            searcher,
            f"target ≥ {TARGETS['ismcts']:.0f} %, {p95}",
            TARGETS["ismcts"],
        ),
        "sanity": Matchup(
            f"{searcher.label} vs greedy",
            searcher,
            greedy,
            f"sanity: ISMCTS-1000 measured {REFERENCE_ISMCTS_VS_GREEDY} % before",
        ),
    }
    rows: list[Row] = []
    for key in against:
        matchup = table[key]
        say(f"playing {matchup.name}: {games} games")
        jobs_list = [(matchup.measured, matchup.opponent, i, seed) for i in range(games)]
        started = time.perf_counter()
        if jobs > 1:
            with ProcessPoolExecutor(jobs) as pool:
                matchup.results = list(pool.map(_play_job, jobs_list, chunksize=1))
        else:
            for number, job in enumerate(jobs_list, 1):
                matchup.results.append(_play_job(job))
                if number % max(1, games // 10) == 0 and number < games:
                    say(f"  {number}/{games} games, {time.perf_counter() - started:.0f} s")
        row = summarize(matchup.name, matchup.results, matchup.target, matchup.target_win)
        say(f"  done in {time.perf_counter() - started:.0f} s, {row.checked_moves} moves checked")
        rows.append(row)
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=40, help="per matchup (≥ 400 to judge)")
    parser.add_argument("--level", default="hard", help="our computer level (default hard)")
    parser.add_argument("--sims", type=int, default=1000, help="ISMCTS simulations per move")
    parser.add_argument("--uct-c", type=float, default=2.0, help="ISMCTS exploration constant")
    parser.add_argument(
        "--against",
        default="greedy,ismcts,sanity",
        help="comma-separated: greedy, ismcts (our level vs them), sanity (ISMCTS vs greedy)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes (noisier timings)")
    parser.add_argument("--seed", type=int, default=0, help="first deal's seed")
    args = parser.parse_args(argv)
    against = [name.strip() for name in args.against.split(",") if name.strip()]
    unknown = set(against) - {"greedy", "ismcts", "sanity"}
    if unknown:
        parser.error(f"unknown --against {', '.join(sorted(unknown))}")
    if pyspiel is None:
        print(INSTALL_HINT)
        return 0

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    rows = run(
        args.games,
        args.level,
        args.sims,
        args.uct_c,
        against,
        args.jobs,
        args.seed,
        log,
    )
    print(
        f"python_block_dominoes (open_spiel), {args.games} games a line, seats alternated, "
        f"every move cross-checked against engine.classic.BlockGame (spinner off)"
    )
    for row in rows:
        print(row.line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
