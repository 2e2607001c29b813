"""The operator's port: /metrics in Prometheus's format, /health by connection and database."""

from __future__ import annotations

import socket

import aiohttp

from bot.app.observe import Observer, interaction_action


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_an_interaction_label_is_a_command_or_a_control_kind_never_its_values() -> None:
    command = {"name": "network", "options": [{"name": "play", "value": "6-3 B NE"}]}
    assert interaction_action("application_command", command) == "network"
    assert interaction_action("component", {"custom_id": "dt:17:targ:4:2"}) == "target"
    assert interaction_action("component", {"custom_id": "dt:17:place:4:2"}) == "target"
    assert interaction_action("component", {"custom_id": "dt:5:hand"}) == "hand"
    assert interaction_action("component", {"custom_id": "something else"}) == "other"
    assert interaction_action("application_command", {"name": "Weird Name!"}) == "other"


async def test_health_follows_the_connection_and_the_database() -> None:
    state = {"connected": True, "database": True}
    waited = []

    async def database() -> None:
        if not state["database"]:
            raise OSError("gone")

    async def waiting() -> int:
        waited.append(1)
        return 7

    observer = Observer(lambda: state["connected"], database, waiting)
    port = free_port()
    await observer.start("127.0.0.1", port)
    base = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession() as http:

            async def health() -> int:
                async with http.get(f"{base}/health") as response:
                    return response.status

            assert await health() == 200
            state["database"] = False
            assert await health() == 503
            state["database"], state["connected"] = True, False
            assert await health() == 503
            for _ in range(2):
                async with http.get(f"{base}/metrics") as response:
                    assert response.status == 200
                    text = await response.text()
            assert "domino_jobs_waiting 7.0" in text
            assert len(waited) == 1, "a second scrape within seconds reuses the count"
    finally:
        await observer.close()
