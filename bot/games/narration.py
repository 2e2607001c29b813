"""Public text for what happens at a table: log lines and announcements.

Everything here is built from engine events and seat names only, so no hidden tile can
slip into a channel message or a log line. Public lines are said in the table's language
(:attr:`Narration.text`); a line for one seat only in that seat's (:meth:`Narration.reader`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from bot.games.words import DEALT, ENGLISH, Words
from engine.game import Event
from i18n import Text

_MARKDOWN = re.compile(r"([\\*_~`|\[\]()])")


def plain(name: str) -> str:
    """A player's name as literal text in a Discord message (no stray bold or links)."""
    return _MARKDOWN.sub(r"\\\1", name.replace("@", "@\u200b"))


@dataclass(slots=True)
class Narration:
    """``log``: one line per turn for the table message; ``announcements``: lines that
    deserve their own channel message (scoring, hand ends, the match result); ``private``:
    lines for one seat only (the tiles it drew), never shown in a channel. ``text``: the
    public lines' language; ``readers``: each seat's language for its private lines."""

    log: list[str] = field(default_factory=list)
    announcements: list[str] = field(default_factory=list)
    private: dict[int, list[str]] = field(default_factory=dict)
    hand_dealt: bool = False
    text: Text = field(default=ENGLISH, compare=False, repr=False)
    readers: Callable[[int], Text] | None = field(default=None, compare=False, repr=False)
    retold: list[Callable[[Text], list[str]]] | None = field(
        default=None, compare=False, repr=False
    )
    """How to tell ``log`` again in another language, one function per part of it (None:
    the lines as they are): the mover's own answer repeats them in the mover's words."""

    def reader(self, seat: int) -> Text:
        """The language of a line told to ``seat`` alone."""
        return self.text if self.readers is None else self.readers(seat)

    def log_in(self, text: Text) -> list[str]:
        """The log lines told in ``text``'s language (as they are when they were written
        in words that cannot be told again)."""
        if self.retold is None:
            return list(self.log)
        return [line for tell in self.retold for line in tell(text)]

    def told_in(self, languages: Iterable[str]) -> dict[str, list[str]]:
        """The log lines told in each of ``languages`` (none when they cannot be told
        again: they read as written)."""
        if self.retold is None:
            return {}
        return {language: self.log_in(Text(language)) for language in languages}

    def _tellers(self) -> list[Callable[[Text], list[str]]]:
        if self.retold is not None:
            return list(self.retold)
        lines = list(self.log)
        return [lambda _text: lines] if lines else []

    def tell(self, seat: int, line: str) -> None:
        self.private.setdefault(seat, []).append(line)

    def extend(self, other: Narration) -> None:
        if self.retold is not None or other.retold is not None:
            self.retold = self._tellers() + other._tellers()
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
    *,
    text: Text = ENGLISH,
    readers: Callable[[int], Text] | None = None,
) -> Narration:
    """Turn one move's engine events into text: public lines from public events (in
    ``text``'s language), private lines (for one seat, in ``readers(seat)``'s) from the
    rest. ``game_words`` tells the game's own event kinds and every private event."""
    story = Narration(text=text, readers=readers)
    for event in events:
        who = seat_name(names, event.player, text)
        if not event.is_public:
            game_words(event, names, story)
        elif event.kind == "play":
            move = event.detail.get("move", "?")
            if event.points:
                story.log.append(
                    text._(
                        "{name} played {move} (+{points})", name=who, move=move, points=event.points
                    )
                )
            else:
                story.log.append(text._("{name} played {move}", name=who, move=move))
        elif event.kind == "pass":
            if event.detail.get("auto"):
                story.log.append(text._("{name} passed (nothing to play)", name=who))
            else:
                story.log.append(text._("{name} passed", name=who))
        elif event.kind == "hand_over":
            if words.wins:
                if target is not None:
                    story.announcements.append(_game_over(event, names, target, words, text))
            else:
                story.announcements.append(_hand_over(event, names, target, text))
            story.log.append(words.ended(text, event.detail.get("hand_number", "?")))
        elif event.kind == "match_over":
            _match_over(event, names, target, words, story)
        elif event.kind == "hand_started":
            story.log.append(words.started(text, event.detail.get("hand_number", "?")))
            story.hand_dealt = True
        else:
            game_words(event, names, story)

    def retell(other: Text) -> list[str]:
        if other == text:
            return list(told)
        return narrate(game_words, events, names, target, words, text=other).log

    told = list(story.log)
    story.retold = [retell]
    return story


