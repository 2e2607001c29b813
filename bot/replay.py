"""Replays of a table's hands: the move log played again through the match, one public
table picture per state, assembled into an animation (``render.replay``), and the hand's
game record (``engine.record``) beside it.

Only table pictures go in: they are what the channel saw. A hand's picture is private and
never drawn here, so a replay of a hand still in play shows nothing hidden.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from bot import pictures
from bot.games import adapter_for
from bot.store import MoveRecord, TableRecord
from engine.game import HandState, public
from engine.match import Match
from engine.record import (
    GameRecord,
    LoggedMove,
    finished_hands,
    match_at_hand,
    record_hand,
    write_record,
)
from render.replay import Frame, ReplayFormat, assemble

JSON = dict[str, Any]

PLAY_MS: Final = 900
SCORING_MS: Final = 2200
"""A play that scored stays up longer, so the score can be read."""
FINAL_MS: Final = 6000
"""The hand as it ended: held before the replay loops."""


@dataclass(frozen=True, slots=True)
class HandReplay:
    """What ``/<game> replay`` posts for one hand: the animation and the record text."""

    hand_number: int
    picture: bytes
    format: ReplayFormat
    record: str

    def filenames(self, table_id: int) -> tuple[str, str]:
        stem = f"table-{table_id}-hand-{self.hand_number}"
        return f"{stem}.{self.format}", f"{stem}.txt"


def logged(moves: Iterable[MoveRecord]) -> list[LoggedMove]:
    return [LoggedMove(move.hand_number, move.seat, move.notation) for move in moves]


def hand_frames(
    match: Match, names: Sequence[str], moves: Sequence[LoggedMove], hand_number: int
) -> list[Frame]:
    """The table after the deal, then after every move of hand ``hand_number`` (moves +
    1 frames), each shown longer when its move scored; the last one is the picture the
    bot posts when the hand ends. ``match`` gives only the setup (game, seats, target,
    seed, options): the hand is played again from the start of the match."""
    replayed = match_at_hand(
        match.game, match.players, match.target, match.seed, match.options, moves, hand_number
    )
    adapter = adapter_for(match.game)
    hand: HandState[Any] = replayed.hand
    pictures = [adapter.table_picture(replayed, names, hand=hand)]
    points = [0]
    for move in moves:
        if move.hand_number != hand_number:
            continue
        events = replayed.play(move.seat, move.notation)
        points.append(sum(event.points for event in public(events)))
        pictures.append(adapter.table_picture(replayed, names, hand=hand))
    durations = [SCORING_MS if scored else PLAY_MS for scored in points]
    durations[-1] = FINAL_MS
    last = len(pictures) - 1
    captions = ["Deal"] + [f"Move {number} of {last}" for number in range(1, last + 1)]
    return [
        Frame(png, ms, caption)
        for png, ms, caption in zip(pictures, durations, captions, strict=True)
    ]


def hand_record(
    match: Match, names: Sequence[str], moves: Sequence[LoggedMove], hand_number: int
) -> GameRecord:
    """The game record of hand ``hand_number`` (the deal revealed only if it is over)."""
    return record_hand(
        match.game,
        match.players,
        names,
        match.target,
        match.seed,
        match.options,
        moves,
        hand_number,
    )


def replay_hand(
    match: Match, names: Sequence[str], moves: Sequence[LoggedMove], hand_number: int
) -> tuple[bytes, ReplayFormat]:
    """Hand ``hand_number`` as an animated WebP, or a contact sheet PNG when too big."""
    return assemble(hand_frames(match, names, moves, hand_number))


def build_replay(
    match: Match, names: Sequence[str], moves: Sequence[LoggedMove], hand_number: int
) -> HandReplay:
    picture, fmt = replay_hand(match, names, moves, hand_number)
    record = write_record(hand_record(match, names, moves, hand_number))
    return HandReplay(hand_number, picture, fmt, record)


def last_finished_hand(match: Match, moves: Sequence[LoggedMove]) -> int | None:
    hands = finished_hands(moves, match)
    return hands[-1] if hands else None


def _replay_job(
    match: JSON, names: list[str], moves: list[tuple[int, int, str]], hand: int
) -> HandReplay:
    """In a drawing worker: everything is plain data on the way in."""
    return build_replay(Match.from_json(match), names, [LoggedMove(*m) for m in moves], hand)


async def table_replay(
    record: TableRecord, moves: Sequence[MoveRecord], hand_number: int
) -> HandReplay:
    """A table's hand replayed off the event loop (in the drawing workers when the bot
    runs them)."""
    if record.state is None:
        raise ValueError("the table has not started")
    names = [seat.name for seat in record.seats]
    plain = [(move.hand_number, move.seat, move.notation) for move in moves]
    return await pictures.draw_off_loop(_replay_job, dict(record.state), names, plain, hand_number)


def table_replays(record: TableRecord, moves: Sequence[MoveRecord]) -> list[HandReplay]:
    """Every finished hand of a table, replayed (for the command line)."""
    if record.state is None:
        return []
    match = Match.from_json(record.state)
    names = [seat.name for seat in record.seats]
    log = logged(moves)
    return [build_replay(match, names, log, number) for number in finished_hands(log, match)]
