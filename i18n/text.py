"""The words of one language: messages looked up in its catalog, then filled in."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import Any

from babel.dates import format_datetime, format_timedelta
from babel.numbers import format_decimal

from i18n.catalogs import translations
from i18n.languages import SOURCE, language_of

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Text:
    """One language's words. ``_("Hand {number} is over.", number=3)``; plurals with
    ``n_("{count} point", "{count} points", count)`` (``count`` is filled in too)."""

    language: str = SOURCE

    def _(self, message: str, /, **values: Any) -> str:
        return self._filled(translations(self.language).gettext(message), message, values)

    def n_(self, singular: str, plural: str, count: int, /, **values: Any) -> str:
        chosen = translations(self.language).ngettext(singular, plural, count)
        source = singular if count == 1 else plural
        return self._filled(chosen, source, {"count": self.number(count), **values})

    def number(self, value: float) -> str:
        """``1234.5`` as the language writes it (``1,234.5``, ``1.234,5``)."""
        return format_decimal(value, locale=self.language)

    def duration(self, span: timedelta) -> str:
        """A span as the language says it, rounded (``2 days``, ``2 Tage``, ``8 horas``)."""
        return format_timedelta(span, locale=self.language, threshold=1.1)

    def moment(self, at: datetime) -> str:
        """A date and time, short, as the language writes them."""
        return format_datetime(at, format="short", locale=self.language)

    def _filled(self, translated: str, source: str, values: dict[str, Any]) -> str:
        """Fill the placeholders; a translation whose placeholders do not match (the
        catalog tests refuse one) falls back to the English message."""
        if not values:
            return translated
        try:
            return translated.format(**values)
        except (KeyError, IndexError, ValueError):
            log.warning("%s: %r does not fill in; English used", self.language, source)
            return source.format(**values)


@cache
def text_in(locale: str | None) -> Text:
    """The words for a Discord locale or a catalog name (English when unknown)."""
    return Text(language_of(locale))
