"""Matches played at random from a pinned seed, with the move log a table would store."""

from __future__ import annotations

import random
from typing import Any

from engine.match import Match
from engine.record import LoggedMove


def played_match(
    game: str,
    players: int,
    seed: int,
    *,
    target: int | None = None,
    hands: int = 1,
    extra_moves: int = 0,
    options: dict[str, Any] | None = None,
) -> tuple[Match, list[LoggedMove]]:
    """Play ``hands`` hands (fewer if the match ends first), then ``extra_moves`` moves of
    the next; plays are preferred to passes so hands fill up. Returns the match and its log."""
    match = Match(game, players, target, seed, options)
    rng = random.Random(seed)
    log: list[LoggedMove] = []
    into_next = 0
    while not match.is_over:
        finished = len(match.results)
        if finished >= hands:
            if into_next >= extra_moves:
                break
            into_next += 1
        hand = match.hand
        seat = hand.current_player
        assert seat is not None
        moves = hand.legal_moves()
        plays = [move for move in moves if str(move) != "pass"]
        move = str(rng.choice(plays) if plays else moves[-1])
        log.append(LoggedMove(match.hand_number, seat, move))
        match.play(seat, move)
    return match, log
