"""A clean stop of every process command: SIGTERM (what ``docker stop`` sends) or SIGINT
(Ctrl-C) asks the process to stop, and it exits 0 within :data:`GRACE_SECONDS`.

A stop finishes the publish jobs in hand or hands them back (the job queues'
``close``: up to :data:`~bot.publishing.jobs.queue.CLOSING_GRACE` for the jobs, each
recording what it sent as it goes), then closes the Discord client, the drawing
processes and the store. The handlers are asyncio's, installed by every command: as a
container's first process (PID 1) a process has no default action for SIGTERM, and
without a handler it would wait for ``docker stop`` to kill it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import threading
from typing import Final

log = logging.getLogger(__name__)

GRACE_SECONDS: Final = 8.0
"""Seconds from the stop signal to the exit, at most: within the 10 s ``docker stop``
waits before it kills."""
OVERDUE_STATUS: Final = 1
"""The exit status of a stop that did not end in time (the process is ended then)."""

_SIGNALS: Final = (signal.SIGTERM, signal.SIGINT)


def stop_requested() -> asyncio.Event:
    """An event set by the first SIGTERM or SIGINT the running loop receives (a second
    one only says the stop is under way). From that first signal the process has
    :data:`GRACE_SECONDS` to exit by itself before it is ended with status
    :data:`OVERDUE_STATUS`."""
    requested = asyncio.Event()
    loop = asyncio.get_running_loop()

    def received(signum: signal.Signals) -> None:
        if requested.is_set():
            log.info("%s: already stopping (within %g s)", signum.name, GRACE_SECONDS)
            return
        log.info(
            "%s: stopping: publish jobs under way finish or are handed back (within %g s)",
            signum.name,
            GRACE_SECONDS,
        )
        requested.set()
        _end_if_overdue()

    for signum in _SIGNALS:
        with contextlib.suppress(NotImplementedError):  # a platform without signals
            loop.add_signal_handler(signum, received, signum)
    return requested


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
