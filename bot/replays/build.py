"""Replays of a table's hands: the move log played again through the match, one public
table picture per state, assembled into an animation (``render.replay``), and the hand's
game record (``engine.record``) beside it.

Every frame is drawn into one canvas, measured once over all the hand's states
(``render.kit.canvas``): the picture keeps its size, and the header and the score table
their place, from the deal to the end.

Only table pictures go in: they are what the channel saw. A hand's picture is private and
never drawn here, so a replay of a hand still in play shows nothing hidden.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Final

from bot.games import adapter_for
from bot.games.words import ENGLISH, words_for
from bot.publishing import pictures
from bot.store import MoveRecord, TableRecord
from bot.tables.languages import table_text
from bot.tables.service import seat_names
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
from engine.registry import game_spec, hand_from_json
from i18n import Text
from render.kit.canvas import Canvas, drawn_on, measure
from render.kit.deal import showing_the_deal
from render.replay import CAPTION_PAD, Frame, ReplayFormat, assemble

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
    round_word: str = "hand"
    """What the game calls one deal ("hand", "game"), for the file names."""

    def filenames(self, table_id: int) -> tuple[str, str]:
        stem = f"table-{table_id}-{self.round_word}-{self.hand_number}"
        return f"{stem}.{self.format}", f"{stem}.txt"


def logged(moves: Iterable[MoveRecord]) -> list[LoggedMove]:
    return [LoggedMove(move.hand_number, move.seat, move.notation) for move in moves]


@dataclass(frozen=True, slots=True)
class FrameState:
    """What one frame shows: the match at that moment (totals, target) and the hand as
    it lay, as plain JSON (a drawing worker gets it), and the points the move scored."""

    match: JSON
    hand: JSON
    points: int


def hand_states(match: Match, moves: Sequence[LoggedMove], hand_number: int) -> list[FrameState]:
    """The states of hand ``hand_number``: after the deal, then after every move (moves +
    1). ``match`` gives only the setup (game, seats, target, seed, options): the hand is
    played again from the start of the match."""
    replayed = match_at_hand(
        match.game, match.players, match.target, match.seed, match.options, moves, hand_number
    )
    hand: HandState[Any] = replayed.hand
    states = [FrameState(replayed.to_json(), hand.to_json(), 0)]
    for move in moves:
        if move.hand_number == hand_number:
            events = replayed.play(move.seat, move.notation)
            points = sum(event.points for event in public(events))
            states.append(FrameState(replayed.to_json(), hand.to_json(), points))
    return states


def draw_state(
    game: str,
    names: Sequence[str],
    state: FrameState,
    canvas: Canvas,
    text: Text = ENGLISH,
    index: int = 1,
) -> bytes:
    """A state's public table picture, drawn as the bot draws it for the channel (in the
    table's language), into the replay's ``canvas`` (the last state's is the picture posted
    when the hand ended, on a canvas that an earlier state may have made taller or wider)."""
    shown = _parsed(state)
    with drawn_on(canvas):
        return _dealt(index, shown, partial(_table_picture, game, names, shown, text))


def replay_canvas(
    game: str, names: Sequence[str], states: Sequence[FrameState], text: Text = ENGLISH
) -> Canvas:
    """The canvas every state's picture fits: each one measured, nothing painted."""
    return _covering(game, names, [_parsed(state) for state in states], text)


Shown = tuple[Match, HandState[Any]]
"""A state as its picture is drawn from: the match, and the hand as it lay."""


def _dealt(index: int, shown: Shown, draw: Callable[[], bytes]) -> bytes:
    """``draw()``; the first frame (the deal) with each seat's dealt tiles face down in
    its table area, which is as big as the hand's fullest table (``render.kit.deal``)."""
    sizes = shown[1].view(None).get("hand_sizes") if index == 0 else None
    if not sizes:
        return draw()
    with showing_the_deal([int(size) for size in sizes]):
        return draw()


def _parsed(state: FrameState) -> Shown:
    return Match.from_json(state.match), hand_from_json(state.hand)


def _covering(
    game: str, names: Sequence[str], shown: Sequence[Shown], text: Text = ENGLISH
) -> Canvas:
    return Canvas.covering(
        measure(partial(_table_picture, game, names, one, text)) for one in shown
    )


def _table_picture(game: str, names: Sequence[str], shown: Shown, text: Text = ENGLISH) -> bytes:
    match, hand = shown
    return adapter_for(game).table_picture(match, names, hand=hand, text=text)


