"""The Docker image holds what the package holds, and starts: the package is built from
exactly what the Dockerfile's COPY lines take from the build context (read from the
Dockerfile and .dockerignore themselves, no list kept here), then run with no source tree
on the path as the image runs it, under the image's environment. Docker is not needed.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import tomllib
from collections.abc import Mapping
from fnmatch import fnmatch
from pathlib import Path

import pytest

from tests.bot.app.test_observe import free_port
from tests.deploy.dockerfile import ROOT, DockerIgnore, Stage, package_source, read_stages
from tests.fakediscord import FakeDiscord
from tests.fakediscord.process import BotProcess

WELL_SHAPED_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
"""A token shaped like a bot's, which Discord (here the fake) rejects."""


def build(image_root: Path, dockerfile: Path = ROOT / "Dockerfile") -> Path:
    """The package as ``pip`` builds it in the image (setup.py's build step: modules,
    package data, rules pages, and its metadata), from what the Dockerfile copies."""
    source = package_source(image_root / "image", dockerfile)
    lib = image_root / "lib"
    for step in (["build_py", "--build-lib", str(lib)], ["egg_info", "--egg-base", str(lib)]):
        lib.mkdir(exist_ok=True)
        subprocess.run(
            [sys.executable, "setup.py", "-q", *step],
            check=True,
            cwd=source,
            capture_output=True,
        )
    return lib


def dependencies_only(folder: Path) -> Path:
    """The installed dependencies without this project: the interpreter's site-packages,
    leaving out the project's own packages and its editable install (which would bring the
    source tree back onto the path)."""
    own = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = own["tool"]["setuptools"]["packages"]["find"]["include"]
    folder.mkdir()
    for site in {Path(p) for p in sys.path if p.endswith("site-packages")}:
        for entry in site.iterdir():
            project = any(fnmatch(entry.name, pattern) for pattern in patterns)
            if project or entry.name.startswith(("__editable__", "domino_tables")):
                continue
            if not (folder / entry.name).exists():
                (folder / entry.name).symlink_to(entry)
    return folder


class Image:
    """The image's package and its environment, as a command line runs them."""

    def __init__(self, lib: Path, deps: Path, final: Stage, workdir: Path) -> None:
        self.lib, self.deps, self.final, self.workdir = lib, deps, final, workdir

    def env(self, **settings: str) -> dict[str, str]:
        """The image's ENV (its DATABASE_PATH moved into the test's folder), the settings
        given, and a path holding the built package and its dependencies alone."""
        outside = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("DISCORD_", "DATABASE_", "METRICS_", "LOG_", "SHARD_"))
        }
        return {
            **outside,
            **self.final.env,
            "DATABASE_PATH": str(self.workdir / "data" / "dominoes.sqlite3"),
            **settings,
            "PYTHONPATH": os.pathsep.join([str(self.lib), str(self.deps)]),
        }

    def argv(self, command: list[str]) -> list[str]:
        """An image command with this interpreter, told to skip site-packages' own start-up
        files (they hold the editable install): the path above is all it sees."""
        assert command[0] == "python", command
        return [sys.executable, "-S", *command[1:]]

    def run(self, command: list[str], env: Mapping[str, str]) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            self.argv(command),
            env=dict(env),
            cwd=self.workdir,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )


def make_image(folder: Path, dockerfile: Path = ROOT / "Dockerfile") -> Image:
    workdir = folder / "workdir"
    workdir.mkdir()
    final = read_stages(dockerfile)[-1]
    return Image(build(folder, dockerfile), dependencies_only(folder / "deps"), final, workdir)


@pytest.fixture(scope="module")
def image(tmp_path_factory: pytest.TempPathFactory) -> Image:
    return make_image(tmp_path_factory.mktemp("docker"))


