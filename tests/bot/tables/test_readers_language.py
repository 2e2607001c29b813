"""Each player's language kept on their seat (written only when it changes; with a move,
in the move's own commit), and refusals, the engine's too, said in the reader's
language while ``str()`` stays English."""

from __future__ import annotations

import pytest

from bot.store import Store
from bot.tables.errors import NotAtTableError, UserError
from bot.tables.service import Actor, TableService, TableUpdate
from bot.tables.settings import TableSettings
from engine.network.ai import choose_move
from i18n import Text

ADA = Actor(1, "Ada", locale="es-ES")
BEA = Actor(2, "Bea", locale="pt-BR")


def two_seats() -> TableSettings:
    return TableSettings.build(
        "network", seats=2, target=None, turn_seconds=300, options={}, language="de"
    )


async def started(service: TableService) -> TableUpdate:
    record = await service.create(1, 2, ADA, two_seats())
    await service.join(record.id, BEA)
    return await service.start(record.id, ADA)


def mover(update: TableUpdate) -> Actor:
    seat = update.match.hand.current_player
    assert seat is not None
    return ADA if update.record.seats[seat].user_id == ADA.user_id else BEA


async def test_seats_keep_the_language_their_players_sat_down_with(store: Store) -> None:
    update = await started(TableService(store, new_seed=lambda: 11))
    assert [seat.locale for seat in update.record.seats] == ["es-ES", "pt-BR"]


async def test_a_move_in_a_new_language_is_kept_in_the_same_commit(store: Store) -> None:
    service = TableService(store, new_seed=lambda: 11)
    update = await started(service)
    player = mover(update)
    move = str(choose_move(update.match.hand, 1234))
    played = await service.play(
        update.record.id, player.user_id, move, computers=False, locale="de"
    )
    assert played.record.version == update.record.version + 1  # one write: move and language
    own = next(s for s in played.record.seats if s.user_id == player.user_id)
    assert own.locale == "de"
    stored = await store.get_table(update.record.id)
    assert stored is not None and stored.seats == played.record.seats


async def test_looking_writes_the_language_only_when_it_changed(store: Store) -> None:
    service = TableService(store, new_seed=lambda: 11)
    update = await started(service)
    same = await service.seen(update.record, BEA.user_id, "pt-BR")
    assert same is update.record  # nothing written
    changed = await service.seen(update.record, BEA.user_id, "es-419")
    assert changed.version == update.record.version + 1
    assert changed.seats[1].locale == "es-419" and changed.seats[0].locale == "es-ES"


async def test_a_refusal_reaches_each_reader_in_their_language(store: Store) -> None:
    service = TableService(store, new_seed=lambda: 11)
    update = await started(service)
    waiting = BEA if mover(update) is ADA else ADA
    with pytest.raises(UserError) as refused:
        await service.play(update.record.id, waiting.user_id, "pass", computers=False)
    name = mover(update).name
    assert str(refused.value) == f"It is not your turn: waiting for {name} to play."
    assert refused.value.said_in(Text("pt_BR")) == f"Não é a sua vez: esperando {name} jogar."
    assert (
        refused.value.said_in(Text("de")) == f"Du bist nicht am Zug: wir warten, bis {name} spielt."
    )
    with pytest.raises(NotAtTableError) as stranger:
        await service.play(update.record.id, 99, "pass")
    assert stranger.value.said_in(Text("es")) == "No estás jugando en esta mesa."


async def test_the_engines_refusal_of_a_move_is_said_in_the_readers_language(
    store: Store,
) -> None:
    service = TableService(store, new_seed=lambda: 11)
    update = await started(service)
    player = mover(update)
    with pytest.raises(UserError) as refused:
        await service.play(update.record.id, player.user_id, "9-9 Z", computers=False)
    assert str(refused.value) == "9-9 is not in a double-6 set."
    assert refused.value.said_in(Text("es")) == "9-9 no está en un juego doble 6."
    assert refused.value.said_in(Text("pt_BR")) == "9-9 não está num conjunto duplo 6."


def test_a_game_named_in_a_refusal_is_named_in_the_readers_language() -> None:
    with pytest.raises(UserError) as refused:
        TableSettings.build(
            "network", seats=3, target=None, turn_seconds=300, options={}, opponent_id=5
        )
    assert str(refused.value) == "Network dominoes is not a two-player game: open a table instead."
    assert refused.value.said_in(Text("de")) == (
        "Network-Domino ist kein Spiel für zwei: eröffne stattdessen einen Tisch."
    )


async def test_a_computer_seat_is_named_in_the_tables_language(store: Store) -> None:
    service = TableService(store, new_seed=lambda: 11)
    spanish = TableSettings.build(
        "network", seats=3, target=None, turn_seconds=300, options={}, language="es"
    )
    record = await service.create(1, 2, ADA, spanish)
    record = await service.add_computer(record.id, ADA, "hard")
    assert record.seats[-1].name == "Computadora 1 (difícil)"


async def test_a_rematch_keeps_the_tables_language_and_the_askers_own(store: Store) -> None:
    service = TableService(store, new_seed=lambda: 11)
    settings = TableSettings.build(
        "network", seats=2, target=3, turn_seconds=300, options={}, language="pt_BR"
    )
    record = await service.create(1, 2, ADA, settings)
    await service.join(record.id, BEA)
    update = await service.start(record.id, ADA)
    for _ in range(500):
        if update.match.is_over:
            break
        move = str(choose_move(update.match.hand, 1234))
        update = await service.play(record.id, mover(update).user_id, move)
    assert update.match.is_over
    again = await service.rematch(record.id, Actor(BEA.user_id, "Bea", locale="de"))
    assert TableSettings.from_json(again.game, again.settings).language == "pt_BR"
    assert [seat.locale for seat in again.seats] == ["es-ES", "de"]
