"""The Docker image as the Dockerfile describes it, read without Docker: which files of the
build context its COPY lines bring in (``.dockerignore`` applied as Docker applies it),
where the package is built from, and the final image's environment and health check.

Only what this Dockerfile can use is understood; anything else (a URL, a heredoc, a
``--parents`` copy) raises, so a change the reader cannot follow fails the tests instead of
slipping past them.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[2]
_BUILDS_HERE = re.compile(r"\bpip (?:install|wheel)\b[^&;|]*\s\.(?:\s|$)")
"""A RUN that builds the package from its working folder: ``pip install .``, ``pip wheel .``"""


@dataclass
class Stage:
    """One ``FROM`` of the Dockerfile and what it says."""

    name: str | None
    workdir: PurePosixPath = field(default_factory=lambda: PurePosixPath("/"))
    copies: list[tuple[list[str], str, PurePosixPath]] = field(default_factory=list)
    """Each COPY (or ADD) from the build context: its sources, its target as written, and
    the WORKDIR a relative target starts from."""
    builds_in: PurePosixPath | None = None
    """The folder of the ``pip install .`` or ``pip wheel … .`` that builds the package."""
    env: dict[str, str] = field(default_factory=dict)
    healthcheck: list[str] | None = None
    """The health check's command, exec form (a shell form runs under ``/bin/sh -c``)."""
    cmd: list[str] | None = None
    """The command the image runs."""


def instructions(text: str) -> list[tuple[str, str]]:
    """The Dockerfile's instructions, upper-cased, each with its arguments on one line."""
    lines: list[tuple[str, str]] = []
    pending = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if pending and line.startswith("#"):
            continue  # a comment inside a continued instruction
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        whole = (pending + line).strip()
        pending = ""
        if "<<" in whole:
            raise NotImplementedError(f"a heredoc: {whole!r}")
        keyword, _, rest = whole.partition(" ")
        lines.append((keyword.upper(), rest.strip()))
    return lines


def _flags(arguments: str) -> tuple[dict[str, str], list[str]]:
    """A COPY/ADD/HEALTHCHECK's ``--flag=value`` options and the rest of its words."""
    words = json.loads(arguments) if arguments.startswith("[") else shlex.split(arguments)
    flags: dict[str, str] = {}
    while words and words[0].startswith("--"):
        name, _, value = words.pop(0)[2:].partition("=")
        flags[name] = value
    return flags, words


def _env(arguments: str) -> dict[str, str]:
    words = shlex.split(arguments)
    if len(words) >= 2 and "=" not in words[0]:
        return {words[0]: " ".join(words[1:])}  # the old ``ENV NAME value`` form
    return dict(word.split("=", 1) for word in words)


def _command(arguments: str) -> list[str]:
    """A CMD's command: the exec form's words, or the shell form under ``/bin/sh -c``."""
    arguments = arguments.strip()
    words = json.loads(arguments) if arguments.startswith("[") else ["/bin/sh", "-c", arguments]
    return [str(word) for word in words]


def read_stages(dockerfile: Path = ROOT / "Dockerfile") -> list[Stage]:
    stages: list[Stage] = []
    for keyword, arguments in instructions(dockerfile.read_text(encoding="utf-8")):
        if keyword == "FROM":
            words = arguments.split()
            name = words[2] if len(words) == 3 and words[1].upper() == "AS" else None
            stages.append(Stage(name))
            continue
        stage = stages[-1]
        if keyword == "WORKDIR":
            stage.workdir = stage.workdir / arguments
        elif keyword in ("COPY", "ADD"):
            flags, words = _flags(arguments)
            if "from" in flags:
                continue  # from another stage or image, not the build context
            if set(flags) - {"chown", "chmod", "link"}:
                raise NotImplementedError(f"{keyword} {arguments}")
            *sources, target = words
            if any(re.match(r"^[a-z]+://", source) for source in sources):
                raise NotImplementedError(f"{keyword} from a URL: {arguments}")
            stage.copies.append((sources, target, stage.workdir))
        elif keyword == "RUN" and _BUILDS_HERE.search(arguments):
            stage.builds_in = stage.workdir
        elif keyword == "ENV":
            stage.env.update(_env(arguments))
        elif keyword == "CMD":
            stage.cmd = _command(arguments)
        elif keyword == "HEALTHCHECK":
            flags, words = _flags(arguments)
            if words and words[0].upper() == "CMD":
                stage.healthcheck = _command(arguments[arguments.upper().index("CMD") + 3 :])
    return stages


