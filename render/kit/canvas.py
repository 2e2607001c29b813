"""One canvas for a run of table pictures: a replay draws every frame into the same size
and the same layout, so the header and the score table stay put while the table fills.

A replay first *measures* each state's picture (:func:`measure`: what its header says and
how big its table is, nothing painted), takes the :class:`Canvas` that holds them all
(:meth:`Canvas.covering`), then draws each picture inside :func:`drawn_on`. The games'
picture functions need no parameter for it: every table picture is drawn through
:func:`render.kit.frame.framed`, which reads the canvas set here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from render.kit.header import MIN_WIDTH, Header, header_height


@dataclass(frozen=True, slots=True)
class Extent:
    """What one picture needs: its header, and its table area's size in px."""

    header: Header
    table_width: int
    table_height: int


@dataclass(frozen=True, slots=True)
class Canvas:
    """A picture's size and where its parts go: the header across the top
    ``header_height`` px, the table area below it, ``width`` × ``table_height``."""

    width: int
    header_height: int
    table_height: int

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.header_height + self.table_height

    @classmethod
    def covering(cls, extents: Iterable[Extent]) -> Canvas:
        """The smallest canvas every extent fits, each header at the canvas's width."""
        extents = list(extents)
        if not extents:
            raise ValueError("a canvas covers at least one picture")
        width = max(MIN_WIDTH, *(extent.table_width for extent in extents))
        return cls(
            width,
            max(header_height(extent.header, width) for extent in extents),
            max(extent.table_height for extent in extents),
        )


class _Measured(Exception):
    """Raised by ``framed`` while measuring, carrying the extent: nothing is painted."""

    def __init__(self, extent: Extent) -> None:
        super().__init__("measured")
        self.extent = extent


_MEASURING: ContextVar[bool] = ContextVar("measuring", default=False)
_CANVAS: ContextVar[Canvas | None] = ContextVar("canvas", default=None)


def measure(draw: Callable[[], object]) -> Extent:
    """The extent of the table picture ``draw`` makes, stopped before anything is painted."""
    token = _MEASURING.set(True)
    try:
        draw()
    except _Measured as measured:
        return measured.extent
    finally:
        _MEASURING.reset(token)
    raise ValueError("that picture is not drawn through render.kit.frame.framed")


@contextmanager
def drawn_on(canvas: Canvas) -> Iterator[None]:
    """Table pictures drawn inside this block fill ``canvas``: its size, its header box."""
    token = _CANVAS.set(canvas)
    try:
        yield
    finally:
        _CANVAS.reset(token)


def measured(extent: Extent) -> None:
    """Called by ``framed`` once it knows the extent: ends a :func:`measure` there."""
    if _MEASURING.get():
        raise _Measured(extent)


def current_canvas() -> Canvas | None:
    """The canvas set by :func:`drawn_on`, if any."""
    return _CANVAS.get()
