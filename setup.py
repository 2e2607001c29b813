"""The build step pyproject.toml cannot say: the rules pages, written in docs/rules/ (their
one home), go into the package as ``bot/games/rules/*.md`` (their translations as
``bot/games/rules/<language>/*.md``), so that ``/<game> rules``
finds them in any installed copy of the bot (a wheel, ``pip install .``, the Docker image).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

RULES_SOURCE = Path(__file__).resolve().parent / "docs" / "rules"
RULES_PACKAGED = Path("bot") / "games" / "rules"


class BuildWithRules(build_py):
    """``build_py``, then the rules pages copied into the built package."""

    def run(self) -> None:
        super().run()
        pages = sorted(RULES_SOURCE.glob("*.md"))
        if not pages:
            raise SystemExit(f"no rules pages in {RULES_SOURCE}: the bot needs them")
        target = Path(self.build_lib) / RULES_PACKAGED
        for page in [*pages, *sorted(RULES_SOURCE.glob("*/*.md"))]:
            copy = target / page.relative_to(RULES_SOURCE)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(page, copy)


setup(cmdclass={"build_py": BuildWithRules})
