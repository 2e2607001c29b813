"""``/tournament …``: open a tournament of any registered game in a server channel, sign
up, and the organizer's start, pause, resume, drop, add and cancel; the standings. Its
``new`` takes the game (a choice of every registered game), the format, the rounds, the
table size, the target, the pace, a sign-up deadline and cap, computer fillers, the
language and every registered game's own options (generated from the specs as
``/<family> new`` does; one the chosen game lacks is refused). Every name, description and
choice is an English message the tree's translator gives in each Discord language."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, Final

import discord
from discord import app_commands

from bot.discord.answering import reader_text
from bot.discord.command_options import CommandOptions, level_choices, table_language
from bot.discord.handlers import Handlers
from bot.publishing.replies import tell
from bot.tables.errors import UserError
from bot.tables.pace import parse_duration, parse_turn
from bot.tables.settings import TableSettings
from bot.tournaments.settings import MAX_ROUNDS, TournamentSettings
from engine.registry import GAMES
from i18n import N_

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
        description=N_("Run a tournament in this channel: each table in a thread, or here"),
    )

    options = CommandOptions()
    options.add(
        N_("game"),
        str,
        N_("Which game is played"),
        required=True,
        choices=[app_commands.Choice(name=s.title, value=s.name) for s in GAMES.values()],
    )
    options.add(
        N_("format"),
        str,
        N_("Swiss, round robin or knockout (default Swiss)"),
        default="swiss",
        choices=FORMAT_CHOICES,
    )
    options.add(
        N_("rounds"),
        app_commands.Range[int, 1, MAX_ROUNDS],
        N_("How many rounds of a Swiss (default 3)"),
        default=3,
    )
    options.add(
        N_("seats"),
        app_commands.Range[int, 2, 9],
        N_("Seats at each table, 2 to 9 where the game allows (default the game's)"),
    )
    options.add(
        N_("target"),
        app_commands.Range[int, 1, 10000],
        N_("Points or wins a match is played to (default the game's)"),
    )
    options.add_turn(default_turn_seconds)
    options.add(
        N_("deadline"),
        str,
        N_("Sign-up closes after this long and the tournament starts: 2h, 1d"),
    )
    options.add(N_("cap"), app_commands.Range[int, 2, 1000], N_("The most players who may sign up"))
    options.add(
        N_("fill"),
        str,
        N_("Computers fill the empty seats at this level (default: none)"),
        choices=level_choices(GAMES.values()),
    )
    options.add(
        N_("advance"),
        app_commands.Range[int, 1, 8],
        N_("Knockout at tables of 3 or more: how many of each table go on (default half)"),
    )
    options.add_language(N_("The language the tournament speaks in public (default: the server's)"))
    options.add_game_options(GAMES.values())

    async def new(interaction: discord.Interaction[Any], /, **given: Any) -> None:
        own, chosen = options.split(given)
        turn, deadline = own["turn"], own["deadline"]
        try:
            table = TableSettings.build(
                own["game"],
                seats=own["seats"],
                target=own["target"],
                turn_seconds=default_turn_seconds if turn is None else parse_turn(turn),
                options=chosen,
                language=table_language(interaction, own["language"]),
            )
            closes = None if deadline is None else parse_deadline(deadline)
            settings = TournamentSettings.build(
                table,
                format=own["format"],
                rounds=own["rounds"],
                deadline=None if closes is None else handlers.service.store.now() + closes,
                cap=own["cap"],
                fill=own["fill"],
                advance=own["advance"],
            )
        except UserError as exc:
            await tell(interaction, exc.said_in(reader_text(interaction)))
            return
        await handlers.tournament_new(interaction, settings)

    group.add_command(
        options.command(
            N_("new"), N_("Open a tournament's sign-up here: any game, with its own options"), new
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
