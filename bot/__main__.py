"""``python -m bot``: the ``domino-tables`` command line (``bot.app.cli``)."""

import sys

try:
    from bot.app.cli import main
except KeyboardInterrupt:  # Ctrl-C while it loads: the usual status, without a traceback
    sys.exit(130)

if __name__ == "__main__":
    sys.exit(main())
