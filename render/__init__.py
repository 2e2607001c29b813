"""Pictures of the game for Discord: the table after every play and each player's hand.

Everything here reads engine state and returns PNG bytes; nothing changes the state. The
same state always gives the same bytes on one machine (tests rely on it).
"""

from __future__ import annotations

from render.hand import render_hand
from render.network import render_network_table

__all__ = ["render_hand", "render_network_table"]
