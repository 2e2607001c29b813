"""Computer players for Sackson's Network, deciding from the seat's view alone.

* ``easy`` plays a random legal move, except that it completes a network when it can.
* ``normal`` looks one move ahead: it completes a network when it can, never leaves the
  opponent a network in one when some move prevents it, and otherwise plays the move
  after which the position evaluates best (:mod:`engine.sackson.evaluate`).
* ``hard`` searches (:mod:`engine.sackson.search`): alpha-beta with iterative deepening
  on a fixed node budget.

Every level is deterministic for a (view, seed, level): the seed only breaks ties.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Final

from engine.game import JSON
from engine.sackson.evaluate import evaluate
from engine.sackson.game import SacksonGame
from engine.sackson.moves import SacksonMove
from engine.sackson.position import Position
from engine.sackson.search import Key, Search, SearchResult
from engine.sackson.threats import winning_moves

LEVELS: Final = ("easy", "normal", "hard")
HARD_NODES: Final = 6000
"""Nodes the hard player searches per decision (see docs/ai.md for the time it takes)."""
LATE_MOVES: Final = 3
"""From the fourth move on, a quiet move is first searched a ply less deep."""
NOISE: Final = 2
"""Points of seeded noise in the hard player's evaluation (a connection is worth 10): it
varies the choice between moves of equal worth from seed to seed."""
LOSES: Final = -(10**6)


def computer_move(view: JSON, seed: int, level: str) -> str:
    """The move ``level`` plays in the game ``view`` shows, in notation (``d4``,
    ``d4-f6``)."""
    game = SacksonGame.from_view(view)
    return str(SacksonMove.from_code(choose_code(game, seed, level)))


def choose_code(game: SacksonGame, seed: int, level: str, nodes: int = HARD_NODES) -> int:
    """The level's move as a :class:`~engine.sackson.position.Position` code."""
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}; choose from {', '.join(LEVELS)}")
    codes = game.legal_codes()
    if not codes:
        raise ValueError("the game is over: there is no move to choose")
    if len(codes) == 1:
        return codes[0]
    position = game.position
    colour = position.to_move
    own, other = position.pieces[colour], position.pieces[1 - colour]
    win = winning_moves(own, other, colour, position.hand[colour] > 0)
    if win:
        return win[0][0]
    rng = random.Random(seed)
    if level == "easy":
        return rng.choice(codes)
    if level == "normal":
        return normal_code(position, codes, rng)
    return hard_search(game, seed, nodes).move


def hard_search(game: SacksonGame, seed: int, nodes: int = HARD_NODES) -> SearchResult:
    """The hard player's search of the game's position (its move, value, depth and the
    nodes it took: the benchmark reads them)."""
    search = Search(
        game.position,
        both_networks_legal=game.options.both_networks_legal,
        seen=seen_keys(game.seen),
        nodes=nodes,
        seed=seed,
        late=LATE_MOVES,
        noise=NOISE,
    )
    return search.run()


def normal_code(position: Position, codes: list[int], rng: random.Random) -> int:
    """One ply: the best evaluated move among those that leave no network in one."""
    colour = position.to_move
    other = 1 - colour
    best, best_value = codes[0], LOSES - 1
    for code in codes:
        after = position.copy()
        after.play(code)
        if after.has_network(other):
            value = LOSES  # lifting that piece completed the opponent's network
        elif after.to_move == other and winning_moves(
            after.pieces[other], after.pieces[colour], other, after.hand[other] > 0
        ):
            value = LOSES // 2
        else:
            value = evaluate(after)
            if after.to_move != colour:
                value = -value
            value = 4 * value + rng.randrange(8)
        if value > best_value:
            best, best_value = code, value
    return best


def seen_keys(seen: Mapping[str, int]) -> dict[Key, int]:
    """The game's repetition counts keyed as ``Position.key()`` is (the game keys them
    by text: both masks in hex, both hands, the colour to move)."""
    keys: dict[Key, int] = {}
    for text, count in seen.items():
        key = (int(text[:16], 16), int(text[16:32], 16), int(text[32], 16), int(text[33], 16))
        keys[(*key, int(text[34]))] = count
    return keys
