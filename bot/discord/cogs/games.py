"""``/<family> …``: one command group per game family, generated from the game specs.

Nothing here is declared by hand per game: ``/<family> new`` takes a ``game`` choice when
the family has several games, then the seats, the target and every option of the family's
games, each with the choices and description its :class:`~engine.spec.OptionSpec` gives,
and the table's language. Every name and description is an English message marked for the
catalogs (or a :func:`~bot.discord.command_words.said` string with values), which the
tree's translator gives in each Discord language.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Final

import discord
from discord import app_commands

from bot.discord.answering import reader_text
from bot.discord.command_words import said, verbatim
from bot.discord.handlers import Handlers
from bot.games.base import GameAdapter
from bot.games.words import words_for
from bot.publishing.replies import tell
from bot.publishing.rules_reply import show_rules
from bot.tables.errors import UserError
from bot.tables.pace import format_turn, parse_turn, suggestions
from bot.tables.settings import TableSettings, is_challenge
from engine.errors import Term
from engine.spec import Choice, GameSpec, MatchFormat, OptionSpec
from i18n import LANGUAGES, N_, NAMES, language_of

Callback = Callable[..., Coroutine[Any, Any, None]]
Words = str | app_commands.locale_str

LEVEL_NAMES: Final = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
"""How the ``computer`` choice names each computer level."""


def _union_options(specs: Sequence[GameSpec]) -> list[OptionSpec]:
    """Every option any game of the family has, once (the first spec's wording)."""
    seen: dict[str, OptionSpec] = {}
    for spec in specs:
        for option in spec.options:
            seen.setdefault(option.name, option)
    return list(seen.values())


def game_option_parameters(
    specs: Sequence[GameSpec],
) -> tuple[list[inspect.Parameter], dict[str, Words], dict[str, list[app_commands.Choice[Any]]]]:
    """Each option of ``specs`` as an optional keyword parameter of a command, with its
    description and choices: the one place a game's options become command options."""
    parameters: list[inspect.Parameter] = []
    describe: dict[str, Words] = {}
    choices: dict[str, list[app_commands.Choice[Any]]] = {}
    for option in _union_options(specs):
        parameters.append(
            inspect.Parameter(
                option.name,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=type(option.default) | None,
                default=None,
            )
        )
        describe[option.name] = option.description
        choices[option.name] = _choices(option)
    return parameters, describe, choices


def _choice_name(choice: Choice) -> Words:
    """A choice as the menu lists it: its label (a template filled with its values, or
    a bare number that reads the same in every language)."""
    if choice.templates is not None:
        return said(choice.templates[0], **dict(choice.values))
    if not any(letter.isalpha() for letter in choice.label):
        return verbatim(choice.label)
    return choice.label


def _choices(option: OptionSpec) -> list[app_commands.Choice[Any]]:
    return [app_commands.Choice(name=_choice_name(c), value=c.value) for c in option.choices]


def table_language(interaction: discord.Interaction[Any], chosen: str | None) -> str:
    """The language a new table speaks in public: the one chosen, else the server's
    preferred one (in a DM, the player's own)."""
    if chosen is not None:
        return language_of(chosen)
    locale = interaction.guild_locale if interaction.guild_id is not None else None
    return language_of((locale or interaction.locale).value)


def new_command(adapter: GameAdapter, default_turn_seconds: int, handlers: Handlers) -> Any:
    """Build ``/<family> new`` with parameters generated from the family's specs."""
    specs = adapter.specs
    options = _union_options(specs)
    min_seats = min(spec.min_seats for spec in specs)
    max_seats = max(spec.max_seats for spec in specs)
    formats = [spec.match for spec in specs if not spec.match.single_game]
    any_target = any(f.any_target for f in formats)
    one_game = any(f.one_game for f in formats)
    targets = sorted({t for f in formats for t in f.targets})

    parameters = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    describe: dict[str, Words] = {}
    choices: dict[str, list[app_commands.Choice[Any]]] = {}

    def add(name: str, annotation: Any, description: Words, *, required: bool = False) -> None:
        parameters.append(
            inspect.Parameter(
                name,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=annotation if required else annotation | None,
                default=inspect.Parameter.empty if required else None,
            )
        )
        describe[name] = description

    if len(specs) > 1:
        add(N_("game"), str, N_("Which game to play"), required=True)
        choices["game"] = [app_commands.Choice(name=s.title, value=s.name) for s in specs]
    challenge = all(is_challenge(spec) for spec in specs)
    if challenge:
        add(N_("opponent"), discord.User, N_("Challenge this person (they press Accept to play)"))
        levels = list(dict.fromkeys(level for spec in specs for level in spec.levels))
        add(N_("computer"), str, N_("Play the computer at this level instead (starts at once)"))
        choices["computer"] = [
            app_commands.Choice(name=LEVEL_NAMES.get(level, level.title()), value=level)
            for level in levels
        ]
    seat_default = specs[0].default_seats
    if min_seats != max_seats:
        add(
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
        add(N_("target"), *_target_option(formats, any_target))
        if not any_target:
            choices["target"] = [
                app_commands.Choice(
                    name=said(N_("First to {count} wins"), count=t) if wins else verbatim(str(t)),
                    value=t,
                )
                for t in targets
            ]
            if one_game:
                choices["target"].insert(
                    0, app_commands.Choice(name=N_("One game"), value=MatchFormat.ONE_GAME)
                )
    option_parameters, option_words, option_choices = game_option_parameters(specs)
    parameters.extend(option_parameters)
    describe.update(option_words)
    choices.update(option_choices)
    add(
        N_("hints"),
        bool,
        N_("Let players ask for the hard computer's move on their turn (standings count them)"),
    )
    add(
        N_("turn"),
        str,
        said(
            N_("How long each turn may last, 1 minute to 3 days: 30m, 8h, 2d (default {length})"),
            length=format_turn(default_turn_seconds),
        ),
    )
    add(
        N_("language"),
        str,
        N_("The language the table speaks in public (default: the server's)"),
    )
    choices["language"] = [
        app_commands.Choice(name=verbatim(NAMES[language]), value=language)
        for language in LANGUAGES
    ]
    shared = {"game", "opponent", "computer", "seats", "target", "hints", "turn", "language"}
    clashing = shared & {option.name for option in options}
    if clashing:
        raise ValueError(f"{adapter.family}: a game option repeats a table option: {clashing}")

    async def new(interaction: discord.Interaction[Any], /, **given: Any) -> None:
        game = given.pop("game", None) or specs[0].name
        seats = given.pop("seats", None)
        target = given.pop("target", None)
        turn = given.pop("turn", None)
        opponent = given.pop("opponent", None)
        computer = given.pop("computer", None)
        hints = bool(given.pop("hints", None))
        language = table_language(interaction, given.pop("language", None))
        chosen = {name: value for name, value in given.items() if value is not None}
        try:
            opponent_id = _opponent_id(interaction, opponent, computer)
            turn_seconds = default_turn_seconds if turn is None else parse_turn(turn)
            settings = TableSettings.build(
                game,
                seats=seats,
                target=target,
                turn_seconds=turn_seconds,
                options=chosen,
                opponent_id=opponent_id,
                hints=hints,
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

    async def turn_choices(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        listed = suggestions(current, default_turn_seconds, reader_text(interaction))
        return [app_commands.Choice(name=label[:100], value=value) for label, value in listed]

    new.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    app_commands.describe(**describe)(new)
    app_commands.choices(**choices)(new)
    app_commands.autocomplete(turn=turn_choices)(new)
    return app_commands.Command(
        name=N_("new"),
        description=said(N_("Open a {game} table in this channel"), game=Term(adapter.title)),
        callback=new,
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
