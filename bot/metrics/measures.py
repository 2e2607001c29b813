"""The bot's Prometheus measures, all in one place, so an operator reads one list.

Labels are bounded and public: a game, a kind of play or interaction, a computer level, a
picture kind, a rate-limit scope. Never a user, a table, a tile or a move's text: a label
reaches every scraper, and a hidden tile must reach none.
"""

from __future__ import annotations

import time
from typing import Final

from prometheus_client import Counter, Gauge, Histogram

SECONDS: Final = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
"""Bucket bounds for everything timed here: from a quick picture to a job that waited."""

PLAYS: Final = Counter(
    "domino_plays",
    "Moves committed, by game, kind of move and who made it (person or computer).",
    ["game", "kind", "player"],
)
INTERACTIONS: Final = Counter(
    "domino_interactions",
    "Interactions received, by Discord's type and what they asked (a command's game "
    "family, or a control's kind).",
    ["type", "action"],
)
INTERACTIONS_IGNORED: Final = Counter(
    "domino_interactions_ignored",
    "Interactions not handled, by why: ``replay`` (already handled, by this process or "
    "another) or ``expired`` (older than Discord's 15-minute token life).",
    ["reason"],
)
ANSWER_SECONDS: Final = Histogram(
    "domino_answer_seconds",
    "From an interaction's creation to its answer sent, by where it was sent (at once, "
    "or by a publish job).",
    ["via"],
    buckets=SECONDS,
)
PUBLISH_LAG_SECONDS: Final = Histogram(
    "domino_publish_lag_seconds",
    "From a commit to the end of the publish job that shows it.",
    buckets=SECONDS,
)
JOBS_WAITING: Final = Gauge(
    "domino_jobs_waiting",
    "Publish jobs not yet done, queued or running, in the whole bot: every process reports"
    " the same count, so aggregate with max, not sum (read at most every few seconds).",
)
DISCORD_CALLS: Final = Counter(
    "domino_discord_calls",
    "Discord API calls made, by whether they count against the bot's global rate limit "
    "(bot-token routes) or not (interaction-token routes).",
    ["limit"],
)
DISCORD_RATE_LIMITED: Final = Counter(
    "domino_discord_rate_limited",
    "Discord's 429 answers, by scope (global, user, shared).",
    ["scope"],
)
COMPUTER_MOVE_SECONDS: Final = Histogram(
    "domino_computer_move_seconds",
    "Time a computer player took to decide a move, by game and level.",
    ["game", "level"],
    buckets=SECONDS,
)
PICTURE_SECONDS: Final = Histogram(
    "domino_picture_seconds",
    "Time to draw a picture (off the event loop, waiting for a drawing worker included), "
    "by kind of picture.",
    ["kind"],
    buckets=SECONDS,
)


def move_kind(move: str) -> str:
    """A move's kind for a label: its word (``pass``, ``draw``…) when it is one, else
    ``place``. A move that names a tile always holds a digit, so no tile becomes a label."""
    word = move.strip().lower()
    return word if word.isalpha() and len(word) <= 16 else "place"


DISCORD_EPOCH_MS: Final = 1_420_070_400_000


def interaction_age(interaction_id: int, now: float | None = None) -> float:
    """Seconds since Discord created the interaction, read from its snowflake id (so any
    process can tell, a worker finishing the answer included); never negative."""
    created = ((interaction_id >> 22) + DISCORD_EPOCH_MS) / 1000
    return max(0.0, (time.time() if now is None else now) - created)


def answered(interaction_id: int, via: str) -> None:
    """Record an answer just sent (``via``: ``interaction`` at once, ``job`` later)."""
    ANSWER_SECONDS.labels(via).observe(interaction_age(interaction_id))
