"""The rules pages read as their readers see them: sections of blocks (paragraphs, lists,
tables), and what a page quotes of the bot. The quoting convention the pages keep:

- a **bold** span that is one of the bot's own words (a button, a menu, a game's title, a
  choice, a message: any message of the catalogs, in any language) quotes it, and must be
  that word in the page's language; other bold spans are emphasis;
- inline `code` starting with ``/`` is a command as the reader types it:
  ``/<command> [<subcommand>] [<value>] [<option>:<value> …]``, a value in ``<…>`` a
  placeholder (``<A | B | …>`` lists choices); a bare `name` in code that is a command or
  option name is that name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
LANGUAGES = ("es", "pt_BR", "de")
ENGLISH_PAGES = sorted(page.name for page in RULES.glob("*.md") if page.name != "README.md")

FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
CODE_SPAN = re.compile(r"`([^`]+)`")
LIST_ITEM = re.compile(r"^(?:[-*]|\d+\.)\s")


def page_path(language: str, page: str) -> Path:
    return RULES / page if language == "en" else RULES / language / page


def read(language: str, page: str) -> str:
    return page_path(language, page).read_text(encoding="utf-8")


def squeeze(words: str) -> str:
    return " ".join(words.split())


@dataclass(frozen=True)
class Block:
    """A paragraph, a list, a table or a fenced block: its text and its shape."""

    text: str

    @property
    def shape(self) -> tuple[object, ...]:
        lines = self.text.splitlines()
        stripped = [line.strip() for line in lines]
        if stripped[0].startswith("```"):
            return ("code", len(lines))
        if stripped[0].startswith("|"):
            return ("table", len(lines), stripped[0].count("|"))
        if LIST_ITEM.match(stripped[0]):
            indent = len(lines[0]) - len(lines[0].lstrip())
            items = [
                line
                for line in lines
                if LIST_ITEM.match(line.strip()) and len(line) - len(line.lstrip()) == indent
            ]
            return ("list", len(items))
        return ("paragraph",)


@dataclass(frozen=True)
class Section:
    level: int
    heading: str
    blocks: tuple[Block, ...]


def sections(text: str, *, translated: bool = False) -> list[Section]:
    """The page cut at every heading into blocks (a translation's first line, its link to
    the English page, left out)."""
    if translated:
        text = text.lstrip().split("\n", 1)[1]
    found: list[Section] = []
    level, heading, lines = 0, "", list[str]()

    def close() -> None:
        chunks = re.split(r"\n\s*\n", "\n".join(lines).strip("\n"))
        blocks = tuple(Block(chunk) for chunk in chunks if chunk.strip())
        if heading or blocks:
            found.append(Section(level, heading, blocks))

    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        match = None if fenced else HEADING.match(line)
        if match:
            close()
            level, heading, lines = len(match.group(1)), match.group(2).strip(), []
        else:
            lines.append(line)
    close()
    return found


def bold_spans(text: str) -> list[str]:
    return [squeeze(span) for span in BOLD.findall(FENCE.sub("", text))]


def code_spans(text: str) -> list[str]:
    return [squeeze(span) for span in CODE_SPAN.findall(FENCE.sub("", text))]
