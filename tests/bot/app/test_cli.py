"""``domino-tables``: one command line whose every command explains itself, refuses a
misspelt command, reads its settings from the environment or ``.env``, and runs the bot
when given no command."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bot.app import cli, start
from bot.app.settings import Settings

REPO = Path(__file__).resolve().parents[3]
GOOD_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
COMMANDS = ("run", "worker", "interactions", "web", "demo", "replay", "migrate-to-postgres")
SHOWN = {
    "run": ["DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "SHARD_IDS", "LOG_LEVEL"],
    "worker": ["DISCORD_TOKEN", "DATABASE_URL", "PUBLISH_WORKERS", "METRICS_PORT", "LOG_LEVEL"],
    "interactions": [
        "/interactions",
        "Interactions Endpoint URL",
        "DISCORD_PUBLIC_KEY (required)",
        "DATABASE_URL (required)",
        "INTERACTIONS_HOST",
        "INTERACTIONS_PORT",
        "METRICS_PORT",
    ],
    "web": [
        "live table page",
        "DATABASE_URL (required)",
        "WEB_PORT (required)",
        "WEB_SECRET (required)",
        "WEB_PUBLIC_URL",
        "DISCORD_CLIENT_SECRET",
    ],
    "demo": ["--out DIR", "demo-pictures", "--out docs/pictures", "LOG_LEVEL", "No token needed"],
    "replay": ["DATABASE", "TABLE", "--out DIR", "LOG_LEVEL", "No token needed"],
    "migrate-to-postgres": ["--from FILE", "--to URL", "DATABASE_PATH", "DATABASE_URL"],
}


@pytest.fixture
def here(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A working directory with no .env and no settings in the environment."""
    monkeypatch.chdir(tmp_path)
    for name in list(os.environ):
        if name.startswith(("DISCORD_", "DATABASE_", "LOG_LEVEL", "SHARD_", "PUBLISH_")):
            monkeypatch.delenv(name)
    return tmp_path


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The processes the command line started, instead of starting them."""
    calls: list[str] = []
    monkeypatch.setattr(start, "start_bot", lambda settings: calls.append("bot"))
    monkeypatch.setattr(start, "start_worker", lambda settings: calls.append("worker"))
    monkeypatch.setattr(start, "set_up_logging", lambda level: None)
    return calls


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli.app, list(args), prog_name=cli.PROG)
    return result.exit_code, result.output


def test_help_lists_every_command() -> None:
    code, text = invoke("--help")
    assert code == 0
    assert text.startswith("Usage: domino-tables [OPTIONS] COMMAND [ARGS]...")
    listed = text.split("Commands:")[1].split()
    assert all(command in listed for command in COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_explains_itself(command: str) -> None:
    code, text = invoke(command, "--help")
    assert code == 0
    assert text.startswith(f"Usage: domino-tables {command} [OPTIONS]")
    words = " ".join(text.split())  # as read, whatever the wrapping
    assert "Settings read (environment, else .env" in words
    for name in SHOWN[command]:
        assert name in words


def test_a_misspelt_command_is_refused_with_the_commands(here: Path, started: list[str]) -> None:
    code, text = invoke("wroker")
    assert code == 2
    assert started == []
    assert "No such command 'wroker'. Did you mean 'worker'?" in text
    assert f"The commands are: {', '.join(COMMANDS)}." in text


def test_no_command_runs_the_bot(
    monkeypatch: pytest.MonkeyPatch, here: Path, started: list[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    assert cli.main([]) == 0
    assert cli.main(["run"]) == 0
    assert started == ["bot", "bot"]


def test_usage_says_domino_tables_when_run_as_python_m_bot(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
    ran = subprocess.run(
        [sys.executable, "-m", "bot", "wroker"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(REPO)},
        timeout=60,
        check=False,
    )
    assert ran.returncode == 2 and ran.stdout == ""
    lines = ran.stderr.splitlines()
    assert lines[0] == "Usage: domino-tables [OPTIONS] COMMAND [ARGS]..."
    assert lines[1] == "Try 'domino-tables --help' for help."
    assert "DISCORD_TOKEN" not in ran.stderr  # the bot did not start


def test_migrate_reads_its_defaults_from_dotenv(
    monkeypatch: pytest.MonkeyPatch, here: Path, started: list[str]
) -> None:
    copies: list[tuple[Path, str]] = []
    monkeypatch.setattr(
        "bot.app.migrate.migrate", lambda source, url: copies.append((source, url)) or 0
    )
    (here / ".env").write_text(
        "DATABASE_PATH=./kept.sqlite3\nDATABASE_URL=postgresql://bot:pw@db.internal/dominoes\n"
    )
    assert cli.main(["migrate-to-postgres"]) == 0
    assert (
        cli.main(["migrate-to-postgres", "--from", "other.sqlite3", "--to", "postgresql://x/y"])
        == 0
    )
    assert copies == [
        (Path("kept.sqlite3"), "postgresql://bot:pw@db.internal/dominoes"),
        (Path("other.sqlite3"), "postgresql://x/y"),
    ]


def test_migrate_without_a_postgresql_url_is_a_usage_error(here: Path, started: list[str]) -> None:
    code, text = invoke("migrate-to-postgres", "--to", "mysql://db/x")
    assert code == 2
    assert "Invalid value for '--to': must be a postgresql:// URL (or set DATABASE_URL)" in text


def test_a_bad_dotenv_setting_ends_a_command_without_a_token_in_one_line(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (here / ".env").write_text("LOG_LEVEL=loud\n")
    assert cli.main(["demo", "--out", str(here / "pictures")]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [
        "domino-tables: LOG_LEVEL: must be DEBUG, INFO, WARNING, ERROR or CRITICAL "
        "(see .env.example)."
    ]
    assert not (here / "pictures").exists()


TEST_ONLY = ("CLOCK_FILE", "DISCORD_GATEWAY_URL", "DISCORD_API_BASE", "DEAL_SEED")


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_dash_h_is_help_on_every_command(command: str) -> None:
    words = [command] if command else []
    assert invoke(*words, "-h") == invoke(*words, "--help")
    assert invoke(*words, "-h")[1].startswith(f"Usage: domino-tables {command}".rstrip())


def test_version_is_the_packages_and_runs_nothing(here: Path, started: list[str]) -> None:
    code, text = invoke("--version")
    assert (code, text) == (0, f"domino-tables {metadata.version('domino-tables')}\n")
    assert started == []


@pytest.mark.parametrize("command", COMMANDS)
def test_help_lists_no_setting_meant_for_tests(command: str) -> None:
    words = " ".join(invoke(command, "--help")[1].split())
    assert all(name not in words for name in TEST_ONLY)


def test_a_setting_meant_for_tests_is_still_read(
    monkeypatch: pytest.MonkeyPatch, here: Path
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv("DEAL_SEED", "7")
    monkeypatch.setenv("DISCORD_API_BASE", "http://127.0.0.1:5999/api/v10")
    monkeypatch.setenv("CLOCK_FILE", str(here / "clock"))
    read = Settings()  # type: ignore[call-arg]
    assert (read.deal_seed, read.discord_api_base, read.clock_file) == (
        7,
        "http://127.0.0.1:5999/api/v10",
        here / "clock",
    )


def test_the_web_command_alone_needs_postgresql_and_a_port(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Run alone, the page shares the tables through PostgreSQL: on SQLite, or without a
    port, it says what to set instead of starting."""
    monkeypatch.chdir(tmp_path)
    base = {"discord_token": GOOD_TOKEN, "database_path": tmp_path / "t.db"}
    assert "WEB_PORT" in (start.start_web(Settings(**base)) or "")  # type: ignore[arg-type]
    secret = {"web_port": 8000, "web_secret": "a secret of 16 chars"}
    problem = start.start_web(Settings(**base, **secret)) or ""  # type: ignore[arg-type]
    assert "DATABASE_URL" in problem and "WEB_PORT in `run`" in problem
