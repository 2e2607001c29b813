"""A real Chromium for the web page's tests: Debian's browser (``scripts/chromium.sh``
installs it when missing; ``CHROMIUM`` names another), driven through Playwright's async
API, which never downloads a browser of its own here.

Each person is a context of their own (their own storage, their own sockets), as two
people on two phones would be. Every page records what reached it: each WebSocket frame
and each text response body, so a test can check that nothing hidden from its viewer
ever arrived, not only that nothing hidden is on screen.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from playwright.async_api import Browser, Page, Response, WebSocket, async_playwright

ARGS: Final = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
DESKTOP: Final = {"width": 1280, "height": 900}
PHONE: Final = {"width": 360, "height": 780}
SCREENS: Final = Path(__file__).with_name("_screens")
"""Where the tests save each game's page as pictures (gitignored) to be looked at."""


def chromium_path() -> str:
    """The browser to drive: ``CHROMIUM``, else Debian's ``chromium`` on the path."""
    named = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(named).exists():
        raise RuntimeError(f"no Chromium at {named}: run scripts/chromium.sh or set CHROMIUM")
    return named


@asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    """A headless Chromium, closed on leaving."""
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=chromium_path(), args=ARGS, headless=True
        )
        try:
            yield browser
        finally:
            await browser.close()


@dataclass
class Received:
    """Everything textual a page received: socket frames and response bodies."""

    frames: list[str] = field(default_factory=list)
    bodies: list[tuple[str, str]] = field(default_factory=list)
    """(url, body) of every response that is not a picture."""
    _reading: set[asyncio.Task[None]] = field(default_factory=set)

    def texts(self) -> list[str]:
        return [*self.frames, *(body for _, body in self.bodies)]

    async def settled(self) -> None:
        """Wait until every body still being read has been kept."""
        while self._reading:
            await asyncio.gather(*list(self._reading), return_exceptions=True)


def record(page: Page) -> Received:
    """Start keeping what ``page`` receives from now on."""
    received = Received()

    def socket_opened(socket: WebSocket) -> None:
        def frame(payload: str | bytes) -> None:
            received.frames.append(
                payload if isinstance(payload, str) else payload.decode(errors="replace")
            )

        socket.on("framereceived", frame)

    async def keep(response: Response) -> None:
        if response.headers.get("content-type", "").startswith("image/"):
            return
        try:
            body = await response.body()
        except Exception:  # a redirect or a page closed meanwhile: no body to read
            return
        received.bodies.append((response.url, body.decode(errors="replace")))

    def responded(response: Response) -> None:
        task = asyncio.ensure_future(keep(response))
        received._reading.add(task)
        task.add_done_callback(received._reading.discard)

    page.on("websocket", socket_opened)
    page.on("response", responded)
    return received


WIDER_THAN_SHOWN = """() => {
  const width = document.documentElement.clientWidth;
  return [...document.querySelectorAll('body *')]
    .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > width + 1)
    .map((e) => e.id || e.className || e.tagName);
}"""


async def screenshots(page: Page, name: str) -> list[Path]:
    """Save ``page`` at desktop width and at 360 px (a phone), full length; the files.
    At either width nothing may stick out sideways (no sideways scrolling on a phone)."""
    SCREENS.mkdir(exist_ok=True)
    saved = []
    original = page.viewport_size
    for label, size in (("desktop", DESKTOP), ("360px", PHONE)):
        await page.set_viewport_size(size)
        await page.wait_for_function("() => document.fonts.ready.then(() => true)")
        path = SCREENS / f"{name}-{label}.png"
        await page.screenshot(path=str(path), full_page=True)
        saved.append(path)
        outside = await page.evaluate(WIDER_THAN_SHOWN)
        assert not outside, f"{name} at {label}: wider than the screen: {outside}"
    if original is not None:
        await page.set_viewport_size(original)
    return saved
