"""Each game declares itself as data: its name, seats, options, match format and computer
levels. The bot builds slash-command options, lobby text and standings columns from a
:class:`GameSpec`, so a game's options are declared exactly once, here in the engine.

>>> spec = OptionSpec("spinner", "The first double is a spinner", "on",
...                   (Choice("on", "On"), Choice("off", "Off")))
>>> spec.check("off")
'off'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, get_args

if TYPE_CHECKING:
    from engine.game import JSON, HandState

OptionValue = int | str

EndsWhen = Literal["reaches", "exceeds"]
Unit = Literal["points", "wins"]
"""What a match's running totals count: points scored, or games won."""
Information = Literal["perfect", "imperfect"]
"""Whether every seat sees the whole game (a board game) or some of it is hidden
(dominoes: other hands and the stock), as OpenSpiel's ``GameType.information``."""
Chance = Literal["deterministic", "dealt"]
"""Whether anything is left to chance once play starts (``dealt``: a shuffled deal and
draws from the stock), as OpenSpiel's ``GameType.chance_mode``."""
Utility = Literal["points", "win-loss"]
"""What a game's result is: a score for every seat, or only a win, a loss or a draw."""
"""When a running total ends a match: on ``"reaches"`` the target (Network dominoes), or
only when it ``"exceeds"`` it (classic dominoes, docs/rules/dominoes.md: reaching it exactly is not
enough)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One allowed value of an option and how a person reads it."""

    value: OptionValue
    label: str
    """How a menu lists it, beside the option's name ("On: it opens four ways")."""
    says: str | None = None
    """How the lobby line states it when chosen, as a phrase of its own ("The first double
    is a spinner: it opens four ways"); None: the option's name, a colon and the label."""
    templates: tuple[str, str | None] | None = None
    """For a label (and ``says``) with numbers in them: the marked English templates they
    were filled from, with ``values``, so each language can fill its own (:meth:`filled`)."""
    values: tuple[tuple[str, OptionValue], ...] = ()

    @classmethod
    def filled(
        cls, value: OptionValue, label: str, says: str | None = None, **values: OptionValue
    ) -> Choice:
        """A choice whose label (and ``says``) are templates filled with ``values``."""
        return cls(
            value,
            label.format(**values),
            None if says is None else says.format(**values),
            (label, says),
            tuple(values.items()),
        )


