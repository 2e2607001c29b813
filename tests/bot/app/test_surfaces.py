"""What the settings switch on beyond Discord's messages: links, then the Activity."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.app.entry_point import entry_point_command
from bot.app.settings import Settings
from bot.app.surfaces import surfaces, web_links
from bot.views.surfaces import Surfaces
from bot.web.tokens import Kind, Signer

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123"
SECRET = "sixteen characters at least"


def read(monkeypatch: pytest.MonkeyPatch, **env: str) -> Settings:
    monkeypatch.chdir("/")  # no .env
    for name in ("WEB_PORT", "WEB_SECRET", "WEB_PUBLIC_URL", "DISCORD_CLIENT_SECRET"):
        monkeypatch.delenv(name, raising=False)
    for name, value in {"DISCORD_TOKEN": TOKEN, **env}.items():
        monkeypatch.setenv(name, value)
    return Settings()  # type: ignore[call-arg]


def test_without_a_web_secret_nothing_is_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = read(monkeypatch, DISCORD_CLIENT_SECRET="client")
    assert surfaces(settings) == Surfaces() and web_links(settings) is None


def test_a_web_secret_gives_links_to_the_public_address(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = read(
        monkeypatch, WEB_SECRET=SECRET, WEB_PUBLIC_URL="https://t.example/", WEB_LINK_HOURS="2"
    )
    assert surfaces(settings) == Surfaces(browser=True, activity=False)
    links = web_links(settings)
    assert links is not None and links.hours == 2
    now = datetime.now(UTC)
    link = links.link(9, 4, seated=True, now=now)
    assert link.url.startswith("https://t.example/tables/4#")
    assert Signer(SECRET).check(link.url.partition("#")[2], now).kind is Kind.SEAT


def test_the_activity_needs_the_oauth2_secret_too(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = read(monkeypatch, WEB_SECRET=SECRET, DISCORD_CLIENT_SECRET="client")
    assert surfaces(settings) == Surfaces(browser=True, activity=True)


def test_the_entry_point_is_discord_s_to_handle_and_speaks_every_language() -> None:
    command = entry_point_command()
    assert (command["type"], command["handler"], command["name"]) == (4, 2, "launch")
    localized = command["description_localizations"]
    assert {"es-ES", "es-419", "pt-BR", "de"} <= set(localized)
    assert all(0 < len(words) <= 100 for words in localized.values())
    assert localized["de"] != command["description"]
