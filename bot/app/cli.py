"""The ``domino-tables`` command line: one program whose every command explains itself.

``domino-tables`` alone runs the bot, as ``domino-tables run`` does; ``--help`` lists the
commands, and ``domino-tables <command> --help`` says what one does, its arguments and
options, and the settings it reads. Settings come from the environment, else from ``.env``
in the working directory (``bot.app.settings``). A configuration mistake ends with one
``domino-tables: …`` line on stderr and exit status 2, never a traceback; so does a
misspelt command, with the list of commands. Each command's body lives with its job:
``bot.app.start`` (run, worker, interactions), ``bot.app.demo``, ``bot.replays.export``,
``bot.app.migrate``.
"""

from __future__ import annotations

import difflib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Final, NoReturn, TypeVar

import typer
from pydantic import ValidationError
from typer.core import TyperGroup

from bot.app.settings import (
    TEST_ONLY,
    InteractionSettings,
    LogSettings,
    Settings,
    StoreSettings,
    describe_error,
)
from bot.store.store import is_postgres_url
from engine.terminal import package_version, quiet_on_closed_pipe

PROG: Final = "domino-tables"
"""The program's name in every usage line, also when it runs as ``python -m bot``."""

CONFIG_ERROR: Final = 2

_SettingsT = TypeVar("_SettingsT", bound=LogSettings)


def _reads(*names: str) -> str:
    """The note at the foot of a command's help: the settings it reads."""
    return f"Settings read (environment, else .env; see .env.example): {', '.join(names)}."


_BOT_SETTINGS: Final = _reads(
    *(name.upper() for name in Settings.model_fields if name not in TEST_ONLY)
)
_PUBLISHING: Final = (
    "RENDER_PROCESSES",
    "PUBLISH_WORKERS",
    "JOB_RETRY_SECONDS",
    "METRICS_HOST",
    "METRICS_PORT",
    "LOG_LEVEL",
)
"""What every process that runs publish jobs reads, besides the token and the database."""
_WORKER_SETTINGS: Final = _reads("DISCORD_TOKEN", "DATABASE_URL (required)", *_PUBLISHING)
_INTERACTIONS_SETTINGS: Final = _reads(
    "DISCORD_TOKEN",
    "DISCORD_PUBLIC_KEY (required)",
    "DATABASE_URL (required)",
    "INTERACTIONS_HOST",
    "INTERACTIONS_PORT",
    "LOBBY_TIMEOUT_SECONDS",
    "TURN_SECONDS",
    *_PUBLISHING,
)
_WEB: Final = (
    "WEB_HOST",
    "WEB_PUBLIC_URL",
    "WEB_LINK_HOURS",
    "DISCORD_CLIENT_SECRET",
)
_WEB_SETTINGS: Final = _reads(
    "DISCORD_TOKEN",
    "DATABASE_URL (required)",
    "WEB_PORT (required)",
    "WEB_SECRET (required)",
    *_WEB,
    "LOBBY_TIMEOUT_SECONDS",
    "TURN_SECONDS",
    *_PUBLISHING,
)


_TOKENLESS: Final = _reads("LOG_LEVEL") + " No token needed."


DEMO_OUT: Final = Path("demo-pictures")
"""Where ``demo`` writes without ``--out``: a folder of its own in the current one, so that
it never overwrites pictures it was not asked to."""


def _out(help: str) -> Any:
    """The ``--out DIR`` option of a command that writes files."""
    return typer.Option("--out", metavar="DIR", help=help)


class _ReaderGone(Exception):
    """Standard output was closed early (``| head``): carried past click, which would
    turn it into status 1, to :func:`quiet_on_closed_pipe`."""