def frames(
    states: Sequence[FrameState], drawn: Sequence[bytes], canvas: Canvas, text: Text = ENGLISH
) -> list[Frame]:
    """The states' pictures as frames: a scoring move shown longer, the end held, each but the
    last captioned with its move (in the table's language: a replay is posted for all), just
    under the header of the ``canvas`` they were drawn on."""
    durations = [SCORING_MS if state.points else PLAY_MS for state in states]
    durations[-1] = FINAL_MS
    last = len(states) - 1
    captions = [text._("Deal")] + [
        text._("Move {number} of {last}", number=number, last=last) for number in range(1, last + 1)
    ]
    below_header = canvas.header_height + CAPTION_PAD
    return [
        Frame(png, ms, caption, below_header)
        for png, ms, caption in zip(drawn, durations, captions, strict=True)
    ]


def hand_frames(
    match: Match,
    names: Sequence[str],
    moves: Sequence[LoggedMove],
    hand_number: int,
    text: Text = ENGLISH,
) -> list[Frame]:
    """Every frame of hand ``hand_number``, drawn here (see :func:`table_replay` for the
    bot's way, in the drawing workers)."""
    states = hand_states(match, moves, hand_number)
    shown = [_parsed(state) for state in states]  # once, for measuring and for drawing
    canvas = _covering(match.game, names, shown, text)
    with drawn_on(canvas):
        drawn = [
            _dealt(index, one, partial(_table_picture, match.game, names, one, text))
            for index, one in enumerate(shown)
        ]
    return frames(states, drawn, canvas, text)


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
    match: Match,
    names: Sequence[str],
    moves: Sequence[LoggedMove],
    hand_number: int,
    text: Text = ENGLISH,
) -> tuple[bytes, ReplayFormat]:
    """Hand ``hand_number`` as an animated WebP, or a contact sheet PNG when too big."""
    return assemble(hand_frames(match, names, moves, hand_number, text))


def build_replay(
    match: Match,
    names: Sequence[str],
    moves: Sequence[LoggedMove],
    hand_number: int,
    text: Text = ENGLISH,
) -> HandReplay:
    """The animation and the record of hand ``hand_number``, drawn here."""
    picture, fmt = replay_hand(match, names, moves, hand_number, text)
    record = write_record(hand_record(match, names, moves, hand_number))
    return HandReplay(hand_number, picture, fmt, record, _round_word(match.game))


def last_finished_hand(match: Match, moves: Sequence[LoggedMove]) -> int | None:
    hands = finished_hands(moves, match)
    return hands[-1] if hands else None


def _states_job(
    match: JSON,
    names: list[str],
    moves: list[tuple[int, int, str]],
    hand_number: int,
    text: Text = ENGLISH,
) -> tuple[list[FrameState], Canvas, str]:
    """In a drawing worker: the hand played again, the canvas of its frames, its record."""
    setup = Match.from_json(match)
    log = [LoggedMove(*move) for move in moves]
    record = write_record(hand_record(setup, names, log, hand_number))
    states = hand_states(setup, log, hand_number)
    return states, replay_canvas(setup.game, names, states, text), record


async def table_replay(
    record: TableRecord, moves: Sequence[MoveRecord], hand_number: int
) -> HandReplay:
    """A table's hand replayed off the event loop, in the drawing workers when the bot
    runs them: the replay first, then each frame as a drawing of its own (so the
    pictures players are waiting for still go first, and several workers share the
    frames), then the assembly."""
    if record.state is None:
        raise ValueError("the table has not started")
    names = seat_names(record)
    text = table_text(record)
    plain = [(move.hand_number, move.seat, move.notation) for move in moves]
    states, canvas, written = await pictures.draw_off_loop(
        _states_job, dict(record.state), names, plain, hand_number, text
    )
    drawn = await asyncio.gather(
        *(
            pictures.draw_off_loop(draw_state, record.game, names, state, canvas, text, index)
            for index, state in enumerate(states)
        )
    )
    picture, fmt = await pictures.draw_off_loop(assemble, frames(states, drawn, canvas, text))
    return HandReplay(hand_number, picture, fmt, written, _round_word(record.game))


def table_replays(record: TableRecord, moves: Sequence[MoveRecord]) -> list[HandReplay]:
    """Every finished hand of a table, replayed (for the command line)."""
    if record.state is None:
        return []
    match = Match.from_json(record.state)
    names = seat_names(record)
    log = logged(moves)
    text = table_text(record)
    return [build_replay(match, names, log, number, text) for number in finished_hands(log, match)]


def _round_word(game: str) -> str:
    return words_for(game_spec(game)).round
