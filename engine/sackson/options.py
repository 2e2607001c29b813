"""The table options of Sackson's Network (docs/rules/sackson.md), declared once for the bot."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from engine.spec import Choice, OptionSpec

OPTIONS: Final = (
    OptionSpec(
        "turn_order",
        "Turn order",
        "standard",
        (
            Choice("standard", "Standard: Dark, Light, Dark …", "Turns: Dark, Light, Dark …"),
            Choice(
                "equalized",
                "Equalized: Dark, Light, Light, then alternating",
                "Equalized turns: Dark, Light, Light, then alternating",
            ),
        ),
    ),
    OptionSpec(
        "both_networks",
        "A move that completes both networks",
        "illegal",
        (
            Choice("illegal", "Is illegal", "Completing both networks at once is illegal"),
            Choice(
                "mover_loses",
                "Is legal and loses (CS61B rule)",
                "Completing both networks at once loses (CS61B rule)",
            ),
        ),
    ),
    OptionSpec(
        "dark",
        "Who plays Dark (moves first) in game 1",
        "host",
        (
            Choice("host", "The host"),
            Choice("guest", "The opponent"),
            Choice("random", "Drawn at random"),
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
