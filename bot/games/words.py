"""How the bot speaks of a game, from its spec: a dealt game with private hands has
"Show hand", "Hand 2 dealt" and points; a board game with nothing hidden has "Play",
"Game 2 begins" and wins and draws. Nothing here names a game.

The fields are English, marked for the catalogs (``text._(words.show_button)`` reads them
in a language); the sentences that use the round word are whole messages of their own
(:meth:`Words.numbered`, :meth:`Words.started`…), so no translation is pasted together
from pieces."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from engine.spec import GameSpec, MatchFormat
from i18n import N_, Text

ENGLISH: Final = Text()
"""The source language: the words of anything not told another language."""


@dataclass(frozen=True, slots=True)
class Words:
    round: str = "hand"
    """One deal or one game of a match, lower case: "hand", "game" (English, as data)."""
    wins: bool = False
    """Results are wins, draws and losses (a match counts games won), not points."""
    begins: str = "dealt"
    """After "Hand 2": how a round starts in the table's log ("dealt", "begins"): a key
    of :data:`MESSAGES`, which holds the whole line (English, as data)."""
    begun: str = "has been dealt"
    """The same in the mover's note, "Hand 2 has been dealt." ("has been dealt", "has
    begun"): a key of :data:`MESSAGES` too."""
    show_button: str = N_("Show hand")
    """The table message's button that opens a seat's private controls."""
    show_emoji: str = "🁢"
    show_command: str = "hand"
    """``/<family> <show_command>``: the same controls as a command."""
    show_help: str = N_("Show your tiles (and your controls) privately")
    see: str = N_("see your tiles and play")
    """What pressing the button lets a player do, after "to"."""

    @property
    def round_title(self) -> str:
        """The round word capitalised, as a sentence starts with it."""
        return self.round[:1].upper() + self.round[1:]

    @property
    def is_game(self) -> bool:
        """Whether a round is a whole game (a board game, FIDO), not a hand of a match."""
        return self.round == "game"

    def contest(self, target: int | None) -> str:
        """What a table decides: a lone "game" of wins and draws, else a "match"."""
        return "game" if self.wins and target is None else "match"

    # ------------------------------------------------------------ in a language
    @property
    def _round_kind(self) -> str:
        """Which round :data:`MESSAGES` speaks of: "game" or "hand"."""
        return "game" if self.is_game else "hand"

    def numbered(self, text: Text, number: int | str) -> str:
        """The round and its number inside a sentence: "hand 3", "mano 3"."""
        return _said(text, "numbered", self._round_kind, number=number)

    def numbered_title(self, text: Text, number: int | str) -> str:
        """The round and its number starting a sentence: "Hand 3", "Mano 3"."""
        return _said(text, "numbered title", self._round_kind, number=number)

    def started(self, text: Text, number: int | str) -> str:
        """The log line of a round that starts: "Hand 2 dealt", "Game 2 begins"."""
        return _said(text, self.begins, self._round_kind, number=number)

    def begun_line(self, text: Text, number: int | str) -> str:
        """The mover's note that a round has started: "Hand 2 has been dealt."."""
        return _said(text, self.begun, self._round_kind, number=number)

    def ended(self, text: Text, number: int | str) -> str:
        """The log line of a round that ended: "Hand 2 over"."""
        return _said(text, "over", self._round_kind, number=number)

    def is_over(self, text: Text) -> str:
        """A sentence's end: "the hand is over"."""
        return _said(text, "is over", self._round_kind)

    def waiting_next(self, text: Text) -> str:
        """The turn line between two rounds."""
        return _said(text, "waiting", self._round_kind)

    def contest_over(self, text: Text, target: int | None) -> str:
        """The player's note that the table is decided: "The match is over."."""
        return _said(text, "decided", self.contest(target))

    def contest_drawn(self, text: Text, target: int | None) -> tuple[str, str]:
        """A drawn table: its announcement and its log line."""
        contest = self.contest(target)
        return _said(text, "drawn", contest), _said(text, "drawn log", contest)

    def winner_line(self, text: Text, name: str, target: int | None) -> str:
        """The result line of a finished table (``name`` already escaped)."""
        return _said(text, "won", self.contest(target), name=name)

    def drawn_line(self, text: Text, target: int | None) -> str:
        return _said(text, "ended drawn", self.contest(target))


