"""Hints: the hard computer's move for the asking seat, from its own view alone."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from bot.games import adapter_for
from bot.publishing import messages
from bot.store import Store
from bot.tables.errors import UserError
from bot.tables.meta import TableMeta
from bot.tables.service import HINTS_STAT, Actor, TableService, hint_move
from bot.tables.settings import TableSettings
from engine.match import Match
from engine.registry import game_spec
from engine.rng import derive_seed

GUILD, CHANNEL = 10, 20
ADA = Actor(1, "Ada")
BEA = Actor(2, "Bea")


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    async with Store.open(tmp_path / "tables.db") as store:
        yield TableService(store, lobby_timeout=timedelta(minutes=10), new_seed=lambda: 7)


async def started(service: TableService, game: str, *, hints: bool, target: int | None) -> int:
    """Ada and Bea at a table of ``game``, started (a challenge is accepted by Bea)."""
    settings = TableSettings.build(
        game, seats=2, target=target, turn_seconds=300, options={}, hints=hints
    )
    record = await service.create(GUILD, CHANNEL, ADA, settings)
    if settings.is_challenge:
        await service.accept(record.id, BEA)
    else:
        await service.join(record.id, BEA)
        await service.start(record.id, ADA)
    return record.id


def user_to_move(service_match: Match) -> int:
    seat = service_match.hand.current_player
    assert seat is not None
    return (ADA, BEA)[seat].user_id


@pytest.mark.parametrize("game", ["network", "all-fives", "fido", "sackson"])
async def test_a_hint_is_the_hard_players_move_for_the_same_view_and_seed(
    service: TableService, game: str
) -> None:
    table = await started(service, game, hints=True, target=None)
    _, match = await service.snapshot(table)
    assert match is not None
    record = await service.table(table)
    turn = TableMeta.from_json(record.meta).turn
    seat = match.hand.current_player
    assert seat is not None
    hint = await service.hint(table, user_to_move(match), turn)
    expected = game_spec(game).computer(
        match.hand.view(seat), derive_seed(match.seed, "hint", turn), "hard"
    )
    assert hint.move == expected
    assert hint.move in {str(move) for move in match.hand.legal_moves()}
    again = await service.hint(table, user_to_move(match), turn)
    assert again.move == hint.move and again.used == 2
    # The answer names the move and says why, in the game's own words.
    text = messages.hint_content(hint)
    assert f"**{hint.move}**" in text and "1 hint" in text
    assert adapter_for(game).hint_reason(match.hand, seat, hint.move) in text


async def test_hints_are_off_unless_the_table_allows_them(service: TableService) -> None:
    on = TableSettings.build(
        "network", seats=2, target=None, turn_seconds=60, options={}, hints=True
    )
    assert on.describe().endswith("hints on")  # the lobby says so
    assert TableSettings.from_json("network", on.to_json()) == on
    assert (
        "hints"
        not in TableSettings.build(
            "network", seats=2, target=None, turn_seconds=60, options={}
        ).describe()
    )
    table = await started(service, "all-fives", hints=False, target=None)
    before = await service.table(table)
    _, match = await service.snapshot(table)
    assert match is not None
    with pytest.raises(UserError, match="Hints are off at this table"):
        await service.hint(table, user_to_move(match))
    assert await service.table(table) == before  # nothing changed, nothing counted


async def test_a_hint_is_only_for_your_turn_and_your_table(service: TableService) -> None:
    table = await started(service, "all-fives", hints=True, target=None)
    before = await service.table(table)
    _, match = await service.snapshot(table)
    assert match is not None
    waiting = ({ADA.user_id, BEA.user_id} - {user_to_move(match)}).pop()
    with pytest.raises(UserError, match="A hint is for your turn"):
        await service.hint(table, waiting)
    with pytest.raises(UserError):
        await service.hint(table, 999)  # not seated here
    turn = TableMeta.from_json(before.meta).turn
    with pytest.raises(UserError):
        await service.hint(table, user_to_move(match), turn + 1)  # a stale Hint button
    assert await service.table(table) == before


async def test_the_standings_count_the_hints_a_player_used(service: TableService) -> None:
    table = await started(service, "sackson", hints=True, target=None)
    used = {ADA.user_id: 0, BEA.user_id: 0}
    for turn in range(1000):
        _, match = await service.snapshot(table)
        assert match is not None
        if match.is_over:
            break
        user = user_to_move(match)
        if turn < 3:  # Ada asks twice, Bea once
            await service.hint(table, user)
            used[user] += 1
        await service.play(table, user, str(match.hand.legal_moves()[0]))
    assert used == {ADA.user_id: 2, BEA.user_id: 1}
    rows = await service.store.standings(GUILD, "sackson")
    assert {row.user_id: row.stats.get(HINTS_STAT) for row in rows} == used
    table_text = messages.standings_content(rows, "Club", game_spec("sackson"), {})
    header = next(line for line in table_text.splitlines() if "Player" in line)
    assert header.split()[-2:] == ["Hint", "Rtg"]
    for row in rows:
        line = next(line for line in table_text.splitlines() if f" {row.name} " in line)
        assert line.split()[-2] == str(used[row.user_id])
    assert "Hint hints asked for" in table_text
    unhinted = [replace(row, stats={}) for row in rows]
    assert "Hint" not in messages.standings_content(unhinted, "Club", game_spec("sackson"), {})


@pytest.mark.parametrize("game", ["network", "all-fives", "fido"])
def test_tiles_a_seat_cannot_see_do_not_change_its_hint(game: str) -> None:
    """Two deals that differ only in tiles the asking seat cannot see (other hands, the
    stock) give the same hint, the same reason and the same picture."""
    assert game_spec(game).has_hands
    match = Match(game, 3, None, seed=11)
    for _ in range(2):  # a few tiles down, so the hint is not a lead
        hand = match.hand
        seat = hand.current_player
        assert seat is not None
        match.play(seat, str(hand.timeout_move()))
    seat = match.hand.current_player
    assert seat is not None
    hidden = sorted(match.hand.hidden_from(seat))
    others = next(  # the first trade of two hidden tiles between different places
        swapped
        for swapped in (_swap(match, hidden[0], b) for b in hidden[1:])
        if swapped.hand.to_json() != match.hand.to_json()
    )
    assert others.hand.view(seat) == match.hand.view(seat)
    turn = 2
    move = hint_move(match, seat, turn)
    assert hint_move(others, seat, turn) == move
    adapter = adapter_for(game)
    assert adapter.hint_reason(others.hand, seat, move) == adapter.hint_reason(
        match.hand, seat, move
    )
    names = ["Ada", "Bea", "Cal"]
    assert adapter.hint_picture(others, names, seat, move) == adapter.hint_picture(
        match, names, seat, move
    )


def _swap(match: Match, a: str, b: str) -> Match:
    """The match with hidden tiles ``a`` and ``b`` trading places in the hand's state."""
    data = match.to_json()
    text = json.dumps(data["hand"])
    text = text.replace(f'"{a}"', '"\0"').replace(f'"{b}"', f'"{a}"').replace('"\0"', f'"{b}"')
    data["hand"] = json.loads(text)
    return Match.from_json(data)
