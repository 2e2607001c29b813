"""Starting the bot: settings from the environment, and one clear line when they are wrong."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.app.settings import (
    DEFAULT_API_BASE,
    DEFAULT_GATEWAY_URL,
    InteractionSettings,
    Settings,
    describe_error,
)
from tests.fakediscord import FakeDiscord

REPO = Path(__file__).resolve().parents[3]
GOOD_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"


def settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **env: str) -> Settings:
    monkeypatch.chdir(tmp_path)  # no stray .env
    for name in list(os.environ):
        if name.startswith(
            (
                "DISCORD_",
                "DATABASE_",
                "DEV_GUILD",
                "LOG_LEVEL",
                "SHARD_",
                "DEAL_",
                "PUBLISH_",
                "INTERACTIONS_",
            )
        ):
            monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return Settings()  # type: ignore[call-arg]


def test_defaults(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    loaded = settings(monkeypatch, tmp_path, DISCORD_TOKEN=GOOD_TOKEN)
    assert loaded.discord_token.get_secret_value() == GOOD_TOKEN
    assert loaded.database_path == Path("./data/dominoes.sqlite3")
    assert loaded.dev_guild_id is None
    assert loaded.log_level == "INFO"
    assert loaded.discord_api_base == DEFAULT_API_BASE
    assert loaded.discord_gateway_url == DEFAULT_GATEWAY_URL
    assert GOOD_TOKEN not in repr(loaded)


@pytest.mark.parametrize(
    ("env", "workers", "standby"),
    [
        ({}, 4, None),  # one process: it publishes
        ({"SHARD_COUNT": "2", "SHARD_IDS": "1"}, 4, None),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0"}, 4, timedelta(seconds=1)),  # every DM: stand by
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0,1"}, 4, None),  # all shards: the one process
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0", "PUBLISH_WORKERS": "2"}, 2, None),  # as told
        ({"PUBLISH_WORKERS": "0"}, 0, None),
    ],
)
def test_who_runs_publish_jobs(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    env: dict[str, str],
    workers: int,
    standby: timedelta | None,
) -> None:
    loaded = settings(monkeypatch, tmp_path, DISCORD_TOKEN=GOOD_TOKEN, **env)
    assert (loaded.publish_concurrency, loaded.publish_standby) == (workers, standby)


def test_dotenv_and_overrides(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(
        f"DISCORD_TOKEN=Bot {GOOD_TOKEN}\nDEV_GUILD_ID=42\nLOG_LEVEL=debug\n"
        "DISCORD_API_BASE=http://127.0.0.1:9/api/v10/\n"
        "DISCORD_GATEWAY_URL=ws://127.0.0.1:9/gateway\n"
    )
    loaded = settings(monkeypatch, tmp_path)
    assert loaded.discord_token.get_secret_value() == GOOD_TOKEN
    assert loaded.dev_guild_id == 42
    assert loaded.log_level == "DEBUG"
    assert loaded.discord_api_base == "http://127.0.0.1:9/api/v10"
    assert loaded.discord_gateway_url == "ws://127.0.0.1:9/gateway"


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "  "}, "DISCORD_TOKEN: is empty"),
        ({"DISCORD_TOKEN": "hunter2"}, "DISCORD_TOKEN: does not look like a bot token"),
        ({"DISCORD_TOKEN": GOOD_TOKEN, "DEV_GUILD_ID": "abc"}, "DEV_GUILD_ID:"),
        ({"DISCORD_TOKEN": GOOD_TOKEN, "DISCORD_API_BASE": "discord.com"}, "DISCORD_API_BASE:"),
        (
            {"DISCORD_TOKEN": GOOD_TOKEN, "DATABASE_URL": "mysql://u:hunter2@db/x"},
            "DATABASE_URL: must be a postgresql:// URL",
        ),
        ({"DISCORD_TOKEN": GOOD_TOKEN, "SHARD_IDS": "0,1"}, "SHARD_IDS: needs SHARD_COUNT"),
        (
            {"DISCORD_TOKEN": GOOD_TOKEN, "SHARD_COUNT": "2", "SHARD_IDS": "1,2"},
            "SHARD_IDS: must be below SHARD_COUNT (2)",
        ),
        (
            {"DISCORD_TOKEN": GOOD_TOKEN, "SHARD_COUNT": "2", "SHARD_IDS": "one"},
            "SHARD_IDS: must be shard numbers",
        ),
        (
            {"DISCORD_TOKEN": GOOD_TOKEN, "WEB_SECRET": "hunter2"},
            "WEB_SECRET must be at least 16 characters long",
        ),
    ],
)
def test_bad_settings_are_described_in_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, env: dict[str, str], expected: str
) -> None:
    with pytest.raises(ValidationError) as raised:
        settings(monkeypatch, tmp_path, **env)
    line = describe_error(raised.value)
    assert line.startswith(expected)
    assert "\n" not in line and "hunter2" not in line


async def run_bot(env: dict[str, str], cwd: Path, *args: str) -> tuple[int, str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        cwd=cwd,
        env={
            **clean,
            "PYTHONPATH": str(REPO),
            "DATABASE_PATH": str(cwd / "db.sqlite3"),
            **env,
        },
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        out, err = await asyncio.wait_for(process.communicate(), 30)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert out == b""
    return process.returncode or 0, err.decode()


async def test_a_missing_token_exits_with_one_line(tmp_path: Path) -> None:
    code, err = await run_bot({}, tmp_path)
    assert code == 2
    assert err.strip().splitlines() == [
        "domino-tables: DISCORD_TOKEN is not set: put your bot token in the environment or "
        "in .env (see .env.example)."
    ]


async def test_a_token_discord_rejects_exits_with_one_line(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        env = {**fake.env(), "DISCORD_TOKEN": GOOD_TOKEN, "LOG_LEVEL": "CRITICAL"}
        code, err = await run_bot(env, tmp_path)
    assert code == 2
    assert err.strip().splitlines() == [
        "domino-tables: Discord rejected DISCORD_TOKEN (401 Unauthorized): check the bot token."
    ]


async def test_a_worker_without_postgresql_exits_with_one_line(tmp_path: Path) -> None:
    code, err = await run_bot({"DISCORD_TOKEN": GOOD_TOKEN}, tmp_path, "worker")
    assert code == 2
    assert err.strip().splitlines() == [
        "domino-tables: a worker shares the bot's jobs through PostgreSQL: set DATABASE_URL."
    ]


PUBLIC_KEY = "ab" * 32


async def test_an_interactions_endpoint_without_postgresql_exits_with_one_line(
    tmp_path: Path,
) -> None:
    env = {"DISCORD_TOKEN": GOOD_TOKEN, "DISCORD_PUBLIC_KEY": PUBLIC_KEY}
    code, err = await run_bot(env, tmp_path, "interactions")
    assert code == 2
    assert err.strip().splitlines() == [
        "domino-tables: the interactions endpoint shares the tables with the bot's other "
        "processes through PostgreSQL: set DATABASE_URL."
    ]
    assert not (tmp_path / "db.sqlite3").exists()  # nothing was opened


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        (None, "DISCORD_PUBLIC_KEY is not set (see .env.example)."),
        ("xyz", "DISCORD_PUBLIC_KEY: must be the application's public key: 64 hexadecimal"),
        (PUBLIC_KEY[:-2], "DISCORD_PUBLIC_KEY: must be the application's public key"),
    ],
)
def test_interaction_settings_need_the_public_key(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, key: str | None, expected: str
) -> None:
    env = {"DISCORD_TOKEN": GOOD_TOKEN} | ({} if key is None else {"DISCORD_PUBLIC_KEY": key})
    settings(monkeypatch, tmp_path, **env)
    with pytest.raises(ValidationError) as raised:
        InteractionSettings()  # type: ignore[call-arg]
    assert describe_error(raised.value).startswith(expected)


def test_interaction_settings_defaults(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    settings(monkeypatch, tmp_path, DISCORD_TOKEN=GOOD_TOKEN, DISCORD_PUBLIC_KEY=PUBLIC_KEY.upper())
    read = InteractionSettings()  # type: ignore[call-arg]
    assert (read.interactions_host, read.interactions_port) == ("0.0.0.0", 8080)
    assert read.discord_public_key == PUBLIC_KEY  # hex in either case, kept lower-case


async def test_a_worker_with_a_token_discord_rejects_exits_with_one_line(
    tmp_path: Path, postgres_url: str
) -> None:
    async with FakeDiscord() as fake:
        env = {
            **fake.env(),
            "DISCORD_TOKEN": GOOD_TOKEN,
            "DATABASE_URL": postgres_url,
            "LOG_LEVEL": "CRITICAL",
        }
        code, err = await run_bot(env, tmp_path, "worker")
    assert code == 2
    assert err.strip().splitlines() == [
        "domino-tables: Discord rejected DISCORD_TOKEN (401 Unauthorized): check the bot token."
    ]


async def test_an_unusable_database_path_exits_with_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    env = {"DISCORD_TOKEN": GOOD_TOKEN, "DATABASE_PATH": str(blocker / "db.sqlite3")}
    code, err = await run_bot(env, tmp_path)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("domino-tables: cannot open DATABASE_PATH")


async def test_an_unreachable_discord_exits_with_one_line(tmp_path: Path) -> None:
    env = {
        "DISCORD_TOKEN": GOOD_TOKEN,
        "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10",
        "LOG_LEVEL": "WARNING",
    }
    code, err = await run_bot(env, tmp_path)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("domino-tables: cannot reach Discord at http://127.0.0.1:9/api/v10")


def test_shards_and_postgres_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    url = "postgresql://bot:hunter2@db.internal:5432/dominoes"
    loaded = settings(
        monkeypatch,
        tmp_path,
        DISCORD_TOKEN=GOOD_TOKEN,
        DATABASE_URL=url,
        SHARD_COUNT="4",
        SHARD_IDS="1, 3",
    )
    single = settings(
        monkeypatch, tmp_path, DISCORD_TOKEN=GOOD_TOKEN, SHARD_COUNT="2", SHARD_IDS="0"
    )
    assert single.shard_ids == (0,)
    assert loaded.database == url
    assert loaded.database_name == "postgresql://db.internal:5432/dominoes"
    assert "hunter2" not in repr(loaded)
    assert loaded.shard_ids == (1, 3)
    # Discord's rule: a guild's events go to shard (guild_id >> 22) % shard_count.
    owned = [guild for guild in range(8) if loaded.owns_guild(guild << 22)]
    assert owned == [1, 3, 5, 7]
    blank = settings(
        monkeypatch,
        tmp_path,
        DISCORD_TOKEN=GOOD_TOKEN,
        DATABASE_URL=" ",
        SHARD_COUNT="",
        SHARD_IDS="",
        DEV_GUILD_ID=" ",
        DEAL_SEED="",
    )
    assert (blank.database_url, blank.shard_count, blank.shard_ids) == (None, None, None)
    assert (blank.dev_guild_id, blank.deal_seed) == (None, None)
    alone = settings(monkeypatch, tmp_path, DISCORD_TOKEN=GOOD_TOKEN)
    assert alone.database == Path("./data/dominoes.sqlite3")
    assert alone.owns_guild(5 << 22)


def test_env_example_documents_every_setting() -> None:
    text = (REPO / ".env.example").read_text()
    documented = set(re.findall(r"^#?\s*([A-Z_]+)=", text, re.MULTILINE))
    assert documented == {name.upper() for name in InteractionSettings.model_fields}
