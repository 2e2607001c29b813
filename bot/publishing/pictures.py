"""PNG pictures for Discord messages, drawn off the event loop by the table's game adapter.

Drawing takes 2–40 ms of CPU a picture, most of it holding Python's GIL: in a worker
thread it would still slow the gateway heartbeat and other tables' interactions. So
pictures are drawn in worker processes (:func:`use_processes`, set up at start), which
get the state as JSON; without them (tests of the parts) a thread draws them. The
pictures of an answer to an interaction go to the workers before the others
(:mod:`bot.publishing.drawing_queue`).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import multiprocessing
import multiprocessing.connection
import multiprocessing.context
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, Final, TypeVar

import discord

from bot.games import adapter_for
from bot.games.base import Target
from bot.games.words import ENGLISH, words_for
from bot.metrics.measures import PICTURE_SECONDS
from bot.publishing.alt_text import candidates_alt_text, hand_alt_text, table_alt_text, within_limit
from bot.publishing.drawing_queue import DrawingQueue
from bot.store import TableRecord
from bot.tables.languages import seat_text, table_text
from bot.tables.service import PlayerSeat, seat_names
from engine.game import HandState
from engine.match import Match
from engine.registry import game_spec, hand_from_json
from i18n import Text
from render.ranking import RankingTable, render_ranking
from render.tournament import StandingsTable, render_standings

JSON = dict[str, Any]
T = TypeVar("T")

TABLE_FILE = "table.png"
HAND_FILE = "hand.png"
CANDIDATES_FILE = "candidates.png"
FINISHED_FILE = "hand-over.png"
RANKING_FILE = "ranking.png"
STANDINGS_FILE = "standings.png"
HINT_FILE = "hint.png"

_queue: DrawingQueue | None = None


def use_processes(workers: int) -> Executor | None:
    """Draw in ``workers`` processes from now on (0: in a thread); the caller ends the
    returned pool with :func:`stop_processes`. Spawned, not forked: the bot runs threads.
    One drawing more than there are workers is handed over at a time, so a worker never
    waits for the event loop to give it the next one."""
    global _queue
    if workers <= 0:
        _queue = None
        return None
    executor = ProcessPoolExecutor(
        workers, mp_context=_QuietSpawnContext(), initializer=_drawing_process_started
    )
    _queue = DrawingQueue(executor, workers + 1)
    return executor


async def stop_processes(executor: Executor | None) -> None:
    """Let the drawing processes finish the pictures they hold, and end them: what a
    stop does (they ignore the stop signals themselves, Ctrl-C's included)."""
    if executor is not None:
        await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)


STOP_SIGNALS: Final = frozenset({signal.SIGINT, signal.SIGTERM})
"""What a drawing process ignores: the bot's process is told to stop, and it ends them."""


@contextlib.contextmanager
def _stop_signals_blocked() -> Iterator[None]:
    """Hold the stop signals back from this thread meanwhile (they wait, none is lost):
    a process started now inherits the block, so Ctrl-C cannot interrupt it before it
    has set itself to ignore them (:func:`_drawing_process_started`)."""
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)


class _QuietSpawnProcess(multiprocessing.context.SpawnProcess):
    """A spawned drawing process, started with the stop signals blocked."""

    def start(self) -> None:
        with _stop_signals_blocked():
            super().start()


class _QuietSpawnContext(multiprocessing.context.SpawnContext):
    """Spawns :class:`_QuietSpawnProcess` processes."""

    Process = _QuietSpawnProcess


def _drawing_process_started() -> None:
    """In a drawing process, first: ignore the stop signals (Ctrl-C reaches the whole
    process group; the bot's process ends its drawing processes, quietly) and take them
    off the block it started with; then end with the bot's process, however it ends."""
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    _exit_with_parent()


