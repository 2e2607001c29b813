"""``/tournament …``: open a tournament of any registered game in a server channel, sign
up, and the organizer's start, pause, resume, drop, add and cancel; the standings. Its
``new`` takes the game (a choice of every registered game), the format, the rounds, the
table size, the target, the pace, a sign-up deadline and cap, computer fillers, the
language and every registered game's own options (generated from the specs as
``/<family> new`` does; one the chosen game lacks is refused). Every name, description and
choice is an English message the tree's translator gives in each Discord language."""

from __future__ import annotations

import inspect
from datetime import timedelta
from typing import Any, Final

import discord
from discord import app_commands

from bot.discord.answering import reader_text
from bot.discord.cogs.games import LEVEL_NAMES, game_option_parameters, table_language
from bot.discord.command_words import said, verbatim
from bot.discord.handlers import Handlers
from bot.publishing.replies import tell
from bot.tables.errors import UserError
from bot.tables.pace import format_turn, parse_duration, parse_turn, suggestions
from bot.tables.settings import TableSettings
from bot.tournaments.settings import MAX_ROUNDS, TournamentSettings
from engine.registry import GAMES
from i18n import LANGUAGES, N_, NAMES

MAX_SIGNUP: Final = timedelta(days=60)
"""The furthest a sign-up deadline may be."""
BAD_DEADLINE: Final = N_(
    "A sign-up deadline is a length of time from now, like 2h, 1d or 3d 12h, up to 60 days."
)
FORMAT_CHOICES: Final = [
    app_commands.Choice(name=N_("Swiss"), value="swiss"),
    app_commands.Choice(name=N_("Round robin"), value="round-robin"),
    app_commands.Choice(name=N_("Knockout"), value="knockout"),
]


def _levels() -> list[str]:
    return list(dict.fromkeys(level for spec in GAMES.values() for level in spec.levels))


def parse_deadline(given: str) -> timedelta:
    """The sign-up's length ``given`` says (a UserError when it cannot be read)."""
    seconds = parse_duration(given, UserError(BAD_DEADLINE))
    if not 60 <= seconds <= MAX_SIGNUP.total_seconds():
        raise UserError(BAD_DEADLINE)
    return timedelta(seconds=seconds)


