"""The container's health check: healthy only on /health's 200, with one line saying why."""

from __future__ import annotations

import asyncio

import pytest

from bot.app.healthcheck import HEALTHY, UNHEALTHY, check, health_url
from bot.app.observe import Observer
from tests.bot.app.test_observe import free_port


@pytest.mark.parametrize(
    ("host", "url"),
    [
        (None, "http://127.0.0.1:9100/health"),
        ("0.0.0.0", "http://127.0.0.1:9100/health"),
        ("::", "http://[::1]:9100/health"),
        ("10.0.0.5", "http://10.0.0.5:9100/health"),
        ("fd00::5", "http://[fd00::5]:9100/health"),
    ],
)
def test_it_asks_where_the_process_listens(host: str | None, url: str) -> None:
    environ = {"METRICS_PORT": "9100"} | ({} if host is None else {"METRICS_HOST": host})
    assert health_url(environ) == url


def test_without_a_metrics_port_there_is_nothing_to_ask() -> None:
    assert check({"METRICS_PORT": " "}) == (
        UNHEALTHY,
        "METRICS_PORT is not set: there is no /health to ask.",
    )


async def test_healthy_on_200_unhealthy_on_503_and_without_an_answer() -> None:
    state = {"connected": True}

    async def database() -> None:
        return None

    observer = Observer(lambda: state["connected"], database)
    port = free_port()
    environ = {"METRICS_PORT": str(port), "METRICS_HOST": "127.0.0.1"}
    await observer.start("127.0.0.1", port)
    try:
        assert await asyncio.to_thread(check, environ) == (
            HEALTHY,
            f"http://127.0.0.1:{port}/health: 200 ok",
        )
        state["connected"] = False
        assert await asyncio.to_thread(check, environ) == (
            UNHEALTHY,
            f"http://127.0.0.1:{port}/health: 503 unhealthy",
        )
    finally:
        await observer.close()
    status, line = await asyncio.to_thread(check, environ)
    assert status == UNHEALTHY and line.startswith(f"http://127.0.0.1:{port}/health: no answer")
