"""Pictures of the game for Discord: the table after every play and each player's hand.

Everything here reads engine state (or a hand's public view) plus what the caller wants
highlighted, and returns PNG bytes; it never changes the state and asks the engine no rules
questions. The same input always gives the same bytes on one machine (tests rely on it).

``render.kit`` is the shared kit (fonts, colours, tile faces, sprites, header, the picture
frame every picture is drawn in, hand strip); each kind of table picture is a package of
its own: ``render.network``, ``render.line``, ``render.fido`` and ``render.sackson`` (the
board of Sid Sackson's Network); the league's ranking and a tournament's standings are
tables of players, ``render.ranking`` and ``render.tournament``.
"""

from __future__ import annotations

from render.fido import render_fido_table
from render.kit.hand import page_count as hand_page_count
from render.kit.hand import render_hand
from render.kit.png import png_size
from render.kit.spots import Spot, recording_spots
from render.line import render_line_table
from render.network import render_network_table
from render.sackson import render_sackson_board

__all__ = [
    "Spot",
    "hand_page_count",
    "png_size",
    "recording_spots",
    "render_fido_table",
    "render_hand",
    "render_line_table",
    "render_network_table",
    "render_sackson_board",
]
