"""What every command-line tool of the package does with its terminal: name its version,
and end quietly when its reader stops reading (``domino-record … | head``).

A closed pipe ends the command with status 0 and no traceback, the output still unwritten
going to the null device: the reader took what it wanted, so a ``set -o pipefail`` script
does not fail on ``| head`` (as ripgrep does; argparse's own ``--help`` does the same).
SIGPIPE itself stays ignored, as Python leaves it, so that a socket closed under the bot
never kills it.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Callable
from importlib import metadata
from typing import Final, ParamSpec

DISTRIBUTION: Final = "domino-tables"
READER_GONE: Final = 0
"""The exit status of a command whose reader closed its output early."""

_P = ParamSpec("_P")


def package_version() -> str:
    """The installed package's version, from its metadata."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"


def command_line(prog: str, description: str) -> argparse.ArgumentParser:
    """A command's argument parser, with the ``--version`` every command here answers."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--version", action="version", version=f"%(prog)s {package_version()}")
    return parser


def quiet_on_closed_pipe(main: Callable[_P, int]) -> Callable[_P, int]:
    """``main``, ending with :data:`READER_GONE` instead of a ``BrokenPipeError`` when
    its standard output is closed early; what it printed is flushed before it returns."""

    @functools.wraps(main)
    def guarded(*args: _P.args, **kwargs: _P.kwargs) -> int:
        try:
            try:
                return main(*args, **kwargs)
            finally:
                sys.stdout.flush()  # here, not at exit, where the error could not be caught
        except BrokenPipeError:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
            return READER_GONE

    return guarded
