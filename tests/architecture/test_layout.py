"""The layout rules of ``docs/architecture.md``, checked on the code's own imports.

The rooms of ``bot/`` stand in one order and import only downwards; ``engine/`` knows no
other package, ``i18n/`` (the languages) none either, and ``render/`` only the engine's types
and i18n's words; no import circle anywhere; few
modules at ``bot/``'s top; no class in ``bot/`` past about 300 lines. A change that breaks a
rule fails here with the file and the import that broke it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

BOT_ROOMS = (
    "app",
    "discord",
    "web",
    "replays",
    "publishing",
    "views",
    "tournaments",
    "tables",
    "league",
    "games",
    "store",
    "metrics",
)
"""``bot/``'s rooms, highest first: a room may import only the rooms after it."""

LONGEST_CLASS = 300
MOST_TOP_MODULES = 8


def _modules(package: str) -> Iterator[tuple[str, Path]]:
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        yield ".".join(parts), path


def _imports(path: Path, module: str) -> Iterator[tuple[int, str]]:
    """Every module ``path`` imports, absolute, with its line (``TYPE_CHECKING`` ones too:
    a type that points upwards is a dependency all the same)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            yield node.lineno, base
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}"


def _room(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "bot" or len(parts) < 2:
        return None
    return parts[1] if parts[1] in BOT_ROOMS else None


def _known(modules: set[str], name: str) -> str | None:
    """The project module ``name`` is (or is inside), if any."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


PROJECT = {
    name: path
    for package in ("bot", "engine", "render", "i18n")
    for name, path in _modules(package)
}


def test_bot_rooms_import_only_downwards() -> None:
    upward = []
    for module, path in PROJECT.items():
        room = _room(module)
        if room is None:
            continue
        for line, imported in _imports(path, module):
            target = _room(imported)
            if target is not None and BOT_ROOMS.index(target) < BOT_ROOMS.index(room):
                upward.append(f"{path.relative_to(ROOT)}:{line} ({room}) imports {imported}")
    assert upward == []


def test_only_the_process_knows_the_discord_surface() -> None:
    users = {
        f"{path.relative_to(ROOT)} imports {imported}"
        for module, path in PROJECT.items()
        if _room(module) not in ("app", "discord")
        for _, imported in _imports(path, module)
        if imported.startswith("bot.discord")
    }
    assert users == set()


@pytest.mark.parametrize(
    ("package", "allowed"),
    [
        ("engine", ("engine",)),
        ("i18n", ("i18n",)),
        ("render", ("render", "engine", "i18n")),
    ],
)
def test_lower_layers_never_import_higher(package: str, allowed: tuple[str, ...]) -> None:
    forbidden = (
        "bot",
        "engine",
        "render",
        "i18n",
        "discord",
        "PIL",
        "asyncio",
        "aiosqlite",
        "asyncpg",
    )
    wrong = []
    for module, path in PROJECT.items():
        if module.split(".")[0] != package:
            continue
        for line, imported in _imports(path, module):
            top = imported.split(".")[0]
            if (
                top in forbidden
                and top not in allowed
                and not (package == "render" and top == "PIL")
            ):
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {imported}")
    assert wrong == []


def test_no_import_circle() -> None:
    modules = set(PROJECT)
    graph = {
        module: {
            target
            for _, imported in _imports(path, module)
            if (target := _known(modules, imported)) is not None
            and target != module
            # a package's __init__ re-exporting its own modules is no circle
            and not (path.name == "__init__.py" and target.startswith(module + "."))
        }
        for module, path in PROJECT.items()
    }
    circles: list[list[str]] = []
    state: dict[str, int] = {}

    def visit(module: str, trail: list[str]) -> None:
        state[module] = 1
        trail.append(module)
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                circles.append([*trail[trail.index(target) :], target])
            elif target not in state:
                visit(target, trail)
        trail.pop()
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [])
    assert circles == []


def test_few_modules_at_the_top_of_bot() -> None:
    top = sorted(p.name for p in (ROOT / "bot").glob("*.py"))
    assert len(top) <= MOST_TOP_MODULES, top


def test_no_long_class_in_bot() -> None:
    long = []
    for module, path in PROJECT.items():
        if not module.startswith("bot"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                length = node.end_lineno - node.lineno + 1
                if length > LONGEST_CLASS:
                    long.append(f"{path.relative_to(ROOT)}: {node.name} has {length} lines")
    assert long == []


def test_every_bot_module_says_why_in_its_first_line() -> None:
    silent = [
        str(path.relative_to(ROOT))
        for module, path in PROJECT.items()
        if module.startswith("bot") and not ast.get_docstring(ast.parse(path.read_text()))
    ]
    assert silent == []


def test_every_room_of_bot_has_its_floor() -> None:
    """A new package under ``bot/`` is placed in :data:`BOT_ROOMS`, so its imports are
    checked like every other room's."""
    rooms = {path.name for path in (ROOT / "bot").iterdir() if (path / "__init__.py").exists()}
    assert rooms == set(BOT_ROOMS)