def tournament_group(handlers: Handlers, default_turn_seconds: int) -> app_commands.Group:
    """The whole ``/tournament`` group."""
    group = app_commands.Group(
        name=N_("tournament"),
        description=N_("Run a tournament in this channel: rounds played in threads"),
    )

    option_parameters, option_words, option_choices = game_option_parameters(list(GAMES.values()))

    async def turn_choices(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        listed = suggestions(current, default_turn_seconds, reader_text(interaction))
        return [app_commands.Choice(name=label[:100], value=value) for label, value in listed]

    @app_commands.autocomplete(turn=turn_choices)
    @app_commands.rename(
        game=N_("game"),
        kind=N_("format"),
        rounds=N_("rounds"),
        seats=N_("seats"),
        target=N_("target"),
        turn=N_("turn"),
        deadline=N_("deadline"),
        cap=N_("cap"),
        fill=N_("fill"),
        advance=N_("advance"),
        language=N_("language"),
    )
    @app_commands.describe(
        game=N_("Which game is played"),
        kind=N_("Swiss, round robin or knockout (default Swiss)"),
        rounds=N_("How many rounds of a Swiss (default 3)"),
        seats=N_("Seats at each table, 2 to 9 where the game allows (default the game's)"),
        target=N_("Points or wins a match is played to (default the game's)"),
        turn=said(
            N_("How long each turn may last, 1 minute to 3 days: 30m, 8h, 2d (default {length})"),
            length=format_turn(default_turn_seconds),
        ),
        deadline=N_("Sign-up closes after this long and the tournament starts: 2h, 1d"),
        cap=N_("The most players who may sign up"),
        fill=N_("Computers fill the empty seats at this level (default: none)"),
        advance=N_("Knockout at tables of 3 or more: how many of each table go on (default half)"),
        language=N_("The language the tournament speaks in public (default: the server's)"),
        **option_words,
    )
    @app_commands.choices(
        game=[app_commands.Choice(name=s.title, value=s.name) for s in GAMES.values()],
        kind=FORMAT_CHOICES,
        fill=[
            app_commands.Choice(name=LEVEL_NAMES.get(level, level.title()), value=level)
            for level in _levels()
        ],
        language=[
            app_commands.Choice(name=verbatim(NAMES[language]), value=language)
            for language in LANGUAGES
        ],
        **option_choices,
    )
    async def new(
        interaction: discord.Interaction[Any],
        game: str,
        kind: str = "swiss",
        rounds: app_commands.Range[int, 1, MAX_ROUNDS] = 3,
        seats: app_commands.Range[int, 2, 9] | None = None,
        target: app_commands.Range[int, 1, 10000] | None = None,
        turn: str | None = None,
        deadline: str | None = None,
        cap: app_commands.Range[int, 2, 1000] | None = None,
        fill: str | None = None,
        advance: app_commands.Range[int, 1, 8] | None = None,
        language: str | None = None,
        **given: Any,
    ) -> None:
        try:
            table = TableSettings.build(
                game,
                seats=seats,
                target=target,
                turn_seconds=default_turn_seconds if turn is None else parse_turn(turn),
                options={name: value for name, value in given.items() if value is not None},
                language=table_language(interaction, language),
            )
            closes = None if deadline is None else parse_deadline(deadline)
            settings = TournamentSettings.build(
                table,
                format=kind,
                rounds=rounds,
                deadline=None if closes is None else handlers.service.store.now() + closes,
                cap=cap,
                fill=fill,
                advance=advance,
            )
        except UserError as exc:
            await tell(interaction, exc.said_in(reader_text(interaction)))
            return
        await handlers.tournament_new(interaction, settings)

    fixed = [
        parameter
        for parameter in inspect.signature(new).parameters.values()
        if parameter.kind is not inspect.Parameter.VAR_KEYWORD
    ]
    clashing = {p.name for p in fixed} & {p.name for p in option_parameters}
    if clashing:
        raise ValueError(f"a game option repeats a tournament option: {clashing}")
    new.__signature__ = inspect.Signature([*fixed, *option_parameters])  # type: ignore[attr-defined]

    group.add_command(
        app_commands.Command(
            name=N_("new"),
            description=N_("Open a tournament's sign-up here: any game, with its own options"),
            callback=new,
        )
    )

    def simple(action: str) -> Any:
        async def run(interaction: discord.Interaction[Any]) -> None:
            await handlers.tournament_command(interaction, action)

        return run

    for name, description in (
        (N_("join"), N_("Sign up for this channel's tournament")),
        (N_("leave"), N_("Leave this channel's tournament (once it runs, you drop out)")),
        (N_("start"), N_("Close sign-up and start the first round (organizer)")),
        (N_("pause"), N_("Open no new round until resumed (organizer)")),
        (N_("resume"), N_("Go on after a pause (organizer)")),
        (N_("cancel"), N_("Cancel this channel's tournament and its open tables (organizer)")),
    ):
        group.add_command(
            app_commands.Command(name=name, description=description, callback=simple(name))
        )

    def with_user(action: str) -> Any:
        @app_commands.rename(user=N_("user"))
        @app_commands.describe(user=N_("The player"))
        async def run(interaction: discord.Interaction[Any], user: discord.User) -> None:
            await handlers.tournament_player(interaction, action, user)

        return run

    for name, description in (
        (N_("drop"), N_("Take a player out; their results stay (organizer)")),
        (N_("add"), N_("Add a player, past the cap or the deadline (organizer)")),
    ):
        group.add_command(
            app_commands.Command(name=name, description=description, callback=with_user(name))
        )

    def standings(show: bool) -> Any:
        async def run(interaction: discord.Interaction[Any]) -> None:
            await handlers.tournament_standings(interaction, show=show)

        return run

    for name, description, shown in (
        (
            N_("standings"),
            N_("This channel's tournament standings, with tie-breaks (only you see it)"),
            False,
        ),
        (
            N_("show"),
            N_("The tournament's settings, current round and standings (only you see it)"),
            True,
        ),
    ):
        group.add_command(
            app_commands.Command(name=name, description=description, callback=standings(shown))
        )
    return group
