"""Stopping, as the operator meets it: the grace period a stop keeps is the one the
README, docs/scaling.md and every process command's ``--help`` state, and a SIGTERM that
comes while the bot is still loading ends it too (a container's first process has no
default action for it). Stopping a running process end to end:
``tests/bot/e2e/test_stopping.py``."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bot.app import cli, stopping
from bot.app.stopping import CLOSING_RESERVE, GRACE_SECONDS, jobs_grace
from bot.publishing.jobs.queue import CLOSING_GRACE
from tests.fakediscord import FakeDiscord
from tests.processes import signal_mask

REPO = Path(__file__).resolve().parents[3]
WITHIN = f"within {GRACE_SECONDS:g} s"


@pytest.mark.parametrize("command", ["run", "worker", "interactions"])
def test_each_process_command_says_how_it_stops(command: str) -> None:
    result = CliRunner().invoke(cli.app, [command, "--help"], prog_name=cli.PROG)
    words = " ".join(result.output.split())
    assert result.exit_code == 0
    assert "stops cleanly on sigterm" in words.lower() and WITHIN in words


@pytest.mark.parametrize(
    ("page", "heading"),
    [("README.md", "### Stopping"), ("docs/scaling.md", "## Restarts and stopping")],
)
def test_the_docs_state_the_grace_periods(page: str, heading: str) -> None:
    text = " ".join((REPO / page).read_text().split())
    stopping = text.split(heading, 1)[1].split("#", 1)[0]
    assert WITHIN in stopping
    assert f"up to {CLOSING_GRACE:g} s to finish" in stopping
    assert CLOSING_GRACE < GRACE_SECONDS <= 10  # jobs first, inside docker stop's 10 s


async def test_sigterm_while_the_bot_loads_ends_it_without_a_traceback(tmp_path: Path) -> None:
    """A container's first process has no default action for SIGTERM: the bot handles it
    from its first line, before its event loop runs (or, if the signal comes later, as
    any stop)."""
    async with FakeDiscord() as fake:
        env = {**os.environ, **fake.env(), "PYTHONPATH": str(REPO), "DATABASE_PATH": "db"}
        log = (tmp_path / "bot.log").open("wb")
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=tmp_path, env=env, stdout=log, stderr=log
        )
        try:
            for _ in range(600):  # until it handles SIGTERM: its first line has run
                if signal.SIGTERM in signal_mask(process.pid, "SigCgt"):
                    break
                await asyncio.sleep(0.01)
            process.terminate()
            status = await asyncio.wait_for(process.wait(), 30)
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
            log.close()
    output = (tmp_path / "bot.log").read_text()
    assert status in (128 + signal.SIGTERM, 0), output  # stopped loading, or stopped
    assert "Traceback" not in output, output


def test_the_jobs_get_what_the_stop_has_left(monkeypatch: pytest.MonkeyPatch) -> None:
    assert jobs_grace() == CLOSING_GRACE  # no stop asked yet: the queues' own grace
    spent = 4.0  # answering the interactions under way took that long
    monkeypatch.setattr(stopping, "_asked_at", time.monotonic() - spent)
    assert 0 < jobs_grace() <= GRACE_SECONDS - CLOSING_RESERVE - spent < CLOSING_GRACE
    monkeypatch.setattr(stopping, "_asked_at", time.monotonic() - GRACE_SECONDS)
    assert jobs_grace() == 0  # nothing left: the jobs under way are handed back at once
