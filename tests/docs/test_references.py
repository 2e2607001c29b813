"""Everything the documentation points at is in the repository: no section of a rules text
or an issue a reader does not have, and every relative link leads to a file. And a page
speaks of the product, not of how the work on it went."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted([ROOT / "README.md", ROOT / "bench" / "README.md", *(ROOT / "docs").rglob("*.md")])
CODE = sorted(
    path
    for folder in ("bot", "engine", "render", "bench", "scripts", "tests")
    for path in (ROOT / folder).rglob("*.py")
)

DANGLING = re.compile(
    r"(?-i:RULES)(?:\.md| §)|§|\bissue \d+|\bseed(?:'s)? (?:text|tips|example|worked)|"
    r"\bthe seed's (?!particular)|\bthe seed (?:says|describes|gives)",
    re.IGNORECASE,
)
"""References to texts outside the repository: a rules file's sections, an issue number,
the source texts the rules were first written from."""

WORKSHOP = re.compile(
    r"\bissues?\b|\bsessions?'s?(?!\w)|\b(?:while|as) (?:\w+ ){0,2}sessions?\b|"
    r"\bbranch(?:es)? `|`ai\d+-|\b20\d\d-\d\d-\d\d\b|"
    r"\b\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|"
    r"November|December)\b",
    re.IGNORECASE,
)
"""How the work on the product was done rather than the product: issues, the sessions
that shared a machine, branches, dates. The history is in git."""

LINK = re.compile(r"\]\(([^)\s]+)\)")


def relative(page: Path) -> str:
    return str(page.relative_to(ROOT))


@pytest.mark.parametrize("page", PAGES + CODE, ids=relative)
def test_no_reference_to_a_text_outside_the_repository(page: Path) -> None:
    if page == Path(__file__):
        return
    found = [
        f"{number}: {line.strip()}"
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        if DANGLING.search(line)
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("page", PAGES, ids=relative)
def test_every_relative_link_leads_to_a_file(page: Path) -> None:
    broken = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"^[a-z][a-z+.-]*:", target) or target.startswith("#"):
            continue  # a web address or a place on the same page
        path = (page.parent / target.split("#", 1)[0]).resolve()
        if not path.exists():
            broken.append(target)
    assert not broken, f"{relative(page)} links to missing files: {broken}"


@pytest.mark.parametrize("page", PAGES, ids=relative)
def test_a_page_speaks_of_the_product_alone(page: Path) -> None:
    found = [
        f"{number}: {line.strip()}"
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        if WORKSHOP.search(line)
    ]
    assert not found, "\n".join(found)