def test_python_m_bot_from_the_image_gets_past_its_imports_and_asks_for_a_token(
    image: Image,
) -> None:
    where = image.run(["python", "-c", "import bot, sys; print(bot.__file__)"], image.env())
    assert where.stdout.startswith(str(image.lib)), where  # the built package, not the sources
    version = image.run(["python", "-m", "bot", "--version"], image.env())
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert version.stdout == f"domino-tables {project['version']}\n", version.stderr
    ran = image.run(["python", "-m", "bot"], image.env())
    assert ran.returncode == 2, ran.stderr
    assert ran.stderr.splitlines() == [
        "domino-tables: DISCORD_TOKEN is not set: put your bot token in the environment or "
        "in .env (see .env.example)."
    ]


async def test_python_m_bot_from_the_image_logs_in_and_refuses_a_rejected_token(
    image: Image,
) -> None:
    async with FakeDiscord() as fake:
        env = image.env(**fake.env(), LOG_LEVEL="CRITICAL")
        env["DISCORD_TOKEN"] = WELL_SHAPED_TOKEN
        ran = await asyncio.to_thread(image.run, ["python", "-m", "bot"], env)
    assert ran.returncode == 2, ran.stderr
    assert ran.stderr.splitlines() == [
        "domino-tables: Discord rejected DISCORD_TOKEN (401 Unauthorized): check the bot token."
    ]


async def test_the_image_runs_the_bot_and_its_health_check_says_healthy(image: Image) -> None:
    """The image's CMD connects; its HEALTHCHECK, under the image's settings (the port it
    sets, moved to a free one here; drawing in threads, so a kill leaves no drawing process
    behind), answers healthy while the bot runs, not after."""
    assert image.final.env.get("METRICS_PORT", "").isdigit()  # the check has a port to ask
    healthcheck = image.final.healthcheck
    command = image.final.cmd
    assert healthcheck is not None and command is not None
    async with FakeDiscord() as fake:
        env = image.env(**fake.env(), METRICS_PORT=str(free_port()), RENDER_PROCESSES="0")
        bot = BotProcess(
            image.argv(command), env=env, log_path=image.workdir / "bot.log", cwd=image.workdir
        )
        await bot.start()
        try:
            await fake.wait_until_bot_ready(timeout=60)
            give_up = asyncio.get_running_loop().time() + 60  # a bound on failing, no timing
            checked = await asyncio.to_thread(image.run, healthcheck, env)
            while checked.returncode != 0 and bot.running and not_yet(give_up):
                checked = await asyncio.to_thread(image.run, healthcheck, env)
            assert checked.returncode == 0, (checked.stdout, bot.log())
            assert checked.stdout.strip().endswith("/health: 200 ok")
        finally:
            await bot.kill()
        gone = await asyncio.to_thread(image.run, healthcheck, env)
    assert gone.returncode == 1
    assert "no answer" in gone.stdout


def not_yet(deadline: float) -> bool:
    return asyncio.get_running_loop().time() < deadline


def test_the_package_metadata_names_its_license(image: Image) -> None:
    (info,) = image.lib.glob("*.egg-info")
    metadata = (info / "PKG-INFO").read_text(encoding="utf-8")
    assert "License: MIT" in metadata.splitlines()
    assert "License-File: LICENSE" in metadata.splitlines()
    assert "Copyright (c) 2026 the Domino Tables authors" in (ROOT / "LICENSE").read_text()


@pytest.mark.parametrize(
    ("path", "left_out"),
    [
        ("tests/bot/app/test_cli.py", True),
        ("bench/bench_bot.py", True),
        (".git/HEAD", True),
        (".venv/bin/python", True),
        (".env", True),
        ("bot/app/__pycache__/cli.cpython-311.pyc", True),
        ("docs/architecture.md", True),
        ("docs/rules/network.md", False),
        ("docs/rules/de/network.md", False),
        ("i18n/locales/de/LC_MESSAGES/bot.po", False),
        ("bot/app/cli.py", False),
        ("LICENSE", False),
        ("README.md", False),
    ],
)
def test_the_build_context_keeps_out_what_is_no_part_of_the_package(
    path: str, left_out: bool
) -> None:
    ignore = DockerIgnore((ROOT / ".dockerignore").read_text(encoding="utf-8"))
    assert ignore.excludes(path) is left_out
