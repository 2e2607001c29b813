"""The old code beside the new in one benchmark run: a git revision exported to a temporary
directory, the environment that makes a child process import that code alone, and the
checks that it did (a process started there whose ``bot`` came from the working tree would
make every "old" figure a new one)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from process_cpu import process_tree  # beside this file: bench/ is on the path

REPO_ROOT = Path(__file__).resolve().parents[1]
"""The working tree: the new code."""
CODE_PACKAGES = ("bot", "engine", "render", "i18n")
"""The project's packages a benchmark's child imports; each must come from its code root."""


def short_revision(revision: str) -> str:
    """``revision`` (anything git names: HEAD, a tag, a branch, a sha) as a short sha."""
    result = subprocess.run(
        ["git", "-C", str(REPO_ROOT), "rev-parse", "--short", f"{revision}^{{commit}}"],
        check=True,
        capture_output=True,
        text=True,
    )
    return result.stdout.strip()


@contextmanager
def exported(revision: str) -> Iterator[Path]:
    """The files of ``revision`` (``git archive``) in a temporary directory, removed after."""
    with tempfile.TemporaryDirectory(prefix="bench-baseline-") as tmp:
        archive = subprocess.Popen(
            ["git", "-C", str(REPO_ROOT), "archive", "--format=tar", revision],
            stdout=subprocess.PIPE,
        )
        untar = subprocess.run(["tar", "-x", "-C", tmp], stdin=archive.stdout, check=False)
        assert archive.stdout is not None
        archive.stdout.close()
        if archive.wait() or untar.returncode:
            raise RuntimeError(f"could not export revision {revision!r} of {REPO_ROOT}")
        yield Path(tmp)


def code_env(root: Path, base: Mapping[str, str] | None = None) -> dict[str, str]:
    """``base`` (default: this process's environment) with ``root`` as the whole
    PYTHONPATH: a child started with it and cwd ``root`` imports the code there."""
    return {**(os.environ if base is None else base), "PYTHONPATH": str(root)}


def check_files_under(root: Path, files: Mapping[str, str | None]) -> None:
    """Raise unless every module file lies under ``root``."""
    strays = {
        name: file
        for name, file in files.items()
        if file is None or not Path(file).resolve().is_relative_to(root.resolve())
    }
    if strays:
        raise RuntimeError(f"imported from outside {root}: {strays}")


def imported_files(root: Path) -> dict[str, str]:
    """Where a child started in ``root`` with :func:`code_env` imports each of
    :data:`CODE_PACKAGES` from (a dry run); raises unless all lie under ``root``."""
    script = (
        "import importlib, json; "
        f"print(json.dumps({{n: importlib.import_module(n).__file__ for n in {CODE_PACKAGES!r}}}))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=root,
        env=code_env(root),
        check=True,
        capture_output=True,
        text=True,
    )
    files: dict[str, str] = json.loads(result.stdout)
    check_files_under(root, files)
    return files


def check_process_code(pid: int, root: Path) -> int:
    """Raise unless process ``pid`` and each live descendant (its drawing processes) runs
    in ``root`` with ``root`` as its PYTHONPATH; returns how many processes were checked."""
    tree = process_tree(pid)
    for member in tree:
        cwd = Path(os.readlink(f"/proc/{member}/cwd"))
        environ = Path(f"/proc/{member}/environ").read_bytes().split(b"\0")
        paths = [e[len(b"PYTHONPATH=") :].decode() for e in environ if e.startswith(b"PYTHONPATH=")]
        if cwd.resolve() != root.resolve() or paths != [str(root)]:
            raise RuntimeError(
                f"process {member} (of {pid}) runs in {cwd} with PYTHONPATH {paths}, not {root}"
            )
    return len(tree)


def ratio(new: float, old: float) -> str:
    """new ÷ old, as a benchmark prints it (a dash when old is zero)."""
    return f"{new / old:5.2f}" if old else "    -"
