"""Labels big enough to read at chat size, however wide the picture they are on.

A table's labels (end badges, candidates' labels) are sized from its unit; a wide table
at a large unit would still shrink them below reading in a chat, so the planner asks
:func:`legible_labels` for the plan with labels as tall as its width needs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol, TypeVar

from render.kit import sprites
from render.kit.header import MIN_WIDTH
from render.kit.legible import legible_size


class Sized(Protocol):
    @property
    def width(self) -> int: ...


P = TypeVar("P", bound=Sized)

LEGIBLE_TRIES: Final = 5
"""Times labels are made bigger for the picture's width before it is left as it is."""


def legible_labels(plan_at: Callable[[int], P], height: int, numbered: bool = False) -> P:
    """``plan_at(height)`` with labels ``height`` px tall, or taller where the picture is
    so wide that a chat would shrink their text below reading (:mod:`render.kit.legible`;
    ``numbered``: candidates' labels, whose move is in smaller letters): bigger labels
    may widen the picture a little, so it is planned again until they read at its width."""
    plan = plan_at(height)
    for _ in range(LEGIBLE_TRIES):
        size = legible_size(max(MIN_WIDTH, plan.width))
        need = sprites.badge_height_for(size, height, numbered)
        if need <= height:
            break
        height = need
        plan = plan_at(height)
    return plan