def _exit_with_parent() -> None:
    """End this process when the bot's process ends, however it ends. A killed bot never
    says goodbye, and a worker waiting for work would otherwise wait forever (it holds
    its queue's write end itself, so it never sees end-of-file)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


async def draw_off_loop(function: Callable[..., T], *args: Any) -> T:
    """Run a drawing job where pictures are drawn (the drawing workers, or a thread when
    there are none): never on the event loop. Timed by picture kind (the function's name:
    ``table``, ``hand``, ``subject``, ``hint``, ``ranking``)."""
    kind = function.__name__.strip("_").removesuffix("_png").removeprefix("render_")
    with PICTURE_SECONDS.labels(kind).time():
        if _queue is None:
            return await asyncio.to_thread(function, *args)
        return await _queue.run(function, *args)


def _table_png(game: str, match: JSON, names: list[str], hand: JSON | None, text: Text) -> bytes:
    shown = None if hand is None else hand_from_json(hand)
    return adapter_for(game).table_picture(Match.from_json(match), names, hand=shown, text=text)


def _hand_png(game: str, match: JSON, seat: int, title: str, page: int, text: Text) -> bytes | None:
    return adapter_for(game).hand_picture(Match.from_json(match).hand, seat, title, page, text=text)


def _subject_png(
    game: str, match: JSON, names: list[str], seat: int, subject: str, text: Text
) -> bytes | None:
    return adapter_for(game).subject_picture(
        Match.from_json(match), names, seat, subject, text=text
    )


async def table_picture(
    record: TableRecord, match: Match, text: Text | None = None
) -> discord.File:
    """The current hand's table with the running totals: public, in the table's language;
    ``text``: shown to one reader, in theirs."""
    names = seat_names(record)
    text = text or table_text(record)
    data = await draw_off_loop(_table_png, record.game, match.to_json(), names, None, text)
    alt = table_alt_text(record.game, record.id, names, match, match.hand, text)
    return _file(data, TABLE_FILE, alt)


async def finished_hand_picture(
    record: TableRecord, hand: HandState[Any], match: Match
) -> discord.File:
    """A hand as it ended, for the end-of-hand announcement (public)."""
    names = seat_names(record)
    text = table_text(record)
    data = await draw_off_loop(
        _table_png, record.game, match.to_json(), names, hand.to_json(), text
    )
    alt = table_alt_text(record.game, record.id, names, match, hand, text)
    return _file(data, FINISHED_FILE, alt)


async def hand_picture(player: PlayerSeat, page: int = 0) -> discord.File | None:
    """A player's own tiles, playable ones marked (private: only ever sent to them, in
    their language); ``page`` of a hand too long for one picture. None for a game without
    hands."""
    spec = game_spec(player.record.game)
    if not spec.has_hands:
        return None
    text = seat_text(player.record, player.seat)
    title = text._(
        "Table {table} · {round}",
        table=player.record.id,
        round=words_for(spec).numbered(text, player.match.hand_number),
    )
    data = await draw_off_loop(
        _hand_png, player.record.game, player.match.to_json(), player.seat, title, page, text
    )
    if data is None:
        return None
    alt = hand_alt_text(player.record.game, title, player.hand, player.seat, text)
    return _file(data, HAND_FILE, alt)


async def seat_picture(player: PlayerSeat, page: int = 0) -> discord.File:
    """A player's own picture: their hand, or the board in a game with nothing hidden."""
    hand = await hand_picture(player, page)
    if hand is not None:
        return hand
    return await table_picture(player.record, player.match, seat_text(player.record, player.seat))


async def subject_picture(
    player: PlayerSeat, subject: str, targets: Sequence[Target]
) -> discord.File:
    """Where the chosen subject can go (private), or the hand when the game has no such
    picture for it."""
    return await candidates_picture(player, subject, targets) or await seat_picture(player)


async def candidates_picture(
    player: PlayerSeat, subject: str, targets: Sequence[Target]
) -> discord.File | None:
    """Where the chosen subject can go (private), its ``targets`` in the alt text; None
    when the game has no such picture for it (a lead: the hand picture says more)."""
    data = await _draw_for_seat(_subject_png, player, subject)
    if data is None:
        return None
    text = seat_text(player.record, player.seat)
    return _file(data, CANDIDATES_FILE, candidates_alt_text(subject, targets, text))


def _hint_png(
    game: str, match: JSON, names: list[str], seat: int, move: str, text: Text
) -> bytes | None:
    return adapter_for(game).hint_picture(Match.from_json(match), names, seat, move, text=text)


async def hint_picture(player: PlayerSeat, move: str) -> discord.File:
    """The seat's picture with the hinted move marked (private), or the seat's own
    picture when the move has no place to mark (a draw, a pass, a lead)."""
    data = await _draw_for_seat(_hint_png, player, move)
    if data is None:
        return await seat_picture(player)
    text = seat_text(player.record, player.seat)
    alt = text._("The hard computer's move, {move}, marked on the table.", move=move)
    return _file(data, HINT_FILE, alt)


def _ranking_png(table: RankingTable, text: Text) -> bytes:
    return render_ranking(table, text=text)


def _standings_png(table: StandingsTable, text: Text) -> bytes:
    return render_standings(table, text=text)


async def standings_picture(
    table: StandingsTable, alt_text: str, text: Text = ENGLISH
) -> discord.File:
    """A tournament's standings (public: places, names, points and tie-breaks), its
    headings in ``text``'s language."""
    return _file(await draw_off_loop(_standings_png, table, text), STANDINGS_FILE, alt_text)


async def ranking_picture(table: RankingTable, alt_text: str, text: Text = ENGLISH) -> discord.File:
    """A league's ranking (public: positions, names and ratings), its headings in
    ``text``'s language."""
    return _file(await draw_off_loop(_ranking_png, table, text), RANKING_FILE, alt_text)


async def _draw_for_seat(
    draw: Callable[[str, JSON, list[str], int, str, Text], bytes | None],
    player: PlayerSeat,
    what: str,
) -> bytes | None:
    """``draw`` of ``what`` (a subject, a move) on the table as ``player``'s seat sees it,
    its words in the player's language."""
    match, names = player.match.to_json(), seat_names(player.record)
    text = seat_text(player.record, player.seat)
    return await draw_off_loop(draw, player.record.game, match, names, player.seat, what, text)


def _file(data: bytes, filename: str, description: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=filename, description=within_limit(description))
