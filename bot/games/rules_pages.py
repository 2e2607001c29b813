"""Each game's whole rules page, for ``/<game> rules``: docs/rules/<family>.md, the one
place the rules are written, and its translations, docs/rules/<language>/<family>.md.

An installed bot reads the copy the build put in the package (``bot/games/rules/``, see
setup.py); a source checkout (an editable install, the tests) reads docs/rules/ itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from i18n import SOURCE

SOURCE_PAGES = Path(__file__).resolve().parents[2] / "docs" / "rules"
"""The pages in a source checkout."""


class RulesPageMissing(LookupError):
    """Neither the package nor the source tree holds the page."""


@dataclass(frozen=True, slots=True)
class Section:
    """A heading of the page and what it says."""

    heading: str
    body: str


def packaged_pages() -> Traversable:
    """The pages the build put in the package (absent from a source checkout)."""
    return resources.files("bot.games").joinpath("rules")


def rules_page(family: str, language: str = SOURCE) -> str:
    """The Markdown of ``family``'s rules page in ``language`` (English where it has no
    translation): the packaged copy, else the source's."""
    name = f"{family}.md"
    wanted = [(language, name), (name,)] if language != SOURCE else [(name,)]
    for parts in wanted:
        for folder in (packaged_pages(), SOURCE_PAGES):
            page = folder.joinpath(*parts)
            if page.is_file():
                return page.read_text(encoding="utf-8")
    raise RulesPageMissing(f"no rules page {name} in the package or in {SOURCE_PAGES}")


def sections(page: str) -> list[Section]:
    """The page cut at its ``#`` and ``##`` headings (the text before the first one, if
    any, under an empty heading)."""
    found: list[Section] = []
    heading, lines = "", list[str]()
    for line in page.splitlines():
        if line.startswith(("# ", "## ")):
            if heading or any(text.strip() for text in lines):
                found.append(Section(heading, "\n".join(lines).strip()))
            heading, lines = line.lstrip("#").strip(), []
        else:
            lines.append(line)
    found.append(Section(heading, "\n".join(lines).strip()))
    return found
