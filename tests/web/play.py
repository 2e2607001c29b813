"""Playing a table through its pages: whoever's page says it is their turn taps, until
the game (or the hand) is over; and comparing what the pages show with the channel's
table message on the fake Discord."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Awaitable, Callable

from tests.bot.e2e.harness import TableDriver
from tests.fakediscord import Message
from tests.web.pages import WAIT_MS, TablePage

NEXT_MOVER_JS = """v => {
  const app = document.getElementById('app').dataset;
  return Number(app.version) >= v && (app.onTurn === 'true' || app.status !== 'playing');
}"""
_USER_MENTION = re.compile(r"<@!?(\d+)>")
_COMMAND_MENTION = re.compile(r"</([^:>]+):\d+>")
_TIMESTAMP = re.compile(r"<t:-?\d+(?::[tTdDfFR])?>")


async def next_mover(pages: list[TablePage], version: int) -> TablePage | None:
    """Wait until one of ``pages``, showing ``version`` or newer, says it is its reader's
    turn (that page) or that the game is no longer being played (None)."""
    waits = {
        asyncio.ensure_future(
            p.page.wait_for_function(NEXT_MOVER_JS, arg=version, timeout=WAIT_MS)
        ): p
        for p in pages
    }
    done, pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    for task in pending:
        with contextlib.suppress(BaseException):
            await task
    first = done.pop()
    first.result()  # a timeout is the test's failure
    page = waits[first]
    return page if await page.on_turn() else None


async def play_until(
    pages: list[TablePage],
    over: Callable[[], Awaitable[bool]],
    *,
    limit: int,
    choose: Callable[[TablePage, int], Awaitable[str]] | None = None,
    after_each: Callable[[TablePage], Awaitable[None]] | None = None,
) -> list[str]:
    """Each reader plays when their page says it is their turn, until ``over()`` or the
    game is no longer being played; the moves played. ``choose(page, n)`` plays the
    ``n``-th move (default: the first playable tile on its first place, else the first
    action); ``after_each(mover)`` runs after every move."""
    moves: list[str] = []
    version = max([await p.version() for p in pages])
    while not await over():
        mover = await next_mover(pages, version)
        if mover is None:
            break
        move = await (choose(mover, len(moves)) if choose else mover.play_a_turn())
        moves.append(f"{mover.name}: {move}")
        version = await mover.version()
        if after_each is not None:
            await after_each(mover)
        assert len(moves) <= limit, f"not over within {limit} moves: {moves}"
    return moves


def shown_as_on_page(message: Message, names: dict[int, str]) -> list[str]:
    """The table message's lines as the page shows them: mentions as names, commands as
    their names, bold as plain text."""
    text = _USER_MENTION.sub(lambda m: names.get(int(m.group(1)), "…"), message.text)
    text = _COMMAND_MENTION.sub(lambda m: "/" + m.group(1), text)
    return [line.replace("**", "").strip() for line in text.split("\n")]


def _as_pattern(channel_line: str) -> re.Pattern[str]:
    """A channel line as a pattern of the page's line: a Discord timestamp
    (``<t:…:R>``) is shown by the page in words ("in 5 minutes")."""
    parts = _TIMESTAMP.split(channel_line.replace("\\", ""))
    return re.compile(".+".join(re.escape(part) for part in parts) + "$")


def _not_in_channel(shown: list[str], message: Message, names: dict[int, str]) -> list[str]:
    patterns = [_as_pattern(line) for line in shown_as_on_page(message, names)]
    return [
        line
        for line in (line.replace("\\", "") for line in shown)
        if line and not any(p.match(line) for p in patterns)
    ]


async def page_matches_channel(page: TablePage, table: TableDriver, names: dict[int, str]) -> None:
    """Wait until the channel's table message shows what the page shows: each of the
    page's lines (the game, the scores, whose turn or the result) is a line of it."""
    shown = await page.lines()
    assert shown, "the page shows no lines"
    try:
        await table.fake.wait_until(
            lambda: not _not_in_channel(shown, table.table(), names) or None,
            timeout=20,
            what="the table message to show what the page shows",
        )
    except Exception:
        missing = _not_in_channel(shown, table.table(), names)
        raise AssertionError(
            f"page lines not in the table message: {missing}\n{table.table().text}"
        ) from None
