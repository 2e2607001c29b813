"""A single-observer information-set MCTS for two-player Block (spinner off, no drawing):
a sparring partner for the classic hard player, written for the bench (see
:mod:`block_sparring`).

Each iteration deals the unseen tiles afresh, honouring what passes revealed
(:class:`~engine.classic.inference.DealSampler`), walks one shared tree of moves by UCT
among the moves legal in that deal (a move's "availability" counts the iterations it was
legal), adds one node and finishes the hand with random plays. A move is a tile and the
number it covers (the two ends of a Block line are alike). The reward is the win: 1, ½
for a tie, 0. It plays the most visited move at the root. Works on the compact state of
:mod:`engine.classic.solve` (hands as bit masks), so an iteration is cheap.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from typing import Any

from engine.classic.hand import ClassicHand
from engine.classic.inference import DealSampler
from engine.classic.solve import SUIT, LineState, lead_state, line_state, mask_of, pips_of, place

Move = tuple[int, int]
"""(tile index, the number of the end it covers; -1 for a lead)."""
PASS: Move = (-1, -1)
EXPLORE = 0.7


class Node:
    __slots__ = ("avail", "children", "visits", "wins")

    def __init__(self) -> None:
        self.children: dict[Move, Node] = {}
        self.visits = 0
        self.wins = 0.0
        """Rewards for the player who made the move into this node."""
        self.avail = 0


def legal(hand: int, line: LineState) -> list[Move]:
    if line[8] == 0:
        moves = []
        rest = hand
        while rest:
            bit = rest & -rest
            rest ^= bit
            moves.append((bit.bit_length() - 1, -1))
        return moves
    found: list[Move] = []
    for value in {line[0], line[1]}:
        fit = hand & SUIT[value]
        while fit:
            bit = fit & -fit
            fit ^= bit
            found.append((bit.bit_length() - 1, value))
    return found


def after(line: LineState, move: Move) -> LineState:
    tile, value = move
    if value < 0:
        return lead_state(tile, False)
    end = 0 if line[0] == value else 1
    return place(line, tile, end)


def outcome(hands: list[int]) -> float:
    """Seat 0's reward once the hand is over (a hand empty, or both stuck)."""
    pips = [pips_of(hands[0]), pips_of(hands[1])]
    if hands[0] == 0 or hands[1] == 0:
        return 1.0 if hands[0] == 0 else 0.0
    return 0.5 if pips[0] == pips[1] else float(pips[0] < pips[1])


def rollout(hands: list[int], line: LineState, seat: int, passes: int, rng: random.Random) -> float:
    while True:
        if hands[0] == 0 or hands[1] == 0 or passes >= 2:
            return outcome(hands)
        moves = legal(hands[seat], line)
        if not moves:
            passes += 1
        else:
            move = moves[rng.randrange(len(moves))]
            hands[seat] &= ~(1 << move[0])
            line = after(line, move)
            passes = 0
        seat = 1 - seat


def search(hand: ClassicHand, seat: int, iterations: int, rng: random.Random) -> Move:
    sampler = DealSampler(hand, seat)
    root = Node()
    start_line = line_state(hand.line)
    for _ in range(iterations):
        dealt, _ = sampler.deal(rng)
        hands = [0, 0]
        hands[seat] = mask_of(hand.hands[seat])
        hands[1 - seat] = mask_of(dealt[1 - seat])
        line = start_line
        to_move, passes = seat, 0
        node = root
        path: list[tuple[Node, int]] = []
        expanded = False
        while not (hands[0] == 0 or hands[1] == 0 or passes >= 2):
            moves = legal(hands[to_move], line) or [PASS]
            fresh = [m for m in moves if m not in node.children]
            for m in moves:
                child = node.children.get(m)
                if child is not None:
                    child.avail += 1
            if fresh:
                move = fresh[rng.randrange(len(fresh))]
                child = node.children[move] = Node()
                child.avail = 1
                expanded = True
            else:
                log_of = math.log
                move = max(
                    moves,
                    key=lambda m: (
                        node.children[m].wins / node.children[m].visits
                        + EXPLORE
                        * math.sqrt(log_of(node.children[m].avail) / node.children[m].visits)
                    ),
                )
                child = node.children[move]
            path.append((child, to_move))
            if move == PASS:
                passes += 1
            else:
                hands[to_move] &= ~(1 << move[0])
                line = after(line, move)
                passes = 0
            to_move = 1 - to_move
            node = child
            if expanded:
                break
        reward0 = rollout(hands, line, to_move, passes, rng)
        for child, mover in path:
            child.visits += 1
            child.wins += reward0 if mover == 0 else 1.0 - reward0
    return max(root.children.items(), key=lambda item: item[1].visits)[0]


def ismcts_agent(iterations: int) -> Callable[[Mapping[str, Any], int], str]:
    def decide(view: Mapping[str, Any], seed: int) -> str:
        hand = ClassicHand.for_seat(view)
        moves = hand.legal_moves()
        if len(moves) == 1 or not moves[0].is_play:
            return moves[0].text
        seat = hand.current_player
        assert seat is not None
        tile, value = search(hand, seat, iterations, random.Random(seed))
        values = hand.line.values
        for move in moves:
            assert move.tile is not None
            if mask_of([move.tile]) == 1 << tile and (move.slot < 0 or values[move.slot] == value):
                return move.text
        raise AssertionError("the search chose a move that is not legal")

    return decide
