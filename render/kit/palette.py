"""Every colour the pictures use, in one place so the table, hand and header agree.

Seat colours come from the Okabe–Ito palette, chosen so that players with the common forms
of colour blindness can still tell seats apart. The table is a dark slate rather than green
felt because green felt swallows Okabe–Ito's bluish green.
"""

from __future__ import annotations

from typing import Final

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

BACKGROUND: Final[RGB] = (38, 48, 58)
HEADER_BACKGROUND: Final[RGB] = (26, 33, 41)
HEADER_RULE: Final[RGB] = (70, 84, 98)
CURRENT_ROW: Final[RGB] = (48, 62, 76)

TEXT: Final[RGB] = (238, 241, 244)
TEXT_MUTED: Final[RGB] = (160, 172, 184)
TEXT_DARK: Final[RGB] = (22, 24, 28)

IVORY: Final[RGB] = (249, 244, 228)
IVORY_EDGE: Final[RGB] = (196, 186, 160)
PIP: Final[RGB] = (26, 26, 30)
DIVIDER: Final[RGB] = (112, 104, 88)
SPINNER: Final[RGB] = (181, 147, 84)
SHADOW: Final[RGBA] = (0, 0, 0, 90)

HIGHLIGHT: Final[RGB] = (255, 255, 255)
"""Glow behind the tile laid last."""

LABEL_FILL: Final[RGB] = (250, 250, 250)
LABEL_TEXT: Final[RGB] = TEXT_DARK
LABEL_RING: Final[RGB] = (22, 24, 28)

BONUS_FILL: Final[RGB] = (255, 214, 92)
"""Badges of the open ends that show the bonus number."""

END_HIGHLIGHT: Final[RGB] = (255, 214, 92)
"""Badges of the line's open ends a chosen tile can go to."""
END_HIGHLIGHT_RING: Final[RGB] = (255, 255, 255)
SPINNER_RING: Final[RGB] = (214, 170, 90)
"""The brass outline round the classic line's spinner."""

GHOST_FACE: Final[RGB] = (226, 233, 240)
"""A candidate placement's tile: paler and cooler than ivory, with no seat band."""
GHOST_EDGE: Final[RGB] = (255, 255, 255)
GHOST_ALPHA: Final = 0.78
"""Enough to read the pips, little enough to see the table (and ring shading) through."""
GHOST_LABEL_FILL: Final[RGB] = (250, 250, 250)
GHOST_LEADER: Final[RGB] = (200, 210, 220)
"""The line from a candidate's label to its ghost when the label had to go further off."""
GHOST_BADGE: Final[RGB] = (22, 24, 28)
GHOST_BADGE_TEXT: Final[RGB] = (255, 255, 255)

OKABE_ITO: Final[tuple[RGB, ...]] = (
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (240, 228, 66),  # yellow
    (213, 94, 0),  # vermillion
    (0, 114, 178),  # blue
    (187, 187, 187),  # light grey: Okabe–Ito's black would vanish on the dark table
)
"""Okabe–Ito's eight colours in seat order. The first five avoid the orange/vermillion pair,
which deuteranopes confuse, so every Network table (2–5 seats) gets clearly distinct colours."""

WINE: Final[RGB] = (136, 34, 85)
"""The ninth seat (FIDO seats nine): Paul Tol's wine (#882255). Of the colours that stay
readable on the dark table and on an ivory tile, it is the farthest from all eight above,
for normal vision and simulated deuteranopia, protanopia and tritanopia alike (CIEDE2000
at least 21 from each, where the eight are at least 11 from one another)."""

SEAT_COLOURS: Final[tuple[RGB, ...]] = (*OKABE_ITO, WINE)
"""Seat colours in seat order, one per seat of the largest table (nine)."""

RING_TINT_ALPHA: Final = 0.5
DIM_ALPHA: Final = 0.55
"""How far an unplayable tile in the hand picture fades towards the background."""


def seat_colour(seat: int) -> RGB:
    """The colour of ``seat`` (0-based); a table larger than nine would reuse them in order."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def blend(base: RGB, over: RGB, alpha: float) -> RGB:
    """``over`` laid on ``base`` with opacity ``alpha`` (0–1)."""
    return (
        round(base[0] + (over[0] - base[0]) * alpha),
        round(base[1] + (over[1] - base[1]) * alpha),
        round(base[2] + (over[2] - base[2]) * alpha),
    )


def ring_tint(seat: int) -> RGB:
    """Shade for the empty cells of a ring scored by ``seat``: a light wash of its colour."""
    return blend(BACKGROUND, seat_colour(seat), RING_TINT_ALPHA)


def text_on(fill: RGB) -> RGB:
    """Dark or light text, whichever reads better on ``fill``."""
    luminance = 0.2126 * fill[0] + 0.7152 * fill[1] + 0.0722 * fill[2]
    return TEXT_DARK if luminance > 140 else TEXT
