"""How the bot speaks of a game, from its spec: a dealt game with private hands has
"Show hand", "Hand 2 dealt" and points; a board game with nothing hidden has "Play",
"Game 2 begins" and wins and draws. Nothing here names a game.

The fields are English, marked for the catalogs (``text._(words.show_button)`` reads them
in a language); the sentences that use the round word are whole messages of their own
(:meth:`Words.numbered`, :meth:`Words.started`…), so no translation is pasted together
from pieces."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

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
    begins: str = N_("dealt")
    """After "Hand 2": how a round starts in the table's log ("dealt", "begins")."""
    begun: str = N_("has been dealt")
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
    def numbered(self, text: Text, number: int | str) -> str:
        """The round and its number inside a sentence: "hand 3", "mano 3"."""
        if self.is_game:
            return text._("game {number}", number=number)
        return text._("hand {number}", number=number)

    def numbered_title(self, text: Text, number: int | str) -> str:
        """The round and its number starting a sentence: "Hand 3", "Mano 3"."""
        if self.is_game:
            return text._("Game {number}", number=number)
        return text._("Hand {number}", number=number)

    def started(self, text: Text, number: int | str) -> str:
        """The log line of a round that starts: "Hand 2 dealt", "Game 2 begins"."""
        if self.begins == "begins":
            if self.is_game:
                return text._("Game {number} begins", number=number)
            return text._("Hand {number} begins", number=number)
        if self.is_game:
            return text._("Game {number} dealt", number=number)
        return text._("Hand {number} dealt", number=number)

    def begun_line(self, text: Text, number: int | str) -> str:
        """The mover's note that a round has started: "Hand 2 has been dealt."."""
        if self.begins == "begins":
            if self.is_game:
                return text._("Game {number} has begun.", number=number)
            return text._("Hand {number} has begun.", number=number)
        if self.is_game:
            return text._("Game {number} has been dealt.", number=number)
        return text._("Hand {number} has been dealt.", number=number)

    def ended(self, text: Text, number: int | str) -> str:
        """The log line of a round that ended: "Hand 2 over"."""
        if self.is_game:
            return text._("Game {number} over", number=number)
        return text._("Hand {number} over", number=number)

    def is_over(self, text: Text) -> str:
        """A sentence's end: "the hand is over"."""
        return text._("the game is over") if self.is_game else text._("the hand is over")

    def waiting_next(self, text: Text) -> str:
        """The turn line between two rounds."""
        if self.is_game:
            return text._("Waiting for the next game.")
        return text._("Waiting for the next hand.")

    def contest_over(self, text: Text, target: int | None) -> str:
        """The player's note that the table is decided: "The match is over."."""
        if self.contest(target) == "game":
            return text._("The game is over.")
        return text._("The match is over.")

    def contest_drawn(self, text: Text, target: int | None) -> tuple[str, str]:
        """A drawn table: its announcement and its log line."""
        if self.contest(target) == "game":
            return text._("🤝 The game is drawn: nobody wins."), text._("The game is drawn")
        return text._("🤝 The match is drawn: nobody wins."), text._("The match is drawn")

    def winner_line(self, text: Text, name: str, target: int | None) -> str:
        """The result line of a finished table (``name`` already escaped)."""
        if self.contest(target) == "game":
            return text._("🏆 **{name}** won the game.", name=name)
        return text._("🏆 **{name}** won the match.", name=name)

    def drawn_line(self, text: Text, target: int | None) -> str:
        if self.contest(target) == "game":
            return text._("🤝 The game ended in a draw.")
        return text._("🤝 The match ended in a draw.")


DEALT: Final = Words()
"""The words of a dealt game with private hands, scored in points."""


def words_for(spec: GameSpec) -> Words:
    wins = spec.utility == "win-loss"
    if spec.has_hands:
        return Words(round=spec.round_word, wins=wins)
    return Words(
        round=spec.round_word,
        wins=wins,
        begins=N_("begins"),
        begun=N_("has begun"),
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
