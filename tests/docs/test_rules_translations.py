"""Each rules page in docs/rules/ has a Spanish, Brazilian Portuguese and German twin that
keeps every section and paragraph, every number in its tables and links that work from its
own folder: a dropped section or paragraph or a broken link fails here (the commands and
moves it quotes are checked in test_rules_words.py)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.docs.rules_markdown import sections

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
LANGUAGES = ("es", "pt_BR", "de")
ENGLISH_PAGES = sorted(page.name for page in RULES.glob("*.md") if page.name != "README.md")
PAIRS = [(language, page) for language in LANGUAGES for page in ENGLISH_PAGES]

FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
HEADING = re.compile(r"^(#{1,6})\s", re.MULTILINE)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
NUMBER = re.compile(r"\d+")


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def heading_levels(text: str) -> list[int]:
    """The level of every heading, in order (fenced blocks left out)."""
    return [len(hashes) for hashes in HEADING.findall(FENCE.sub("", text))]


def table_numbers(text: str) -> list[Counter[str]]:
    """For each table in order, every number in its cells."""
    tables: list[Counter[str]] = []
    inside = False
    for line in text.splitlines():
        if line.lstrip().startswith("|"):
            if not inside:
                tables.append(Counter())
            tables[-1].update(NUMBER.findall(line))
            inside = True
        else:
            inside = False
    return tables


def slug(heading: str) -> str:
    """The anchor a Markdown renderer (GitHub's rules) gives a heading."""
    kept = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    headings = re.findall(r"^#{1,6}\s+(.*)$", FENCE.sub("", _text(path)), re.MULTILINE)
    return {slug(heading) for heading in headings}


def relative_links(text: str) -> list[str]:
    return [
        target
        for target in LINK.findall(text)
        if not re.match(r"[a-z][a-z0-9+.-]*:", target) and not target.startswith("#")
    ]


def _translation(language: str, page: str) -> Path:
    return RULES / language / page


@pytest.mark.parametrize(("language", "page"), PAIRS)
def test_every_english_page_has_a_translation(language: str, page: str) -> None:
    assert _translation(language, page).is_file(), f"docs/rules/{language}/{page} is missing"


@pytest.mark.parametrize("measure", [heading_levels, table_numbers], ids=["headings", "tables"])
@pytest.mark.parametrize(("language", "page"), PAIRS)
def test_translation_keeps_every_heading_and_every_tables_numbers(
    language: str, page: str, measure: Callable[[str], object]
) -> None:
    english = measure(_text(RULES / page))
    assert measure(_text(_translation(language, page))) == english


@pytest.mark.parametrize(("language", "page"), PAIRS)
def test_translation_keeps_every_section_and_paragraph(language: str, page: str) -> None:
    """Section by section (same headings, in the same order), the same paragraphs, lists
    of as many items and tables of as many rows and columns as the English page."""
    english = sections(_text(RULES / page))
    translated = sections(_text(_translation(language, page)), translated=True)
    assert [s.level for s in translated] == [s.level for s in english], "headings"
    differing = [
        f"{twin.heading!r} (English {section.heading!r}): "
        f"{[b.shape for b in twin.blocks]} != {[b.shape for b in section.blocks]}"
        for section, twin in zip(english, translated, strict=True)
        if [b.shape for b in twin.blocks] != [b.shape for b in section.blocks]
    ]
    assert differing == []


@pytest.mark.parametrize(("language", "page"), PAIRS)
def test_translation_opens_with_a_link_to_the_english_page(language: str, page: str) -> None:
    first_line = _text(_translation(language, page)).lstrip().splitlines()[0]
    assert f"](../{page})" in first_line, first_line


@pytest.mark.parametrize(("language", "page"), PAIRS)
def test_translation_links_resolve_and_stay_in_its_language(language: str, page: str) -> None:
    path = _translation(language, page)
    body = _text(path).lstrip().split("\n", 1)[1]
    for target in relative_links(body):
        file_part, _, anchor = target.partition("#")
        linked = (path.parent / file_part).resolve()
        assert linked.is_file(), f"{target} does not resolve from {path.relative_to(ROOT)}"
        if anchor:
            assert anchor in anchors(linked), f"{target}: no heading makes #{anchor}"
        if linked.parent == RULES:
            pytest.fail(f"{target} leads to an English rules page, not the {language} one")


def test_rules_index_links_every_page_in_every_language() -> None:
    index = RULES / "README.md"
    links = {(index.parent / target).resolve() for target in relative_links(_text(index))}
    for page in ENGLISH_PAGES:
        assert (RULES / page).resolve() in links, f"the index does not link {page}"
        for language in LANGUAGES:
            assert _translation(language, page).resolve() in links, (
                f"the index does not link {language}/{page}"
            )
    for target in links:
        assert target.is_file(), f"the index links {target}, which does not exist"
