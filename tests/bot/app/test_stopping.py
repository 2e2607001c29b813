"""What a stop promises is what the operator reads: the grace period a stop keeps is the
one the README and every process command's ``--help`` state."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from bot.app import cli
from bot.app.stopping import GRACE_SECONDS
from bot.publishing.jobs.queue import CLOSING_GRACE

REPO = Path(__file__).resolve().parents[3]
WITHIN = f"within {GRACE_SECONDS:g} s"


@pytest.mark.parametrize("command", ["run", "worker", "interactions"])
def test_each_process_command_says_how_it_stops(command: str) -> None:
    result = CliRunner().invoke(cli.app, [command, "--help"], prog_name=cli.PROG)
    words = " ".join(result.output.split())
    assert result.exit_code == 0
    assert "stops cleanly on sigterm" in words.lower() and WITHIN in words


def test_the_readme_states_the_grace_periods() -> None:
    readme = " ".join((REPO / "README.md").read_text().split())
    stopping = readme.split("### Stopping", 1)[1].split("#", 1)[0]
    assert WITHIN in stopping
    assert f"up to {CLOSING_GRACE:g} s to finish" in stopping
    assert CLOSING_GRACE < GRACE_SECONDS <= 10  # jobs first, inside docker stop's 10 s
