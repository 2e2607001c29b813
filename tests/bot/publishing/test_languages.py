"""The same secrets in every language: at a Spanish table whose players read Portuguese
and German, the public words (log, announcements, the table message and its picture's
alt text, replay captions) are Spanish and name no hidden tile, while a player's own
words (the tiles they drew, their hand, its picture's alt text) are in their language and
reach no one else."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from bot.games import ADAPTERS
from bot.games.narration import narrate
from bot.games.words import words_for
from bot.publishing import messages, pictures
from bot.replays.build import FrameState, frames
from bot.store import Store
from bot.tables.meta import TableMeta
from bot.tables.service import Actor, PlayerSeat, TableService, TableUpdate, seat_of
from bot.tables.settings import TableSettings
from engine.game import Event
from engine.registry import game_spec
from i18n import text_in
from render.kit.canvas import Canvas

GUILD, CHANNEL = 10, 20
ADA = Actor(1, "Ada")
BEA = Actor(2, "Bea")
READS = {ADA.user_id: "pt-BR", BEA.user_id: "de"}
"""Each player's Discord language (the table itself speaks Spanish)."""
DREW = {"pt-BR": r"^Você comprou ((\d-\d)(, )?)+\.$", "de": r"^Du hast ((\d-\d)(, )?)+ gekauft\.$"}
HAND = {"pt-BR": "Suas pedras:", "de": "Deine Steine:"}


def service_on(store: Store) -> TableService:
    now = datetime(2025, 5, 1, 12, 0, tzinfo=UTC)
    return TableService(
        store, clock=lambda: now, lobby_timeout=timedelta(minutes=10), new_seed=lambda: 7
    )


async def spanish_table(service: TableService) -> int:
    """A two-seat All Fives table in Spanish, its players seen in Portuguese and German."""
    settings = TableSettings.build(
        "all-fives", seats=2, target=None, turn_seconds=300, options={}, language="es"
    )
    record = await service.create(GUILD, CHANNEL, ADA, settings)
    record = await service.join(record.id, BEA)
    seats = [replace(seat, locale=READS[seat.user_id or 0]) for seat in record.seats]
    await service.store.update_table(record.id, record.version, seats=seats)
    return record.id


async def until_a_draw(service: TableService, table: int) -> TableUpdate:
    """Start and play the timeout moves until someone draws (seed 7: soon)."""
    update = await service.start(table, ADA)
    for _ in range(30):
        if [str(m) for m in update.match.hand.legal_moves()] == ["draw"]:
            return update
        update = await service.play(table, mover(update), str(update.match.hand.timeout_move()))
    raise AssertionError("nobody had to draw")


def mover(update: TableUpdate) -> int:
    seat = update.match.hand.current_player
    assert seat is not None
    user = update.record.seats[seat].user_id
    assert user is not None
    return user


async def test_the_drawer_alone_is_told_the_tiles_in_their_language(store: Store) -> None:
    service = service_on(store)
    table = await spanish_table(service)
    update = await until_a_draw(service, table)
    drawer = mover(update)
    seat = seat_of(update.record, drawer)
    assert seat is not None
    other = next(s.user_id for s in update.record.seats if s.user_id != drawer)
    assert other is not None
    update = await service.play(table, drawer, "draw")

    (told,) = update.story.private[seat]
    assert re.match(DREW[READS[drawer]], told), told
    drawn = re.findall(r"\d-\d", told)
    assert list(update.story.private) == [seat]

    log = TableMeta.from_json(update.record.meta).log
    public = "\n".join([*log, *update.story.announcements])
    assert f"robó {len(drawn)} del pozo" in public  # the table's Spanish
    assert not any(tile in public for tile in drawn)
    assert "comprou" not in public and "gekauft" not in public

    answer = messages.played_content(update, drawer)
    assert answer.startswith(f"🔒 {told}")
    drew = {"pt-BR": f"comprou {len(drawn)} do monte", "de": f"{len(drawn)} aus dem Talon gekauft"}
    assert drew[READS[drawer]] in answer and "robó" not in answer  # the log, told again
    assert HAND[READS[drawer]] in answer
    for tile in drawn:
        assert tile in answer  # the drawer's own hand lists it
    seen_by_other = messages.played_content(update, other)
    assert "🔒" not in seen_by_other
    assert not any(tile in seen_by_other for tile in drawn)
    assert HAND[READS[other]] in seen_by_other

    table_text = messages.table_content(update.record, update.match, frozenset())
    assert table_text.startswith("**Cincos** · mesa ")
    assert "mano 1" in table_text and f"robó {len(drawn)} del pozo" in table_text
    assert not any(tile in table_text for tile in drawn)


