"""The bot's pictures in words (Discord attachment descriptions), for screen-reader users.

Pure functions of the match, the seat names and what the game's adapter says, with no
Discord or database in sight, so the conformance test checks every game's words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from bot.games import adapter_for
from bot.games.base import Target
from engine.game import HandState
from engine.match import Match

ALT_TEXT_LIMIT: Final = 256
"""Discord's limit on an attachment's description."""


def table_alt_text(
    game: str, table_id: int, names: Sequence[str], match: Match, hand: HandState[Any]
) -> str:
    """The table picture in words (public facts only): the game and hand, who is to
    play, the match totals and what lies on the table. ``names`` as they are (alt text
    is not markdown)."""
    adapter = adapter_for(game)
    spec = adapter.spec_for(game)
    mover = hand.current_player
    state = f"the {spec.round_word} is over" if mover is None else f"{names[mover]} to play"
    totals = ", ".join(f"{name} {total}" for name, total in zip(names, match.totals, strict=True))
    goal = "" if match.target is None else f" ({spec.match.goal_words(match.target)})"
    if spec.utility == "win-loss":
        scores = "" if match.target is None else f" Games won: {totals}{goal}."
    else:
        scores = f" Totals: {totals}{goal}."
    return f"{spec.title}, table {table_id}: {state}.{scores} {adapter.table_words(hand)}"


def hand_alt_text(game: str, title: str, hand: HandState[Any], seat: int) -> str:
    """A player's own tiles in words (private: only ever sent to that player)."""
    return f"{title}. {adapter_for(game).holding(hand, seat)}"


def candidates_alt_text(subject: str, targets: Sequence[Target]) -> str:
    """Where the chosen subject can go, as the picture numbers them (private)."""
    where = "; ".join(target.label for target in targets)
    return f"Where {subject} can go, numbered: {where}."


def within_limit(description: str) -> str:
    """``description`` cut to Discord's limit, an ellipsis marking the cut."""
    if len(description) > ALT_TEXT_LIMIT:
        return description[: ALT_TEXT_LIMIT - 1] + "…"
    return description
