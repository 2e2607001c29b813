"""Small parts of the bot: custom ids, meta, narration, public texts, timers, answering."""

from __future__ import annotations

import asyncio
import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.games import ADAPTERS
from bot.games.base import Action, Controls, Subject, Target
from bot.games.narration import narrate
from bot.publishing import messages
from bot.publishing.replies import Reply, answer
from bot.store import Store, TableStatus
from bot.store.publication import Publication
from bot.tables.meta import LOG_LINES, TableMeta
from bot.tables.timers import TableTimers
from bot.views import ids
from bot.views.builders import controls_view, lobby_view
from bot.views.components import DYNAMIC_ITEMS
from engine.game import Event
from engine.network import NetworkHand
from engine.network.bonus import BonusResult
from i18n import LANGUAGES, Text
from tests.bot.set_ups import started_network_table

NETWORK = ADAPTERS["network"]


# ---------------------------------------------------------------------- ids


def test_every_custom_id_reads_back_as_the_control_it_was_made_for() -> None:
    made = {
        ids.lobby_id(12, "join"): ("lobby", None, "join"),
        ids.lobby_id(12, "computer"): ("lobby", None, "computer"),
        ids.show_hand_id(12): ("hand", None, None),
        ids.subject_id(12, 7, 1): ("subject", 7, "1"),
        ids.target_id(12, 7, 2): ("target", 7, "2"),
        ids.action_id(12, 7, "draw"): ("action", 7, "draw"),
        ids.page_id(12, 7, 2): ("page", 7, "2"),
        str(ids.show_places_id(12, 7, "12-5")): ("show", 7, "12-5"),
    }
    (template,) = [item.__discord_ui_compiled_template__ for item in DYNAMIC_ITEMS]
    for custom_id, (kind, turn, part) in made.items():
        assert len(custom_id) <= 100 and template.fullmatch(custom_id), custom_id
        assert ids.parse(custom_id) == ids.ControlId(12, kind, turn, part)


def test_ids_from_before_game_neutral_controls_still_work() -> None:
    assert ids.parse("dt:net:12:tile:7") == ids.ControlId(12, "subject", 7, None)
    assert ids.parse("dt:net:12:place:7:1") == ids.ControlId(12, "target", 7, "1")
    assert ids.parse("dt:net:12:pass:7") == ids.ControlId(12, "action", 7, "pass")
    assert ids.parse("dt:net:12:lobby:start") == ids.ControlId(12, "lobby", None, "start")


def test_forged_ids_are_not_read_as_controls() -> None:
    for forged in (
        "dt:x:hand",
        "dt:1:lobby:steal",
        "dt:1:act:3:",
        "dt:1:hand:9",
        "dt:1:act:3:DROP",
        "dt:1:targ:3:x",
        "dt:1:show:3",
        "dt:1:show:3:6_4",
        "xx:1:hand",
    ):
        assert ids.parse(forged) is None, forged
    assert ids.show_places_id(1, 3, "6 4") is None  # a key no id can carry


def _subjects(count: int) -> tuple[Subject, ...]:
    return tuple(Subject(f"{i}-0", f"{i}-0", i % 2 == 0) for i in range(count))


def test_controls_fit_discord_limits() -> None:
    controls = Controls(
        (
            Subject("5-5", "5-5", True),
            Subject("6-3", "6-3", True),
            Subject("1-0", "1-0", False, "Nowhere to play it now"),
        ),
        (Action("pass", "Pass"),),
        "Pick a tile.",
    )
    targets = [Target(f"6-3 {chr(65 + i // 4)} N{'NESW'[i % 4]}", f"{i + 1}. x") for i in range(60)]
    view = controls_view(5, 3, controls, chosen="6-3", targets=targets)
    assert view is not None
    items = [getattr(child, "item", child) for child in view.children]
    selects = [item for item in items if isinstance(item, discord.ui.Select)]
    assert [len(s.options) for s in selects] == [3, 25, 25, 10]
    assert [o.label for o in selects[0].options] == ["5-5", "6-3", "1-0"]
    assert selects[0].options[2].description == "Nowhere to play it now"
    assert [o.default for o in selects[0].options] == [False, True, False]
    assert all(len({o.value for o in s.options}) == len(s.options) for s in selects)
    assert len({item.custom_id for item in items}) == len(items)
    assert controls_view(5, 3, Controls((), (), "")) is None
    lobby = lobby_view(5, ("easy", "normal", "hard"))
    items = [getattr(child, "item", child) for child in lobby.children]
    assert [i.label for i in items if isinstance(i, discord.ui.Button)] == [
        "Join",
        "Leave",
        "Start",
    ]
    (menu,) = [i for i in items if isinstance(i, discord.ui.Select)]
    assert [o.value for o in menu.options] == ["easy", "normal", "hard"]
    assert ids.parse(str(menu.custom_id)) == ids.ControlId(5, "lobby", None, "computer")


