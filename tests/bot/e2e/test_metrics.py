"""The operator's port on the real bot: /metrics moves with a play, with the right labels
and nothing private in it; /health answers 200 while connected."""

from __future__ import annotations

import re
import socket

import aiohttp

from tests.bot.e2e.conftest import Club, checked_bot, driver
from tests.bot.e2e.harness import TILE_NAME
from tests.fakediscord import BotLauncher

SAMPLE = re.compile(r"^(?P<name>[a-z_]+)(?:\{(?P<labels>[^}]*)\})? (?P<value>\S+)$", re.M)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def value(text: str, name: str, **labels: str) -> float:
    """The sum of ``name``'s samples whose labels include ``labels``."""
    total = 0.0
    for match in SAMPLE.finditer(text):
        if match["name"] != name:
            continue
        found = dict(re.findall(r'(\w+)="([^"]*)"', match["labels"] or ""))
        if all(found.get(k) == v for k, v in labels.items()):
            total += float(match["value"])
    return total


async def scrape(port: int, path: str) -> tuple[int, str]:
    async with (
        aiohttp.ClientSession() as http,
        http.get(f"http://127.0.0.1:{port}{path}") as response,
    ):
        return response.status, await response.text()


async def test_metrics_move_with_a_play_and_show_nothing_private(
    club: Club, bot_launcher: BotLauncher
) -> None:
    port = free_port()
    async with checked_bot(club, bot_launcher, METRICS_PORT=str(port), METRICS_HOST="127.0.0.1"):
        status, _ = await scrape(port, "/health")
        assert status == 200
        _, before = await scrape(port, "/metrics")
        assert value(before, "domino_plays_total") == 0

        table = driver(club, club.ada)
        await table.open(club.ada, seats=2, target=50)
        await table.add_computer(club.ada)
        await table.start(club.ada)
        turn = await table.next_turn()
        while turn is not None and turn.player is not club.ada:
            turn = await table.next_turn()
        assert turn is not None
        await table.play_first(turn)
        await table.next_turn()  # the computer has replied, and ada has her controls again

        status, text = await scrape(port, "/metrics")
        assert status == 200
        by_ada = value(text, "domino_plays_total", game="network", player="person")
        assert by_ada == 1
        assert value(text, "domino_plays_total", game="network", player="computer") >= 1
        slash = {"type": "application_command", "action": "network"}
        assert value(text, "domino_interactions_total", **slash) == 1
        assert value(text, "domino_interactions_total", type="component", action="target") == 1
        assert value(text, "domino_answer_seconds_count") >= 3
        assert value(text, "domino_publish_lag_seconds_count") >= 1
        assert value(text, "domino_discord_calls_total", limit="global") > 0
        assert value(text, "domino_discord_calls_total", limit="interaction") > 0
        assert value(text, "domino_picture_seconds_count", kind="table") >= 1
        assert value(text, "domino_picture_seconds_count", kind="hand") >= 1
        level = {"game": "network", "level": "normal"}
        assert value(text, "domino_computer_move_seconds_count", **level) >= 1
        assert "domino_jobs_waiting" in text
        assert value(text, "domino_discord_rate_limited_total") == 0

        ours = "\n".join(line for line in text.splitlines() if "domino_" in line)
        for person in (club.ada.user, club.fake.bot_user):
            assert str(person.id) not in text
        assert not TILE_NAME.search(ours), "a tile in a metric"
        labels = {
            key
            for match in SAMPLE.finditer(ours)
            for key in re.findall(r'(\w+)="', match["labels"] or "")
        }
        assert labels == {"game", "kind", "player", "type", "action", "via", "limit", "level", "le"}
