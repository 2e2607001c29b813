"""Every game's whole rules page reaches the bot: in the built package (what pip and the
Docker image install) and, split within Discord's embed limits, in ``/<game> rules``,
with links that work there; and every page says what the bot does (``/<game> rules``
shows the whole page; the host or a server manager cancels)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.games import ADAPTERS
from bot.games.rules_pages import SOURCE_PAGES, rules_page, sections
from bot.publishing.rules_reply import (
    DESCRIPTION_LIMIT,
    EMBEDS_PER_MESSAGE,
    MESSAGE_LIMIT,
    rules_messages,
    shown_in_discord,
)
from i18n import LANGUAGES, Text
from tests.deploy.dockerfile import package_source
from tests.docs.bot_words import NotACommand, parse_command

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package as the build step of ``pip install .`` (and of the Docker image) lays
    it out, from what the Dockerfile copies (``tests.deploy.dockerfile`` reads it)."""
    work = tmp_path_factory.mktemp("build")
    source = package_source(work / "image")
    out = work / "lib"
    subprocess.run(
        [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(out)],
        check=True,
        cwd=source,
        capture_output=True,
    )
    return out


@pytest.mark.parametrize("family", sorted(ADAPTERS))
def test_every_game_has_its_rules_page_in_the_installed_package(family: str, built: Path) -> None:
    packaged = (built / "bot" / "games" / "rules" / f"{family}.md").read_text(encoding="utf-8")
    assert packaged == (SOURCE_PAGES / f"{family}.md").read_text(encoding="utf-8")
    assert packaged.startswith("# ") and ADAPTERS[family].title.split()[0] in packaged


@pytest.mark.parametrize("family", sorted(ADAPTERS))
def test_the_page_is_shown_whole_within_discords_limits(family: str) -> None:
    page = rules_page(family)
    messages = rules_messages(page)
    shown = [embed for message in messages for embed in message]
    for message in messages:
        assert 0 < len(message) <= EMBEDS_PER_MESSAGE
        assert sum(len(e.title or "") + len(e.description or "") for e in message) <= MESSAGE_LIMIT
    assert all(len(embed.description or "") <= DESCRIPTION_LIMIT for embed in shown)
    text = "\n\n".join(embed.description or "" for embed in shown)
    for section in sections(shown_in_discord(page)):
        assert section.heading in {embed.title for embed in shown}
        for paragraph in section.body.split("\n\n"):
            assert paragraph in text


@pytest.mark.parametrize("family", sorted(ADAPTERS))
def test_an_installed_bot_loads_the_page_from_its_package(
    family: str, built: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No source tree beside it (the Docker image): the packaged page is what loads."""
    monkeypatch.setattr("bot.games.rules_pages.SOURCE_PAGES", built / "no-source-here")
    monkeypatch.setattr(
        "bot.games.rules_pages.packaged_pages", lambda: built / "bot" / "games" / "rules"
    )
    assert rules_page(family) == (SOURCE_PAGES / f"{family}.md").read_text(encoding="utf-8")


LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]*)\)")
PAGES = sorted(SOURCE_PAGES.rglob("*.md"))
SHORT_SUMMARY = re.compile(
    r"short summary|summary of these rules|resumen|resumo|Zusammenfassung|Kurzfassung", re.I
)
MANAGE_SERVER = {
    "en": "Manage Server",
    "es": "Gestionar servidor",
    "pt_BR": "Gerenciar servidor",
    "de": "Server verwalten",
}
"""Discord's permission, as the bot's refusals name it in each language."""


def _language(page: Path) -> str:
    return "en" if page.parent == SOURCE_PAGES else page.parent.name


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("family", sorted(ADAPTERS))
def test_every_link_shown_in_discord_can_be_followed_there(family: str, language: str) -> None:
    """Discord opens only web addresses: a relative link is shown as its words, and one
    to another game's rules names the command that shows them to this reader."""
    page = rules_page(family, language)
    shown = "\n".join(
        embed.description or ""
        for message in rules_messages(page, Text(language))
        for embed in message
    )
    assert [target for _, target in LINK.findall(shown) if not target.startswith("https://")] == []
    for words, target in LINK.findall(page):
        if target.endswith(".md") and "/" not in target:  # another rules page, beside it
            command = re.search(rf"{re.escape(words)} \(`(/[^`]+)`\)", shown)
            assert command is not None, f"[{words}]({target}) names no command in Discord"
            try:
                assert parse_command(command.group(1), language)[0] == f"{target[:-3]}/rules"
            except NotACommand as wrong:
                pytest.fail(str(wrong))
        else:
            assert words in shown


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(SOURCE_PAGES)))
def test_no_page_calls_the_whole_page_a_summary(page: Path) -> None:
    found = SHORT_SUMMARY.findall(page.read_text(encoding="utf-8"))
    assert found == [], "/<game> rules shows the whole page"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(SOURCE_PAGES)))
def test_a_page_naming_cancel_says_who_may_cancel(page: Path) -> None:
    """The table's creator, or anyone with Manage Server (bot/tables/seats.py)."""
    text = " ".join(page.read_text(encoding="utf-8").split())
    cancels = [
        quoted for quoted in re.findall(r"`(/[^`]+)`", text) if _cancels(quoted, _language(page))
    ]
    if cancels:
        assert MANAGE_SERVER[_language(page)] in text, f"{cancels[0]}: who may use it?"


def _cancels(quoted: str, language: str) -> bool:
    try:
        return str(parse_command(quoted, language)[0]).endswith("/cancel")
    except NotACommand:
        return False