def test_long_hands_are_paged_by_25_and_the_chosen_tile_is_on_its_page() -> None:
    controls = Controls(_subjects(63), (Action("draw", "Draw", primary=True),), "")
    view = controls_view(5, 3, controls)
    assert view is not None
    items = [getattr(child, "item", child) for child in view.children]
    selects = [item for item in items if isinstance(item, discord.ui.Select)]
    buttons = [item for item in items if isinstance(item, discord.ui.Button)]
    assert [len(s.options) for s in selects] == [25]
    assert [b.label for b in buttons] == ["Tiles page 2 ▶", "Draw"]
    assert ids.parse(str(buttons[0].custom_id)) == ids.ControlId(5, "page", 3, "1")
    last = controls_view(5, 3, controls, page=2)
    assert last is not None
    items = [getattr(child, "item", child) for child in last.children]
    (menu,) = [item for item in items if isinstance(item, discord.ui.Select)]
    assert [o.label for o in menu.options] == [f"{i}-0" for i in range(50, 63)]
    chosen = controls_view(5, 3, controls, chosen="30-0")
    assert chosen is not None
    menu = next(
        c.item for c in chosen.children if isinstance(getattr(c, "item", None), discord.ui.Select)
    )
    assert "30-0" in [o.value for o in menu.options]


# ---------------------------------------------------------------------- meta & narration


def test_meta_round_trips_and_keeps_the_latest_log_lines() -> None:
    meta = TableMeta(
        turn=4,
        deadline=datetime(2025, 1, 1, tzinfo=UTC),
        timeouts={1: 2},
        autopilot=frozenset({1}),
        actor=99,
    )
    for n in range(8):
        meta = meta.with_log([f"line {n}"])
    assert len(meta.log) == LOG_LINES and meta.log[-1] == "line 7"
    assert TableMeta.from_json(meta.to_json()) == meta
    assert TableMeta.from_json({}) == TableMeta()


def test_the_log_is_kept_in_each_language_it_was_told_in() -> None:
    """A line told again in German is read in German; a line that could not be (a
    record from before, a line with no retelling) reads as written, in every language."""
    meta = TableMeta().with_log(["ada jugó 6-6"])  # no retelling
    meta = meta.with_log(["bea jugó 6-5"], {"de": ["bea legte 6-5"]})
    for n in range(LOG_LINES):
        meta = meta.with_log([f"{n} pasó"], {"de": [f"{n} passte"]})
    meta = meta.with_log(["cal jugó 5-5"], {"de": ["cal legte 5-5"], "pt_BR": ["cal jogou 5-5"]})
    assert meta.log_in("de")[-2:] == ("4 passte", "cal legte 5-5")
    assert meta.log_in("pt_BR")[-2:] == ("4 pasó", "cal jogou 5-5")
    assert meta.log_in("es") == meta.log and len(meta.log) == LOG_LINES
    assert all(len(lines) == LOG_LINES for lines in meta.told.values())
    assert TableMeta.from_json(meta.to_json()) == meta


def test_publication_round_trips() -> None:
    sent = Publication(7, 6, 5, 4, frozenset({99}), {99: 1234})
    assert Publication.from_json(sent.to_json()) == sent
    assert Publication.from_json({}) == Publication()


