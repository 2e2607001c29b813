"""Commands named in messages: a clickable mention once the command's id is known, else
the command as the reader types it in their language; a refusal names it either way."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.tables.commands import COMMAND_IDS, Command, mention
from bot.tables.errors import UserError
from i18n import N_, Text


@pytest.fixture(autouse=True)
def no_ids() -> Iterator[None]:
    COMMAND_IDS.forget()
    yield
    COMMAND_IDS.forget()


def test_a_known_command_is_a_mention_with_its_english_name_whatever_the_language() -> None:
    COMMAND_IDS.learn([("dominoes", 1234), ("standings", 99)])
    for language in ("en", "es", "pt_BR", "de"):
        assert mention("dominoes new", Text(language)) == "</dominoes new:1234>"
        assert mention("standings", Text(language)) == "</standings:99>"


def test_an_unknown_command_is_written_as_the_reader_types_it() -> None:
    assert mention("dominoes new") == "/dominoes new"
    assert mention("dominoes new", Text("es")) == "/dominó nuevo"
    assert mention("dominoes new", Text("pt_BR")) == "/dominó novo"
    assert mention("standings", Text("de")) == "/tabelle"


def test_a_refusal_names_the_command_in_each_readers_words() -> None:
    refusal = UserError(
        N_("There is no open table in this channel. Start one with {command}."),
        command=Command("dominoes new"),
    )
    assert str(refusal).endswith("Start one with /dominoes new.")
    assert refusal.said_in(Text("es")) == (
        "No hay ninguna mesa abierta en este canal. Abre una con /dominó nuevo."
    )
    COMMAND_IDS.learn([("dominoes", 7)])  # learned after the refusal was made
    assert refusal.said_in(Text("de")).endswith("Eröffne einen mit </dominoes new:7>.")
