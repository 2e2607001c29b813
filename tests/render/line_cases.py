"""Classic line pictures with committed references: one view per picture, built by hand
(``line_views.LineView`` follows the view schema), and the function rendering each."""

from __future__ import annotations

from collections.abc import Callable, Collection

from render import render_line_table
from tests.render.hand_views import JSON
from tests.render.line_views import LineView, all_28_line
from tests.render.positions import NAMES

TOTALS = (35, 120, 80, 5)


def empty() -> JSON:
    """A hand just dealt: nobody has played, Zoë leads."""
    return LineView("all-fives", 4, leader=2).view()


def lone_lead() -> JSON:
    """The lead alone: both its ends open, and it scored its own 10."""
    return LineView("all-fives", 4, leader=1).lead("6-4").view()


def four_arms() -> JSON:
    """A 6-6 spinner with all four arms: N and S turn after three tiles, E at the edge."""
    hand = LineView("all-fives", 4, hand_size=7).lead("6-6")
    arms = {
        "E": ["6-5", "5-5", "5-1", "1-1", "1-3", "3-4", "4-5", "5-2"],
        "W": ["6-4", "4-4", "4-0", "0-0", "0-2"],
        "N": ["6-3", "3-3", "3-2", "2-2", "2-1"],
        "S": ["6-2", "2-4", "4-1", "1-0", "0-3"],
    }
    for end in "EWNESWNSEEWNSWENSENWSEE":  # N and S open once E and W are covered
        hand.play(arms[end].pop(0), end)
    return hand.view()


def crosswise_doubles() -> JSON:
    """Spinner off: the lead double and the doubles in both arms lie crosswise and carry
    the line on; Bartholomew has drawn and still has to play."""
    hand = LineView("draw", 2, spinner=False).lead("3-3")
    for tile, end in [
        ("3-5", "E"), ("3-2", "W"), ("5-5", "E"), ("2-2", "W"), ("5-1", "E"), ("2-4", "W"),
        ("1-1", "E"), ("4-4", "W"), ("1-6", "E"),
    ]:  # fmt: skip
        hand.play(tile, end)
    return hand.draw(2).view()


def long_line() -> JSON:
    """All 28 tiles in one line (spinner off): both arms turn at the edge and snake back."""
    hand = all_28_line()
    return hand.end("domino", 1, [0, 0], 0).view()


def blocked() -> JSON:
    """Block for three: both ends show 5 and every other 5 is out of play, so the hand
    blocks; the fewest pips win the others' pips."""
    hand = LineView("block", 3, spinner=False).lead("5-4")
    for tile, end in [
        ("4-4", "E"), ("5-3", "W"), ("4-2", "E"), ("3-3", "W"), ("2-5", "E"), ("3-1", "W"),
        ("1-5", "W"),
    ]:  # fmt: skip
        hand.play(tile, end)
    hand.pass_().pass_().pass_()
    return hand.end("blocked", 1, [12, 9, 20], 23).view()


def highlighted() -> JSON:
    """The spinner one tile into arm E, N played, S still empty; 6-3 fits E and W."""
    hand = LineView("all-fives", 3).lead("4-1")
    for tile, end in [("1-1", "E"), ("4-3", "W"), ("1-6", "E"), ("1-2", "N")]:
        hand.play(tile, end)
    return hand.view()


HIGHLIGHT = ("E", "W")


def line(
    build: Callable[[], JSON], highlight: Collection[str] = (), title: str | None = None
) -> Callable[[], bytes]:
    def render() -> bytes:
        view = build()
        players = int(view["players"])
        return render_line_table(
            view,
            NAMES[:players],
            totals=TOTALS[:players],
            target=150,
            highlight_ends=highlight,
            title=title,
        )

    return render


VIEWS: dict[str, Callable[[], JSON]] = {
    "line_empty": empty,
    "line_lone_lead": lone_lead,
    "line_four_arms": four_arms,
    "line_crosswise_doubles": crosswise_doubles,
    "line_long_28": long_line,
    "line_blocked": blocked,
    "line_highlighted": highlighted,
}

LINE_CASES: dict[str, Callable[[], bytes]] = {name: line(build) for name, build in VIEWS.items()}
LINE_CASES["line_highlighted"] = line(highlighted, HIGHLIGHT, "Where 6-3 can go")
