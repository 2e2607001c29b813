"""Bot settings, read from the environment and an optional ``.env`` file.

Every setting is documented in ``.env.example``. The two URL settings let the unmodified
bot talk to a REST proxy, a gateway proxy or a local Discord-compatible test server.
"""

from __future__ import annotations

import logging
import re
from datetime import timedelta
from pathlib import Path
from typing import Annotated, Final
from urllib.parse import quote

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.store.store import is_postgres_url
from bot.web.tokens import MIN_SECRET_LENGTH

DEFAULT_API_BASE: Final = "https://discord.com/api/v10"
DEFAULT_GATEWAY_URL: Final = "wss://gateway.discord.gg/"

# Three dot-separated base64url parts: the bot's user id, a timestamp, an HMAC.
_TOKEN_SHAPE: Final = re.compile(r"^[A-Za-z0-9_-]{17,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$")


TEST_ONLY: Final = frozenset({"discord_api_base", "discord_gateway_url", "deal_seed", "clock_file"})
"""Settings for tests and for tracing a problem (a local Discord, a fixed deal, a clock
that runs ahead): read like the others, but no command's ``--help`` lists them, and
``.env.example`` keeps them apart, at its end."""

DEFAULT_PUBLISH_WORKERS: Final = 4
STANDBY_AFTER: Final = timedelta(seconds=1)


