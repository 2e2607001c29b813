"""The page's API over a real store and table service: who may see and do what, and the
plain sentences a refusal is."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.store import Store
from bot.tables.service import Actor, TableService, load_match
from bot.tables.settings import TableSettings
from bot.web.access import WebConfig
from bot.web.api import WebSurface
from bot.web.hub import Hub
from bot.web.links import WebLinks
from bot.web.scenes import Scenes
from bot.web.state import States
from bot.web.tokens import Signer

SECRET = "a test secret, long enough"
HOUR = timedelta(hours=1)
ALICE, BOB, CAROL = 1, 2, 3
TILE = re.compile(r"\b\d{1,2}-\d{1,2}\b")


@dataclass
class Site:
    client: TestClient[Any, Any]
    service: TableService
    signer: Signer
    table: int
    hub: Hub

    def token(self, user: int, table: int | None = None) -> str:
        now = self.service.now()
        return self.signer.seat_link_token(user, table or self.table, now, HOUR)

    def headers(self, user: int, table: int | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token(user, table)}"}

    def watcher(self) -> dict[str, str]:
        token = self.signer.watch_link_token(self.table, self.service.now(), HOUR)
        return {"Authorization": f"Bearer {token}"}


@pytest.fixture
async def site(store: Store) -> AsyncIterator[Site]:
    service = TableService(store, new_seed=lambda: 5)
    settings = TableSettings.build("all-fives", seats=2, target=None, turn_seconds=3600, options={})
    record = await service.create(1, 50, Actor(ALICE, "alice"), settings)
    await service.join(record.id, Actor(BOB, "bob"))
    await service.start(record.id, Actor(ALICE, "alice"))
    signer = Signer(SECRET)
    hub = Hub()
    store.on_commit(hub.changed)
    config = WebConfig(
        WebLinks(signer, "http://tables.test", HOUR), "http://127.0.0.1:1", None, lambda: None
    )
    surface = WebSurface(
        service, config, hub, States(Scenes()), play_inline=True, settle=lambda _: None
    )
    async with TestClient(TestServer(surface.app())) as client:
        yield Site(client, service, signer, record.id, hub)


async def _state(site: Site, headers: dict[str, str]) -> dict[str, Any]:
    response = await site.client.get(f"/api/tables/{site.table}", headers=headers)
    assert response.status == 200, await response.text()
    return dict(await response.json())


async def _on_turn(site: Site) -> int:
    for user in (ALICE, BOB):
        state = await _state(site, site.headers(user))
        if state["you"]["on_turn"]:
            return user
    raise AssertionError("nobody is on turn")


async def test_a_player_sees_their_own_hand_and_controls(site: Site) -> None:
    user = await _on_turn(site)
    state = await _state(site, site.headers(user))
    assert state["status"] == "playing"
    you = state["you"]
    assert you["subjects"] and any(s["playable"] for s in you["subjects"])
    assert you["hand"]["url"].startswith(f"/api/tables/{site.table}/hand.png")
    keys = {spot["key"] for spot in you["hand"]["spots"]}
    assert keys <= {s["key"] for s in you["subjects"]}
    picture = await site.client.get(state["picture"]["url"], headers=site.headers(user))
    assert picture.status == 200 and picture.content_type == "image/png"


async def test_a_spectator_sees_no_hidden_tile(site: Site, store: Store) -> None:
    state = await _state(site, site.watcher())
    assert state["you"] is None
    record = await store.get_table(site.table)
    assert record is not None
    hand = load_match(record).hand
    hidden = set(hand.hidden_from(None))
    named = set(TILE.findall(repr(state)))
    assert hidden and not hidden & named


async def test_the_other_player_sees_no_tile_of_mine(site: Site, store: Store) -> None:
    user = await _on_turn(site)
    other = BOB if user == ALICE else ALICE
    state = await _state(site, site.headers(other))
    assert state["you"]["subjects"] == []  # not on turn: no controls
    record = await store.get_table(site.table)
    assert record is not None
    seat_of_other = 1 if user == ALICE else 0
    mine = set(load_match(record).hand.hidden_from(seat_of_other))  # the mover's and the stock
    named = set(TILE.findall(repr(state)))
    assert mine and not mine & named


async def test_a_tap_on_a_place_plays_and_the_table_moves_on(site: Site) -> None:
    user = await _on_turn(site)
    state = await _state(site, site.headers(user))
    subject = next(s["key"] for s in state["you"]["subjects"] if s["playable"])
    places = await site.client.get(
        f"/api/tables/{site.table}/places", params={"subject": subject}, headers=site.headers(user)
    )
    assert places.status == 200
    body = await places.json()
    assert body["targets"]
    move = body["targets"][0]["move"]
    played = await site.client.post(
        f"/api/tables/{site.table}/moves",
        json={"move": move, "turn": state["turn"]},
        headers=site.headers(user),
    )
    assert played.status == 200, await played.text()
    after = (await played.json())["state"]
    assert after["version"] > state["version"]
    assert not after["you"]["on_turn"]
    again = await site.client.post(
        f"/api/tables/{site.table}/moves",
        json={"move": move, "turn": state["turn"]},
        headers=site.headers(user),
    )
    assert again.status == 409  # the same tap twice: refused, nothing changes
    assert (
        "already" in (await again.json())["error"] or "out of date" in (await again.json())["error"]
    )
    final = await _state(site, site.headers(user))
    assert final["version"] == after["version"]


async def test_refusals_are_plain_sentences(site: Site) -> None:
    url = f"/api/tables/{site.table}"
    cases = [
        ({}, 401),
        ({"Authorization": "Bearer not-a-token"}, 401),
        (site.headers(ALICE, table=site.table + 1), 403),
    ]
    for headers, status in cases:
        response = await site.client.get(url, headers=headers)
        assert response.status == status
        error = (await response.json())["error"]
        assert error.endswith(".") and "Traceback" not in error
    expired = site.signer.seat_link_token(ALICE, site.table, site.service.now() - 2 * HOUR, HOUR)
    response = await site.client.get(url, headers={"Authorization": f"Bearer {expired}"})
    assert response.status == 401
    missing = await site.client.get("/api/tables/999999", headers=site.headers(ALICE, 999999))
    assert missing.status == 404


async def test_a_move_by_a_spectator_or_off_turn_or_from_another_site_changes_nothing(
    site: Site,
) -> None:
    user = await _on_turn(site)
    other = BOB if user == ALICE else ALICE
    state = await _state(site, site.headers(user))
    url = f"/api/tables/{site.table}/moves"
    body = {"move": "pass", "turn": state["turn"]}
    assert (await site.client.post(url, json=body, headers=site.watcher())).status == 403
    refused = await site.client.post(url, json=body, headers=site.headers(other))
    assert refused.status == 409 and "turn" in (await refused.json())["error"]
    elsewhere = {**site.headers(user), "Origin": "https://evil.example"}
    assert (await site.client.post(url, json=body, headers=elsewhere)).status == 403
    for junk in (b"{", b"[]", b'{"move": 5, "turn": 1}', b'{"move": "x", "turn": true}'):
        bad = await site.client.post(url, data=junk, headers=site.headers(user))
        assert bad.status == 400
        assert (await bad.json())["error"]
    illegal = await site.client.post(
        url, json={"move": "zz-top", "turn": state["turn"]}, headers=site.headers(user)
    )
    assert 400 <= illegal.status < 500
    assert (await _state(site, site.headers(user)))["version"] == state["version"]


async def test_a_socket_is_pushed_each_new_version(site: Site) -> None:
    user = await _on_turn(site)
    socket = await site.client.ws_connect(f"/api/tables/{site.table}/socket")
    await socket.send_json(
        {"token": site.signer.watch_link_token(site.table, site.service.now(), HOUR), "since": None}
    )
    first = await socket.receive_json(timeout=30)
    assert first["type"] == "state" and first["state"]["you"] is None
    state = await _state(site, site.headers(user))
    subject = next(s["key"] for s in state["you"]["subjects"] if s["playable"])
    places = await (
        await site.client.get(
            f"/api/tables/{site.table}/places",
            params={"subject": subject},
            headers=site.headers(user),
        )
    ).json()
    await site.client.post(
        f"/api/tables/{site.table}/moves",
        json={"move": places["targets"][0]["move"], "turn": state["turn"]},
        headers=site.headers(user),
    )
    pushed = await socket.receive_json(timeout=30)
    assert pushed["state"]["version"] > first["state"]["version"]
    await socket.close()


async def test_a_socket_with_a_forged_token_is_closed_with_a_reason(site: Site) -> None:
    socket = await site.client.ws_connect(f"/api/tables/{site.table}/socket")
    await socket.send_json({"token": "forged.token", "since": None})
    message = await socket.receive_json(timeout=10)
    assert message["type"] == "error" and message["error"]
    await socket.receive(timeout=10)
    assert socket.close_code == 4401


async def test_a_spectator_reads_the_page_in_their_browsers_language(site: Site) -> None:
    headers = {**site.watcher(), "Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
    state = await _state(site, headers)
    assert state["language"] == "de"
    assert state["words"]["latest"] == "Letzte Züge"
    refused = await site.client.get(
        f"/api/tables/{site.table}", headers={"Accept-Language": "es-419"}
    )
    assert refused.status == 401
    assert (await refused.json())["error"].startswith("Este enlace no es válido")


async def test_a_flood_from_one_user_is_slowed_with_a_sentence(site: Site) -> None:
    headers = site.headers(ALICE)
    statuses = []
    for _ in range(80):  # far past a person's pace, at once
        response = await site.client.get(f"/api/tables/{site.table}/places", headers=headers)
        statuses.append(response.status)
        if response.status == 429:
            assert (await response.json())["error"].startswith("Too many requests")
            break
    assert statuses[-1] == 429
    other = await site.client.get(f"/api/tables/{site.table}", headers=site.headers(BOB))
    assert other.status == 200  # another player is not slowed by it


async def test_a_subject_that_is_not_yours_to_pick_is_refused_in_words(site: Site) -> None:
    user = await _on_turn(site)
    response = await site.client.get(
        f"/api/tables/{site.table}/places", params={"subject": "9-9"}, headers=site.headers(user)
    )
    assert response.status == 400
    error = (await response.json())["error"]
    assert "9-9" in error and "{" not in error
    picture = await site.client.get(
        f"/api/tables/{site.table}/places.png",
        params={"subject": "9-9"},
        headers=site.headers(user),
    )
    assert picture.status == 400
