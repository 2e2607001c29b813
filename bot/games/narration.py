"""Public text for what happens at a table: log lines and announcements.

Everything here is built from engine events and seat names only, so no hidden tile can
slip into a channel message or a log line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.games.words import DEALT, Words
from engine.game import Event

_MARKDOWN = re.compile(r"([\\*_~`|\[\]()])")


def plain(name: str) -> str:
    """A player's name as literal text in a Discord message (no stray bold or links)."""
    return _MARKDOWN.sub(r"\\\1", name.replace("@", "@\u200b"))


@dataclass(slots=True)
class Narration:
    """``log``: one line per turn for the table message; ``announcements``: lines that
    deserve their own channel message (scoring, hand ends, the match result); ``private``:
    lines for one seat only (the tiles it drew), never shown in a channel."""

    log: list[str] = field(default_factory=list)
    announcements: list[str] = field(default_factory=list)
    private: dict[int, list[str]] = field(default_factory=dict)
    hand_dealt: bool = False

    def tell(self, seat: int, line: str) -> None:
        self.private.setdefault(seat, []).append(line)

    def extend(self, other: Narration) -> None:
        self.log.extend(other.log)
        self.announcements.extend(other.announcements)
        for seat, lines in other.private.items():
            self.private.setdefault(seat, []).extend(lines)
        self.hand_dealt = self.hand_dealt or other.hand_dealt


GameWords = Callable[[Event, Sequence[str], "Narration"], None]
"""A game's own words for its events (its adapter's ``narrate``)."""


def narrate(
    game_words: GameWords,
    events: Sequence[Event],
    names: Sequence[str],
    target: int | None,
    words: Words = DEALT,
) -> Narration:
    """Turn one move's engine events into text: public lines from public events, private
    lines (for one seat) from the rest. ``game_words`` tells the game's own event kinds
    and every private event."""
    story = Narration()
    heading = words.round_title
    for event in events:
        who = seat_name(names, event.player)
        if not event.is_public:
            game_words(event, names, story)
        elif event.kind == "play":
            scored = f" (+{event.points})" if event.points else ""
            story.log.append(f"{who} played {event.detail.get('move', '?')}{scored}")
        elif event.kind == "pass":
            story.log.append(
                f"{who} passed" + (" (nothing to play)" if event.detail.get("auto") else "")
            )
        elif event.kind == "hand_over":
            if words.wins:
                if target is not None:
                    story.announcements.append(_game_over(event, names, target, heading))
            else:
                story.announcements.append(_hand_over(event, names, target))
            story.log.append(f"{heading} {event.detail.get('hand_number', '?')} over")
        elif event.kind == "match_over":
            totals = list(event.detail.get("totals", []))
            outcome = event.detail.get("outcome") or {}
            sharing = [int(w) for w in outcome.get("winners", [])]
            if event.player is None and len(sharing) > 1:
                points = totals[sharing[0]] if totals else 0
                both = " and ".join(f"**{seat_name(names, w)}**" for w in sharing)
                story.announcements.append(f"🏆 {both} share the win with {points} points!")
                story.log.append(
                    " and ".join(seat_name(names, w) for w in sharing) + " shared the win"
                )
            elif event.player is None:
                what = words.contest(target)
                story.announcements.append(f"🤝 The {what} is drawn: nobody wins.")
                story.log.append(f"The {what} is drawn")
            elif words.wins:
                won = totals[event.player] if totals else 0
                if target is None:
                    story.announcements.append(f"🏆 **{who}** wins the game!")
                    story.log.append(f"{who} won the game")
                else:
                    lost = sum(totals) - won
                    story.announcements.append(f"🏆 **{who}** wins the match {won}–{lost}!")
                    story.log.append(f"{who} won the match")
            else:
                points = totals[event.player] if totals else 0
                story.announcements.append(f"🏆 **{who}** wins the match with {points} points!")
                story.log.append(f"{who} won the match")
        elif event.kind == "hand_started":
            story.log.append(f"{heading} {event.detail.get('hand_number', '?')} {words.begins}")
            story.hand_dealt = True
        else:
            game_words(event, names, story)
    return story


def seat_name(names: Sequence[str], seat: int | None) -> str:
    """Seat ``seat``'s name as literal text ("Nobody" for no seat, or one out of range)."""
    if seat is None or not 0 <= seat < len(names):
        return "Nobody"
    return plain(names[seat])


def _game_over(event: Event, names: Sequence[str], target: int, heading: str) -> str:
    """A game of a match to several wins ended: the games won so far."""
    number = event.detail.get("hand_number", "?")
    totals = event.detail.get("totals", [])
    winners = (event.detail.get("outcome") or {}).get("winners", [])
    result = f"{seat_name(names, int(winners[0]))} wins it" if len(winners) == 1 else "it is drawn"
    running = ", ".join(f"{plain(n)} {t}" for n, t in zip(names, totals, strict=False))
    return f"**{heading} {number} is over:** {result}. Games won: {running} (first to {target})."


def _hand_over(event: Event, names: Sequence[str], target: int | None) -> str:
    number = event.detail.get("hand_number", "?")
    scores = event.detail.get("scores", [])
    totals = event.detail.get("totals", [])
    this_hand = ", ".join(f"{plain(n)} {s}" for n, s in zip(names, scores, strict=False))
    running = ", ".join(f"{plain(n)} {t}" for n, t in zip(names, totals, strict=False))
    if target is None:
        return f"🁢 **Hand {number} is over.** Scores: {this_hand}."
    return (
        f"🁢 **Hand {number} is over.** This hand: {this_hand}. Totals: {running} (target {target})."
    )
