"""Every command the package installs (pyproject's ``[project.scripts]``), run as its
console script runs it: ``-h`` is ``--help``, ``--version`` names the package's version,
and a reader that stops reading (``domino-record … | head``) ends it quietly."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from engine.record import write_record
from engine.terminal import READER_GONE
from tests.engine.logged_matches import played_match
from tests.engine.test_record import record_of

REPO = Path(__file__).resolve().parents[3]
SCRIPTS: dict[str, str] = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))[
    "project"
]["scripts"]


def script(name: str, *args: str, cwd: Path, stdout: int) -> subprocess.CompletedProcess[str]:
    """``name`` run as pip's console script runs it: its entry point's function, whose
    return value is the exit status."""
    module, function = SCRIPTS[name].split(":")
    call = f"import sys; from {module} import {function}; sys.exit({function}())"
    env = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
    return subprocess.run(
        [sys.executable, "-c", call, *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        cwd=cwd,
        env={**env, "PYTHONPATH": str(REPO)},
        text=True,
        timeout=120,
        check=False,
    )


def into_a_closed_pipe(name: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``name`` writing into a pipe whose reader has already gone (``| head`` done)."""
    read, write = os.pipe()
    os.close(read)
    try:
        return script(name, *args, cwd=cwd, stdout=write)
    finally:
        os.close(write)


def test_the_scripts_are_the_three_commands() -> None:
    assert set(SCRIPTS) == {"domino-tables", "domino-record", "network-explore"}


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_dash_h_is_help(name: str, tmp_path: Path) -> None:
    short = script(name, "-h", cwd=tmp_path, stdout=subprocess.PIPE)
    long = script(name, "--help", cwd=tmp_path, stdout=subprocess.PIPE)
    assert short.returncode == long.returncode == 0
    assert short.stdout == long.stdout and short.stdout.startswith(("Usage:", "usage:"))
    assert "-h, --help" in short.stdout and "--version" in short.stdout


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_version_names_the_installed_package(name: str, tmp_path: Path) -> None:
    ran = script(name, "--version", cwd=tmp_path, stdout=subprocess.PIPE)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout == f"{name} {metadata.version('domino-tables')}\n"
    assert ran.stderr == ""


@pytest.mark.parametrize("name", sorted(SCRIPTS))
@pytest.mark.parametrize("option", ["--help", "--version"])
def test_a_closed_pipe_ends_any_command_quietly(name: str, option: str, tmp_path: Path) -> None:
    ran = into_a_closed_pipe(name, option, cwd=tmp_path)
    assert (ran.returncode, ran.stderr) == (READER_GONE, "")


def test_domino_record_into_head_ends_quietly(tmp_path: Path) -> None:
    match, log = played_match("network", 2, 20261124, hands=1)
    record = tmp_path / "hand-1.txt"
    record.write_text(write_record(record_of(match, log, 1)), encoding="utf-8")
    shown = script("domino-record", str(record), cwd=tmp_path, stdout=subprocess.PIPE)
    assert shown.returncode == 0 and "Hand over" in shown.stdout  # what the pipe was to get
    for name, args in (
        ("domino-record", [str(record)]),
        ("network-explore", ["--record", str(record)]),
    ):
        ran = into_a_closed_pipe(name, *args, cwd=tmp_path)
        assert (ran.returncode, ran.stderr) == (READER_GONE, ""), name


def test_the_demo_list_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    """The reader of the list gone is no folder that cannot be written."""
    ran = into_a_closed_pipe(
        "domino-tables", "demo", "--out", str(tmp_path / "pictures"), cwd=tmp_path
    )
    assert (ran.returncode, ran.stderr) == (READER_GONE, "")