def test_the_bonus_names_the_number_its_winner_fed() -> None:
    single = BonusResult((5,), 4, ((5, 1, 7, "N"),), (1,)).to_json()
    tie = BonusResult((2, 6), 3, ((2, 0, 3, "E"), (6, 0, 9, "W")), (0,)).to_json()
    story = narrate(
        NETWORK.narrate,
        [Event("bonus", 1, 3, single), Event("bonus", 0, 3, tie)],
        ["Ada", "Bea"],
        target=10,
    )
    assert story.announcements == [
        "✨ **Bea** gets the +3 bonus: 5 is the most frequent open number (4 times), "
        "and Bea fed it last.",
        "✨ **Ada** gets the +3 bonus: 2 and 6 tie as the most frequent open numbers "
        "(3 times each), and Ada fed them last.",
    ]


def test_a_hand_end_says_how_the_count_rounded() -> None:
    """All Fives rounds the others' pips to the nearest 5: 2 pips left score nothing, and
    the line says why instead of a bare "scores 0"."""
    went_out = {"reason": "domino", "winner": 2, "pips": [2, 0, 0], "points": 0}
    blocked = {"reason": "blocked", "winner": 1, "pips": [12, 3, 11], "points": 15}
    story = narrate(
        ADAPTERS["dominoes"].narrate,
        [
            Event("hand_end", 2, 0, {**went_out, "count": 2, "round_to": 5}),
            Event("hand_end", 1, 15, {**blocked, "count": 17, "round_to": 5}),
        ],
        ["alice", "bob", "carol"],
        target=100,
    )
    assert story.announcements == [
        "🁫 **carol** went out. Pips left: alice 2, bob 0, carol 0. The others' pips make 2, "
        "which rounds to 0 (counts go to the nearest 5): carol scores 0.",
        "🔒 The hand is blocked and **bob** has the fewest pips. Pips: alice 12, bob 3, "
        "carol 11. The others' pips less bob's own 3 make 17, which rounds to 15 (counts go "
        "to the nearest 5): bob scores 15.",
    ]


def test_narration_names_only_public_facts() -> None:
    events = [
        Event("play", 0, detail={"move": "6-3 B NE"}),
        Event("ring", 0, 2, {"move": "6-3 B NE"}),
        Event("pass", 1, detail={"auto": True}),
        Event("bonus", 1, 3),
        Event("hand_over", detail={"hand_number": 1, "scores": [2, 3], "totals": [2, 3]}),
        Event("match_over", 1, detail={"totals": [2, 3]}),
    ]
    story = narrate(NETWORK.narrate, events, ["Ada", "Bea"], target=3)
    assert story.log == [
        "Ada played 6-3 B NE and closed 2 rings (+2)",
        "Bea passed (nothing to play)",
        "Hand 1 over",
        "Bea won the match",
    ]
    assert any("Totals: Ada 2, Bea 3" in line for line in story.announcements)


def test_private_events_reach_only_their_seat() -> None:
    events = [
        Event("draw", 1, detail={"tiles": ["6-6", "2-1"]}, visible_to=frozenset({1})),
        Event("draw", 1, detail={"count": 2}),
    ]

    def words(event: Event, names: Any, story: Any) -> None:
        if event.is_public:
            story.log.append(f"{names[event.player]} drew {event.detail['count']}")
        else:
            story.tell(event.player, "You drew " + ", ".join(event.detail["tiles"]))

    story = narrate(words, events, ["Ada", "Bea"], target=None)
    assert story.log == ["Bea drew 2"]
    assert story.private == {1: ["You drew 6-6, 2-1"]}
    assert "6-6" not in " ".join(story.log + story.announcements)


@pytest.mark.parametrize("language", LANGUAGES)
async def test_public_table_text_never_names_a_held_tile(store: Store, language: str) -> None:
    update = await started_network_table(store, language)
    hand = update.match.hand
    assert isinstance(hand, NetworkHand)
    text = messages.table_content(update.record, update.match, frozenset())
    played = {p.tile.name for p in hand.layout.placements}
    held = {t.name for h in hand.hands for t in h} - played
    assert not set(re.findall(r"\b\d-\d\b", text)) & held
    assert Text(language)._("Your tiles: {tiles}", tiles="").strip() not in text