class DockerIgnore:
    """``.dockerignore`` as Docker reads it: paths from the context's root, ``*`` and ``?``
    within one name, ``**`` across folders, a path left out with its folder, ``!`` bringing
    one back, and the last matching line deciding."""

    def __init__(self, text: str) -> None:
        self.patterns: list[tuple[re.Pattern[str], bool, str]] = []
        for raw in text.splitlines():
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            keep = line.startswith("!")
            pattern = os.path.normpath(line.removeprefix("!").strip()).strip("/")
            self.patterns.append((re.compile(_regex(pattern)), keep, pattern))

    def excludes(self, path: str) -> bool:
        parents = [str(p) for p in reversed(PurePosixPath(path).parents) if str(p) != "."]
        excluded = False
        for regex, keep, _ in self.patterns:
            if any(regex.fullmatch(candidate) for candidate in [*parents, path]):
                excluded = not keep
        return excluded

    def may_keep_inside(self, folder: str) -> bool:
        """Whether a ``!`` line could bring back something inside an excluded folder."""
        for _, keep, pattern in self.patterns:
            literal = re.split(r"[*?\[]", pattern, maxsplit=1)[0]
            if keep and (literal.startswith(folder + "/") or (folder + "/").startswith(literal)):
                return True
        return False


def _regex(pattern: str) -> str:
    """Docker's pattern syntax (Go's filepath.Match, with ``**``) as a regular expression."""
    out = ""
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if pattern.startswith("**", i):
            i += 2
            if pattern.startswith("/", i):
                out += "(?:.*/)?"
                i += 1
            else:
                out += ".*"
            continue
        if char == "*":
            out += "[^/]*"
        elif char == "?":
            out += "[^/]"
        elif char == "[":
            end = pattern.index("]", i)
            out += pattern[i : end + 1]
            i = end
        elif char == "\\" and i + 1 < len(pattern):
            i += 1
            out += re.escape(pattern[i])
        else:
            out += re.escape(char)
        i += 1
    return out


def context_files(context: Path = ROOT) -> list[str]:
    """Every file of the build context that ``.dockerignore`` lets through, as paths from
    its root."""
    ignore_file = context / ".dockerignore"
    ignore = DockerIgnore(ignore_file.read_text(encoding="utf-8") if ignore_file.exists() else "")
    kept: list[str] = []
    for folder, folders, files in os.walk(context):
        here = Path(folder).relative_to(context).as_posix()
        prefix = "" if here == "." else here + "/"
        folders[:] = [
            name
            for name in sorted(folders)
            if not ignore.excludes(prefix + name) or ignore.may_keep_inside(prefix + name)
        ]
        kept += [prefix + name for name in sorted(files) if not ignore.excludes(prefix + name)]
    return kept


def package_source(image_root: Path, dockerfile: Path = ROOT / "Dockerfile") -> Path:
    """Lay out in ``image_root`` what the stage that builds the package copies from the
    build context; the folder it builds in."""
    builders = [stage for stage in read_stages(dockerfile) if stage.builds_in is not None]
    if len(builders) != 1:
        raise LookupError("no one stage builds the package (pip install . or pip wheel .)")
    return lay_out(builders[0], image_root, dockerfile.parent)


def lay_out(stage: Stage, image_root: Path, context: Path = ROOT) -> Path:
    """Copy into ``image_root`` what the stage's COPY lines copy from the context, as Docker
    copies it (a folder's contents into the target, files by name); the folder the stage
    builds the package in."""
    files = context_files(context)
    for sources, target, workdir in stage.copies:
        into = image_root / (workdir / target).relative_to("/")
        for source in sources:
            name = os.path.normpath(source).strip("/")
            name = "" if name == "." else name
            chosen = [f for f in files if f == name or not name or f.startswith(name + "/")]
            if not chosen:
                raise FileNotFoundError(f"COPY {source}: not in the build context")
            for file in chosen:
                if file == name:  # a single file: into the target folder, or as the target
                    many = len(sources) > 1 or target.endswith("/") or into.is_dir()
                    copy = into / PurePosixPath(file).name if many else into
                else:
                    copy = into / (file[len(name) + 1 :] if name else file)
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(context / file, copy)
    assert stage.builds_in is not None
    return image_root / stage.builds_in.relative_to("/")
