"""``python -m bot``: the ``domino-tables`` command line (``bot.app.cli``)."""

import signal
import sys


def _stop_while_loading(signum: int, frame: object) -> None:
    """SIGTERM before the process runs its event loop, whose handler then takes over
    (``bot.app.stopping``): end at once, with nothing to close yet. Without it, a
    container's first process would ignore ``docker stop`` while it loads."""
    raise SystemExit(128 + signum)


signal.signal(signal.SIGTERM, _stop_while_loading)

try:
    from bot.app.cli import main
except KeyboardInterrupt:  # Ctrl-C while it loads: the usual status, without a traceback
    sys.exit(130)

if __name__ == "__main__":
    sys.exit(main())
