"""The bot's own words in each language, as the tests of the rules pages check them: every
message of the catalogs (English the source), and the slash commands as Discord shows them
to a reader of each language (the tree the bot syncs, translated by its translator)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from i18n import SOURCE
from i18n.catalogs import read_catalog
from tests.bot.discord.test_command_words import translated_tree
from tests.docs.rules_markdown import LANGUAGES, squeeze

DISCORD_LOCALE = {"en": None, "es": "es-ES", "pt_BR": "pt-BR", "de": "de"}
"""The Discord locale whose words a page's reader sees (es-419 reads the same catalog)."""
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
SUBCOMMAND, SUBCOMMAND_GROUP = 1, 2
"""Discord's option types for a subcommand and a group of them."""
SHORTEST_TEMPLATE = 10
"""Letters a message with placeholders must have besides them to be recognised."""


@dataclass(frozen=True)
class Message:
    """One catalog message: its words in each language (English where untranslated, as
    the bot then shows it)."""

    source: str
    forms: dict[str, str]

    def pattern(self, language: str) -> re.Pattern[str]:
        """The message in ``language``, its placeholders standing for any words."""
        parts = PLACEHOLDER.split(squeeze(self.forms[language]))
        return re.compile(".+?".join(re.escape(part) for part in parts))

    def reads(self, words: str, language: str) -> bool:
        return self.pattern(language).fullmatch(words) is not None


@cache
def messages() -> tuple[Message, ...]:
    translated = {language: read_catalog(language) for language in LANGUAGES}
    found = []
    for entry in translated[LANGUAGES[0]]:
        if not entry.id or not isinstance(entry.id, str):
            continue  # the header, and plurals (never quoted)
        forms = {SOURCE: entry.id}
        for language, catalog in translated.items():
            own = catalog.get(entry.id)
            usable = own is not None and own.string and not own.fuzzy
            forms[language] = own.string if usable else entry.id
        found.append(Message(entry.id, forms))
    return tuple(found)


@cache
def _exact() -> dict[str, list[Message]]:
    index: dict[str, list[Message]] = {}
    for message in messages():
        if PLACEHOLDER.search(message.source):
            continue
        for form in set(message.forms.values()):
            index.setdefault(squeeze(form), []).append(message)
    return index


@cache
def _templates() -> tuple[tuple[Message, tuple[re.Pattern[str], ...]], ...]:
    found = []
    for message in messages():
        fixed = PLACEHOLDER.sub("", message.source)
        if PLACEHOLDER.search(message.source) and sum(c.isalpha() for c in fixed) >= (
            SHORTEST_TEMPLATE
        ):
            patterns = tuple({message.pattern(language) for language in message.forms})
            found.append((message, patterns))
    return tuple(found)


def bot_messages(words: str) -> list[Message]:
    """The messages ``words`` is, in any language (none: not the bot's words). Only what
    the bot shows as a label or a sentence counts: a message written with a capital (a
    button, a title, a choice) or opening with a value (``{name} passed``), of two
    characters or more; a lower-case catalog word (a column's heading) is no quote."""
    words = squeeze(words)
    if len(words) < 2:
        return []
    found = [m for m in _exact().get(words, []) if not m.source[0].islower()]
    found += [
        message
        for message, patterns in _templates()
        if not message.source[0].islower() and any(p.fullmatch(words) for p in patterns)
    ]
    return found


@dataclass
class Node:
    """A command, subcommand or option: its name for each language, its choices."""

    names: dict[str, str]
    children: list[Node] = field(default_factory=list)
    choices: list[dict[str, str]] = field(default_factory=list)
    values: list[Any] = field(default_factory=list)
    is_command: bool = False
    """A subcommand or a group of them, not an option."""

    def named(self, name: str, language: str) -> Node | None:
        return next((child for child in self.children if child.names[language] == name), None)


