"""A line game's table picture (classic dominoes and FIDO), drawn one way for both.

Both games draw their table the same way round: the seats' names, the line's plan from
the public view, the header (title, deal number and goal, then the status and score
table of :mod:`render.kit.view_header`), and before the first tile a note saying who
leads, all in the kit's frame (:mod:`render.kit.frame`). What differs is the game's own:
its name, how it plans and paints its line, its header's notes, the tag after a seat's
name and what its empty table says, which each game hands over as a :class:`LineGame`.
The options a caller may set are the same for both (:class:`LineTableOptions`), so a
game's ``draw_*`` takes them as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, Protocol, TypedDict, TypeVar

from PIL import Image

from i18n import Text
from render.kit.frame import Area, framed
from render.kit.header import Header, hand_subtitle, seat_names
from render.kit.language import ENGLISH
from render.kit.view_header import View, view_header


class PlannedLine(Area, Protocol):
    """A line's plan: its area, and the tiles laid on it (none before the first play)."""

    @property
    def tiles(self) -> Sequence[object]: ...


PlanT = TypeVar("PlanT", bound=PlannedLine)
PlanT_contra = TypeVar("PlanT_contra", bound=PlannedLine, contravariant=True)


class LineTableOptions(TypedDict, total=False):
    """What a caller may ask of a line game's table picture besides its view and names."""

    totals: Sequence[int] | None
    """Each seat's match total, for the score table."""
    target: int | None
    """The match's target, for the subtitle."""
    title: str | None
    """The picture's title (default: the game's name)."""
    highlight_ends: Collection[str]
    """Labels of the ends drawn in gold: where a chosen tile can go."""
    end_moves: Mapping[str, str] | None
    """End label → the move that plays there: that end's badge is a spot a page taps."""
    last: bool
    """Whether the last play glows (it does unless this is false)."""
    goal: str | None
    """The target in the caller's words (default "first to N")."""
    text: Text
    """The table's language, for every word drawn."""


class LinePainter(Protocol[PlanT_contra]):
    """Paints a line's plan (:func:`render.kit.line_paint.paint_line_of_tiles` with the
    game's pieces), the table area's corner at (``left``, ``top``)."""

    def __call__(
        self,
        image: Image.Image,
        plan: PlanT_contra,
        top: int,
        left: int = 0,
        *,
        glow_last: bool = True,
        end_moves: Mapping[str, str] | None = None,
    ) -> None: ...


@dataclass(frozen=True, slots=True)
class LineGame(Generic[PlanT]):
    """What one line game brings to its table picture."""

    name: str
    """The title when neither the caller nor the view gives one (in English: it is
    translated as drawn)."""
    plan: Callable[[View, Collection[str]], PlanT]
    """The line's plan from the public view, the ends named highlighted."""
    paint: LinePainter[PlanT]
    notes: Callable[[View, Sequence[str], Text], list[str]]
    """The header's notes: what the game says about its line, its stock and the result."""
    seat_tag: Callable[[Mapping[str, Any], int, Text], str | None]
    """The note after a seat's name, from the result once the deal is over."""
    empty_note: Callable[[View, Sequence[str], Text], str]
    """What the table says before the first tile (who leads)."""
    deals_are_games: bool = False
    """A deal is called a game (FIDO's "Game 2", "Game over"), not a hand."""


def draw_line_game(
    game: LineGame[PlanT],
    view: View,
    names: Sequence[str],
    *,
    totals: Sequence[int] | None = None,
    target: int | None = None,
    title: str | None = None,
    highlight_ends: Collection[str] = (),
    end_moves: Mapping[str, str] | None = None,
    last: bool = True,
    goal: str | None = None,
    text: Text = ENGLISH,
) -> Image.Image:
    """``game``'s table picture of ``view`` (the options: :class:`LineTableOptions`)."""
    seats = seat_names(names, int(view["players"]), text)
    plan = game.plan(view, frozenset(highlight_ends))
    header = _header(game, view, seats, totals, target, title, goal, text)
    empty = None if plan.tiles else game.empty_note(view, seats, text)
    return framed(header, plan, partial(game.paint, glow_last=last, end_moves=end_moves), empty)


def _header(
    game: LineGame[PlanT],
    view: View,
    names: Sequence[str],
    totals: Sequence[int] | None,
    target: int | None,
    title: str | None,
    goal: str | None,
    text: Text,
) -> Header:
    """The header: the title, the deal's number and the goal, then :func:`view_header`'s
    status and score table, with the game's notes and seat tags."""
    result = view.get("result")
    dealt = game.deals_are_games

    def tag(seat: int) -> str | None:
        return None if result is None else game.seat_tag(result, seat, text)

    return view_header(
        view,
        names,
        title=title if title is not None else text._(str(view.get("title") or game.name)),
        subtitle=hand_subtitle(int(view.get("hand_number") or 1), target, goal, text, game=dealt),
        notes=game.notes(view, names, text),
        totals=totals,
        tag=tag,
        text=text,
        game=dealt,
    )