def _match_over(
    event: Event, names: Sequence[str], target: int | None, words: Words, story: Narration
) -> None:
    """The result of the match (or lone game), announced and logged."""
    text = story.text
    who = seat_name(names, event.player, text)
    totals = list(event.detail.get("totals", []))
    outcome = event.detail.get("outcome") or {}
    sharing = [int(w) for w in outcome.get("winners", [])]
    if event.player is None and len(sharing) > 1:
        points = totals[sharing[0]] if totals else 0
        both = joined(text, [f"**{seat_name(names, w, text)}**" for w in sharing])
        story.announcements.append(
            text.n_(
                "🏆 {names} share the win with {count} point!",
                "🏆 {names} share the win with {count} points!",
                points,
                names=both,
            )
        )
        shared = joined(text, [seat_name(names, w, text) for w in sharing])
        story.log.append(text._("{names} shared the win", names=shared))
    elif event.player is None:
        announcement, line = words.contest_drawn(text, target)
        story.announcements.append(announcement)
        story.log.append(line)
    elif words.wins:
        won = totals[event.player] if totals else 0
        if target is None:
            story.announcements.append(text._("🏆 **{name}** wins the game!", name=who))
            story.log.append(text._("{name} won the game", name=who))
        else:
            lost = sum(totals) - won
            story.announcements.append(
                text._("🏆 **{name}** wins the match {won}–{lost}!", name=who, won=won, lost=lost)
            )
            story.log.append(text._("{name} won the match", name=who))
    else:
        points = totals[event.player] if totals else 0
        story.announcements.append(
            text.n_(
                "🏆 **{name}** wins the match with {count} point!",
                "🏆 **{name}** wins the match with {count} points!",
                points,
                name=who,
            )
        )
        story.log.append(text._("{name} won the match", name=who))


def joined(text: Text, items: Sequence[str]) -> str:
    """Names in a sentence: "Ada", "Ada and Bea", "Ada, Bea and Cy"."""
    if len(items) <= 1:
        return "".join(items)
    return text._("{first} and {last}", first=", ".join(items[:-1]), last=items[-1])


def seat_name(names: Sequence[str], seat: int | None, text: Text = ENGLISH) -> str:
    """Seat ``seat``'s name as literal text ("Nobody" for no seat, or one out of range)."""
    if seat is None or not 0 <= seat < len(names):
        return text._("Nobody")
    return plain(names[seat])


def listing(names: Sequence[str], values: Sequence[object]) -> str:
    """Each name with its value: "Ada 10, Bea 4" (names escaped)."""
    return ", ".join(f"{plain(n)} {v}" for n, v in zip(names, values, strict=False))


def _game_over(event: Event, names: Sequence[str], target: int, words: Words, text: Text) -> str:
    """A game of a match to several wins ended: the games won so far."""
    number = event.detail.get("hand_number", "?")
    totals = event.detail.get("totals", [])
    winners = (event.detail.get("outcome") or {}).get("winners", [])
    if len(winners) == 1:
        result = text._("{name} wins it", name=seat_name(names, int(winners[0]), text))
    else:
        result = text._("it is drawn")
    return text._(
        "**{round} is over:** {result}. Games won: {running} (first to {target}).",
        round=words.numbered_title(text, number),
        result=result,
        running=listing(names, totals),
        target=target,
    )


def _hand_over(event: Event, names: Sequence[str], target: int | None, text: Text) -> str:
    number = event.detail.get("hand_number", "?")
    this_hand = listing(names, event.detail.get("scores", []))
    running = listing(names, event.detail.get("totals", []))
    if target is None:
        return text._(
            "🁢 **Hand {number} is over.** Scores: {scores}.", number=number, scores=this_hand
        )
    return text._(
        "🁢 **Hand {number} is over.** This hand: {scores}. Totals: {totals} (target {target}).",
        number=number,
        scores=this_hand,
        totals=running,
        target=target,
    )