def _node(entry: dict[str, Any]) -> Node:
    def words(item: dict[str, Any]) -> dict[str, str]:
        localized = item.get("name_localizations") or {}
        return {
            language: localized.get(locale, item["name"]) if locale else item["name"]
            for language, locale in DISCORD_LOCALE.items()
        }

    return Node(
        words(entry),
        [_node(child) for child in entry.get("options") or []],
        [words(choice) for choice in entry.get("choices") or []],
        [choice["value"] for choice in entry.get("choices") or []],
        entry.get("type") in (SUBCOMMAND, SUBCOMMAND_GROUP),
    )


@cache
def command_tree() -> Node:
    """The root of every slash command the bot syncs."""
    tree = asyncio.run(translated_tree())
    return Node({language: "" for language in DISCORD_LOCALE}, [_node(e) for e in tree])


def walk(node: Node) -> Iterator[Node]:
    for child in node.children:
        yield child
        yield from walk(child)


def names(language: str) -> set[str]:
    """Every command, subcommand and option name a reader of ``language`` sees."""
    return {node.names[language] for node in walk(command_tree())}


def name_keys(language: str) -> dict[str, tuple[str, frozenset[str]]]:
    """Each name a reader of ``language`` sees, as a key naming the English names it
    stands for."""
    english: dict[str, set[str]] = {}
    for node in walk(command_tree()):
        english.setdefault(node.names[language], set()).add(node.names["en"])
    return {name: ("name", frozenset(found)) for name, found in english.items()}


class NotACommand(ValueError):
    """A quoted command the bot does not have, in the page's language."""


OPTION = re.compile(r"(?:^|\s)([^\s:<>|]+):")


def parse_command(quoted: str, language: str) -> tuple[object, ...]:
    """A quoted command (``/dominoes new game:<All Fives | Draw>``) read against the
    commands a reader of ``language`` sees, as a key that reads the same in every
    language: the English names, each choice's value, a placeholder as ``<>``."""
    words = quoted[1:].split(" ", 1)
    node = command_tree().named(words[0], language)
    if node is None:
        raise NotACommand(f"{quoted!r}: no command /{words[0]} in {language}")
    path = [node.names["en"]]
    rest = words[1] if len(words) > 1 else ""
    while rest:
        head, _, tail = rest.partition(" ")
        sub = node.named(head, language)
        if sub is None or not sub.is_command:
            break
        node, rest = sub, tail
        path.append(node.names["en"])
    if rest and any(child.is_command for child in node.children):
        raise NotACommand(f"{quoted!r}: /{' '.join(path)} has no subcommand {rest.split()[0]!r}")
    key: list[object] = ["/".join(path)]
    starts = [(m.start(1), m.end(0), m.group(1)) for m in OPTION.finditer(rest)]
    free = rest[: starts[0][0]] if starts else rest
    if free.strip():
        if not node.children:
            raise NotACommand(f"{quoted!r}: /{' '.join(path)} takes nothing more")
        key.append(("", _free(free)))  # the value of its option, as typed
    for index, (_, end, name) in enumerate(starts):
        option = node.named(name, language)
        if option is None:
            raise NotACommand(f"{quoted!r}: /{' '.join(path)} has no option {name!r}")
        stop = starts[index + 1][0] if index + 1 < len(starts) else len(rest)
        key.append((option.names["en"], _value(option, rest[end:stop].strip(), language)))
    return tuple(key)


def _free(value: str) -> str:
    value = value.strip()
    return "<>" if value.startswith(("<", "@")) or value in ("…", "...") else value


def _value(option: Node, value: str, language: str) -> object:
    if not option.choices:
        return _free(value)
    listed = value[1:-1].split("|") if value.startswith("<") else [value]
    picked: list[object] = []
    for name in (part.strip() for part in listed):
        if name in ("…", "..."):
            picked.append("…")
            continue
        found = [
            v for c, v in zip(option.choices, option.values, strict=True) if c[language] == name
        ]
        if not found:
            offered = [choice[language] for choice in option.choices]
            raise NotACommand(f"{name!r} is no choice of {option.names[language]}: {offered}")
        picked.append(found[0])
    return tuple(picked)
