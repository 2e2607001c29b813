"""Sackson's Network, docs/rules/sackson.md "Connections and networks", with the figures of Sid
Sackson's text rebuilt as diagrams (the source describes them only in words).

Every diagram is also checked against ``sackson_rules``, a literal second reading of the
rules, so a diagram that does not show what its test claims fails as loudly as the engine.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from engine.sackson import SacksonGame
from engine.sackson.board import DARK, LIGHT, name, square
from engine.sackson.network import connections, has_network, shortest_network

from . import sackson_rules as rules


def mask(text: str) -> int:
    return sum(1 << square(s) for s in text.split())


def dark_network(dark: str, light: str = "") -> bool:
    """The engine's verdict on Dark's pieces, after checking the reference agrees."""
    found = has_network(mask(dark), mask(dark) | mask(light), DARK)
    assert found == rules.has_network(rules.squares(dark), rules.squares(light), rules.DARK)
    return found


def light_network(light: str, dark: str = "") -> bool:
    found = has_network(mask(light), mask(dark) | mask(light), LIGHT)
    assert found == rules.has_network(rules.squares(light), rules.squares(dark), rules.LIGHT)
    return found


def chain_breaks(chain: str, occupied: str = "") -> list[str]:
    """Which network conditions the chain (squares in order) breaks, by the reference:
    used to show that a figure fails for exactly the reason it illustrates."""
    pieces = [rules.sq(s) for s in chain.split()]
    board = set(pieces) | rules.squares(occupied)
    start, end = rules.goals(rules.DARK)
    broken = []
    if len(set(pieces)) < rules.MIN_NETWORK:
        broken.append("fewer than six pieces")
    if len(set(pieces)) < len(pieces):
        broken.append("a piece used twice")
    if not all(rules.connected(a, b, board) for a, b in pairwise(pieces)):
        broken.append("not connected")
    if pieces[0] not in start | end or pieces[-1] not in start | end:
        broken.append("does not join the goals")
    if any(p in start | end for p in pieces[1:-1]):
        broken.append("another piece in a goal")
    if any(
        rules.aligned(a, b) and rules.aligned(b, c) and rules.line(a, b) == rules.line(b, c)
        for a, b, c in zip(pieces, pieces[1:], pieces[2:], strict=False)
    ):
        broken.append("passes straight through")
    return broken


# ------------------------------------------------------------------ connections


def test_connections_run_along_rows_columns_and_both_diagonals() -> None:
    # d4 sees one friendly piece in each of the eight directions, at distances 1 to 3.
    own = mask("d4 d7 d2 a4 h4 f6 b2 b6 e3")
    found = {name(t) for _, t in connections(square("d4"), own, own)}
    assert found == {"d7", "d2", "a4", "h4", "f6", "b2", "b6", "e3"}


def test_a_piece_off_every_line_is_not_connected() -> None:
    own = mask("d4 e6 f3 b5 c2")  # a knight's move or further off any line
    assert connections(square("d4"), own, own) == []


@pytest.mark.parametrize("blocker", ["own", "opponent"])
def test_any_piece_between_blocks_a_connection(blocker: str) -> None:
    own = mask("d4 d8 g7 a4")
    between = mask("d6 f6 b4")
    occupied = own | between
    if blocker == "own":
        own |= between
    found = {name(t) for _, t in connections(square("d4"), own, occupied)}
    # Only the nearest piece on each line counts, whoever owns it.
    assert found == ({"d6", "f6", "b4"} if blocker == "own" else set())


def test_adjacent_pieces_are_connected() -> None:
    own = mask("d4 e5 d5 c4")
    assert {name(t) for _, t in connections(square("d4"), own, own)} == {"e5", "d5", "c4"}


def test_a_link_blocked_by_an_opponent_piece_breaks_the_network() -> None:
    network = "b1 b3 d3 d6 f6 f8"
    assert dark_network(network)
    assert not dark_network(network, light="d5")  # between d3 and d6
    assert dark_network(network, light="d7")  # on the line but beyond d6: no effect


def test_a_link_blocked_by_an_own_piece_breaks_the_network() -> None:
    network = "c1 c4 e4 g6 d6 d8"
    assert dark_network(network)
    # c2 sits between c1 and c4; going on through it means running straight on.
    assert not dark_network(network + " c2")


# ------------------------------------------------------------------ networks


def test_figure_2_two_winning_networks_from_nine_dark_pieces() -> None:
    nine = "b1 b3 c5 d3 d6 f6 f8 g6 g8"
    assert len(nine.split()) == 9
    assert dark_network(nine)
    # Two different chains: b1-b3-d3-d6-f6-f8 and b1-b3-d3-g6-f6-f8; either alone wins.
    assert dark_network(nine.replace("d6", ""))
    assert dark_network(nine.replace("g6", ""))
    assert not dark_network(nine.replace("d6", "").replace("g6", ""))
    # g8 is a second piece in the top goal, but not part of either chain: no harm done.
    assert dark_network(nine.replace("g8", ""))
    networks = {
        " ".join(rules.nm(s) for s in n)
        for n in rules.networks(rules.squares(nine), set(), rules.DARK)
    }
    assert networks == {"b1 b3 d3 d6 f6 f8", "b1 b3 d3 g6 f6 f8"}
    shortest = shortest_network(mask(nine), mask(nine), DARK)
    assert shortest is not None
    assert " ".join(name(s) for s in shortest) in networks


def test_a_network_needs_at_least_six_pieces() -> None:
    five = "c1 c4 e4 g6 e8"  # goal to goal, turning at every piece, but only five
    assert chain_breaks(five) == ["fewer than six pieces"]
    assert not dark_network(five)
    six = "c1 c4 e4 g6 d6 d8"  # the same route with one more bend
    assert chain_breaks(six) == []
    assert dark_network(six)


def test_figure_3_two_pieces_in_the_starting_goal_do_not_make_a_network() -> None:
    chain = "c1 e1 e3 c5 c7 d8"  # six pieces, but e1 is a second piece in Dark's goal
    assert chain_breaks(chain) == ["another piece in a goal"]
    assert not dark_network(chain)


def test_figure_3_two_pieces_in_the_final_goal_do_not_make_a_network() -> None:
    chain = "d1 d3 f5 f7 e8 c8"  # ends in c8 after passing through e8, also in the goal
    assert chain_breaks(chain) == ["another piece in a goal"]
    assert not dark_network(chain)
    # Without the extra goal piece it is only five pieces long.
    assert not dark_network("d1 d3 f5 f7 e8")


def test_figure_4_a_network_may_not_use_a_piece_twice() -> None:
    # d1-d4-f6-b6-d4-d7-e8 would be six distinct pieces, but passes d4 twice; going
    # straight d1-d4-d7 is not allowed either, so there is no network.
    pieces = "d1 d4 f6 b6 d7 e8"
    assert chain_breaks("d1 d4 f6 b6 d4 d7 e8") == ["a piece used twice"]
    assert not dark_network(pieces)


def test_figure_5_a_network_may_not_pass_through_a_piece_without_turning() -> None:
    chain = "c1 c4 e4 g4 g6 e8"  # c4-e4-g4 runs straight through e4
    assert chain_breaks(chain) == ["passes straight through"]
    assert not dark_network(chain)


def test_a_network_may_cross_itself() -> None:
    # c1-c3-f6-b6-e3-e8: the link b6-e3 crosses c3-f6 at d4, and e3-e8 crosses both
    # c3-f6 (at e5) and f6-b6 (at e6). It is the only network of these pieces.
    chain = "c1 c3 f6 b6 e3 e8"
    assert chain_breaks(chain) == []
    assert dark_network(chain)
    found = shortest_network(mask(chain), mask(chain), DARK)
    assert found is not None
    assert [name(s) for s in found] == chain.split()


def test_a_network_must_reach_both_goals() -> None:
    assert not dark_network("c2 c4 e4 g6 d6 d8")  # c2 is not in the goal
    assert not dark_network("c1 c4 e4 g6 d6 d7")  # d7 is not in the goal


def test_light_networks_run_from_the_left_column_to_the_right() -> None:
    light = "a6 c6 c4 f4 f2 h2"
    assert light_network(light)
    found = shortest_network(mask(light), mask(light), LIGHT)
    assert found is not None
    assert [name(s) for s in found] == light.split()
    # The same shape is no network for Dark (it must join the top and bottom rows) …
    assert not has_network(mask(light), mask(light), DARK)
    # … and a Dark piece on a link breaks it.
    assert not light_network(light, dark="e4")


def test_the_shortest_network_has_the_fewest_pieces() -> None:
    pieces = "b1 c3 c4 c6 d8 e2 e7 f5 g4"
    lengths = sorted(len(n) for n in rules.networks(rules.squares(pieces), set(), rules.DARK))
    assert lengths == [6, 7]
    found = shortest_network(mask(pieces), mask(pieces), DARK)
    assert found is not None
    assert [name(s) for s in found] == ["b1", "f5", "g4", "e2", "e7", "d8"]


def test_the_view_marks_the_network_with_the_fewest_pieces() -> None:
    # Placing d8 completes two networks at once: one of seven pieces and one of six.
    game = SacksonGame.from_position(
        "b1 c3 c4 c6 e2 e7 f5 g4", "a2 a7 h5 h7 b5 d7 b3 c7", to_move="dark"
    )
    assert not game.is_over
    game.apply(game.parse_move("d8"))
    view = game.view(0)
    assert view["outcome"] == {"winners": [0], "reason": "network"}
    assert view["network_colour"] == "dark"
    assert view["network"] == ["b1", "f5", "g4", "e2", "e7", "d8"]
