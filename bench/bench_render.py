"""Picture speed and size: the full 28-tile Network table, the classic line with all 28
tiles, the longest FIDO line (double-21: 181 tiles, 21 crosswise doubles, 46 arms), the
Sackson's Network board (all 20 pieces with a chosen piece and its lettered targets, a won
game's network, the 60-badge worst case), and hand pictures, among them every page of a
63-tile double-21 hand; the four-arm line once more in German (its words looked up in the
catalog: translated pictures draw no slower than English ones); a tournament's standings
at their most rows (32 and a line for the rest), with German tie-break headings; and the
bot's everyday pictures of a two-player play of Network, All Fives, FIDO and Sackson's
Network from a seeded mid-game position, as the bot draws them through the game's adapter:
the table, each player's hand (where the game has hands) and the next player's candidate
picture of the first tile (or piece) their controls show, each timed on its own.

Prints median milliseconds and PNG bytes; asserts nothing (targets on the reference
machine: table ≤ 20 ms and ≤ 150 KB, Sackson board ≤ 30 ms, hand ≤ 5 ms; the big FIDO line
and all pages of the 63-tile hand ≤ 50 ms each). Caches are warmed first, as they are in a
running bot, where tile faces and fonts stay cached between plays.

``--baseline REV`` measures every case in the code of git revision REV too, in the same
run: the revision is exported to a temporary directory, and two child processes of this
script (``--child``) draw, one with that directory as its code root (its cwd, PYTHONPATH
and first import path; each child reports where it imported bot, engine and render from,
and the run stops if any came from elsewhere), one with the working tree. Case by case,
the old and the new code are timed in turn (``--rounds`` times each, the order swapped
every round so a machine's drift falls on both); prints the medians of each side, ms and
KB, and new ÷ old. A case the old code cannot draw (its functions are missing) says so.
Run: .venv/bin/python bench/bench_render.py [--repeat N] [--baseline REV [--rounds N]]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

CODE_ROOT_VARIABLE = "BENCH_CODE_ROOT"
"""Names the directory whose code the cases draw with (default: this checkout)."""
CODE_ROOT = Path(os.environ.get(CODE_ROOT_VARIABLE) or Path(__file__).resolve().parents[1])
sys.path.insert(0, str(CODE_ROOT))

NAMES = ("Alice", "Bob", "Chandra", "Dee")
TITLE = "Your hand — your turn"

Job = Callable[[], bytes]
Cases = list[tuple[str, Job]]
"""Labelled drawings, each returning the PNG it drew."""


def full_hand(players: int = 4) -> Any:
    """The first seeded random 4-player hand that lays all 28 tiles, played to its end."""
    from engine.network import NetworkHand

    for seed in range(1000):
        hand = NetworkHand.deal(players, {}, seed)
        rng = random.Random(seed)
        while not hand.is_over:
            moves = hand.legal_moves()
            plays = [m for m in moves if not m.is_pass]
            hand.apply(rng.choice(plays) if plays else moves[-1])
        if len(hand.layout.placements) == 28:
            return hand
    raise RuntimeError("no seed below 1000 lays all 28 tiles")


def network_cases() -> Cases:
    from engine.network import NetworkHand
    from render import render_network_table

    hand = full_hand()
    totals = [4, 7, 2, 9]
    mid = NetworkHand.deal(4, {}, 7)
    rng = random.Random(7)
    while len(mid.layout.placements) < 12:
        plays = [m for m in mid.legal_moves() if not m.is_pass]
        mid.apply(rng.choice(plays))
    seat = mid.current_player
    assert seat is not None
    tile = max(mid.hands[seat], key=lambda t: len(mid.placements_for(t)))
    ghosts = [mid.preview(move) for move in mid.placements_for(tile)]
    return [
        (
            "table, 28 tiles, hand over",
            lambda: render_network_table(hand, NAMES, totals=totals, target=10),
        ),
        (
            f"table, 12 tiles, {len(ghosts)} ghosts",
            lambda: render_network_table(
                mid, NAMES, totals=totals, target=10, candidates=ghosts, candidate_tile=tile
            ),
        ),
    ]


def line_cases() -> Cases:
    from i18n import Text
    from render import render_line_table
    from tests.render.line_cases import four_arms
    from tests.render.line_views import all_28_line

    totals = [4, 7, 2, 9]
    line = all_28_line().view()
    arms = four_arms()
    german = Text("de")
    return [
        (
            "line, 28 tiles (snaking)",
            lambda: render_line_table(line, NAMES[:2], totals=[40, 55], target=100),
        ),
        (
            "line, spinner, four arms",
            lambda: render_line_table(
                arms, NAMES, totals=totals, target=100, highlight_ends=("E", "N")
            ),
        ),
        (
            "line, four arms, in German",
            lambda: render_line_table(
                arms, NAMES, totals=totals, target=100, highlight_ends=("E", "N"), text=german
            ),
        ),
    ]


def fido_cases() -> Cases:
    from render import render_fido_table
    from tests.render.fido_views import long_double_21

    fido = long_double_21()
    return [
        (
            "fido, double-21, 181 tiles",
            lambda: render_fido_table(
                fido, NAMES[:3], totals=[80, 112, 95], target=200, highlight_ends=("A", "Q")
            ),
        )
    ]


def sackson_cases() -> Cases:
    from render import render_sackson_board
    from tests.render import sackson_views
    from tests.render.sackson_cases import letters

    board = sackson_views.full_board()
    targets = letters(sackson_views.free_squares(board, "dark", "d3"))
    won = sackson_views.network_won()
    empty = sackson_views.sackson_view()
    open_squares = [s for s in sackson_views.ALL_SQUARES if s not in sackson_views.CORNERS]
    every = list(zip(open_squares, sackson_views.two_letter_labels(60), strict=True))
    return [
        (
            f"sackson, 20 pieces, {len(targets)} targets",
            lambda: render_sackson_board(
                board, NAMES[:2], totals=[1, 2], target=3, chosen="d3", targets=targets
            ),
        ),
        (
            "sackson, won by a network",
            lambda: render_sackson_board(won, NAMES[:2], totals=[3, 2], target=3),
        ),
        (
            f"sackson, {len(every)} two-letter targets",
            lambda: render_sackson_board(
                empty, NAMES[:2], totals=[0, 0], target=None, targets=every
            ),
        ),
    ]


def hand_cases() -> Cases:
    from engine.network import NetworkHand
    from render import render_hand

    tiles = NetworkHand.deal(2, {}, 3).hands[0]
    seven = NetworkHand.deal(4, {}, 3).hands[0]
    return [
        (f"hand, {len(tiles)} tiles", lambda: render_hand(tiles, tiles[::2], title=TITLE)),
        (f"hand, {len(seven)} tiles", lambda: render_hand(seven, seven[:3], title=TITLE)),
    ]


def standings_cases() -> Cases:
    from i18n import Text
    from render.tournament import StandingsRow, StandingsTable, render_standings

    standings = StandingsTable(
        "Freitag All Fives · Schweizer System",
        "nach Runde 5 von 7",
        ("Buchholz", "Sonneborn-Berger", "Direkter Vergleich"),
        tuple(
            StandingsRow(place, f"Spieler {place}", f"{(40 - place) / 2:g}", ("12½", "30¼", "1"))
            for place in range(1, 41)
        ),
    )
    german = Text("de")
    return [("standings, 32 rows, German", lambda: render_standings(standings, text=german))]


def big_hand_cases() -> Cases:
    from engine.tiles import double_set
    from render import hand_page_count, render_hand
    from tests.render.fido_cases import big_hand_groups

    big = random.Random(1).sample(double_set(21), 63)
    cases: Cases = []
    for grouping in (None, big_hand_groups(big)):
        pages = hand_page_count(big, groups=grouping)

        def every_page(grouping: Any = grouping, pages: int = pages) -> bytes:
            return b"".join(
                render_hand(
                    big,
                    big[::3],
                    title=TITLE,
                    scoring=big[::7],
                    groups=grouping,
                    page=page,
                )
                for page in range(1, pages + 1)
            )

        kind = "grouped" if grouping else "in order"
        cases.append((f"hand, 63, {pages} pages, {kind}", every_page))
    return cases


PLAYED_GAMES = {"network": 8, "all-fives": 6, "fido": 8, "sackson": 10}
"""The games of the everyday play cases, and how many moves into a hand their position is."""


def mid_game(game: str, moves: int) -> Any:
    """A two-player match of ``game``, ``moves`` seeded random moves (passes only when
    nothing else is legal) into its first hand, which is still being played."""
    from engine.match import Match
    from engine.registry import game_spec

    target = game_spec(game).match.default_target
    for seed in range(100):
        match = Match(game, 2, target=target, seed=seed)
        rng = random.Random(seed)
        for _ in range(moves):
            legal = match.hand.legal_moves()
            plays = [m for m in legal if not getattr(m, "is_pass", False)]
            match.apply(rng.choice(plays or legal))
            if match.hand.is_over or match.hand_number > 1:
                break
        else:
            return match
    raise RuntimeError(f"no seed below 100 keeps a hand of {game} going {moves} moves")


def drawn(picture: bytes | None) -> bytes:
    """A picture the case was chosen for having (checked when the cases are built)."""
    assert picture is not None
    return picture


def play_cases() -> Cases:
    """Each picture of a two-player play, drawn as the bot draws it (its game's adapter)."""
    return [case for game, moves in PLAYED_GAMES.items() for case in one_play(game, moves)]


def one_play(game: str, moves: int) -> Cases:
    """The table, each hand (if the game has hands) and the next player's candidate
    picture of the first subject their controls show, at a mid-game position."""
    from bot.games import adapter_for

    names = NAMES[:2]
    adapter = adapter_for(game)
    match = mid_game(game, moves)
    seat = match.hand.current_player
    assert seat is not None
    subject = adapter.controls(match.hand, seat).subjects[0].key

    def hand_of(player: int) -> Job:
        return lambda: drawn(adapter.hand_picture(match.hand, player, TITLE))

    cases: Cases = [(f"{game} play: table", lambda: adapter.table_picture(match, names))]
    cases.extend(
        (f"{game} play: hand of seat {player}", hand_of(player))
        for player in range(2)
        if adapter.hand_picture(match.hand, player, TITLE) is not None
    )
    if adapter.subject_picture(match, names, seat, subject) is not None:
        cases.append(
            (
                f"{game} play: candidates of {subject}",
                lambda: drawn(adapter.subject_picture(match, names, seat, subject)),
            )
        )
    return cases


GROUPS = (
    network_cases,
    line_cases,
    fido_cases,
    sackson_cases,
    hand_cases,
    standings_cases,
    big_hand_cases,
    play_cases,
)


def all_cases() -> tuple[dict[str, Job], dict[str, str]]:
    """Every case this code can draw, and the groups it cannot (their error)."""
    cases: dict[str, Job] = {}
    failed: dict[str, str] = {}
    for group in GROUPS:
        try:
            cases.update(group())
        except Exception as error:  # an older code root may lack what a group draws
            failed[group.__name__] = f"{type(error).__name__}: {error}"
    return cases, failed


def measure(job: Job, repeat: int) -> tuple[float, int]:
    """Median ms over ``repeat`` runs after one warm-up run, and the output size."""
    size = len(job())
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        job()
        timings.append(time.perf_counter() - start)
    return statistics.median(timings) * 1000, size


def figures(ms: float, size: float) -> str:
    return f"{ms:6.1f} ms {size / 1024:6.1f} KB"


def serve(repeat: int, requests: TextIO, answers: TextIO) -> None:
    """The child's side: say where the code came from and which cases it has, then
    measure each case named on a line of ``requests``, one JSON line each."""
    import bot
    import engine
    import i18n
    import render

    cases, failed = all_cases()
    files = {m.__name__: m.__file__ for m in (bot, engine, render, i18n)}
    answers.write(json.dumps({"files": files, "cases": list(cases), "failed": failed}) + "\n")
    answers.flush()
    for line in requests:
        label = line.rstrip("\n")
        if label in cases:
            ms, size = measure(cases[label], repeat)
            answers.write(json.dumps({"ms": ms, "bytes": size}) + "\n")
        else:
            answers.write(json.dumps({"missing": label}) + "\n")
        answers.flush()


class Child:
    """This script running ``--child`` with another code root, drawing on request."""

    def __init__(self, root: Path, repeat: int) -> None:
        from baseline import check_files_under, code_env

        self.root = root
        env = {**code_env(root), CODE_ROOT_VARIABLE: str(root)}
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--child", "--repeat", str(repeat)],
            cwd=root,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        hello = self._answer()
        self.files: dict[str, str] = hello["files"]
        check_files_under(root, self.files)
        self.cases: list[str] = hello["cases"]
        self.failed: dict[str, str] = hello["failed"]

    def _answer(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the child drawing with {self.root} ended early")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def measure(self, label: str) -> tuple[float, int] | None:
        """Median ms and bytes of the case, or None if this code has no such case."""
        assert self.process.stdin is not None
        self.process.stdin.write(label + "\n")
        self.process.stdin.flush()
        answer = self._answer()
        return None if "missing" in answer else (answer["ms"], answer["bytes"])

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=60)


@dataclass
class Side:
    """One code's figures for a case, a round at a time."""

    ms: list[float]
    size: int

    def median_ms(self) -> float:
        return statistics.median(self.ms)


def against(revision: str, repeat: int, rounds: int) -> None:
    """Every case in the old code and the new, alternating; the two side by side."""
    from baseline import REPO_ROOT, exported, ratio, short_revision

    sha = short_revision(revision)
    with exported(revision) as old_root:
        children = {"old": Child(old_root, repeat), "new": Child(REPO_ROOT, repeat)}
        try:
            for name, child in children.items():
                code = sha if name == "old" else "the working tree"
                print(f"{name} code ({code}): bot from {child.files['bot']}")
                for group, error in child.failed.items():
                    print(f"  cannot draw {group}: {error}")
            print(
                f"median ms and KB over {repeat} runs, each code measured {rounds} time(s) "
                "in turn (the median of those); new ÷ old"
            )
            print(f"{'':41}  {'old ' + sha:^19}  {'new':^19}  {'÷ ms':>5}  {'÷ KB':>5}")
            for label in children["new"].cases:
                sides: dict[str, Side] = {}
                for number in range(rounds):
                    order = list(children) if number % 2 == 0 else list(reversed(children))
                    for name in order:
                        measured = children[name].measure(label)
                        if measured is not None:
                            ms, size = measured
                            sides.setdefault(name, Side([], size)).ms.append(ms)
                new = sides["new"]
                old = sides.get("old")
                if old is None:
                    print(
                        f"{label + ':':41}  {'not in the old code':>19}  "
                        f"{figures(new.median_ms(), new.size)}"
                    )
                    continue
                print(
                    f"{label + ':':41}  {figures(old.median_ms(), old.size)}  "
                    f"{figures(new.median_ms(), new.size)}  "
                    f"{ratio(new.median_ms(), old.median_ms())}  {ratio(new.size, old.size)}",
                    flush=True,
                )
        finally:
            for child in children.values():
                child.close()


def iter_measured(repeat: int) -> Iterator[str]:
    """Each case of this checkout, measured: a line each."""
    cases, failed = all_cases()
    if failed:  # this checkout draws everything it defines
        raise RuntimeError(f"cannot draw: {failed}")
    for label, job in cases.items():
        yield f"{label + ':':41}  {figures(*measure(job, repeat))}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument(
        "--baseline",
        metavar="REV",
        default=None,
        help="also measure every case in the code of git revision REV, alternating",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=2,
        metavar="N",
        help="with --baseline: measurements of each case in each code (default 2)",
    )
    parser.add_argument(
        "--child", action="store_true", help="(internal) measure cases named on stdin"
    )
    args = parser.parse_args()
    if args.child:
        serve(args.repeat, sys.stdin, sys.stdout)
    elif args.baseline is not None:
        if args.rounds < 1:
            parser.error("--rounds is at least 1")
        against(args.baseline, args.repeat, args.rounds)
    else:
        for line in iter_measured(args.repeat):
            print(line, flush=True)


if __name__ == "__main__":
    main()