class LogSettings(BaseSettings):
    """What every command reads, token or not. Names match the environment variables,
    upper-cased; a ``.env`` file in the working directory fills in what they leave out."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", case_sensitive=False
    )

    log_level: str = "INFO"

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if not isinstance(logging.getLevelName(level), int):
            raise ValueError("must be DEBUG, INFO, WARNING, ERROR or CRITICAL")
        return level


class StoreSettings(LogSettings):
    """What a command that opens the store reads as well: where the store is."""

    database_path: Path = Path("./data/dominoes.sqlite3")
    database_url: SecretStr | None = None
    """A ``postgresql://`` URL: keep the state in PostgreSQL instead of DATABASE_PATH, so
    several bot processes (shards) can share it. Secret: it may hold a password."""
    postgres_host: str | None = None
    """PostgreSQL given in parts instead of DATABASE_URL (which wins if both are set): the
    bot builds the URL, quoting each part, so a password may hold ``@``, ``:`` or ``/``."""
    postgres_port: int = Field(default=5432, ge=1, le=65535)
    postgres_user: str = "postgres"
    postgres_password: SecretStr | None = None
    postgres_db: str = "dominoes"

    @field_validator("postgres_host", "postgres_password", mode="before")
    @classmethod
    def _blank_part_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @model_validator(mode="after")
    def _url_from_parts(self) -> StoreSettings:
        """DATABASE_URL built from POSTGRES_HOST and the other parts, when only they are set."""
        if self.database_url is None and self.postgres_host is not None:
            password = self.postgres_password
            login = quote(self.postgres_user, safe="")
            if password is not None:
                login += ":" + quote(password.get_secret_value(), safe="")
            host = self.postgres_host.strip()
            if ":" in host and not host.startswith("["):
                host = f"[{host}]"  # an IPv6 address
            database = quote(self.postgres_db, safe="")
            self.database_url = SecretStr(
                f"postgresql://{login}@{host}:{self.postgres_port}/{database}"
            )
        return self

    @field_validator("database_url", mode="before")
    @classmethod
    def _postgres_url(cls, value: object) -> object:
        if isinstance(value, str):
            value = value.strip()
            if not value:
                return None
            if not is_postgres_url(value):
                raise ValueError("must be a postgresql:// URL")
        return value

    @property
    def database(self) -> str | Path:
        """Where the store lives: the PostgreSQL URL if given, else the SQLite file."""
        if self.database_url is not None:
            return self.database_url.get_secret_value()
        return self.database_path

    @property
    def database_name(self) -> str:
        """The database for logs and errors, without a password."""
        if self.database_url is None:
            return str(self.database_path)
        url = self.database_url.get_secret_value()
        scheme, rest = url.split("://", 1)
        host = rest.rsplit("@", 1)[-1]
        return f"{scheme}://{host}"


class Settings(StoreSettings):
    """What the bot (or a worker) needs to start."""

    discord_token: SecretStr
    shard_count: int | None = Field(default=None, ge=1, le=16384)
    """How many shards the bot has in all (unset: Discord's recommendation, one process)."""
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None
    """The shards this process runs (comma-separated; unset: all of them)."""
    dev_guild_id: int | None = None
    discord_api_base: str = DEFAULT_API_BASE
    discord_gateway_url: str = DEFAULT_GATEWAY_URL
    lobby_timeout_seconds: int = Field(default=900, ge=1)
    """How long an unstarted lobby stays open."""
    turn_seconds: int = Field(default=300, ge=1, le=3 * 86400)
    """Default turn length for new tables (``/<game> new turn:`` may set another)."""
    render_processes: int = Field(default=1, ge=0, le=32)
    """Worker processes that draw the pictures, so drawing never holds up the event loop
    (0: threads in this process, for a single-core machine)."""
    publish_workers: int | None = Field(default=None, ge=0, le=64)
    """How many publish jobs (drawing and sending what a move changed) this process runs
    at once (0: none). Unset: 4; in the process that runs shard 0 of a bot split over
    several processes, which Discord sends every DM, 4 on standby: it takes jobs only
    when they wait for the others (see :attr:`publish_standby`)."""
    job_retry_seconds: float = Field(default=10.0, gt=0, le=600)
    """How long a publish job whose table another process has been publishing for too
    long waits before it tries again (PostgreSQL; a killed worker's jobs move at once,
    with its partitions)."""
    metrics_port: int | None = Field(default=None, ge=1, le=65535)
    """Serve ``/metrics`` (Prometheus) and ``/health`` on this port (unset: no server)."""
    metrics_host: str = "0.0.0.0"
    """The address the metrics port listens on (all interfaces by default)."""
    web_port: int | None = Field(default=None, ge=0, le=65535)
    """Serve the table's web page (and the Discord Activity) on this port (unset: no page;
    0: any free port, named in the log). Needs WEB_SECRET."""
    web_host: str = "0.0.0.0"
    """The address the web page listens on (all interfaces by default)."""
    web_public_url: str | None = None
    """The address players open, as the world sees it behind your proxy (e.g.
    ``https://tables.example.com``); unset: ``http://localhost:<WEB_PORT>``."""
    web_secret: SecretStr | None = None
    """The key that signs players' personal links and Activity sessions (at least 16
    characters; changing it cancels every link given out)."""
    web_link_hours: int = Field(default=24, ge=1, le=24 * 14)
    """How long a personal or spectator link works."""
    discord_client_secret: SecretStr | None = None
    """The application's OAuth2 client secret (developer portal, OAuth2): lets the
    Activity learn who opened it. Unset: the page works by links only."""
    deal_seed: int | None = Field(default=None, ge=0, lt=2**63)
    """Deal every new table from this seed instead of a random one: for replaying a
    reported game exactly, and for tests. Leave unset in play."""

    clock_file: Path | None = None
    """Tests only: a file holding seconds the bot's clock runs ahead of the real time, so
    a test can let a long turn pass (timers then look at the clock twice a second)."""

    @field_validator(
        "deal_seed",
        "dev_guild_id",
        "shard_count",
        "metrics_port",
        "clock_file",
        "publish_workers",
        "web_port",
        "web_public_url",
        "web_secret",
        "discord_client_secret",
        mode="before",
    )
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        """``NAME=`` in a .env file means "not set", not "not a number"."""
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str):
            parts = [part.strip() for part in value.split(",") if part.strip()]
            if not parts:
                return None
            if not all(part.isdigit() for part in parts):
                raise ValueError("must be shard numbers separated by commas, e.g. 0,1")
            return tuple(int(part) for part in parts)
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("needs SHARD_COUNT as well")
        if len(set(self.shard_ids)) != len(self.shard_ids):
            raise ValueError("lists a shard twice")
        if any(shard >= self.shard_count for shard in self.shard_ids):
            raise ValueError(f"must be below SHARD_COUNT ({self.shard_count})")
        return self

    @model_validator(mode="after")
    def _web_needs_a_secret(self) -> Settings:
        secret = self.web_secret
        if secret is None:
            if self.web_port is None:
                return self
            raise ValueError(
                "WEB_PORT needs WEB_SECRET as well: a random string of 16 or more characters"
            )
        if len(secret.get_secret_value()) < MIN_SECRET_LENGTH:
            raise ValueError(f"WEB_SECRET must be at least {MIN_SECRET_LENGTH} characters long")
        return self

    @field_validator("web_public_url")
    @classmethod
    def _web_url(cls, value: str | None) -> str | None:
        if value is None:
            return None
        value = value.strip().rstrip("/")
        if not value.startswith(("http://", "https://")):
            raise ValueError("must start with http:// or https://")
        return value

    @property
    def web_address(self) -> str:
        """Where links point: WEB_PUBLIC_URL, else this machine at WEB_PORT."""
        if self.web_public_url is not None:
            return self.web_public_url
        return f"http://localhost:{self.web_port or 8000}"

    @property
    def publish_concurrency(self) -> int:
        """Publish jobs this process runs at once (see ``publish_workers``)."""
        if self.publish_workers is not None:
            return self.publish_workers
        return DEFAULT_PUBLISH_WORKERS

    @property
    def publish_standby(self) -> timedelta | None:
        """When this process's workers only stand by: it runs shard 0 of a bot split over
        several processes (it receives every DM interaction, so the others draw and
        send), unless PUBLISH_WORKERS says how many it runs. They then take jobs that
        waited this long: the other workers are gone or swamped."""
        shards, count = self.shard_ids, self.shard_count
        split = shards is not None and count is not None and 0 in shards and len(shards) < count
        if not split or self.publish_workers is not None:
            return None
        return STANDBY_AFTER

    def owns_guild(self, guild_id: int) -> bool:
        """Whether this process runs the shard that Discord sends the guild's events to."""
        if self.shard_ids is None or self.shard_count is None:
            return True
        return (guild_id >> 22) % self.shard_count in self.shard_ids

    @field_validator("discord_token")
    @classmethod
    def _token_looks_like_a_token(cls, value: SecretStr) -> SecretStr:
        text = value.get_secret_value().strip()
        if text.lower().startswith("bot "):
            text = text[4:].strip()
        if not text:
            raise ValueError("is empty")
        if not _TOKEN_SHAPE.match(text):
            raise ValueError("does not look like a bot token")
        return SecretStr(text)

    @field_validator("discord_api_base")
    @classmethod
    def _http_url(cls, value: str) -> str:
        value = value.strip().rstrip("/")
        if not value.startswith(("http://", "https://")):
            raise ValueError("must start with http:// or https://")
        return value

    @field_validator("discord_gateway_url")
    @classmethod
    def _ws_url(cls, value: str) -> str:
        value = value.strip()
        if not value.startswith(("ws://", "wss://")):
            raise ValueError("must start with ws:// or wss://")
        return value