MESSAGES: Final[Mapping[tuple[str, str], str]] = {
    ("numbered", "hand"): N_("hand {number}"),
    ("numbered", "game"): N_("game {number}"),
    ("numbered title", "hand"): N_("Hand {number}"),
    ("numbered title", "game"): N_("Game {number}"),
    ("dealt", "hand"): N_("Hand {number} dealt"),
    ("dealt", "game"): N_("Game {number} dealt"),
    ("begins", "hand"): N_("Hand {number} begins"),
    ("begins", "game"): N_("Game {number} begins"),
    ("has been dealt", "hand"): N_("Hand {number} has been dealt."),
    ("has been dealt", "game"): N_("Game {number} has been dealt."),
    ("has begun", "hand"): N_("Hand {number} has begun."),
    ("has begun", "game"): N_("Game {number} has begun."),
    ("over", "hand"): N_("Hand {number} over"),
    ("over", "game"): N_("Game {number} over"),
    ("is over", "hand"): N_("the hand is over"),
    ("is over", "game"): N_("the game is over"),
    ("waiting", "hand"): N_("Waiting for the next hand."),
    ("waiting", "game"): N_("Waiting for the next game."),
    ("decided", "match"): N_("The match is over."),
    ("decided", "game"): N_("The game is over."),
    ("drawn", "match"): N_("🤝 The match is drawn: nobody wins."),
    ("drawn", "game"): N_("🤝 The game is drawn: nobody wins."),
    ("drawn log", "match"): N_("The match is drawn"),
    ("drawn log", "game"): N_("The game is drawn"),
    ("won", "match"): N_("🏆 **{name}** won the match."),
    ("won", "game"): N_("🏆 **{name}** won the game."),
    ("ended drawn", "match"): N_("🤝 The match ended in a draw."),
    ("ended drawn", "game"): N_("🤝 The game ended in a draw."),
}
"""Every sentence that names a round ("hand", "game") or what a table decides ("match",
"game"), by what it says and that word: each is a whole message of its own in the
catalogs, so no language has to paste one word into another's sentence. A round's start
is keyed by :attr:`Words.begins` (the log line) and :attr:`Words.begun` (the mover's note)."""


def _said(text: Text, message: str, word: str, **values: Any) -> str:
    """:data:`MESSAGES`' ``message`` about ``word``, in ``text``'s language."""
    return text._(MESSAGES[message, word], **values)


DEALT: Final = Words()
"""The words of a dealt game with private hands, scored in points."""


def words_for(spec: GameSpec) -> Words:
    wins = spec.utility == "win-loss"
    if spec.has_hands:
        return Words(round=spec.round_word, wins=wins)
    return Words(
        round=spec.round_word,
        wins=wins,
        begins="begins",
        begun="has begun",
        show_button=N_("Play"),
        show_emoji="♟️",
        show_command="board",
        show_help=N_("Show the board and your controls privately"),
        see=N_("see the board and play"),
    )


def goal_words(text: Text, match: MatchFormat, target: int) -> str:
    """The goal of a match to ``target`` in a few words: "first to 10", "first to 3 wins"
    (the spec's :meth:`~engine.spec.MatchFormat.goal_words`, in a language)."""
    if match.unit == "wins":
        return text.n_("first to {count} win", "first to {count} wins", target)
    if match.ends_when == "exceeds":
        return text._("first past {target}", target=text.number(target))
    return text._("first to {target}", target=text.number(target))


def goal_label(text: Text, match: MatchFormat, target: int | None) -> str:
    """The match's goal as a table's messages name it: "one game", "target 100"…"""
    if target is None:
        return text._("one game")
    if match.unit == "wins":
        return goal_words(text, match, target)
    return text._("target {target}", target=text.number(target))


def game_title(text: Text, spec: GameSpec) -> str:
    """The game's name as a table's messages show it (a name the catalogs translate,
    where they do)."""
    return text._(spec.title)
