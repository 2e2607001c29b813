"""Every default a page quotes for a setting is the code's: "`PUBLISH_WORKERS` (4 by
default)", "`METRICS_HOST`, default `0.0.0.0`", "default 5 min, TURN_SECONDS", "the default
`RENDER_PROCESSES=1`". An operator who reads a figure in the README and leaves the setting
out must get that figure. (.env.example is checked the same way by
tests/bot/app/test_env_example.py.)"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.app.settings import DEFAULT_PUBLISH_WORKERS, InteractionSettings

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted([ROOT / "README.md", ROOT / "bench" / "README.md", *(ROOT / "docs").rglob("*.md")])

FIELDS = InteractionSettings.model_fields
NAMES = {field.upper() for field in FIELDS}
NAME = re.compile(r"\b(" + "|".join(sorted(NAMES, key=len, reverse=True)) + r")\b")
UNSET_MEANS = {"publish_workers": DEFAULT_PUBLISH_WORKERS}
"""Settings whose field is unset (None) by default, and what the code then uses."""

UNIT = r"(?:ms|s|seconds?|min|minutes?|h|hours?|d|days?)"
VALUE = rf"`[^`=\n]+`|\d[\d,]*(?:\.\d+)?(?:\s*{UNIT}\b)?"
CLAIMS = (
    re.compile(r"\bdefault,?\s*`(?P<name>[A-Z][A-Z0-9_]*)=(?P<value>[^`\n]*)`"),
    re.compile(rf"\bdefault(?:\s+is|:)?\s+(?P<value>{VALUE})"),
    re.compile(rf"(?P<value>{VALUE})\s+by default\b"),
)
SECONDS = (("ms", 0.001), ("s", 1), ("min", 60), ("h", 3600), ("d", 86400))
"""A unit's seconds, by the first letters of its name ("ms" before "minutes")."""


@dataclass(frozen=True)
class Claim:
    """``page``'s ``line`` says ``setting`` defaults to ``value`` (as written)."""

    page: str
    line: int
    setting: str
    value: str


def paragraphs(text: str) -> list[tuple[int, str]]:
    """The page's prose, one paragraph (or table row, or list item) at a time with its first
    line number; code blocks left out (their values are examples, not claims)."""
    found: list[tuple[int, str]] = []
    start, lines, fenced = 0, [], False
    for number, line in enumerate([*text.splitlines(), ""], 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        ends = fenced or not line.strip() or line.lstrip().startswith(("- ", "|", "#"))
        if ends and lines:
            found.append((start, " ".join(lines)))
            lines = []
        if fenced or not line.strip():
            continue
        if not lines:
            start = number
        lines.append(line.strip())
    return found


def claims_in(page: str, text: str) -> list[Claim]:
    """Every default the text quotes, each given to the setting named nearest to it."""
    found = []
    for line, paragraph in paragraphs(text):
        names = [(match.start(), match[1]) for match in NAME.finditer(paragraph)]
        if not names:
            continue
        for pattern in CLAIMS:
            for match in pattern.finditer(paragraph):
                value = match["value"]
                if value.strip("`") in NAMES:
                    continue  # "default to `DATABASE_URL`": a setting, not a value
                named = match.groupdict().get("name")
                if named is None:
                    at = match.start("value")
                    named = min(names, key=lambda name: abs(name[0] - at))[1]
                if named in NAMES:
                    found.append(Claim(page, line, named, value))
    return found


def as_number(text: str, seconds: bool) -> float | None:
    """``text`` as a number (for a setting in seconds, a duration in seconds)."""
    match = re.fullmatch(rf"(\d[\d,]*(?:\.\d+)?)\s*({UNIT})?", text)
    if match is None:
        return None
    number = float(match[1].replace(",", ""))
    unit = match[2]
    if unit is None:
        return number
    if not seconds:
        return None
    return number * next(size for prefix, size in SECONDS if unit.startswith(prefix))


def disagreement(claim: Claim) -> str | None:
    """What is wrong with ``claim`` (None: it is the code's default)."""
    field = claim.setting.lower()
    default = FIELDS[field].default
    if default is None:
        default = UNSET_MEANS.get(field)
    text = claim.value.strip("`").strip()
    if isinstance(default, (int, float)) and not isinstance(default, bool):
        quoted = as_number(text, field.endswith("_seconds"))
        if quoted is not None and quoted == float(default):
            return None
    elif str(default) == text:
        return None
    return (
        f"{claim.page}:{claim.line}: {claim.setting} quoted as {claim.value!r}, "
        f"the code's default is {default!r}"
    )


def page_claims() -> list[Claim]:
    return [
        claim
        for page in PAGES
        for claim in claims_in(str(page.relative_to(ROOT)), page.read_text(encoding="utf-8"))
    ]


def test_every_default_a_page_quotes_for_a_setting_is_the_codes() -> None:
    wrong = [problem for claim in page_claims() if (problem := disagreement(claim))]
    assert not wrong, "\n".join(wrong)


def test_the_pages_quote_defaults_and_each_is_read() -> None:
    quoted = {claim.setting for claim in page_claims()}
    assert {"PUBLISH_WORKERS", "TURN_SECONDS"} <= quoted


@pytest.mark.parametrize(
    ("text", "setting", "value"),
    [
        ("Each runs up to `PUBLISH_WORKERS` jobs at once (3 by default).", "PUBLISH_WORKERS", "3"),
        (
            "Set `METRICS_HOST` (default `127.0.0.1`) to listen elsewhere.",
            "METRICS_HOST",
            "`127.0.0.1`",
        ),
        ("`turn:` (default 10 min, TURN_SECONDS)", "TURN_SECONDS", "10 min"),
        (
            "a drawing process (the default\n`RENDER_PROCESSES=2`) per worker",
            "RENDER_PROCESSES",
            "2",
        ),
        ("`JOB_RETRY_SECONDS` waits 30 seconds by default.", "JOB_RETRY_SECONDS", "30 seconds"),
    ],
)
def test_a_wrong_default_on_a_page_is_found(text: str, setting: str, value: str) -> None:
    (claim,) = claims_in("page.md", text)
    assert (claim.setting, claim.value) == (setting, value)
    assert disagreement(claim) is not None


@pytest.mark.parametrize(
    "text",
    [
        "Each runs up to `PUBLISH_WORKERS` jobs at once (4 by default).",
        "`turn:` (default 5 min, TURN_SECONDS)",
        "`JOB_RETRY_SECONDS` waits 10 seconds by default.",
        "`LOBBY_TIMEOUT_SECONDS` (default 15 minutes)",
    ],
)
def test_the_right_default_in_other_words_is_accepted(text: str) -> None:
    (claim,) = claims_in("page.md", text)
    assert disagreement(claim) is None
