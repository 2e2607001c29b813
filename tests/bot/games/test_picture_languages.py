"""Every game's adapter draws its pictures in the language it is given: the table (its
header's score-table headings) and, in a game with hands, each seat's hand picture."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.games import adapter_for
from engine.match import Match
from engine.registry import GAMES
from i18n import Text
from render.kit import hand, header
from tests.render.drawn_words import Drawn, record_drawn_text

NAMES = ["Ann", "Bob"]
HEADINGS = {
    "es": {"fichas", "En mano"},
    "de": {"Steine", "Auf der Hand"},
}
"""The first score-table heading of a game with tiles, or of Sackson's Network."""


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Every text the header and the hand picture draw."""
    yield record_drawn_text(monkeypatch, (header, hand))


def words(drawn: list[Drawn]) -> set[str]:
    return {call.text for call in drawn}


@pytest.mark.parametrize("language", sorted(HEADINGS))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_table_picture_is_drawn_in_the_language_given(
    drawn: list[Drawn], game: str, language: str
) -> None:
    match = Match(game, 2, target=10, seed=3)
    adapter = adapter_for(game)
    english = adapter.table_picture(match, NAMES)
    drawn.clear()
    translated = adapter.table_picture(match, NAMES, text=Text(language))
    assert translated != english
    assert HEADINGS[language] & words(drawn), words(drawn)
    assert not {"tiles", "In hand", "match", "Wins"} & words(drawn), words(drawn)


def test_a_fido_hand_picture_counts_its_pages_in_the_readers_language(drawn: list[Drawn]) -> None:
    """A FIDO hand for two is too long for one picture: its page count is in the
    reader's words, after the title the caller wrote in them."""
    match = Match("fido", 2, target=10, seed=3)
    adapter = adapter_for("fido")
    english = adapter.hand_picture(match.hand, 0, "Mesa 1")
    drawn.clear()
    spanish = adapter.hand_picture(match.hand, 0, "Mesa 1", text=Text("es"))
    assert "Mesa 1 · página 1 de 2" in words(drawn)
    assert spanish != english
