"""The bot's clock: the real time, or (``CLOCK_FILE``, for tests only) the real time moved
on by the number of seconds a file holds, so an end-to-end test can let two days pass in
a second. The file is read again whenever it changes; a missing or empty file is 0."""

from __future__ import annotations

import os
from datetime import datetime, timedelta
from pathlib import Path

from bot.store import Clock, utc_now


class FileClock:
    """``utc_now()`` plus the offset in ``path`` (seconds, a decimal number)."""

    def __init__(self, path: Path) -> None:
        self._path = path
        self._seen: int | None = None
        self._offset = timedelta()

    def __call__(self) -> datetime:
        try:
            changed = os.stat(self._path).st_mtime_ns
        except FileNotFoundError:
            changed = None
        if changed != self._seen:
            self._seen = changed
            text = "" if changed is None else self._path.read_text().strip()
            self._offset = timedelta(seconds=float(text or 0))
        return utc_now() + self._offset


def bot_clock(clock_file: Path | None) -> Clock:
    """The clock every part of the bot reads."""
    return utc_now if clock_file is None else FileClock(clock_file)