class _Commands(TyperGroup):
    """The commands, named in full when one is misspelt."""

    # A reader gone while the help, the version or a command's output is written.
    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().make_context(*args, **kwargs)
        except BrokenPipeError as exc:
            raise _ReaderGone from exc

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError as exc:
            raise _ReaderGone from exc

    # Any: typer types its context with its own copy of click, which it does not export.
    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name = args[0] if args else ""
        if name and not name.startswith("-") and name not in self.commands:
            close = difflib.get_close_matches(name, self.commands, n=1)
            guess = f" Did you mean {close[0]!r}?" if close else ""
            ctx.fail(
                f"No such command {name!r}.{guess} The commands are: {', '.join(self.commands)}."
            )
        return super().resolve_command(ctx, args)


app: Final = typer.Typer(
    name=PROG,
    cls=_Commands,
    help="Domino Tables: a Discord bot that runs domino games. "
    "Without a command it runs the bot (domino-tables run).",
    epilog="Settings come from the environment, else from .env in the working directory "
    "(see .env.example). 'domino-tables COMMAND --help' tells what a command reads.",
    invoke_without_command=True,
    add_completion=False,
    rich_markup_mode=None,  # plain help and errors: the same text on every terminal
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["--help", "-h"]},  # every command's too
)


def fail(message: str) -> NoReturn:
    """End with one ``domino-tables: …`` line on stderr and exit status 2."""
    print(f"{PROG}: {message}", file=sys.stderr)
    raise typer.Exit(CONFIG_ERROR)


def _read(kind: type[_SettingsT]) -> _SettingsT:
    """The settings, and logging at their LOG_LEVEL; a bad one ends the command."""
    from bot.app.start import set_up_logging

    try:
        settings = kind()
    except ValidationError as exc:
        fail(describe_error(exc))
    set_up_logging(settings.log_level)
    return settings


def _exit(status: int) -> None:
    """End with a command body's exit status, unless it is 0."""
    if status:
        raise typer.Exit(status)


def _show_version(wanted: bool) -> None:
    if wanted:
        print(f"{PROG} {package_version()}")
        raise typer.Exit()


