"""How the bot speaks of a game, from its spec: a dealt game with private hands has
"Show hand" and "Hand 2 is over"; a board game with nothing hidden has "Play" and
"Game 2 is over". Nothing here names a game."""

from __future__ import annotations

from dataclasses import dataclass

from engine.spec import GameSpec


@dataclass(frozen=True, slots=True)
class Words:
    round: str
    """One deal or one game of a match, lower case: "hand", "game"."""
    show_button: str
    """The table message's button that opens a seat's private controls."""
    show_emoji: str
    show_command: str
    """``/<family> <show_command>``: the same controls as a command."""
    show_help: str
    see: str
    """What pressing the button lets a player do, after "to": "see your tiles and play"."""

    @property
    def round_title(self) -> str:
        """The round word capitalised, as a sentence starts with it."""
        return self.round[:1].upper() + self.round[1:]


def words_for(spec: GameSpec) -> Words:
    if spec.has_hands:
        return Words(
            round=spec.round_word,
            show_button="Show hand",
            show_emoji="🁢",
            show_command="hand",
            show_help="Show your tiles (and your controls) privately",
            see="see your tiles and play",
        )
    return Words(
        round=spec.round_word,
        show_button="Play",
        show_emoji="♟️",
        show_command="board",
        show_help="Show the board and your controls privately",
        see="see the board and play",
    )
