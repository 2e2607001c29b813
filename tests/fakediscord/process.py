"""Run a bot as a real subprocess against a ``FakeDiscord`` and always clean it up.

The bot is unmodified: it only receives ``DISCORD_TOKEN``, ``DISCORD_API_BASE`` and
``DISCORD_GATEWAY_URL`` in its environment. Output goes to a log file (never a pipe,
so a chatty bot cannot block) that tests print when something fails.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO

from .driver import FakeDiscord
from .lifecycle import Started

SAMPLE_BOT = Path(__file__).with_name("sample_bot.py")
REPO_ROOT = Path(__file__).resolve().parents[2]


def _bot_env(fake: FakeDiscord, extra_env: Mapping[str, str] | None) -> dict[str, str]:
    env = {**os.environ, **fake.env(), "PYTHONUNBUFFERED": "1", "NO_PROXY": "127.0.0.1"}
    env.update(extra_env or {})
    return env


class BotProcess(Started):
    """One bot subprocess; ``restart()`` kills it hard and starts a fresh one.

    ``own_group``: the process leads a process group of its own, as a command started from
    a shell does, so a test can signal it with its children (``signal_group``: Ctrl-C)."""

    def __init__(
        self,
        args: Sequence[str],
        *,
        env: Mapping[str, str],
        log_path: Path,
        cwd: Path = REPO_ROOT,
        own_group: bool = False,
    ) -> None:
        self.args = list(args)
        self.own_group = own_group
        self.env = dict(env)
        self.log_path = log_path
        self.cwd = cwd
        self._process: asyncio.subprocess.Process | None = None
        self._log: IO[bytes] | None = None
        self.starts = 0

    @classmethod
    def for_script(
        cls,
        fake: FakeDiscord,
        log_path: Path,
        script: Path | str = SAMPLE_BOT,
        *,
        args: Sequence[str] = (),
        extra_env: Mapping[str, str] | None = None,
        own_group: bool = False,
        cwd: Path = REPO_ROOT,
    ) -> BotProcess:
        """``python <script>`` with the fake's connection settings in the environment."""
        argv = [sys.executable, str(script), *args]
        env = _bot_env(fake, extra_env)
        return cls(argv, env=env, log_path=log_path, cwd=cwd, own_group=own_group)

    @classmethod
    def for_module(
        cls,
        fake: FakeDiscord,
        log_path: Path,
        module: str,
        *,
        args: Sequence[str] = (),
        extra_env: Mapping[str, str] | None = None,
        own_group: bool = False,
        cwd: Path = REPO_ROOT,
    ) -> BotProcess:
        """``python -m <module>`` (run from ``cwd``, by default the repository root), e.g.
        the real bot."""
        argv = [sys.executable, "-m", module, *args]
        env = _bot_env(fake, extra_env)
        return cls(argv, env=env, log_path=log_path, cwd=cwd, own_group=own_group)

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.returncode is None

    @property
    def returncode(self) -> int | None:
        return None if self._process is None else self._process.returncode

    async def start(self) -> None:
        if self.running:
            raise RuntimeError("bot process is already running")
        self.starts += 1
        if self._log is None:
            self._log = self.log_path.open("ab")
        self._log.write(f"--- start #{self.starts}: {' '.join(self.args)}\n".encode())
        self._log.flush()
        self._process = await asyncio.create_subprocess_exec(
            *self.args,
            cwd=self.cwd,
            env=self.env,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=self._log,
            stderr=asyncio.subprocess.STDOUT,
            process_group=0 if self.own_group else None,
        )

    async def wait(self, timeout: float = 10.0) -> int:
        """Wait for the process to exit by itself and return its exit code."""
        if self._process is None:
            raise RuntimeError("bot process was never started")
        return await asyncio.wait_for(self._process.wait(), timeout)

    async def kill(self) -> int | None:
        """SIGKILL, like a crash: no clean gateway close, nothing flushed."""
        if self._process is None:
            return None
        if self._process.returncode is None:
            self._process.kill()
        return await self._process.wait()

    async def stop(self, timeout: float = 5.0) -> int | None:
        """SIGTERM, then SIGKILL if the process does not exit in time."""
        if self._process is None:
            return None
        if self._process.returncode is None:
            self._process.terminate()
            try:
                return await asyncio.wait_for(self._process.wait(), timeout)
            except TimeoutError:
                pass
        return await self.kill()

    def signal(self, signum: int) -> None:
        """Send ``signum`` to the process alone (SIGTERM: what ``docker stop`` sends)."""
        if self._process is None or self._process.returncode is not None:
            raise RuntimeError("bot process is not running")
        self._process.send_signal(signum)

    def signal_group(self, signum: int) -> None:
        """Send ``signum`` to the process and its children, as Ctrl-C in a terminal sends
        SIGINT to the foreground process group (needs ``own_group``)."""
        if not self.own_group or self.pid is None or not self.running:
            raise RuntimeError("the bot process does not lead a running process group")
        os.killpg(self.pid, signum)

    async def restart(self) -> None:
        await self.kill()
        await self.start()

    def log(self) -> str:
        if self._log is not None:
            self._log.flush()
        if not self.log_path.exists():
            return ""
        return self.log_path.read_text(errors="replace")

    async def close(self) -> None:
        await self.stop()
        if self._log is not None:
            self._log.close()
            self._log = None


class BotLauncher:
    """Starts bot subprocesses for a test and reliably stops all of them afterwards.

    ``code_root``: the directory whose code every process started runs (its cwd and whole
    PYTHONPATH), e.g. an older revision exported for a benchmark; None: this checkout, as
    the environment says."""

    def __init__(self, fake: FakeDiscord, log_dir: Path, code_root: Path | None = None) -> None:
        self.fake = fake
        self.log_dir = log_dir
        self.code_root = code_root
        self.processes: list[BotProcess] = []

    async def start(
        self,
        script: Path | str = SAMPLE_BOT,
        *,
        module: str | None = None,
        args: Sequence[str] = (),
        extra_env: Mapping[str, str] | None = None,
        own_group: bool = False,
    ) -> BotProcess:
        """Start ``python <script>`` (or ``python -m <module>``) pointed at the fake.

        Defaults to the sample bot; ``module="bot"`` runs the real bot. ``own_group``: see
        :class:`BotProcess`.
        """
        log_path = self.log_dir / f"bot-{len(self.processes)}.log"
        root = self.code_root
        cwd = REPO_ROOT if root is None else root
        if root is not None:
            extra_env = {**(extra_env or {}), "PYTHONPATH": str(root)}
        if module is not None:
            process = BotProcess.for_module(
                self.fake,
                log_path,
                module,
                args=args,
                extra_env=extra_env,
                own_group=own_group,
                cwd=cwd,
            )
        else:
            process = BotProcess.for_script(
                self.fake,
                log_path,
                script,
                args=args,
                extra_env=extra_env,
                own_group=own_group,
                cwd=cwd,
            )
        self.processes.append(process)
        await process.start()
        return process

    def logs(self) -> str:
        return "\n".join(f"=== {p.log_path.name}\n{p.log()}" for p in self.processes)

    async def close(self) -> None:
        for process in self.processes:
            await process.close()
