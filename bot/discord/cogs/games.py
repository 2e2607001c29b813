"""``/<family> …``: one command group per game family, generated from the game specs.

Nothing here is declared by hand per game: ``/<family> new`` takes a ``game`` choice when
the family has several games, then the seats, the target and every option of the family's
games, each with the choices and description its :class:`~engine.spec.OptionSpec` gives,
and the table's language (each option declared once, with all it is, through
:class:`~bot.discord.command_options.CommandOptions`). Every name and description is an
English message marked for the catalogs (or a :func:`~bot.discord.command_words.said`
string with values), which the tree's translator gives in each Discord language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands

from bot.discord.answering import reader_text
from bot.discord.command_options import (
    Callback,
    CommandOptions,
    Words,
    level_choices,
    table_language,
)
from bot.discord.command_words import said, verbatim
from bot.discord.handlers import Handlers
from bot.games.base import GameAdapter
from bot.games.words import words_for
from bot.publishing.replies import tell
from bot.publishing.rules_reply import show_rules
from bot.tables.errors import UserError
from bot.tables.pace import parse_turn
from bot.tables.settings import TableSettings, is_challenge
from engine.errors import Term
from engine.spec import MatchFormat
from i18n import N_


def new_command(
    adapter: GameAdapter, default_turn_seconds: int, handlers: Handlers
) -> app_commands.Command[Any, ..., None]:
    """Build ``/<family> new`` with options generated from the family's specs."""
    specs = adapter.specs
    min_seats = min(spec.min_seats for spec in specs)
    max_seats = max(spec.max_seats for spec in specs)
    formats = [spec.match for spec in specs if not spec.match.single_game]
    any_target = any(f.any_target for f in formats)
    one_game = any(f.one_game for f in formats)
    targets = sorted({t for f in formats for t in f.targets})

    options = CommandOptions()
    if len(specs) > 1:
        options.add(
            N_("game"),
            str,
            N_("Which game to play"),
            required=True,
            choices=[app_commands.Choice(name=s.title, value=s.name) for s in specs],
        )
    challenge = all(is_challenge(spec) for spec in specs)
    if challenge:
        options.add(
            N_("opponent"),
            discord.User,
            N_("Challenge this person (they press Accept to play)"),
        )
        options.add(
            N_("computer"),
            str,
            N_("Play the computer at this level instead (starts at once)"),
            choices=level_choices(specs),
        )
    seat_default = specs[0].default_seats
    if min_seats != max_seats:
        options.add(
            N_("seats"),
            app_commands.Range[int, min_seats, max_seats],
            said(
                N_("Number of seats, {low} to {high} (default {default})"),
                low=min_seats,
                high=max_seats,
                default=seat_default,
            ),
        )
    wins = all(f.unit == "wins" for f in formats)
    if formats:
        target_choices: list[app_commands.Choice[Any]] | None = None
        if not any_target:
            target_choices = [
                app_commands.Choice(
                    name=said(N_("First to {count} wins"), count=t) if wins else verbatim(str(t)),
                    value=t,
                )
                for t in targets
            ]
            if one_game:
                target_choices.insert(
                    0, app_commands.Choice(name=N_("One game"), value=MatchFormat.ONE_GAME)
                )
        options.add(N_("target"), *_target_option(formats, any_target), choices=target_choices)
    options.add_game_options(specs)
    options.add(
        N_("hints"),
        bool,
        N_("Let players ask for the hard computer's move on their turn (standings count them)"),
    )
    options.add_turn(default_turn_seconds)
    options.add_language(N_("The language the table speaks in public (default: the server's)"))

    async def new(interaction: discord.Interaction[Any], /, **given: Any) -> None:
        own, chosen = options.split(given)
        game = own.get("game") or specs[0].name
        turn = own["turn"]
        computer = own.get("computer")
        language = table_language(interaction, own["language"])
        try:
            opponent_id = _opponent_id(interaction, own.get("opponent"), computer)
            turn_seconds = default_turn_seconds if turn is None else parse_turn(turn)
            settings = TableSettings.build(
                game,
                seats=own.get("seats"),
                target=own.get("target"),
                turn_seconds=turn_seconds,
                options=chosen,
                opponent_id=opponent_id,
                hints=bool(own["hints"]),
                language=language,
            )
            if computer is not None and computer not in settings.spec.levels:
                levels = ", ".join(settings.spec.levels)
                raise UserError(
                    N_("The computer plays at {levels}, not '{computer}'."),
                    levels=levels,
                    computer=computer,
                )
        except UserError as exc:
            await tell(interaction, exc.said_in(reader_text(interaction)))
            return
        await handlers.create(interaction, settings, computer)

    return options.command(
        N_("new"), said(N_("Open a {game} table in this channel"), game=Term(adapter.title)), new
    )


