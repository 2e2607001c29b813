"""A table's pace: how long each turn may last, from a quick game to correspondence play.

``/<game> new turn:`` takes a duration such as ``45s``, ``30m``, ``8h``, ``2d`` or
``1d 12h`` (a bare number means minutes). A turn of an hour or more is a *long* turn: its
player gets one reminder when a quarter of their time is left.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Final

from bot.tables.errors import UserError
from i18n import N_, Text

MIN_OPTION_SECONDS: Final = 60
"""The shortest turn ``turn:`` offers: one minute."""
MAX_TURN_SECONDS: Final = 3 * 24 * 3600
"""The longest turn of any table: three days."""
LONG_TURN_SECONDS: Final = 3600
"""A turn this long or longer gets a reminder when a quarter of it is left."""

_UNITS: Final = {"d": 86400, "h": 3600, "m": 60, "s": 1}
_NAMES: Final = {
    "d": "d",
    "day": "d",
    "days": "d",
    "h": "h",
    "hr": "h",
    "hrs": "h",
    "hour": "h",
    "hours": "h",
    "m": "m",
    "min": "m",
    "mins": "m",
    "minute": "m",
    "minutes": "m",
    "s": "s",
    "sec": "s",
    "secs": "s",
    "second": "s",
    "seconds": "s",
}
_PART: Final = re.compile(r"(\d{1,6})\s*([a-z]*)")

SUGGESTED: Final[tuple[int, ...]] = (
    60,
    2 * 60,
    5 * 60,
    10 * 60,
    30 * 60,
    3600,
    4 * 3600,
    8 * 3600,
    12 * 3600,
    86400,
    2 * 86400,
    3 * 86400,
)
"""What autocomplete offers before anything is typed: quick play to correspondence."""

BAD_TURN: Final = N_(
    "I could not read that turn length. Give a number with a unit, from 1 minute to 3 days: "
    "for example `90s`, `30m`, `8h`, `2d` or `1d 12h`."
)


def parse_duration(text: str, bad: UserError) -> int:
    """The seconds ``text`` says (``2h``, ``1d 12h``, a bare number as minutes); ``bad``
    is raised when it cannot be read."""
    cleaned = text.strip().lower().replace(",", " ")
    if not cleaned:
        raise bad
    seconds, position = 0, 0
    for found in _PART.finditer(cleaned):
        if cleaned[position : found.start()].strip():
            raise bad
        unit = _NAMES.get(found.group(2) or "m")
        if unit is None:
            raise bad
        seconds += int(found.group(1)) * _UNITS[unit]
        position = found.end()
    if position == 0 or cleaned[position:].strip():
        raise bad
    return seconds


def parse_turn(text: str) -> int:
    """The seconds ``text`` says (1 minute to 3 days); a UserError says what is wrong."""
    seconds = parse_duration(text, UserError(BAD_TURN))
    if not MIN_OPTION_SECONDS <= seconds <= MAX_TURN_SECONDS:
        if seconds < MIN_OPTION_SECONDS:
            raise UserError(
                N_("A turn can last from 1 minute to 3 days; {length} is too short."),
                length=format_turn(seconds),
            )
        raise UserError(
            N_("A turn can last from 1 minute to 3 days; {length} is too long."),
            length=format_turn(seconds),
        )
    return seconds


def format_turn(seconds: int) -> str:
    """A duration as people write it: ``45 s``, ``30 min``, ``8 h``, ``1 d 12 h``."""
    if seconds < 60:
        return f"{seconds} s"
    parts = []
    for size, label in ((86400, "d"), (3600, "h"), (60, "min")):
        count, seconds = divmod(seconds, size)
        if count:
            parts.append(f"{count} {label}")
    if seconds:
        parts.append(f"{seconds} s")
    return " ".join(parts)


def option_value(seconds: int) -> str:
    """The compact form ``turn:`` reads back (``2d``, ``1h30m``)."""
    parts = []
    for unit, size in _UNITS.items():
        count, seconds = divmod(seconds, size)
        if count:
            parts.append(f"{count}{unit}")
    return "".join(parts) or "0s"


def suggestions(
    current: str, default_seconds: int, text: Text | None = None
) -> list[tuple[str, str]]:
    """Autocomplete for ``turn:``: what was typed so far, read if it can be (a bare
    number as minutes, hours or days), then the usual lengths that start the same way
    (label, value), the default marked; labels in ``text``'s language (English if None)."""
    text = text or Text()
    typed = current.strip()
    offered: list[tuple[str, str]] = []
    readings = [f"{typed}{unit}" for unit in "mhd"] if typed.isdigit() else [typed] * bool(typed)
    for reading in readings:  # a bare number may mean minutes, hours or days
        try:
            seconds = parse_turn(reading)
        except UserError:
            continue
        offered.append((_label(text, seconds, default_seconds), option_value(seconds)))
    for seconds in SUGGESTED:
        value = option_value(seconds)
        if value.startswith(typed.lower().replace(" ", "")) or not typed:
            choice = (_label(text, seconds, default_seconds), value)
            if choice not in offered:
                offered.append(choice)
    return offered[:25]


def _label(text: Text, seconds: int, default_seconds: int) -> str:
    length = format_turn(seconds)
    default = seconds == default_seconds
    if seconds >= LONG_TURN_SECONDS:
        if default:
            return text._(
                "{length} per turn (default) · reminder when a quarter is left", length=length
            )
        return text._("{length} per turn · reminder when a quarter is left", length=length)
    if default:
        return text._("{length} per turn (default)", length=length)
    return text._("{length} per turn", length=length)


def reminder_lead(turn_seconds: int) -> timedelta | None:
    """How long before the deadline a long turn's reminder comes (None: no reminder)."""
    if turn_seconds < LONG_TURN_SECONDS:
        return None
    return timedelta(seconds=turn_seconds / 4)
