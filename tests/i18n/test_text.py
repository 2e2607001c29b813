"""Words in a language: Discord's locales mapped to catalogs, plurals by the language's
rules, numbers and durations as it writes them, English where nothing is translated."""

from __future__ import annotations

from datetime import timedelta

import pytest

from i18n import Text, language_of, text_in


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("es-ES", "es"),
        ("es-419", "es"),
        ("pt-BR", "pt_BR"),
        ("de", "de"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("fr", "en"),
        ("ja", "en"),
        (None, "en"),
        ("", "en"),
        ("pt_BR", "pt_BR"),
    ],
)
def test_a_discord_locale_reads_its_catalog(locale: str | None, language: str) -> None:
    assert language_of(locale) == language
    assert text_in(locale).language == language


def test_english_fills_placeholders_and_counts() -> None:
    text = Text("en")
    assert text._("Hand {number} is over.", number=3) == "Hand 3 is over."
    assert text.n_("{count} point", "{count} points", 1) == "1 point"
    assert text.n_("{count} point", "{count} points", 3) == "3 points"


def test_an_untranslated_message_reads_in_english_never_as_a_key() -> None:
    for language in ("es", "pt_BR", "de"):
        text = Text(language)
        assert text._("A message nobody has translated, {who}.", who="Ada") == (
            "A message nobody has translated, Ada."
        )


def test_numbers_and_durations_as_each_language_writes_them() -> None:
    assert Text("en").number(1234.5) == "1,234.5"
    assert Text("de").number(1234.5) == "1.234,5"
    assert Text("pt_BR").number(1234.5) == "1.234,5"
    assert Text("es").duration(timedelta(days=2)) == "2 días"
    assert Text("de").duration(timedelta(hours=8)) == "8 Stunden"
    assert Text("pt_BR").duration(timedelta(minutes=30)) == "30 minutos"