# ---------------------------------------------------------------------- timers


async def test_timers_fire_once_per_deadline_and_can_be_replaced(store: Store) -> None:
    fired: list[tuple[str, int, int]] = []
    done = asyncio.Event()

    async def on_turn(table_id: int, turn: int) -> None:
        fired.append(("turn", table_id, turn))
        done.set()

    async def on_lobby(table_id: int) -> None:
        fired.append(("lobby", table_id, 0))
        done.set()

    timers = TableTimers(on_turn, on_lobby, on_turn)
    now = datetime.now(UTC)
    lobby = await store.create_table(1, 2, 3, "network", {}, [], expires_at=now)
    timers.track(lobby)
    await asyncio.wait_for(done.wait(), 2)
    assert fired == [("lobby", lobby.id, 0)]

    done.clear()
    later = TableMeta(turn=3, deadline=now + timedelta(hours=1))
    playing = await store.update_table(
        lobby.id, lobby.version, status=TableStatus.PLAYING, state={}, meta=later.to_json()
    )
    timers.track(playing)
    assert list(timers.pending()) == [lobby.id]
    soon = replace(later, turn=4, deadline=datetime.now(UTC) + timedelta(milliseconds=50))
    playing = await store.update_table(playing.id, playing.version, meta=soon.to_json())
    timers.track(playing)  # replaces the hour-long wait
    await asyncio.wait_for(done.wait(), 2)
    assert fired[-1] == ("turn", lobby.id, 4)
    assert timers.pending() == {}
    await timers.close()


# ---------------------------------------------------------------------- answering


class FakeResponse:
    def __init__(self, calls: list[str]) -> None:
        self.calls = calls
        self.done = False

    def is_done(self) -> bool:
        return self.done

    async def defer(self, **_: Any) -> None:
        self.calls.append("defer")
        self.done = True

    async def edit_message(self, **_: Any) -> None:
        self.calls.append("edit_message")
        self.done = True

    async def send_message(self, *_: Any, **__: Any) -> None:
        self.calls.append("send_message")
        self.done = True


def fake_interaction(calls: list[str], age: float) -> Any:
    async def edit_original_response(**_: Any) -> None:
        calls.append("edit_original_response")

    async def followup_send(*_: Any, **__: Any) -> None:
        calls.append("followup")

    return SimpleNamespace(
        id=1,
        created_at=datetime.now(UTC) - timedelta(seconds=age),
        response=FakeResponse(calls),
        edit_original_response=edit_original_response,
        followup=SimpleNamespace(send=followup_send),
    )


async def work(delay: float) -> Reply:
    await asyncio.sleep(delay)
    return Reply("done")


async def test_a_quick_answer_costs_one_call() -> None:
    calls: list[str] = []
    await answer(fake_interaction(calls, age=0.0), work(0), edit=True)
    assert calls == ["edit_message"]
    calls.clear()
    await answer(fake_interaction(calls, age=0.0), work(0), edit=False)
    assert calls == ["send_message"]


async def test_slow_work_is_deferred_before_the_deadline() -> None:
    calls: list[str] = []
    await answer(fake_interaction(calls, age=1.95), work(0.2), edit=True)
    assert calls == ["defer", "edit_original_response"]
    calls.clear()
    await answer(fake_interaction(calls, age=5.0), work(0.05), edit=False)
    assert calls == ["defer", "followup"]


def test_names_are_shown_literally() -> None:
    from bot.games.narration import plain

    assert plain("ada") == "ada"
    assert plain("**x**_y") == r"\*\*x\*\*\_y"
    assert "@everyone" not in plain("@everyone")
    story = narrate(
        NETWORK.narrate, [Event("play", 0, detail={"move": "6-6"})], ["*star*"], target=10
    )
    assert story.log == [r"\*star\* played 6-6"]