async def test_pictures_speak_to_each_reader_and_hide_the_hands(store: Store) -> None:
    service = service_on(store)
    table = await spanish_table(service)
    update = await until_a_draw(service, table)
    record, match = update.record, update.match
    held = {name for seat in range(2) for name in match.hand.view(seat)["hand"]}
    assert held

    public = await pictures.table_picture(record, match)
    assert public.description is not None
    assert public.description.startswith("Cincos, mesa ")
    assert "Totales:" in public.description
    assert not any(tile in public.description for tile in held)

    for seat, reader in enumerate(record.seats):
        own = await pictures.hand_picture(PlayerSeat(record, match, seat))
        assert own is not None and own.description is not None
        language = READS[reader.user_id or 0]
        assert HAND[language] in own.description
        assert own.description.startswith("Mesa" if language == "pt-BR" else "Tisch")
        mine = set(match.hand.view(seat)["hand"])
        theirs = set(match.hand.view(1 - seat)["hand"])
        assert all(tile in own.description for tile in mine)
        assert not any(tile in own.description for tile in theirs)

    dm = messages.hand_content(PlayerSeat(record, match, match.hand.current_player or 0))
    assert any(word in dm for word in ("**Sua vez.**", "**Du bist am Zug.**"))


def test_plurals_follow_the_language() -> None:
    spanish, german = text_in("es-419"), text_in("de")
    won = Event("match_over", 0, detail={"totals": [1, 0]})
    many = Event("match_over", 1, detail={"totals": [0, 105]})
    network = ADAPTERS["network"]
    one = narrate(network.narrate, [won], ["Ada", "Bea"], 1, text=spanish)
    several = narrate(network.narrate, [many], ["Ada", "Bea"], 100, text=spanish)
    assert one.announcements == ["🏆 ¡**Ada** gana la partida con 1 punto!"]
    assert several.announcements == ["🏆 ¡**Bea** gana la partida con 105 puntos!"]
    assert several.log == ["Bea ganó la partida"]
    ring = Event("ring", 0, points=2)
    rings = narrate(network.narrate, [ring], ["Ada", "Bea"], 10, text=german)
    assert rings.announcements == ["💍 **Ada** schloss 2 Ringe: +2."]


def test_a_replay_is_captioned_in_the_tables_language() -> None:
    states = [FrameState({}, {}, 0), FrameState({}, {}, 5), FrameState({}, {}, 0)]
    canvas = Canvas(800, 200, 600)
    shown = frames(states, [b"a", b"b", b"c"], canvas, text_in("pt_BR"))
    assert [frame.caption for frame in shown] == ["Distribuição", "Lance 1 de 2", "Lance 2 de 2"]
    english = frames(states, [b"a", b"b", b"c"], canvas)
    assert [frame.caption for frame in english] == ["Deal", "Move 1 of 2", "Move 2 of 2"]


@pytest.mark.parametrize("language", ["es", "pt_BR", "de"])
def test_every_rules_summary_is_translated_and_fits_one_message(language: str) -> None:
    for adapter in ADAPTERS.values():
        english = adapter.rules_text()
        said = adapter.rules_text(text=text_in(language))
        assert said != english
        assert len(said) <= 2000  # one Discord message
        assert f"docs/rules/{language}/" in said
        for command in re.findall(r"`/[a-z]+ [^`]*`", english):
            assert command in said  # slash-command syntax stays as it is


def test_round_words_are_whole_sentences_in_each_language() -> None:
    sackson = words_for(game_spec("sackson"))
    dealt = words_for(game_spec("all-fives"))
    german = text_in("de")
    assert sackson.started(german, 2) == "Spiel 2 beginnt"
    assert dealt.started(german, 2) == "Hand 2 ausgeteilt"
    assert dealt.started(text_in(None), 2) == "Hand 2 dealt"
    assert sackson.contest_drawn(text_in("es"), None)[0] == (
        "🤝 El juego termina en empate: nadie gana."
    )


async def test_a_readers_status_tells_the_whole_table_in_their_language(store: Store) -> None:
    """The table message shown privately (``/<game> status``): heading, turn, what lies
    on the table and the latest plays, all in the reader's words; the channel's stays
    Spanish, and no hidden tile shows in either."""
    service = service_on(store)
    table = await spanish_table(service)
    update = await until_a_draw(service, table)
    update = await service.play(table, mover(update), "draw")
    record, match = update.record, update.match
    held = {name for seat in range(2) for name in match.hand.view(seat)["hand"]}

    spanish = messages.table_content(record, match, frozenset())
    portuguese = messages.table_content(record, match, frozenset(), text_in("pt-BR"))
    german = messages.table_content(record, match, frozenset(), text_in("de"))
    assert "robó" in spanish and "mano 1" in spanish
    assert portuguese.startswith("**Cincos** · mesa ") and "mão 1" in portuguese
    assert "do monte" in portuguese and "robó" not in portuguese  # the plays, told again
    assert german.startswith("**Fünfer** · Tisch ") and "aus dem Talon gekauft" in german
    assert "robó" not in german and "mano 1" not in german
    for shown in (spanish, portuguese, german):
        assert not any(tile in shown for tile in held)
    again = TableMeta.from_json(TableMeta.from_json(record.meta).to_json())
    assert again == TableMeta.from_json(record.meta)  # the retold lines are kept as stored

    picture = await pictures.table_picture(record, match, text_in("de"))
    assert picture.description is not None and picture.description.startswith("Fünfer, Tisch ")