_PUBLIC_KEY_SHAPE: Final = re.compile(r"^[0-9a-f]{64}$")


class InteractionSettings(Settings):
    """What ``domino-tables interactions`` reads as well: where to listen for the
    interactions Discord POSTs, and the key their signatures are checked against."""

    discord_public_key: str
    """The application's public key (developer portal, General Information): 64 hex digits."""
    interactions_host: str = "0.0.0.0"
    interactions_port: int = Field(default=8080, ge=0, le=65535)
    """The port (0: any free one, named in the log)."""

    @field_validator("discord_public_key")
    @classmethod
    def _hex_key(cls, value: str) -> str:
        key = value.strip().lower()
        if not _PUBLIC_KEY_SHAPE.match(key):
            raise ValueError("must be the application's public key: 64 hexadecimal digits")
        return key


def describe_error(error: ValidationError) -> str:
    """One line naming the first bad setting, without echoing its (possibly secret) value."""
    first = error.errors()[0]
    name = str(first["loc"][0]).upper() if first["loc"] else "settings"
    if first["type"] == "missing":
        if name == "DISCORD_TOKEN":
            return (
                "DISCORD_TOKEN is not set: put your bot token in the environment or in .env "
                "(see .env.example)."
            )
        return f"{name} is not set (see .env.example)."
    message = str(first["msg"]).removeprefix("Value error, ")
    if not first["loc"] and first["type"] == "value_error":
        if message.startswith("WEB_"):  # a check across settings names its own
            return f"{message} (see .env.example)."
        name = "SHARD_IDS"
    return f"{name}: {message} (see .env.example)."
