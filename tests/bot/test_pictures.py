"""The drawing side of ``bot.pictures``: the pictures of one state are drawn from one
parsed match, and each is what the game's adapter draws from a freshly parsed one."""

from __future__ import annotations

import pytest

from bot import pictures
from bot.games import adapter_for
from engine.match import Match


@pytest.fixture(autouse=True)
def fresh_memo() -> None:
    pictures._parsed.__dict__.clear()


def played(plays: int, seed: int = 3) -> Match:
    match = Match("network", 2, 100, seed)
    for _ in range(plays):
        hand = match.hand
        moves = [m for m in hand.legal_moves() if not m.is_pass] or hand.legal_moves()
        match.apply(moves[0])
    return match


def test_the_same_state_is_parsed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[object] = []
    real = Match.from_json

    def counting(data: pictures.JSON) -> Match:
        parsed.append(data)
        return real(data)

    monkeypatch.setattr(Match, "from_json", counting)
    state = played(5).to_json()
    first = pictures._match(state)
    assert pictures._match(played(5).to_json()) is first  # an equal state, sent again
    assert len(parsed) == 1
    pictures._match(played(6).to_json())
    assert len(parsed) == 2


def test_the_memo_keeps_only_the_last_few_states() -> None:
    states = [played(n).to_json() for n in range(pictures.PARSED_MATCHES + 3)]
    for state in states:
        pictures._match(state)
    assert len(pictures._parsed.matches) == pictures.PARSED_MATCHES
    oldest = pictures._match(states[0])
    assert pictures._match(states[0]) is oldest  # parsed again, then kept


def test_pictures_from_the_memo_match_fresh_ones() -> None:
    adapter = adapter_for("network")
    names = ["Ann", "Bo"]
    for plays in (1, 4, 9):
        state = played(plays).to_json()
        seat = Match.from_json(state).hand.current_player
        assert seat is not None
        for _ in range(2):  # parsed, then remembered
            assert pictures._table_png("network", state, names, None) == (
                adapter.table_picture(Match.from_json(state), names)
            )
            assert pictures._hand_png("network", state, seat, "t") == (
                adapter.hand_picture(Match.from_json(state).hand, seat, "t")
            )
            subject = adapter.controls(Match.from_json(state).hand, seat).subjects[0].key
            assert pictures._subject_png("network", state, names, seat, subject) == (
                adapter.subject_picture(Match.from_json(state), names, seat, subject)
            )
