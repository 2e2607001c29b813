"""``/<family> …``: one command group per game family, generated from the game specs.

Nothing here is declared by hand per game: ``/<family> new`` takes a ``game`` choice when
the family has several games, then the seats, the target and every option of the family's
games, each with the choices and description its :class:`~engine.spec.OptionSpec` gives.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.discord.answering import reader_text
from bot.discord.handlers import Handlers
from bot.games.base import GameAdapter
from bot.games.words import words_for
from bot.publishing.replies import tell
from bot.publishing.rules_reply import show_rules
from bot.tables.errors import UserError
from bot.tables.pace import format_turn, parse_turn, suggestions
from bot.tables.settings import TableSettings, is_challenge
from engine.spec import GameSpec, MatchFormat, OptionSpec

Callback = Callable[..., Coroutine[Any, Any, None]]


def _union_options(specs: Sequence[GameSpec]) -> list[OptionSpec]:
    """Every option any game of the family has, once (the first spec's wording)."""
    seen: dict[str, OptionSpec] = {}
    for spec in specs:
        for option in spec.options:
            seen.setdefault(option.name, option)
    return list(seen.values())


def _choices(option: OptionSpec) -> list[app_commands.Choice[Any]]:
    return [app_commands.Choice(name=c.label[:100], value=c.value) for c in option.choices]


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
    describe: dict[str, str] = {}
    choices: dict[str, list[app_commands.Choice[Any]]] = {}

    def add(name: str, annotation: Any, description: str, *, required: bool = False) -> None:
        parameters.append(
            inspect.Parameter(
                name,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=annotation if required else annotation | None,
                default=inspect.Parameter.empty if required else None,
            )
        )
        describe[name] = description[:100]

    if len(specs) > 1:
        add("game", str, "Which game to play", required=True)
        choices["game"] = [app_commands.Choice(name=s.title, value=s.name) for s in specs]
    challenge = all(is_challenge(spec) for spec in specs)
    if challenge:
        add("opponent", discord.Member, "Challenge this person (they press Accept to play)")
        levels = list(dict.fromkeys(level for spec in specs for level in spec.levels))
        add("computer", str, "Play the computer at this level instead (starts at once)")
        choices["computer"] = [
            app_commands.Choice(name=level.title(), value=level) for level in levels
        ]
    seat_default = specs[0].default_seats
    if min_seats != max_seats:
        add(
            "seats",
            app_commands.Range[int, min_seats, max_seats],
            f"Number of seats, {min_seats} to {max_seats} (default {seat_default})",
        )
    wins = all(f.unit == "wins" for f in formats)
    if formats:
        default: int | str | None = formats[0].default_target
        if default is None:
            default = "one game"
        past = all(f.ends_when == "exceeds" for f in formats)
        goal = "A total over this many points wins" if past else "Points needed to win"
        if wins:
            goal = "Games needed to win"
        if any_target:
            top = max(f.max_target for f in formats)
            add(
                "target",
                app_commands.Range[int, 1, top],
                f"{goal} the match (default {default})",
            )
        else:
            add("target", int, f"{goal} the match (default {default})")
            choices["target"] = [
                app_commands.Choice(name=f"First to {t} wins" if wins else str(t), value=t)
                for t in targets
            ]
            if one_game:
                choices["target"].insert(
                    0, app_commands.Choice(name="One game", value=MatchFormat.ONE_GAME)
                )
    for option in options:
        kind = type(option.default)
        add(option.name, kind, option.description)
        choices[option.name] = _choices(option)
    add(
        "hints",
        bool,
        "Let players ask for the hard computer's move on their turn (standings count them)",
    )
    add(
        "turn",
        str,
        "How long each turn may last, 1 minute to 3 days: 30m, 8h, 2d "
        f"(default {format_turn(default_turn_seconds)})",
    )
    shared = {"game", "opponent", "computer", "seats", "target", "hints", "turn"}
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
            )
            if computer is not None and computer not in settings.spec.levels:
                levels = ", ".join(settings.spec.levels)
                raise UserError(f"The computer plays at {levels}, not {computer!r}.")
        except UserError as exc:
            await tell(interaction, exc.said_in(reader_text(interaction)))
            return
        await handlers.create(interaction, settings, computer)

    async def turn_choices(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        listed = suggestions(current, default_turn_seconds)
        return [app_commands.Choice(name=label[:100], value=value) for label, value in listed]

    new.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    app_commands.describe(**describe)(new)
    app_commands.choices(**choices)(new)
    app_commands.autocomplete(turn=turn_choices)(new)
    return app_commands.Command(
        name="new",
        description=f"Open a {adapter.title} table in this channel"[:100],
        callback=new,
    )


def _opponent_id(
    interaction: discord.Interaction[Any], opponent: discord.abc.User | None, computer: str | None
) -> int | None:
    """The person a challenge is for, checked (UserError says why not)."""
    if opponent is None:
        return None
    if computer is not None:
        raise UserError("Challenge a person or play the computer, not both at once.")
    if opponent.id == interaction.user.id:
        raise UserError("You cannot challenge yourself: pick someone else, or a computer.")
    if opponent.bot:
        raise UserError("That is a bot account: use the computer option to play the computer.")
    return opponent.id


def family_group(adapter: GameAdapter, handlers: Handlers, default_turn_seconds: int) -> Any:
    """The whole ``/<family>`` command group: new, join, play, hand, status, cancel, rules,
    replay."""
    family = adapter.family
    group = app_commands.Group(name=family, description=adapter.title[:100], guild_only=True)
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

    async def replay(interaction: discord.Interaction[Any], table: int | None = None) -> None:
        await handlers.replay(interaction, family, table)

    app_commands.describe(move="Your move (pick from the list)")(play)
    play_command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name="play", description="Make your move at this channel's table", callback=play
    )
    play_command.autocomplete("move")(play_choices)
    words = words_for(adapter.specs[0])
    joining = (
        "Accept the challenge at this channel's table"
        if all(is_challenge(spec) for spec in adapter.specs)
        else "Take a seat at this channel's table"
    )
    commands_: list[tuple[str, str, Callback]] = [
        ("join", joining, join),
        (words.show_command, words.show_help, hand),
        ("status", "Show this channel's table and scores", status),
        ("hint", "The hard computer's move for your turn (only you see it)", hint),
        ("cancel", "Cancel this channel's table (host only)", cancel),
        ("rules", f"The rules of {adapter.title}, the whole page (only you see it)", rules),
    ]
    group.add_command(play_command)
    app_commands.describe(table="A table number of this server (default: this channel's)")(replay)
    group.add_command(
        app_commands.Command(
            name="replay",
            description=f"Replay the last finished {words.round} as an animation, with its record",
            callback=replay,
        )
    )
    for name, description, callback in commands_:
        group.add_command(
            app_commands.Command(name=name, description=description[:100], callback=callback)
        )
    return group
