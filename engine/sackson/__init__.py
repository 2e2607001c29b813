"""Sid Sackson's Network (docs/rules/sackson.md): two players, an 8×8 board, ten pieces each, a
network from goal to goal wins. Not Network dominoes (``engine.network``): no tiles, no
hands, nothing hidden, a win or a draw.

``board`` and ``network`` are the geometry on bit masks, ``position`` the fast state a
search copies, ``game`` the :class:`~engine.game.HandState` the bot plays."""

from engine.sackson.game import SacksonGame
from engine.sackson.moves import SacksonMove
from engine.sackson.options import SacksonOptions
from engine.sackson.position import Position
from engine.sackson.spec import SPEC

__all__ = ["SPEC", "Position", "SacksonGame", "SacksonMove", "SacksonOptions"]