@dataclass(frozen=True, slots=True)
class Phrase:
    """Words with values in them, kept as the marked English template and its values so
    each language can fill its own; ``str()`` is the English."""

    template: str
    values: Mapping[str, OptionValue] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.template.format(**self.values)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A table option the creator may pick: a fixed list of ``choices``."""

    name: str
    description: str
    default: OptionValue
    choices: tuple[Choice, ...]
    in_force: Callable[[Mapping[str, Any]], Phrase] | None = None
    """How the lobby states this option when its value depends on the others (a FIDO
    divisor of "the set's own" is the set's number): given every option, a phrase."""

    def __post_init__(self) -> None:
        if self.default not in self.values:
            raise ValueError(f"option {self.name}: default {self.default!r} is not a choice")

    @property
    def values(self) -> tuple[OptionValue, ...]:
        return tuple(choice.value for choice in self.choices)

    def check(self, value: object) -> OptionValue:
        """``value`` if it is one of the choices; a ValueError a player can read if not."""
        for allowed in self.values:
            if value == allowed and type(value) is type(allowed):
                return allowed
        shown = ", ".join(str(v) for v in self.values)
        raise ValueError(f"{self.name} must be one of {shown}, not {value!r}")

    def label_of(self, value: OptionValue) -> str:
        return next((c.label for c in self.choices if c.value == value), str(value))

    def says(self, value: OptionValue, options: Mapping[str, Any] | None = None) -> str:
        """The chosen value as the lobby states it (``options``: all of the table's, for
        an option stated by what is in force)."""
        if self.in_force is not None and options is not None:
            return str(self.in_force(options))
        choice = next((c for c in self.choices if c.value == value), None)
        if choice is not None and choice.says is not None:
            return choice.says
        return f"{self.description}: {self.label_of(value)}"


def read_options(specs: tuple[OptionSpec, ...], data: Mapping[str, Any]) -> dict[str, OptionValue]:
    """Each of ``specs`` checked from ``data``, its default where ``data`` has none: how
    every game reads a table's options (keys of other games' options are ignored)."""
    return {
        spec.name: spec.check(data[spec.name]) if spec.name in data else spec.default
        for spec in specs
    }


@dataclass(frozen=True, slots=True)
class MatchFormat:
    """How hands add up to a match.

    ``targets`` set: first to a target over several hands (a tied top total plays another
    hand); the creator picks one of ``targets`` or, with ``any_target``, any number from
    1 to the largest. ``targets`` empty: one game decides the match. ``one_game``: the
    creator may also choose a single game (target 0 on the command; ``default_target``
    None makes that the default). ``ends_when`` says whether a total must reach the
    target or go past it.
    """

    targets: tuple[int, ...] = ()
    default_target: int | None = None
    any_target: bool = False
    one_game: bool = False
    ends_when: EndsWhen = "reaches"
    unit: Unit = "points"

    ONE_GAME = 0
    """The target value that chooses a single game where ``one_game`` allows it."""

    def __post_init__(self) -> None:
        if self.ends_when not in get_args(EndsWhen):
            raise ValueError("ends_when is 'reaches' or 'exceeds'")
        if self.unit not in get_args(Unit):
            raise ValueError("unit is 'points' or 'wins'")
        if self.targets and self.default_target is None and not self.one_game:
            raise ValueError("a first-to-target match needs a default target")
        if (
            not self.any_target
            and self.targets
            and self.default_target is not None
            and self.default_target not in self.targets
        ):
            raise ValueError("the default target must be one of the targets")

    @property
    def single_game(self) -> bool:
        return not self.targets

    @property
    def max_target(self) -> int:
        return max(self.targets) if self.targets else 0

    def is_won_with(self, total: int, target: int) -> bool:
        """Whether a running total of ``total`` is enough to win a match to ``target``
        (the highest total still has to be alone at the top)."""
        return total > target if self.ends_when == "exceeds" else total >= target

    def goal_words(self, target: int) -> str:
        """The goal of a match to ``target`` in a few words, e.g. ``"first to 10"`` or
        ``"first to 3 wins"``."""
        if self.unit == "wins":
            return f"first to {target} win" + ("" if target == 1 else "s")
        return f"first past {target}" if self.ends_when == "exceeds" else f"first to {target}"

    def goal_label(self, target: int | None) -> str:
        """The match's goal as a table's messages name it: ``one game``, ``target 100``
        or ``first to 3 wins``."""
        if target is None:
            return "one game"
        if self.unit == "wins":
            return self.goal_words(target)
        return f"target {target}"

    def check_target(self, target: int | None) -> int | None:
        """The target a table plays to (None for a single game); ValueError if not allowed."""
        if self.single_game:
            return None
        if target is None:
            return self.default_target
        if self.one_game and target == self.ONE_GAME:
            return None
        if self.any_target and 1 <= target <= self.max_target:
            return target
        if target in self.targets:
            return target
        allowed = (
            f"from 1 to {self.max_target}"
            if self.any_target
            else "one of " + ", ".join(map(str, self.targets))
        )
        either = " (or one game)" if self.one_game else ""
        unit = "games won" if self.unit == "wins" else "points"
        raise ValueError(f"the target must be {allowed} {unit}{either}")


@dataclass(frozen=True, slots=True)
class StatSpec:
    """A per-game standings column, added up over hands and matches by ``combine``."""

    name: str
    title: str
    short: str
    combine: str = "sum"

    def __post_init__(self) -> None:
        if self.combine not in ("sum", "max"):
            raise ValueError("combine is 'sum' or 'max'")

    def merge(self, a: int, b: int) -> int:
        return a + b if self.combine == "sum" else max(a, b)


ComputerPlayer = Callable[["JSON", int, str], str]
"""``(seat view, seed, level) -> move notation``: a computer player sees only its view."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything generic code needs to know about one game."""

    name: str
    """Registry key, stored with every table and hand (``"network"``, ``"all-fives"``)."""
    title: str
    family: str
    """The slash-command group (``/network``, ``/dominoes``); a family may hold several
    games, chosen with the ``game`` option of ``/<family> new``."""
    family_title: str
    summary: str
    rules_page: str
    """Path of the game's rules page in this repository, e.g. ``docs/rules/network.md``."""
    min_seats: int
    max_seats: int
    default_seats: int
    options: tuple[OptionSpec, ...]
    match: MatchFormat
    levels: tuple[str, ...]
    hand_class: type[HandState[Any]]
    computer: ComputerPlayer
    stats: tuple[StatSpec, ...] = ()
    option_notes: Mapping[str, str] = field(default_factory=dict)
    """Options that do not apply to this game, with why (shown when one is given)."""
    rating_fade_days: int | None = None
    """Over how many days a result's weight in the league rating fades linearly to zero
    (a result that old no longer counts); None: results never fade."""
    information: Information = "imperfect"
    """``perfect``: nothing is hidden, so the bot sends no private hand; a seat's controls
    come with a picture of the board on its turn."""
    chance: Chance = "dealt"
    longest_game: int | None = None
    """The most turns one hand (or game) can take, passes and draws included (OpenSpiel's
    ``max_game_length``); None: no fixed bound (a game that ends by repetition)."""
    round_word: str = "hand"
    """What one deal or one game of a match is called: "Hand 2 is over", "game 2"."""
    piece_word: str = "tile"
    """What a player picks first on the menus ("Choose a tile to play")."""
    level_notes: Mapping[str, str] = field(default_factory=dict)
    """How each computer level plays, in a few words for the lobby's menu (levels not
    listed keep the bot's general description)."""

    def __post_init__(self) -> None:
        if not 1 <= self.min_seats <= self.default_seats <= self.max_seats:
            raise ValueError(f"{self.name}: seats must satisfy min ≤ default ≤ max")
        if self.rating_fade_days is not None and self.rating_fade_days < 1:
            raise ValueError(f"{self.name}: results fade over at least one day")
        if not self.levels:
            raise ValueError(f"{self.name}: a game needs at least one computer level")
        if self.information not in get_args(Information):
            raise ValueError(f"{self.name}: information is 'perfect' or 'imperfect'")
        if self.chance not in get_args(Chance):
            raise ValueError(f"{self.name}: chance is 'deterministic' or 'dealt'")
        if self.longest_game is not None and self.longest_game < 1:
            raise ValueError(f"{self.name}: the longest game is at least one turn")

    @property
    def utility(self) -> Utility:
        """``win-loss`` when a match counts games won (results are wins, draws and losses;
        standings show W/D/L, not points), else ``points``."""
        return "win-loss" if self.match.unit == "wins" else "points"

    @property
    def has_hands(self) -> bool:
        """Whether each seat holds something the others may not see (a private hand)."""
        return self.information == "imperfect"

    @property
    def default_level(self) -> str:
        """The level a computer plays at when none (or an unknown one) was chosen."""
        return "normal" if "normal" in self.levels else self.levels[0]

    def option(self, name: str) -> OptionSpec | None:
        return next((o for o in self.options if o.name == name), None)

    def check_options(self, given: Mapping[str, Any]) -> dict[str, OptionValue]:
        """Every option of this game, defaults filled in; ValueError for a bad or foreign one."""
        for name in given:
            if self.option(name) is None:
                why = self.option_notes.get(name, f"{self.title} has no option {name!r}")
                raise ValueError(why)
        return read_options(self.options, given)

    def check_seats(self, seats: int) -> int:
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"{self.title} is for {self.min_seats} to {self.max_seats} players")
        return seats

    def describe_options(self, options: Mapping[str, Any]) -> list[str]:
        """One phrase per option for lobby and status messages ("Tiles dealt to each
        player: 9 / 7 / 5", "No spinner: the line has two ends only")."""
        chosen = {spec.name: options.get(spec.name, spec.default) for spec in self.options}
        return [spec.says(chosen[spec.name], chosen) for spec in self.options]
