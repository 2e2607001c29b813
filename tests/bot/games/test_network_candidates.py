"""The Network adapter labels each candidate in the picture with the move its button plays."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.network import NetworkAdapter
from engine.match import Match


def test_each_ghost_is_labelled_with_the_move_its_button_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = Match("network", 3, target=10, seed=4)
    while len(match.hand.layout.placements) < 6:
        seat = match.hand.current_player
        match.play(seat, str(match.hand.legal_moves()[0]))
    seat = match.hand.current_player
    tile = max(match.hand.playable_tiles(seat), key=lambda t: len(match.hand.placements_for(t)))
    drawn: dict[str, Any] = {}

    def record(*args: Any, **kwargs: Any) -> bytes:
        drawn.update(kwargs)
        return b""

    monkeypatch.setattr(NetworkAdapter, "_render", staticmethod(record))
    adapter = NetworkAdapter()
    adapter.subject_picture(match, ["A", "B", "C"], seat, tile.name)
    targets = adapter.targets(match.hand, seat, tile.name)
    assert len(targets) > 1
    assert drawn["candidate_moves"] == [t.move for t in targets]
    assert [t.label for t in targets] == [
        f"{n}. {move}" for n, move in enumerate(drawn["candidate_moves"], start=1)
    ]
    assert [match.hand.preview(match.hand.parse_move(m)) for m in drawn["candidate_moves"]] == (
        drawn["candidates"]
    )

    adapter.hint_picture(match, ["A", "B", "C"], seat, targets[0].move)
    assert drawn["candidate_moves"] == [targets[0].move]
