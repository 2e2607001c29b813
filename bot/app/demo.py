"""``domino-tables demo [--out DIR]``: the README's pictures, drawn as the bot draws them.

Computer players play matches from pinned seeds, each stopped at a pinned moment, and
every picture comes from the same code the bot runs for that message (the adapters'
``table_picture``, ``subject_picture`` and ``hand_picture``, and the replay that
``/<game> replay`` posts) with the names and titles the bot would pass. So the pictures
in ``docs/pictures/`` never drift from what players see: run it again with ``--out
docs/pictures`` after a change to the drawing and commit what it writes (without
``--out`` it writes into ``demo-pictures/`` in the current folder). Same seeds, same
moves, same bytes: two runs write identical files.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from bot.games import adapter_for
from bot.publishing.alt_text import candidates_alt_text, hand_alt_text, table_alt_text
from bot.replays.build import replay_hand
from engine.match import Match
from engine.record import LoggedMove
from engine.registry import game_spec
from engine.rng import derive_seed
from i18n import text_in

NAMES: Final = ("alice", "bob", "carol", "dave")
TABLE_ID: Final = 1
"""The table number the hand picture's title names, as the bot titles a DM's picture."""
LEVEL: Final = "normal"
"""Every computer plays at normal: like every level it decides from its view and seed
alone, and it is the quickest level that still plays a sensible game to look at."""


@dataclass(frozen=True, slots=True)
class Moment:
    """A computer-only match from ``seed``, stopped after ``turns`` moves (None: played
    to its end)."""

    game: str
    players: int
    seed: int
    turns: int | None
    target: int | None
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        return list(NAMES[: self.players])

    def play(self) -> Match:
        spec = game_spec(self.game)
        match = Match(
            self.game, self.players, self.target, self.seed, spec.check_options(self.options)
        )
        turn = 0
        while not match.is_over and (self.turns is None or turn < self.turns):
            match.play(seat_to_play(match), next_move(match, turn))
            turn += 1
        return match


def seat_to_play(match: Match) -> int:
    """The seat whose turn it is (a pinned moment is always someone's turn)."""
    seat = match.hand.current_player
    if seat is None:
        raise RuntimeError(f"nobody is to play in {match.game} at this moment")
    return seat


def next_move(match: Match, turn: int) -> str:
    """The computer's move for the seat to play, from that seat's view alone, seeded as
    the bot seeds it (the match seed and the turn)."""
    seat = seat_to_play(match)
    seed = derive_seed(match.seed, "computer", turn)
    return str(game_spec(match.game).computer(match.hand.view(seat), seed, LEVEL))


@dataclass(frozen=True, slots=True)
class Picture:
    """One PNG and the words the bot would attach to it as alt text."""

    data: bytes
    alt_text: str


NETWORK = Moment("network", 4, seed=3, turns=25, target=10)
"""Network dominoes mid-hand, 13 tiles laid and a ring closed: the player to move has
picked the tile they are about to play and sees its numbered places."""
ALL_FIVES = Moment("all-fives", 4, seed=1, turns=14, target=100)
"""All Fives: the spinner (the first double, 5-5) has tiles on all four sides."""
FIDO = Moment("fido", 4, seed=2, turns=24, target=None)
"""FIDO, double-12 divisor 7: a line branching at crosswise doubles."""
SACKSON = Moment("sackson", 2, seed=2, turns=None, target=None)
"""Sackson's Network, one game played to the end: Dark's winning network of seven."""
SPANISH = Moment("all-fives", 3, seed=4, turns=9, target=100)
"""All Fives at a table whose language is Spanish: carol's 1-0 has just scored 10, and
every word on the picture (whose turn, the open-end total, the boneyard, the score
table's headings) is in Spanish."""
HAND = FIDO
"""The hand picture: the FIDO player's own tiles at the moment the FIDO line shows,
grouped by difference, playable ones lit and scoring ones marked."""


def network_candidates() -> Picture:
    """Where the Network player's chosen tile can go, numbered (their private picture)."""
    match = NETWORK.play()
    seat = seat_to_play(match)
    tile = next_move(match, NETWORK.turns or 0).split()[0]
    adapter = adapter_for(match.game)
    data = adapter.subject_picture(match, NETWORK.names, seat, tile)
    if data is None:
        raise RuntimeError(f"{tile} has no candidates picture at this moment")
    targets = adapter.targets(match.hand, seat, tile)
    return Picture(data, candidates_alt_text(tile, targets))


def table(moment: Moment, language: str = "en") -> Picture:
    """The public table picture at ``moment``: the hand as it ended when the match did
    (as the bot's end-of-hand announcement draws it), in the table's ``language``."""
    match = moment.play()
    finished = match.last_hand if match.is_over else None
    adapter = adapter_for(match.game)
    text = text_in(language)
    data = adapter.table_picture(match, moment.names, hand=finished, text=text)
    shown = finished if finished is not None else match.hand
    alt = table_alt_text(match.game, TABLE_ID, moment.names, match, shown, text)
    return Picture(data, alt)


def private_hand() -> Picture:
    """A player's own tiles, titled as the bot titles the DM's picture."""
    match = HAND.play()
    seat = seat_to_play(match)
    round_word = game_spec(match.game).round_word
    title = f"Table {TABLE_ID} · {round_word} {match.hand_number}"
    data = adapter_for(match.game).hand_picture(match.hand, seat, title)
    if data is None:
        raise RuntimeError(f"{match.game} has no hand picture")
    return Picture(data, hand_alt_text(match.game, title, match.hand, seat))


# ---------------------------------------------------------------- the animated replay
REPLAY: Final = ALL_FIVES
"""The replay animates the first hand of the All Fives match the line picture shows."""


def replay_moves() -> tuple[Match, list[LoggedMove]]:
    """The first hand of :data:`REPLAY` played to its end: the match as dealt, and the
    move log a table would have stored."""
    spec = game_spec(REPLAY.game)
    options = spec.check_options(REPLAY.options)
    dealt = Match(REPLAY.game, REPLAY.players, REPLAY.target, REPLAY.seed, options)
    played = Match.from_json(dealt.to_json())
    moves: list[LoggedMove] = []
    while played.last_hand is None:
        seat = seat_to_play(played)
        move = next_move(played, len(moves))
        played.play(seat, move)
        moves.append(LoggedMove(1, seat, move))
    return dealt, moves


def replay() -> Picture:
    """The hand animated exactly as ``/dominoes replay`` posts it."""
    dealt, moves = replay_moves()
    data, fmt = replay_hand(dealt, REPLAY.names, moves, 1)
    if fmt != "webp":
        raise RuntimeError(f"the demo hand became a {fmt} contact sheet, not an animation")
    alt = (
        f"An animated replay of an All Fives hand: the deal, then each of its {len(moves)} "
        "plays in turn, scoring plays held longer, ending on the hand as it ended."
    )
    return Picture(data, alt)


PICTURES: Final[dict[str, Callable[[], Picture]]] = {
    "network-candidates.png": network_candidates,
    "all-fives.png": lambda: table(ALL_FIVES),
    "fido.png": lambda: table(FIDO),
    "sackson.png": lambda: table(SACKSON),
    "hand.png": private_hand,
    "replay.webp": replay,
    "all-fives-es.png": lambda: table(SPANISH, "es"),
}
"""Every picture the command writes, by file name, in README order."""


# ---------------------------------------------------------------- the command
def write_pictures(out: Path, only: Sequence[str] | None = None) -> list[tuple[Path, Picture]]:
    """Draw every picture (or the ``only`` ones, by file name) into ``out``."""
    return list(each_picture_written(out, only))


def each_picture_written(
    out: Path, only: Sequence[str] | None = None
) -> Iterator[tuple[Path, Picture]]:
    """Draw and write the pictures one by one, yielding each as soon as it is on disk."""
    names = list(PICTURES) if only is None else list(only)
    unknown = [name for name in names if name not in PICTURES]
    if unknown:
        raise ValueError(f"no such picture: {', '.join(unknown)}")
    out.mkdir(parents=True, exist_ok=True)
    for name in names:
        picture = PICTURES[name]()
        path = out / name
        path.write_bytes(picture.data)
        yield path, picture


def write_and_list(out: Path) -> int:
    """``domino-tables demo``: write every picture into ``out``, printing each as it lands;
    the exit status (2: ``out`` cannot be written)."""
    try:
        for path, picture in each_picture_written(out):
            print(f"{path} ({len(picture.data) / 1000:.1f} kB): {picture.alt_text}", flush=True)
    except BrokenPipeError:
        raise  # the reader of the list is gone, not the folder: the command line ends quietly
    except OSError as exc:
        print(f"domino-tables demo: cannot write to {out}: {exc}", file=sys.stderr)
        return 2
    return 0
