"""A throwaway PostgreSQL server for the tests: a new cluster in a temporary directory,
on a free loopback port, with fsync off, stopped when the session ends.

``scripts/postgres.sh`` installs the server binaries on a fresh machine (``.ci/run`` calls
it); set ``TEST_DATABASE_URL`` to a superuser URL to use a server of your own instead.
PostgreSQL refuses to run as root, so under root the cluster belongs to the ``postgres``
user that Debian's package creates.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

FAST_FLAGS = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"


def binaries() -> Path:
    """The directory holding ``initdb`` and ``pg_ctl``, or an error saying how to get them."""
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"),
        key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0,
    )
    if versions:
        return versions[-1].parent
    raise RuntimeError("PostgreSQL server binaries not found: run scripts/postgres.sh first")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PostgresServer:
    """One cluster; :meth:`url` names a database on it. Tests run it without fsync;
    ``durable`` keeps PostgreSQL's defaults (for timing commits as production would)."""

    def __init__(self, *, durable: bool = False) -> None:
        self._flags = "" if durable else FAST_FLAGS
        self._bin = binaries()
        self._dir = Path(tempfile.mkdtemp(prefix="domino-pg-"))
        self._data = self._dir / "data"
        self.port = _free_port()
        self._as_user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self._dir, user="postgres")
            self._as_user = ["runuser", "-u", "postgres", "--"]

    def start(self) -> None:
        self._run(
            "initdb", "-D", str(self._data), "-A", "trust", "-U", "postgres", "-E", "UTF8",
            "--no-sync", "--no-instructions",
        )  # fmt: skip
        options = (
            f"-p {self.port} -k {self._dir} -c listen_addresses=127.0.0.1"
            f" -c max_connections=300 {self._flags}"
        )
        self._run(
            "pg_ctl", "-D", str(self._data), "-l", str(self._dir / "server.log"), "-w",
            "-o", options, "start",
        )  # fmt: skip

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self._data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self._dir, ignore_errors=True)

    def __enter__(self) -> PostgresServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def _run(self, program: str, *args: str) -> None:
        subprocess.run(
            [*self._as_user, str(self._bin / program), *args],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=self._dir,
        )
