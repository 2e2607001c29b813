""".env.example says its commented lines show the defaults: uncommented as they are, every
one must load, and change nothing. And a PostgreSQL password given as a part may hold any
character."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from bot.app.settings import TEST_ONLY, InteractionSettings, StoreSettings

ROOT = Path(__file__).resolve().parents[3]
COMMENTED = re.compile(r"^# ([A-Z][A-Z0-9_]*)=(.*)$")
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
PUBLIC_KEY = "ab" * 32
REQUIRED = {"DISCORD_TOKEN": TOKEN, "DISCORD_PUBLIC_KEY": PUBLIC_KEY}
"""What has no default: the environment gives it, over whatever the file says."""


def commented_settings() -> dict[str, str]:
    lines = (ROOT / ".env.example").read_text(encoding="utf-8").splitlines()
    return {match[1]: match[2] for line in lines if (match := COMMENTED.match(line))}


def load(folder: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> InteractionSettings:
    """The settings read in ``folder`` from a .env holding ``text`` (the environment
    holding only what has no default)."""
    for name in commented_settings() | REQUIRED:
        monkeypatch.delenv(name, raising=False)
    for name, value in REQUIRED.items():
        monkeypatch.setenv(name, value)
    (folder / ".env").write_text(text, encoding="utf-8")
    monkeypatch.chdir(folder)
    return InteractionSettings()  # every setting there is: the bot's and the endpoint's


def test_the_example_comments_settings_out_and_shows_many() -> None:
    shown = commented_settings()
    assert {"PUBLISH_WORKERS", "METRICS_PORT", "DATABASE_URL", "POSTGRES_PASSWORD"} <= set(shown)
    assert len(shown) >= 20


def test_every_commented_default_loads_uncommented_and_is_the_real_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    uncommented = "\n".join(
        line[2:] if COMMENTED.match(line) else line for line in example.splitlines()
    )
    (tmp_path / "defaults").mkdir()
    defaults = load(tmp_path / "defaults", monkeypatch, "")
    shown = load(tmp_path, monkeypatch, uncommented)
    for name in commented_settings():
        field = name.lower()
        assert field in type(shown).model_fields, f"{name} is no setting"
        assert getattr(shown, field) == getattr(defaults, field), f"{name} is not the default"


@pytest.mark.parametrize("password", ["p@ss:w/rd", "a%20b?c#d", "ünï cödé"])
def test_a_postgres_password_with_any_character_reaches_the_database_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, password: str
) -> None:
    monkeypatch.setenv("POSTGRES_HOST", "postgres")
    monkeypatch.setenv("POSTGRES_USER", "domino")
    monkeypatch.setenv("POSTGRES_PASSWORD", password)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.chdir(tmp_path)
    settings = StoreSettings()
    url = urlsplit(str(settings.database))
    assert url.scheme == "postgresql" and url.hostname == "postgres" and url.port == 5432
    assert unquote(url.username or "") == "domino"
    assert unquote(url.password or "") == password
    assert url.path == "/dominoes"
    assert password not in settings.database_name


def test_a_database_url_wins_over_the_parts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POSTGRES_HOST", "postgres")
    monkeypatch.setenv("DATABASE_URL", "postgresql://u:p@elsewhere:5433/db")
    monkeypatch.chdir(tmp_path)
    assert StoreSettings().database == "postgresql://u:p@elsewhere:5433/db"


def test_the_settings_meant_for_tests_stand_apart_at_the_end() -> None:
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    operators, marker, tests = example.partition("# ---- For tests")
    assert marker
    in_tests = {match[1] for line in tests.splitlines() if (match := COMMENTED.match(line))}
    assert in_tests == {name.upper() for name in TEST_ONLY}
    assert not any(name in operators for name in in_tests)
