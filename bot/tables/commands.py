"""The slash commands a message names, written as Discord's clickable mentions
(``</dominoes new:123>``), so a reader runs one with a click instead of typing it.

A mention needs the command's id, which Discord gives when the commands are registered
or read back: each process learns the ids at start (:data:`COMMAND_IDS`). A mention
shows the command's own (English) name, the only one Discord accepts in it; a command
whose id is not known is written as the reader would type it, in their language
(``/dominó nuevo``), which is how Discord lists it to them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from i18n import SOURCE, Text

NAME: Final = re.compile(r"^[-_'\w]{1,32}$")
"""What Discord takes as a command, option or group name (lower case, too)."""
ENGLISH: Final = Text()


def is_name(words: str) -> bool:
    return bool(NAME.match(words)) and words == words.lower()


def localized_name(name: str, text: Text) -> str:
    """A command's, group's or option's name as Discord lists it in ``text``'s language:
    the catalog's word, lower-cased, or the English name where that is no valid name
    (the command tree's translator registers the very same)."""
    if text.language == SOURCE:
        return name
    words = text._(name).lower()
    return words if is_name(words) else name


class CommandIds:
    """The ids Discord gave the bot's top-level commands, by name (a subcommand is
    mentioned with its command's id)."""

    def __init__(self) -> None:
        self._ids: dict[str, int] = {}

    def learn(self, commands: Iterable[tuple[str, int]]) -> None:
        """Remember ``(name, id)`` pairs, as registered or read back from Discord."""
        for name, command_id in commands:
            self._ids[name] = command_id

    def forget(self) -> None:
        self._ids.clear()

    def id_of(self, name: str) -> int | None:
        return self._ids.get(name)


COMMAND_IDS: Final = CommandIds()
"""This process's command ids (one application per process)."""


def mention(path: str, text: Text = ENGLISH) -> str:
    """``path`` (``"dominoes new"``, ``"standings"``) as a clickable mention, or as the
    command typed in ``text``'s language while its id is unknown."""
    words = path.split()
    command_id = COMMAND_IDS.id_of(words[0])
    if command_id is not None:
        return f"</{' '.join(words)}:{command_id}>"
    return "/" + " ".join(localized_name(word, text) for word in words)


@dataclass(frozen=True, slots=True)
class Command:
    """A message's value that names a command (a refusal's "start one with /…"): written
    as a mention, or in the reader's language, when the message is said to them."""

    path: str

    def said_in(self, text: Text) -> str:
        return mention(self.path, text)

    def __str__(self) -> str:
        return mention(self.path)
