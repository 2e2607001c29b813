"""Fixed Network positions used across tests, each drawn as text (north up, '*' = the play).

Coordinates are half units; see docs/notation.md.
"""

from __future__ import annotations

from typing import Any

from engine.network import NetworkHand

# Three tiles around a one-unit hole; 4-1 (the stars) turned south closes it:
#   **4433      1-2 leads lying east; 2-3 stands north on the 2;
#   **4433      3-4 turns west on the 3; 4-1 turns south on the 4,
#   **..33      and its 1 meets the lead's 1 along an edge.
#   **..33
#   112222
#   112222
ONE_RING_BEFORE = "1:1-2@0,0E 2:2-3@4,0N 1:3-4@4,4W"
ONE_RING_CLOSE = "4-1 B WS"  # B: the 4 showing at (2, 4); across its west face, far half south
ONE_RING_ONE_END = "4-1 B WW"  # straight on: abuts the network at one end only
ONE_RING_AFTER = ONE_RING_BEFORE + " 2:4-1@0,4S"

# From seeded game 669: 3-2 against end D fills the gap between two loops at once.
TWO_RINGS_BEFORE = (
    "1:6-6@0,0N 2:6-0@2,1E 1:0-2@4,-1S 2:2-4@6,-3E 1:6-3@0,-2S 2:4-1@8,-5S 1:6-2@0,4E "
    "2:1-2@6,-7W 1:2-5@4,4E 2:3-0@0,-6W 1:5-0@8,4N 2:0-0@7,8E 1:0-1@-4,-6S 2:0-4@5,8N "
    "1:4-5@3,10W 2:5-3@-1,10S 1:3-4@-3,8S 2:1-3@-4,-10E 1:4-6@-5,6S"
)
TWO_RINGS_CLOSE = "3-2 D NW"

# From seeded game 1: 4-2 under end B would shut a gap, but meets 4-0 only at a corner.
CORNER_BEFORE = "1:6-6@0,0N 2:6-4@0,4E 1:6-1@-2,1W 2:6-2@2,1E 1:4-0@4,4E 2:0-3@6,6E 1:3-2@10,6S"
CORNER_TOUCH = "4-2 B SW"

# A non-double lead and one tile: 5 and 1 tie as most frequent open numbers.
BONUS_TIE = "1:5-3@0,0E 2:3-1@4,0E"


def hand_in_position(
    placements: list[list[int]],
    hands: list[list[str]],
    *,
    current: int = 0,
    options: dict[str, Any] | None = None,
) -> NetworkHand:
    """A NetworkHand with the given placements and hands, revived through its JSON form."""
    players = len(hands)
    return NetworkHand.from_json(
        {
            "game": "network",
            "version": 1,
            "players": players,
            "options": options or {},
            "seed": 0,
            "hand_number": 1,
            "leader": placements[0][0] if placements else 0,
            "lead_tile": "6-6",
            "hands": hands,
            "set_aside": [],
            "placements": placements,
            "current": current,
            "passes_in_row": 0,
            "scores": [0] * players,
            "rings": [0] * players,
            "history": [],
            "bonus": None,
        }
    )
