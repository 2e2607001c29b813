"""A clean stop of every process command: SIGTERM (what ``docker stop`` sends) or SIGINT
(Ctrl-C) asks the process to stop, and it exits 0 within :data:`GRACE_SECONDS`.

A stop finishes the publish jobs in hand or hands them back (the job queues'
``close``: up to :data:`~bot.publishing.jobs.queue.CLOSING_GRACE` for the jobs, less if
the stop has spent time already, :func:`jobs_grace`; each job records what it sent as it
goes), then closes the Discord client, the drawing processes and the store. The
handlers are asyncio's, installed by every command: as a container's first process
(PID 1) a process has no default action for SIGTERM, and without a handler it would
wait for ``docker stop`` to kill it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import threading
import time
from typing import Final

from bot.publishing.jobs.queue import CLOSING_GRACE

log = logging.getLogger(__name__)

GRACE_SECONDS: Final = 8.0
"""Seconds from the stop signal to the exit, at most: within the 10 s ``docker stop``
waits before it kills."""
OVERDUE_STATUS: Final = 1
"""The exit status of a stop that did not end in time (the process is ended then)."""
CLOSING_RESERVE: Final = 1.5
"""Seconds of the grace kept, after the publish jobs, for closing Discord, the drawing
processes and the store."""

_SIGNALS: Final = (signal.SIGTERM, signal.SIGINT)
_asked_at: float | None = None
"""When the stop was asked (``time.monotonic``), once it was."""


def stop_requested() -> asyncio.Event:
    """An event set by the first SIGTERM or SIGINT the running loop receives (a second
    one only says the stop is under way). From that first signal the process has
    :data:`GRACE_SECONDS` to exit by itself before it is ended with status
    :data:`OVERDUE_STATUS`."""
    requested = asyncio.Event()
    loop = asyncio.get_running_loop()

    def received(signum: signal.Signals) -> None:
        global _asked_at
        if requested.is_set():
            log.info("%s: already stopping (within %g s)", signum.name, GRACE_SECONDS)
            return
        log.info(
            "%s: stopping: publish jobs under way finish or are handed back (within %g s)",
            signum.name,
            GRACE_SECONDS,
        )
        _asked_at = time.monotonic()
        requested.set()
        _end_if_overdue()

    for signum in _SIGNALS:
        with contextlib.suppress(NotImplementedError):  # a platform without signals
            loop.add_signal_handler(signum, received, signum)
    return requested


def jobs_grace() -> float:
    """How long the publish jobs under way may still take: the queues' own grace, cut to
    what the stop has left once :data:`CLOSING_RESERVE` is kept (an interactions process
    first answers the interactions under way)."""
    left = GRACE_SECONDS - CLOSING_RESERVE
    if _asked_at is not None:
        left -= time.monotonic() - _asked_at
    return max(0.0, min(CLOSING_GRACE, left))


def _end_if_overdue() -> None:
    """End the process if it has not exited :data:`GRACE_SECONDS` from now (a step of
    the stop that hangs): a daemon thread, which does not keep a stopped process alive."""

    def overdue() -> None:
        log.error("not stopped within %g s: exiting now", GRACE_SECONDS)
        logging.shutdown()
        os._exit(OVERDUE_STATUS)

    timer = threading.Timer(GRACE_SECONDS, overdue)
    timer.daemon = True
    timer.start()


def stopped_cleanly() -> None:
    """Say the stop is done (the last line of a stopped process)."""
    log.info("stopped cleanly")
