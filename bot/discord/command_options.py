"""A command's options, each declared once with all it is: its name, type, description,
choices and autocomplete together. ``/<family> new`` and ``/tournament new`` are built
this way, with every option of the games' specs among their own.

A name is an English message marked for the catalogs (``N_``) that is also the callback's
keyword, so the tree's translator gives it in each Discord language with no rename; a
description is a marked message or a :func:`~bot.discord.command_words.said` string."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine, Iterable
from typing import Any, Final

import discord
from discord import app_commands

from bot.discord.answering import reader_text
from bot.discord.command_words import said, verbatim
from bot.tables.pace import format_turn, suggestions
from engine.spec import Choice, GameSpec, OptionSpec
from i18n import LANGUAGES, N_, NAMES, language_of

Words = str | app_commands.locale_str
Callback = Callable[..., Coroutine[Any, Any, None]]
Suggest = Callable[
    [discord.Interaction[Any], str], Coroutine[Any, Any, list[app_commands.Choice[str]]]
]

MAX_OPTIONS: Final = 25
"""Discord's most options for one command (a tree with more fails to sync)."""

LEVEL_NAMES: Final = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
"""How a choice of computer level names each level."""


class CommandOptions:
    """The options of one command, in the order Discord lists them; :meth:`command` makes
    the command whose callback takes them all as keywords."""

    def __init__(self) -> None:
        self.parameters: list[inspect.Parameter] = []
        self.describe: dict[str, Words] = {}
        self.choices: dict[str, list[app_commands.Choice[Any]]] = {}
        self.autocomplete: dict[str, Suggest] = {}
        self.game_options: list[str] = []
        """The names of the options that come from the games' specs."""

    def add(
        self,
        name: str,
        annotation: Any,
        description: Words,
        *,
        required: bool = False,
        default: Any = None,
        choices: list[app_commands.Choice[Any]] | None = None,
        autocomplete: Suggest | None = None,
    ) -> None:
        """One option; not ``required``, it is ``default`` when not given."""
        if name in self.describe:
            raise ValueError(f"two options of a command are named {name!r}")
        if len(self.parameters) == MAX_OPTIONS:
            raise ValueError(
                f"{name!r} would be option {MAX_OPTIONS + 1}: Discord allows {MAX_OPTIONS}"
            )
        self.parameters.append(
            inspect.Parameter(
                name,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=annotation if required else annotation | None,
                default=inspect.Parameter.empty if required else default,
            )
        )
        self.describe[name] = description
        if choices is not None:
            self.choices[name] = choices
        if autocomplete is not None:
            self.autocomplete[name] = autocomplete

    def add_game_options(self, specs: Iterable[GameSpec]) -> None:
        """Every option any of ``specs`` has, once (the first spec's wording), with the
        description and choices its :class:`~engine.spec.OptionSpec` gives: the one place
        a game's options become a command's."""
        seen: dict[str, OptionSpec] = {}
        for spec in specs:
            for option in spec.options:
                seen.setdefault(option.name, option)
        for option in seen.values():
            self.add(
                option.name,
                type(option.default),
                option.description,
                choices=[
                    app_commands.Choice(name=_choice_name(c), value=c.value) for c in option.choices
                ],
            )
            self.game_options.append(option.name)

    def add_turn(self, default_turn_seconds: int) -> None:
        """The ``turn`` option: how long each turn may last, suggested as one types."""

        async def turn_choices(
            interaction: discord.Interaction[Any], current: str
        ) -> list[app_commands.Choice[str]]:
            listed = suggestions(current, default_turn_seconds, reader_text(interaction))
            return [app_commands.Choice(name=label[:100], value=value) for label, value in listed]

        description = said(
            N_("How long each turn may last, 1 minute to 3 days: 30m, 8h, 2d (default {length})"),
            length=format_turn(default_turn_seconds),
        )
        self.add(N_("turn"), str, description, autocomplete=turn_choices)

    def add_language(self, description: str) -> None:
        """The ``language`` option: each language named in its own words (read with
        :func:`table_language`)."""
        self.add(
            N_("language"),
            str,
            description,
            choices=[
                app_commands.Choice(name=verbatim(NAMES[language]), value=language)
                for language in LANGUAGES
            ],
        )

    def split(self, given: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """The callback's keywords as the command's own options, and the game options the
        user gave (one left empty is left out)."""
        own = {name: value for name, value in given.items() if name not in self.game_options}
        games = {
            name: value
            for name, value in given.items()
            if name in self.game_options and value is not None
        }
        return own, games

    def command(
        self, name: str, description: Words, callback: Callback
    ) -> app_commands.Command[Any, ..., None]:
        """The command named ``name`` whose ``callback(interaction, /, **given)`` takes
        these options."""
        interaction = inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
        callback.__signature__ = inspect.Signature([interaction, *self.parameters])  # type: ignore[attr-defined]
        app_commands.describe(**self.describe)(callback)
        app_commands.choices(**self.choices)(callback)
        app_commands.autocomplete(**self.autocomplete)(callback)
        return app_commands.Command(name=name, description=description, callback=callback)


def table_language(interaction: discord.Interaction[Any], chosen: str | None) -> str:
    """The ``language`` option read: the language a new table speaks in public, the one
    chosen, else the server's preferred one (in a DM, the player's own)."""
    if chosen is not None:
        return language_of(chosen)
    locale = interaction.guild_locale if interaction.guild_id is not None else None
    return language_of((locale or interaction.locale).value)


def level_choices(specs: Iterable[GameSpec]) -> list[app_commands.Choice[str]]:
    """Every computer level of ``specs``, once, in the order they come."""
    levels = dict.fromkeys(level for spec in specs for level in spec.levels)
    return [
        app_commands.Choice(name=LEVEL_NAMES.get(level, level.title()), value=level)
        for level in levels
    ]


def _choice_name(choice: Choice) -> Words:
    """A choice as the menu lists it: its label (a template filled with its values, or
    a bare number that reads the same in every language)."""
    if choice.templates is not None:
        return said(choice.templates[0], **dict(choice.values))
    if not any(letter.isalpha() for letter in choice.label):
        return verbatim(choice.label)
    return choice.label
