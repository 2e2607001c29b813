"""The table options of Sackson's Network (docs/rules/sackson.md), declared once for the bot."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from engine.errors import N_
from engine.spec import Choice, OptionSpec

OPTIONS: Final = (
    OptionSpec(
        N_("turn_order"),
        N_("Turn order"),
        "standard",
        (
            Choice(
                "standard", N_("Standard: Dark, Light, Dark …"), N_("Turns: Dark, Light, Dark …")
            ),
            Choice(
                "equalized",
                N_("Equalized: Dark, Light, Light, then alternating"),
                N_("Equalized turns: Dark, Light, Light, then alternating"),
            ),
        ),
    ),
    OptionSpec(
        N_("both_networks"),
        N_("A move that completes both networks"),
        "illegal",
        (
            Choice("illegal", N_("Is illegal"), N_("Completing both networks at once is illegal")),
            Choice(
                "mover_loses",
                N_("Is legal and loses (CS61B rule)"),
                N_("Completing both networks at once loses (CS61B rule)"),
            ),
        ),
    ),
    OptionSpec(
        N_("dark"),
        N_("Who plays Dark (moves first) in game 1"),
        "host",
        (
            Choice("host", N_("The host")),
            Choice("guest", N_("The opponent")),
            Choice("random", N_("Drawn at random")),
        ),
    ),
)


@dataclass(frozen=True, slots=True)
class SacksonOptions:
    equalized: bool = False
    both_networks_legal: bool = False
    dark: str = "host"

    @classmethod
    def from_options(cls, options: dict[str, Any] | Any) -> SacksonOptions:
        given = dict(options or {})
        return cls(
            equalized=given.get("turn_order", "standard") == "equalized",
            both_networks_legal=given.get("both_networks", "illegal") == "mover_loses",
            dark=str(given.get("dark", "host")),
        )

    def to_json(self) -> dict[str, str]:
        return {
            "turn_order": "equalized" if self.equalized else "standard",
            "both_networks": "mover_loses" if self.both_networks_legal else "illegal",
            "dark": self.dark,
        }
