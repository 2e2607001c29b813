"""How the bot speaks of a game, from its spec: a dealt game with private hands has
"Show hand", "Hand 2 dealt" and points; a board game with nothing hidden has "Play",
"Game 2 begins" and wins and draws. Nothing here names a game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.spec import GameSpec


@dataclass(frozen=True, slots=True)
class Words:
    round: str = "hand"
    """One deal or one game of a match, lower case: "hand", "game"."""
    wins: bool = False
    """Results are wins, draws and losses (a match counts games won), not points."""
    begins: str = "dealt"
    """After "Hand 2": how a round starts in the table's log ("dealt", "begins")."""
    begun: str = "has been dealt"
    show_button: str = "Show hand"
    """The table message's button that opens a seat's private controls."""
    show_emoji: str = "🁢"
    show_command: str = "hand"
    """``/<family> <show_command>``: the same controls as a command."""
    show_help: str = "Show your tiles (and your controls) privately"
    see: str = "see your tiles and play"
    """What pressing the button lets a player do, after "to"."""

    @property
    def round_title(self) -> str:
        """The round word capitalised, as a sentence starts with it."""
        return self.round[:1].upper() + self.round[1:]

    def contest(self, target: int | None) -> str:
        """What a table decides: a lone "game" of wins and draws, else a "match"."""
        return "game" if self.wins and target is None else "match"


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
        show_button="Play",
        show_emoji="♟️",
        show_command="board",
        show_help="Show the board and your controls privately",
        see="see the board and play",
    )
