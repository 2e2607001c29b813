"""How a table was set up: which game, its options, chairs, target and turn timer.

Validated once, when the table is created, against the game's :class:`GameSpec`; stored
in the table's ``settings`` JSON (the game's name is the table's own ``game`` column).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from bot.tables.errors import UserError
from bot.tables.pace import MAX_TURN_SECONDS, format_turn
from bot.tables.places import Place, place_named, shown_by_interactions
from engine.errors import Term
from engine.registry import game_spec
from engine.spec import GameSpec, MatchFormat, OptionValue
from i18n import N_, NAMES, SOURCE, Text, language_of, text_in

MIN_TURN_SECONDS: Final = 1
"""The shortest turn a table can have (TURN_SECONDS may set it, for tests); players pick
from a minute up (``turn:``, see :mod:`bot.tables.pace`)."""


@dataclass(frozen=True, slots=True)
class TableSettings:
    """``seats`` is the number of chairs; the match is dealt to whoever sits.
    ``target`` None: one game decides the match."""

    game: str
    seats: int
    target: int | None
    turn_seconds: int
    options: dict[str, OptionValue] = field(default_factory=dict)
    opponent_id: int | None = None
    """A challenge addressed to one person: only they may accept (two-player games)."""
    hints: bool = False
    """Whether players may ask for the hard computer's move on their turn (counted)."""
    language: str = SOURCE
    """The catalog the table speaks in public: its message, narration and pictures."""
    place: Place = "server"
    """Where the table is played (see :mod:`bot.tables.places`)."""

    @classmethod
    def build(
        cls,
        game: str,
        *,
        seats: int | None,
        target: int | None,
        turn_seconds: int,
        options: Mapping[str, Any],
        opponent_id: int | None = None,
        hints: bool = False,
        language: str = SOURCE,
    ) -> TableSettings:
        """Check everything against the game's spec; a UserError says what is wrong."""
        try:
            spec = game_spec(game)
            chairs = spec.check_seats(spec.default_seats if seats is None else seats)
            checked_target = spec.match.check_target(target)
            checked = spec.check_options(options)
        except ValueError as exc:
            raise UserError(_sentence(str(exc))) from exc
        if not MIN_TURN_SECONDS <= turn_seconds <= MAX_TURN_SECONDS:
            raise UserError(N_("A turn can last from 1 minute to 3 days."))
        if opponent_id is not None and not is_challenge(spec):
            raise UserError(
                N_("{game} is not a two-player game: open a table instead."), game=Term(spec.title)
            )
        return cls(
            game,
            chairs,
            checked_target,
            turn_seconds,
            checked,
            opponent_id,
            hints,
            language_of(language),
        )

    @property
    def spec(self) -> GameSpec:
        return game_spec(self.game)

    @property
    def is_challenge(self) -> bool:
        return is_challenge(self.spec)

    @property
    def by_interactions(self) -> bool:
        """Whether the table is shown only through interactions (the bot is not in its chat)."""
        return shown_by_interactions(self.place)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "seats": self.seats,
            "target": self.target,
            "turn_seconds": self.turn_seconds,
            "options": dict(self.options),
        }
        if self.opponent_id is not None:
            data["opponent_id"] = self.opponent_id
        if self.hints:
            data["hints"] = True
        if self.language != SOURCE:
            data["language"] = self.language
        if self.place != "server":
            data["place"] = self.place
        return data

    @classmethod
    def from_json(cls, game: str, data: Mapping[str, Any]) -> TableSettings:
        target = data.get("target")
        return cls(
            game=game,
            seats=int(data["seats"]),
            target=None if target is None else int(target),
            turn_seconds=int(data["turn_seconds"]),
            options=dict(data.get("options", {})),
            opponent_id=None if data.get("opponent_id") is None else int(data["opponent_id"]),
            hints=bool(data.get("hints", False)),
            language=language_of(data.get("language")),
            place=place_named(data.get("place")),
        )

    def describe(self, text: Text | None = None) -> str:
        """One line for the lobby and status messages, in ``text``'s language (None: the
        table's own), with the language the table speaks."""
        text = text or text_in(self.language)
        spec = self.spec
        timer = format_turn(self.turn_seconds)
        hints = [text._("hints on")] if self.hints else []
        language = text._("Language: {language}", language=NAMES[self.language])
        return " · ".join(
            [
                _goal(text, spec.match, self.target),
                *_options(text, spec, self.options),
                text._("{length} per turn", length=timer),
                language,
                *hints,
            ]
        )

    def chosen_options(self, text: Text) -> list[str]:
        """A phrase for each option set away from its default, in ``text``'s language."""
        spec = self.spec
        return [
            phrase
            for option, phrase in zip(spec.options, _options(text, spec, self.options), strict=True)
            if self.options.get(option.name, option.default) != option.default
        ]


def _goal(text: Text, match: MatchFormat, target: int | None) -> str:
    """What the match is played to, starting a line: "One game", "Target 100"."""
    if target is None:
        return text._("one game")
    if match.unit == "wins":
        return text.n_("First to {count} win", "First to {count} wins", target)
    return text._("Target {target}", target=text.number(target))


def _options(text: Text, spec: GameSpec, options: Mapping[str, Any]) -> list[str]:
    """One phrase per option, as the spec states it (:meth:`GameSpec.describe_options`),
    said in ``text``'s language."""
    chosen = {option.name: options.get(option.name, option.default) for option in spec.options}
    phrases = []
    for option, english in zip(spec.options, spec.describe_options(options), strict=True):
        choice = next((c for c in option.choices if c.value == chosen[option.name]), None)
        if option.in_force is not None:
            phrase = option.in_force(chosen)
            phrases.append(text._(phrase.template, **phrase.values))
        elif choice is None:
            phrases.append(text._(english))
        elif choice.templates is not None and choice.templates[1] is not None:
            phrases.append(text._(choice.templates[1], **dict(choice.values)))
        elif choice.says is not None:
            phrases.append(text._(choice.says))
        else:
            phrases.append(
                text._(
                    "{option}: {choice}",
                    option=text._(option.description),
                    choice=text._(choice.label),
                )
            )
    return phrases


def is_challenge(spec: GameSpec) -> bool:
    """A game for exactly two: its table is a challenge that starts once accepted."""
    return spec.min_seats == spec.max_seats == 2


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."