def _target_option(formats: Sequence[MatchFormat], any_target: bool) -> tuple[Any, Words]:
    """The ``target`` option's type and description: what a match is played to."""
    default = formats[0].default_target
    wins = all(f.unit == "wins" for f in formats)
    past = all(f.ends_when == "exceeds" for f in formats)
    kind: Any = (
        app_commands.Range[int, 1, max(f.max_target for f in formats)] if any_target else int
    )
    if default is None:
        if wins:
            return kind, N_("Games needed to win the match (default one game)")
        if past:
            return kind, N_("A total over this many points wins the match (default one game)")
        return kind, N_("Points needed to win the match (default one game)")
    if wins:
        template = N_("Games needed to win the match (default {default})")
    elif past:
        template = N_("A total over this many points wins the match (default {default})")
    else:
        template = N_("Points needed to win the match (default {default})")
    return kind, said(template, default=default)


def _opponent_id(
    interaction: discord.Interaction[Any], opponent: discord.abc.User | None, computer: str | None
) -> int | None:
    """The person a challenge is for, checked (UserError says why not)."""
    if opponent is None:
        return None
    if computer is not None:
        raise UserError(N_("Challenge a person or play the computer, not both at once."))
    if opponent.id == interaction.user.id:
        raise UserError(N_("You cannot challenge yourself: pick someone else, or a computer."))
    if opponent.bot:
        raise UserError(N_("That is a bot account: use the computer option to play the computer."))
    return opponent.id


def family_group(adapter: GameAdapter, handlers: Handlers, default_turn_seconds: int) -> Any:
    """The whole ``/<family>`` command group: new, join, play, hand, status, cancel, web,
    rules, replay."""
    family = adapter.family
    group = app_commands.Group(name=family, description=adapter.title)
    group.add_command(new_command(adapter, default_turn_seconds, handlers))

    async def join(interaction: discord.Interaction[Any]) -> None:
        await handlers.join_here(interaction, family)

    async def play(interaction: discord.Interaction[Any], move: str) -> None:
        await handlers.play_here(interaction, family, move)

    async def play_choices(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        listed = await handlers.autocomplete_moves(interaction, current)
        return [app_commands.Choice(name=label[:100], value=value) for label, value in listed]

    async def hand(interaction: discord.Interaction[Any]) -> None:
        await handlers.hand_here(interaction, family)

    async def status(interaction: discord.Interaction[Any]) -> None:
        await handlers.status_here(interaction, family)

    async def cancel(interaction: discord.Interaction[Any]) -> None:
        await handlers.cancel_here(interaction, family)

    async def hint(interaction: discord.Interaction[Any]) -> None:
        await handlers.hint_here(interaction, family)

    async def rules(interaction: discord.Interaction[Any]) -> None:
        await show_rules(interaction, family, adapter.rules_text(text=reader_text(interaction)))

    async def web(interaction: discord.Interaction[Any]) -> None:
        await handlers.web_here(interaction, family)

    async def replay(interaction: discord.Interaction[Any], table: int | None = None) -> None:
        await handlers.replay(interaction, family, table)

    app_commands.describe(move=N_("Your move (pick from the list)"))(play)
    app_commands.rename(move=N_("move"))(play)  # the name, marked for its translations
    play_command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=N_("play"), description=N_("Make your move at this channel's table"), callback=play
    )
    play_command.autocomplete("move")(play_choices)
    spec = adapter.specs[0]
    words = words_for(spec)
    joining = (
        N_("Accept the challenge at this channel's table")
        if all(is_challenge(spec) for spec in adapter.specs)
        else N_("Take a seat at this channel's table")
    )
    showing: tuple[str, str] = (
        (N_("hand"), N_("Show your tiles (and your controls) privately"))
        if spec.has_hands
        else (N_("board"), N_("Show the board and your controls privately"))
    )
    if showing[0] != words.show_command:
        raise ValueError(f"{family}: /{family} {words.show_command} has no marked name here")
    commands_: list[tuple[str, Words, Callback]] = [
        (N_("join"), joining, join),
        (*showing, hand),
        (N_("status"), N_("Show this channel's table and scores"), status),
        (N_("hint"), N_("The hard computer's move for your turn (only you see it)"), hint),
        (N_("cancel"), N_("Cancel this channel's table (host only)"), cancel),
        (N_("web"), N_("Open this channel's table in your browser: a link for you alone"), web),
        (
            N_("rules"),
            said(
                N_("The rules of {game}, the whole page (only you see it)"),
                game=Term(adapter.title),
            ),
            rules,
        ),
    ]
    group.add_command(play_command)
    app_commands.describe(table=N_("A table number of this server (default: this channel's)"))(
        replay
    )
    app_commands.rename(table=N_("table"))(replay)
    group.add_command(
        app_commands.Command(
            name=N_("replay"),
            description=N_("Replay the last finished game as an animation, with its record")
            if words.round == "game"
            else N_("Replay the last finished hand as an animation, with its record"),
            callback=replay,
        )
    )
    for name, description, callback in commands_:
        group.add_command(
            app_commands.Command(name=name, description=description, callback=callback)
        )
    return group
