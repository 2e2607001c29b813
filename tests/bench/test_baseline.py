"""The benchmarks' old-code side: a revision exported and imported alone, and the bot
processes a launcher starts in a code root running that code (cwd and PYTHONPATH), their
children included; a process running elsewhere is caught."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest
from baseline import (
    REPO_ROOT,
    check_files_under,
    check_process_code,
    exported,
    imported_files,
    ratio,
    short_revision,
)

from tests.fakediscord import BotLauncher, BotProcess, FakeDiscord

CHILD = "import os, time\nparent = os.getppid()\nwhile os.getppid() == parent: time.sleep(0.1)"
SLEEPER = f"""\
import subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", {CHILD!r}])
print("ready", child.pid, flush=True)
time.sleep(60)
"""
"""A stand-in bot that starts a child process (as the bot starts drawing processes), which
ends once its parent is gone."""


def test_an_exported_revision_is_imported_alone_and_removed_afterwards() -> None:
    with exported("HEAD") as root:
        assert root != REPO_ROOT
        files = imported_files(root)
        assert files["bot"] == str(root / "bot" / "__init__.py")
        assert set(files) == {"bot", "engine", "render", "i18n"}
    assert not root.exists()
    assert len(short_revision("HEAD")) >= 7


def test_an_unknown_revision_is_refused() -> None:
    with pytest.raises(RuntimeError, match="could not export"), exported("no-such-revision"):
        pass


def test_a_module_from_another_tree_is_caught(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="imported from outside"):
        check_files_under(tmp_path, {"bot": str(REPO_ROOT / "bot" / "__init__.py")})
    check_files_under(REPO_ROOT, {"bot": str(REPO_ROOT / "bot" / "__init__.py")})


def test_ratio_reads_new_over_old() -> None:
    assert ratio(15.0, 30.0).strip() == "0.50"
    assert ratio(1.0, 0.0).strip() == "-"


async def ready(process: BotProcess) -> None:
    deadline = time.monotonic() + 60
    while "ready" not in process.log():
        assert process.running, process.log()
        assert time.monotonic() < deadline, process.log()
        await asyncio.sleep(0.05)


async def test_a_launcher_runs_its_processes_and_their_children_in_its_code_root(
    tmp_path: Path,
) -> None:
    code = tmp_path / "code"
    code.mkdir()
    script = code / "sleeper.py"
    script.write_text(SLEEPER)
    async with FakeDiscord() as fake:
        launcher = BotLauncher(fake, tmp_path, code_root=code)
        plain = BotLauncher(fake, tmp_path / "plain", code_root=None)
        (tmp_path / "plain").mkdir()
        try:
            process = await launcher.start(script)
            await ready(process)
            assert process.pid is not None
            assert check_process_code(process.pid, code) == 2  # the process and its child
            with pytest.raises(RuntimeError, match="not"):
                check_process_code(process.pid, REPO_ROOT)

            default = await plain.start(script)
            await ready(default)
            assert default.pid is not None
            assert Path(os.readlink(f"/proc/{default.pid}/cwd")) == REPO_ROOT
            environ = Path(f"/proc/{default.pid}/environ").read_bytes().split(b"\0")
            inherited = os.environ.get("PYTHONPATH")
            expected = [] if inherited is None else [f"PYTHONPATH={inherited}".encode()]
            assert [e for e in environ if e.startswith(b"PYTHONPATH=")] == expected
        finally:
            await launcher.close()
            await plain.close()
