"""The frame every picture is drawn in: a header over the table area, and PNG bytes out.

Every table picture is made the same way round its own drawing: the canvas with the
header across the top, then the table painted below it or, before the first tile, the
note saying who leads; and every picture (the hand's too) is drawn holding the drawing
lock, then encoded. That frame lives here once, so that a picture module keeps only what
is its own (how it plans, what its header says, how it paints) and so that a picture's
``render_*`` (PNG bytes) and ``draw_*`` (the picture, for tests) cannot drift apart:

* :func:`png_picture` makes the ``render_*`` function from its ``draw_*`` twin;
* :func:`framed` draws the header, then the table area below it (into the canvas a
  replay sets, see :mod:`render.kit.canvas`), and says where that area is to the spots
  the painter marks (:mod:`render.kit.spots`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, Protocol, TypeVar

from PIL import Image

from render.kit.canvas import Canvas, Extent, current_canvas, measured
from render.kit.deal import current_deal, paint_deal
from render.kit.empty import paint_empty
from render.kit.fonts import DRAWING
from render.kit.geometry import Rect
from render.kit.header import Header, draw_header, header_over_table
from render.kit.palette import BACKGROUND
from render.kit.png import encode
from render.kit.spots import spots_placed

P = ParamSpec("P")


class Area(Protocol):
    """A table plan: the size in px of the area it needs below the header."""

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...


PlanT = TypeVar("PlanT", bound=Area)

Painter = Callable[[Image.Image, PlanT, int, int], None]
"""Paints a plan into the picture, its table area's top-left corner at (top, left)."""


def png_picture(draw: Callable[P, Image.Image]) -> Callable[P, bytes]:
    """``draw``, with the same parameters, returning the picture as PNG bytes; it draws
    holding the drawing lock (cached fonts and faces are shared between threads), then
    encodes outside it. The wrapper keeps ``draw``'s docstring, so a picture's
    ``render_*`` and ``draw_*`` are documented once."""

    @functools.wraps(draw)
    def render(*args: P.args, **kwargs: P.kwargs) -> bytes:
        with DRAWING:
            image = draw(*args, **kwargs)
        return encode(image)

    # Named as the module binds it (``render_x = png_picture(draw_x)``), so that it
    # pickles by name like any function (a drawing worker process may be handed one).
    render.__name__ = draw.__name__.replace("draw_", "render_", 1)
    render.__qualname__ = draw.__qualname__.replace("draw_", "render_", 1)
    return render


def framed(
    header: Header, plan: PlanT, paint: Painter[PlanT], empty_note: str | None = None
) -> Image.Image:
    """A new picture: ``header`` across the top, then below it ``plan``'s table area
    (centred when the header's minimum width is wider) painted by ``paint``; or, when
    ``empty_note`` is given (the table before the first tile), that note in its place.
    Inside :func:`render.kit.canvas.drawn_on` the picture is that canvas, the table at
    the top of its area, centred across."""
    measured(Extent(header, plan.width, plan.height))
    canvas = current_canvas()
    if canvas is not None and _fits(canvas, plan):
        image, top, left = _on_canvas(header, plan, canvas)
        table_top = canvas.header_height + 1  # below the rule, as a painted table leaves it
    else:
        image, top, left = header_over_table(header, plan.width, plan.height)
        table_top = top
    deal = current_deal()
    if empty_note is None:
        # A painter marks its tappable spots in its plan's px, as it paints.
        with spots_placed(left, top, within=Rect(0, 0, plan.width, plan.height)):
            paint(image, plan, top, left)
    elif deal:
        paint_deal(image, table_top, deal, empty_note)
    else:
        paint_empty(image, table_top, empty_note)
    return image


def _fits(canvas: Canvas, plan: Area) -> bool:
    return plan.width <= canvas.width and plan.height <= canvas.table_height


def _on_canvas(header: Header, plan: Area, canvas: Canvas) -> tuple[Image.Image, int, int]:
    """The canvas with ``header`` in its header box, and where ``plan`` goes: at the top of
    the table area below it, centred across. (Not centred down as well: a table that grows
    downwards then stays put, and the frames of an animation differ in less.)"""
    image = Image.new("RGB", canvas.size, BACKGROUND)
    draw_header(image, header, canvas.header_height)
    return image, canvas.header_height, (canvas.width - plan.width) // 2
