"""Every game's whole rules page reaches the bot: in the built package (what pip and the
Docker image install) and, split within Discord's embed limits, in ``/<game> rules``."""

from __future__ import annotations

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
)
from tests.deploy.dockerfile import package_source


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
    for section in sections(page):
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
