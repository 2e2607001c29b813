"""The language a picture's words are drawn in when the caller names none."""

from __future__ import annotations

from typing import Final

from i18n import Text

ENGLISH: Final = Text()
"""English, the source: every picture's default (its reference pictures are English)."""
