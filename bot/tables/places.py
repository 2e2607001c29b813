"""Where a table is played, which decides how it is shown and whose league it counts in.

In a server channel the bot is a member of, it posts and edits the table message and DMs
the players. Anywhere else (a DM or a group DM it is not in, or a server that installed
the app only for its users) Discord lets it speak only in answer to an interaction, so the
table is shown through the players' own clicks (``bot.publishing.by_token``).
"""

from __future__ import annotations

from typing import Final, Literal, get_args

Place = Literal["server", "server_app", "dm", "group_dm"]
"""``server``: a channel of a server with the bot in it; ``server_app``: a server that has
the app only through its users' installs; ``dm``: a direct message (with the bot, or
between two people); ``group_dm``: a group DM."""

PLACES: Final[tuple[Place, ...]] = get_args(Place)


def place_named(value: object) -> Place:
    """A stored place, ``server`` when none was stored (tables from before places)."""
    for place in PLACES:
        if value == place:
            return place
    return "server"


def shown_by_interactions(place: Place) -> bool:
    """Whether the bot cannot post there, so the table lives on interactions' answers."""
    return place != "server"


def in_a_server(place: Place) -> bool:
    """Whether the table counts in a server's league (else in its creator's own)."""
    return place in ("server", "server_app")
