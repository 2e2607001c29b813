"""Public text for what happens at a table: log lines and announcements.

Everything here is built from engine events and seat names only, so no hidden tile can
slip into a channel message or a log line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.game import Event

_MARKDOWN = re.compile(r"([\\*_~`|\[\]()])")


def plain(name: str) -> str:
    """A player's name as literal text in a Discord message (no stray bold or links)."""
    return _MARKDOWN.sub(r"\\\1", name.replace("@", "@\u200b"))


@dataclass(slots=True)
class Narration:
    """``log``: one line per turn for the table message; ``announcements``: lines that
    deserve their own channel message (rings, hand ends, the match result)."""

    log: list[str] = field(default_factory=list)
    announcements: list[str] = field(default_factory=list)
    hands_finished: int = 0
    hand_dealt: bool = False
    match_over: bool = False

    def extend(self, other: Narration) -> None:
        self.log.extend(other.log)
        self.announcements.extend(other.announcements)
        self.hands_finished += other.hands_finished
        self.hand_dealt = self.hand_dealt or other.hand_dealt
        self.match_over = self.match_over or other.match_over


def narrate(events: Sequence[Event], names: Sequence[str], target: int) -> Narration:
    """Turn one move's engine events into public text."""
    story = Narration()
    for event in events:
        who = _name(names, event.player)
        if event.kind == "play":
            story.log.append(f"{who} played {event.detail.get('move', '?')}")
        elif event.kind == "pass":
            story.log.append(
                f"{who} passed" + (" (no tiles left)" if event.detail.get("auto") else "")
            )
        elif event.kind == "ring":
            rings = "a ring" if event.points == 1 else f"{event.points} rings"
            if story.log:
                story.log[-1] += f" and closed {rings} (+{event.points})"
            story.announcements.append(f"💍 **{who}** closed {rings}: +{event.points}.")
        elif event.kind == "bonus":
            story.announcements.append(
                f"✨ **{who}** gets the +{event.points} bonus for the most frequent open number."
            )
        elif event.kind == "hand_over":
            story.announcements.append(_hand_over(event, names, target))
            story.log.append(f"Hand {event.detail.get('hand_number', '?')} over")
            story.hands_finished += 1
        elif event.kind == "match_over":
            totals = list(event.detail.get("totals", []))
            points = totals[event.player] if event.player is not None and totals else 0
            story.announcements.append(f"🏆 **{who}** wins the match with {points} points!")
            story.log.append(f"{who} won the match")
            story.match_over = True
        elif event.kind == "hand_started":
            story.log.append(f"Hand {event.detail.get('hand_number', '?')} dealt")
            story.hand_dealt = True
    return story


def _name(names: Sequence[str], seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(names):
        return "Nobody"
    return plain(names[seat])


def _hand_over(event: Event, names: Sequence[str], target: int) -> str:
    number = event.detail.get("hand_number", "?")
    scores = event.detail.get("scores", [])
    totals = event.detail.get("totals", [])
    this_hand = ", ".join(f"{plain(n)} {s}" for n, s in zip(names, scores, strict=False))
    running = ", ".join(f"{plain(n)} {t}" for n, t in zip(names, totals, strict=False))
    return (
        f"🁢 **Hand {number} is over.** This hand: {this_hand}. Totals: {running} (target {target})."
    )
