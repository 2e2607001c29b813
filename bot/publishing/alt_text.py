"""The bot's pictures in words (Discord attachment descriptions), for screen-reader users.

Pure functions of the match, the seat names and what the game's adapter says, with no
Discord or database in sight, so the conformance test checks every game's words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from bot.games import adapter_for
from bot.games.base import Target
from bot.games.words import ENGLISH, game_title, goal_words, words_for
from engine.game import HandState
from engine.match import Match
from i18n import Text

ALT_TEXT_LIMIT: Final = 256
"""Discord's limit on an attachment's description."""


def table_alt_text(
    game: str,
    table_id: int,
    names: Sequence[str],
    match: Match,
    hand: HandState[Any],
    text: Text = ENGLISH,
) -> str:
    """The table picture in words (public facts only, in the table's language): the game
    and hand, who is to play, the match totals and what lies on the table. ``names`` as
    they are (alt text is not markdown)."""
    adapter = adapter_for(game)
    spec = adapter.spec_for(game)
    words = words_for(spec)
    mover = hand.current_player
    state = words.is_over(text) if mover is None else text._("{name} to play", name=names[mover])
    totals = ", ".join(f"{name} {total}" for name, total in zip(names, match.totals, strict=True))
    goal = "" if match.target is None else goal_words(text, spec.match, match.target)
    if spec.utility == "win-loss":
        if match.target is None:
            scores = ""
        else:
            scores = " " + text._("Games won: {totals} ({goal}).", totals=totals, goal=goal)
    elif goal:
        scores = " " + text._("Totals: {totals} ({goal}).", totals=totals, goal=goal)
    else:
        scores = " " + text._("Totals: {totals}.", totals=totals)
    return text._(
        "{game}, table {table}: {state}.{scores} {board}",
        game=game_title(text, spec),
        table=table_id,
        state=state,
        scores=scores,
        board=adapter.table_words(hand, text=text),
    )


def hand_alt_text(
    game: str, title: str, hand: HandState[Any], seat: int, text: Text = ENGLISH
) -> str:
    """A player's own tiles in words (private: only ever sent to that player, in their
    language)."""
    return f"{title}. {adapter_for(game).holding(hand, seat, text=text)}"


def candidates_alt_text(subject: str, targets: Sequence[Target], text: Text = ENGLISH) -> str:
    """Where the chosen subject can go, as the picture numbers them (private)."""
    where = "; ".join(target.label for target in targets)
    return text._("Where {subject} can go, numbered: {places}.", subject=subject, places=where)


def within_limit(description: str) -> str:
    """``description`` cut to Discord's limit, an ellipsis marking the cut."""
    if len(description) > ALT_TEXT_LIMIT:
        return description[: ALT_TEXT_LIMIT - 1] + "…"
    return description
