"""Table options for the classic games (docs/rules/dominoes.md), each declared once as an
option spec.

The bot builds its slash-command choices and lobby text from these specs; each game picks
the ones that apply to it (``*_OPTIONS``). :class:`ClassicOptions` is the engine's typed
reading of a checked options mapping.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, cast

from engine.errors import N_
from engine.spec import Choice, OptionSpec, read_options

HandSize = Literal["standard", "large"]
Spinner = Literal["on", "off"]
Counting = Literal["standard", "british"]

HAND_SIZE: Final = OptionSpec(
    N_("hand_size"),
    N_("Tiles dealt to each player"),
    "standard",
    (
        Choice("standard", N_("7 each for 2 players, 5 for 3–4")),
        Choice("large", N_("9 / 7 / 5")),
    ),
)
SPINNER: Final = OptionSpec(
    N_("spinner"),
    N_("The first double is a spinner"),
    "on",
    (
        Choice("on", N_("On: it opens four ways"), N_("Spinner: the first double opens four ways")),
        Choice(
            "off",
            N_("Off: the line has two ends only"),
            N_("No spinner: the line has two ends only"),
        ),
    ),
)
COUNTING: Final = OptionSpec(
    N_("counting"),
    N_("Fives and Threes counting"),
    "standard",
    (
        Choice("standard", N_("15 scores 15")),
        Choice("british", N_("each five and three scores 1 (15 scores 8)")),
    ),
)

SCORING_OPTIONS: Final = (HAND_SIZE, SPINNER)
"""All Fives, All Threes and Draw."""
FIVES_AND_THREES_OPTIONS: Final = (HAND_SIZE, SPINNER, COUNTING)
BLOCK_OPTIONS: Final = (SPINNER,)
"""Block always deals 7 tiles each and has no scoring during play."""


@dataclass(frozen=True, slots=True)
class ClassicOptions:
    """``hand_size``: 7/5/5 tiles each for 2/3/4 players, or 9/7/5 with "large".
    ``spinner``: whether the first double opens four ways. ``counting``: how Fives and
    Threes scores a total (the total itself, or one point per five and per three)."""

    hand_size: HandSize = "standard"
    spinner: Spinner = "on"
    counting: Counting = "standard"

    @classmethod
    def from_json(cls, data: Mapping[str, Any], specs: tuple[OptionSpec, ...]) -> ClassicOptions:
        """Read the options in ``specs`` (a game's own); missing ones take their defaults,
        bad ones raise ValueError, and options of other games are ignored."""
        checked = read_options(specs, data)
        return cls(
            hand_size=cast(HandSize, checked.get("hand_size", "standard")),
            spinner=cast(Spinner, checked.get("spinner", "on")),
            counting=cast(Counting, checked.get("counting", "standard")),
        )

    def to_json(self, specs: tuple[OptionSpec, ...]) -> dict[str, Any]:
        """Only the options in ``specs``: a game shows and stores just its own."""
        values = {"hand_size": self.hand_size, "spinner": self.spinner, "counting": self.counting}
        return {spec.name: values[spec.name] for spec in specs}
