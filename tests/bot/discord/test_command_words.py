"""The whole command tree as Discord receives it in each language: every name, description
and choice translated, names Discord accepts and unique among their siblings, values
filled in the translated templates; the language a new table speaks by default."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord.ext import commands

from bot.discord.cogs.games import family_group, table_language
from bot.discord.cogs.league import LeagueCog
from bot.discord.cogs.tables import TablesCog
from bot.discord.cogs.tournaments import tournament_group
from bot.discord.command_words import CommandWords
from bot.games import ADAPTERS
from bot.tables.settings import TableSettings

LOCALES = {"es-ES": "es", "es-419": "es", "pt-BR": "pt_BR", "de": "de"}
NAME = re.compile(r"^[-_'\w]{1,32}$")


async def translated_tree() -> list[dict[str, Any]]:
    """Every command's payload as the bot syncs it (the cogs and the generated groups)."""
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    for adapter in ADAPTERS.values():
        bot.tree.add_command(family_group(adapter, None, 300))  # type: ignore[arg-type]
    await bot.add_cog(LeagueCog(None))  # type: ignore[arg-type]
    await bot.add_cog(TablesCog(None))  # type: ignore[arg-type]
    bot.tree.add_command(tournament_group(None, 300))  # type: ignore[arg-type]
    translator = CommandWords()
    await bot.tree.set_translator(translator)
    return [
        await command.get_translated_payload(bot.tree, translator)
        for command in bot.tree.get_commands()
    ]


def walk(
    entries: list[dict[str, Any]], path: str = ""
) -> Iterator[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    """Each command, subcommand and option with its siblings."""
    for entry in entries:
        here = f"{path}/{entry['name']}"
        yield here, entry, entries
        yield from walk(entry.get("options") or [], here)


@pytest.fixture(scope="module")
def tree() -> list[dict[str, Any]]:
    return asyncio.run(translated_tree())


@pytest.mark.parametrize("locale", sorted(LOCALES))
def test_every_name_and_description_is_translated_into_a_name_discord_takes(
    tree: list[dict[str, Any]], locale: str
) -> None:
    problems = []
    for where, entry, siblings in walk(tree):
        name = entry.get("name_localizations", {}).get(locale)
        if name is None:
            problems.append(f"{where}: no {locale} name")
        elif not NAME.match(name) or name != name.lower():
            problems.append(f"{where}: {name!r} is not a valid name")
        names = [s.get("name_localizations", {}).get(locale, s["name"]) for s in siblings]
        if names.count(name) > 1:
            problems.append(f"{where}: {name!r} is not unique among its siblings")
        description = entry.get("description_localizations", {}).get(locale)
        if description is None:
            problems.append(f"{where}: no {locale} description")
        elif not 1 <= len(description) <= 100 or "{" in description:
            problems.append(f"{where}: {description!r}")
        for choice in entry.get("choices") or []:
            localized = choice.get("name_localizations", {}).get(locale)
            own_words = choice["name"] in ("English", "Español", "Português (Brasil)", "Deutsch")
            numbers = not any(c.isalpha() for c in choice["name"])
            if localized is None and not (own_words or numbers):
                problems.append(f"{where}: choice {choice['name']!r} has no {locale} name")
            if localized is not None and ("{" in localized or len(localized) > 100):
                problems.append(f"{where}: choice {localized!r}")
    assert problems == []


def option(tree: list[dict[str, Any]], path: str) -> dict[str, Any]:
    return next(entry for where, entry, _ in walk(tree) if where == path)


def test_descriptions_with_values_are_filled_in_the_translated_template(
    tree: list[dict[str, Any]],
) -> None:
    seats = option(tree, "/dominoes/new/seats")["description_localizations"]
    assert seats["es-ES"] == "Número de asientos, de 2 a 4 (por defecto 4)"
    assert seats["de"] == "Anzahl der Plätze, 2 bis 4 (Standard 4)"
    new = option(tree, "/network/new")["description_localizations"]
    assert new["pt-BR"] == "Abra uma mesa de Dominó Network neste canal"  # the title too
    sets = option(tree, "/fido/new/set")["choices"]
    assert sets[0]["name_localizations"]["de"] == "Doppel-6 (28 Steine, Teiler 3)"
    wins = option(tree, "/sackson/new/target")["choices"]
    assert [c["name_localizations"].get("es-419") for c in wins][1] == "El primero en ganar 2"


def test_command_names_read_in_the_players_language(tree: list[dict[str, Any]]) -> None:
    assert option(tree, "/dominoes/new")["name_localizations"]["es-ES"] == "nuevo"
    assert option(tree, "/dominoes/new/turn")["name_localizations"]["pt-BR"] == "vez"
    assert option(tree, "/standings")["name_localizations"]["de"] == "tabelle"
    assert "en-US" not in option(tree, "/standings").get("name_localizations", {})


def test_the_language_option_names_each_language_in_its_own_words(
    tree: list[dict[str, Any]],
) -> None:
    language = option(tree, "/fido/new/language")
    assert [(c["name"], c["value"]) for c in language["choices"]] == [
        ("English", "en"),
        ("Español", "es"),
        ("Português (Brasil)", "pt_BR"),
        ("Deutsch", "de"),
    ]
    assert all("name_localizations" not in c for c in language["choices"])
    assert language["name_localizations"]["es-ES"] == "idioma"


def interaction(guild_locale: str | None, locale: str = "en-US") -> Any:
    return SimpleNamespace(
        guild_id=None if guild_locale is None else 1,
        guild_locale=None if guild_locale is None else discord.Locale(guild_locale),
        locale=discord.Locale(locale),
    )


@pytest.mark.parametrize(
    ("guild_locale", "language"),
    [("es-ES", "es"), ("es-419", "es"), ("pt-BR", "pt_BR"), ("de", "de"), ("fr", "en")],
)
def test_a_new_table_speaks_the_servers_language_unless_told_otherwise(
    guild_locale: str, language: str
) -> None:
    assert table_language(interaction(guild_locale, "ja"), None) == language
    assert table_language(interaction(guild_locale), "de") == "de"


def test_in_a_dm_a_table_would_speak_its_players_language() -> None:
    assert table_language(interaction(None, "pt-BR"), None) == "pt_BR"


def test_the_lobby_line_says_the_settings_in_the_tables_language() -> None:
    settings = TableSettings.build(
        "all-fives",
        seats=None,
        target=None,
        turn_seconds=8 * 3600,
        options={"spinner": "off"},
        language="es",
    )
    line = settings.describe()
    assert line.startswith("Meta 100 · ")
    assert "Sin giratorio: la línea solo tiene dos extremos" in line
    assert "8 h por turno" in line and line.endswith("Idioma: Español")
    english = TableSettings.from_json("all-fives", {**settings.to_json(), "language": "en"})
    assert english.describe().endswith("8 h per turn · Language: English")


def test_options_stated_with_numbers_are_stated_in_the_tables_language() -> None:
    line = TableSettings.build(
        "fido", seats=None, target=None, turn_seconds=300, options={}, language="de"
    ).describe()
    assert "Dominosatz: Doppel-12 (91 Steine)" in line
    assert "Teiler 7 (der des Satzes)" in line