@app.callback()
def _program(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """No command: run the bot, as deployments that start ``python -m bot`` expect."""
    if ctx.invoked_subcommand is None:
        run()


@app.command(short_help="Run the bot (the default command).", epilog=_BOT_SETTINGS)
def run() -> None:
    """Run the bot until stopped (what domino-tables does without a command).

    It logs in to Discord with DISCORD_TOKEN and keeps its tables in DATABASE_PATH (SQLite)
    or DATABASE_URL (PostgreSQL, shared by several processes). It stops cleanly on SIGTERM
    (docker stop) or Ctrl-C, within 8 s: publish jobs under way finish or are handed back.
    """
    from bot.app.start import start_bot

    problem = start_bot(_read(Settings))
    if problem is not None:
        fail(problem)


@app.command(short_help="Run publish jobs only, for a bot on PostgreSQL.", epilog=_WORKER_SETTINGS)
def worker() -> None:
    """Run publish jobs only: draw the pictures and send what moves changed.

    An extra worker for a bot whose state is in PostgreSQL: it needs the bot's token and
    DATABASE_URL, and no gateway connection. Stops cleanly on SIGTERM or Ctrl-C, within
    8 s, handing its jobs back to the other processes.
    """
    from bot.app.start import start_worker

    problem = start_worker(_read(Settings))
    if problem is not None:
        fail(problem)


@app.command(
    short_help="Receive interactions by HTTP POST, for a bot on PostgreSQL.",
    epilog=_INTERACTIONS_SETTINGS,
)
def interactions() -> None:
    """Receive Discord's interactions by HTTP POST at /interactions and answer them.

    For a bot whose state is in PostgreSQL, with the application's Interactions Endpoint
    URL (developer portal) pointing at a load balancer in front of as many of these
    processes as the plays need: Discord then sends every command, button and menu,
    DMs included, there instead of over the gateway. Each request's Ed25519 signature is
    checked against DISCORD_PUBLIC_KEY (a bad one is refused with 401). Listens on
    INTERACTIONS_HOST:INTERACTIONS_PORT; stops cleanly on SIGTERM or Ctrl-C, within 8 s.
    """
    from bot.app.start import start_interactions

    problem = start_interactions(_read(InteractionSettings))
    if problem is not None:
        fail(problem)


@app.command(short_help="Serve the live table page, for a bot on PostgreSQL.", epilog=_WEB_SETTINGS)
def web() -> None:
    """Serve the live table page (and the Discord Activity) at WEB_HOST:WEB_PORT.

    Players open it from a personal link (/<game> web) or inside Discord; it shows the
    table as it is played and lets them play by tapping. For a bot whose state is in
    PostgreSQL: run as many behind a load balancer as the pages need (each is told of
    every move through the database). With SQLite, set WEB_PORT for `run` instead: the
    bot then serves the page itself. Stops cleanly on SIGTERM or Ctrl-C; its pages
    reconnect to another process.
    """
    from bot.app.start import start_web

    problem = start_web(_read(Settings))
    if problem is not None:
        fail(problem)


@app.command(short_help="Write the README's pictures.", epilog=_TOKENLESS)
def demo(
    out: Annotated[
        Path,
        _out(
            "The folder to write the pictures to, created if missing. To refresh the "
            "README's own, run it from the repository with --out docs/pictures."
        ),
    ] = DEMO_OUT,
) -> None:
    """Write the README's pictures, drawn exactly as the bot draws them.

    Computer players play matches from pinned seeds: two runs write identical files.
    Without --out they go into demo-pictures/ in the current folder.
    """
    from bot.app.demo import write_and_list

    _read(LogSettings)
    _exit(write_and_list(out))


@app.command(short_help="Write a table's replays.", epilog=_TOKENLESS)
def replay(
    database: Annotated[
        str,
        typer.Argument(metavar="DATABASE", help="The bot's SQLite file, or its postgresql:// URL."),
    ],
    table: Annotated[int, typer.Argument(metavar="TABLE", help="The table number.")],
    out: Annotated[Path, _out("Where to write the files.")] = Path("."),
) -> None:
    """Write the replay of every finished hand of a table.

    Each hand gives two files, as /<game> replay posts them: the animation (WebP) and the
    game record (text).
    """
    from bot.replays.export import export_table

    _read(LogSettings)
    _exit(export_table(database, table, out))


@app.command(
    "migrate-to-postgres",
    short_help="Copy the SQLite store into PostgreSQL.",
    epilog=_reads("DATABASE_PATH", "DATABASE_URL", "LOG_LEVEL") + " No token needed.",
)
def migrate_to_postgres(
    source: Annotated[
        Path | None,
        typer.Option(
            "--from",
            metavar="FILE",
            show_default=False,
            help="The SQLite file. [default: DATABASE_PATH, else ./data/dominoes.sqlite3]",
        ),
    ] = None,
    url: Annotated[
        str | None,
        typer.Option(
            "--to",
            metavar="URL",
            show_default=False,
            help="The postgresql:// URL of an empty database. [default: DATABASE_URL]",
        ),
    ] = None,
) -> None:
    """Copy the bot's SQLite file into an empty PostgreSQL database.

    Stop the bot first. Every table, move, finished match and standing is copied in one
    transaction, and the row counts are checked; a database that already holds tables is
    refused.
    """
    from bot.app.migrate import migrate

    settings = _read(StoreSettings)
    if url is None and settings.database_url is not None:
        url = settings.database_url.get_secret_value()
    if not url or not is_postgres_url(url):
        raise typer.BadParameter(
            "must be a postgresql:// URL (or set DATABASE_URL)", param_hint="'--to'"
        )
    _exit(migrate(source or settings.database_path, url))


@quiet_on_closed_pipe
def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (else the process's arguments); the exit status."""
    try:
        app(args=argv, prog_name=PROG)
    except _ReaderGone as gone:
        raise BrokenPipeError from gone
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else 0 if exit_.code is None else 1
    return 0
