"""A person at the table page, doing only what they could do with their finger: tap a
tile (or a piece, or a square) in their hand or on the board, tap one of the places that
light up, or tap an action (Pass, Draw). Every wait is on what the page shows.

The page's hooks (``bot/web/static/app.js``): ``#app`` carries the shown state's
``data-version``, ``data-turn``, ``data-status`` and ``data-on-turn``; a tappable subject
is a button with ``data-subject`` (over the hand's or the board's picture, or in a list);
a place is a button over the places picture (``.target``, ``data-key``: the move) and in
the list ``#targets`` (``data-move``); an action is a button in ``#actions``;
``#error`` says a refusal; ``#notice`` says the page cannot show the table at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from playwright.async_api import BrowserContext, Locator, Page

from tests.web.browser import Received, record

WAIT_MS: Final = 20_000
"""How long the page may take to show something (drawing on a busy 2-core machine)."""
SUBJECTS: Final = "#hand [data-subject]:enabled, #board [data-subject]:enabled"


@dataclass
class TablePage:
    """One person's tab on the table page."""

    name: str
    page: Page
    received: Received

    @classmethod
    async def open(cls, context: BrowserContext, name: str, link: str) -> TablePage:
        """Open ``link`` in a new tab of ``context`` and wait for the table."""
        page = await context.new_page()
        received = record(page)
        await page.goto(link)
        opened = cls(name, page, received)
        await opened.shows_table()
        return opened

    # ------------------------------------------------------------------ reading

    @property
    def app(self) -> Locator:
        return self.page.locator("#app")

    async def shows_table(self) -> None:
        """Wait until a state is shown (the table view is visible)."""
        await self.page.wait_for_function(
            "() => document.getElementById('app').dataset.version !== undefined",
            timeout=WAIT_MS,
        )

    async def version(self) -> int:
        return int(await self.app.get_attribute("data-version") or -1)

    async def status(self) -> str:
        return await self.app.get_attribute("data-status") or ""

    async def on_turn(self) -> bool:
        return await self.app.get_attribute("data-on-turn") == "true"

    async def lines(self) -> list[str]:
        """The table's lines as the page shows them (scores, whose turn, the result)."""
        return [t.strip() for t in await self.page.locator("#lines p").all_inner_texts()]

    async def scores(self) -> dict[str, str]:
        """Each seat's name and score as the side panel shows them."""
        shown = {}
        for seat in await self.page.locator("#seats li").all():
            name = (await seat.locator(".name").inner_text()).strip()
            shown[name] = (await seat.locator(".score").inner_text()).strip()
        return shown

    async def text(self) -> str:
        """Everything on the page a person or a screen reader gets: its HTML, attributes
        (labels, alt texts) included."""
        return await self.page.content()

    async def wait_for_version_after(self, version: int) -> int:
        """Wait until the page shows a state newer than ``version``; that version."""
        await self.page.wait_for_function(
            "v => Number(document.getElementById('app').dataset.version) > v",
            arg=version,
            timeout=WAIT_MS,
        )
        return await self.version()

    async def wait_for_version(self, version: int) -> None:
        """Wait until the page shows ``version`` or newer."""
        await self.page.wait_for_function(
            "v => Number(document.getElementById('app').dataset.version) >= v",
            arg=version,
            timeout=WAIT_MS,
        )

    async def wait_for_text(self, selector: str, text: str) -> None:
        await self.page.locator(selector, has_text=text).first.wait_for(timeout=WAIT_MS)

    # ------------------------------------------------------------------ tapping

    async def tap_subject(self, key: str | None = None) -> str:
        """Tap a playable tile or piece (``key``, else the first one offered); once its
        places show, the subject's key."""
        if key is None:
            button = self.page.locator(SUBJECTS).first
        else:
            button = self.page.locator(f'[data-subject="{key}"]:enabled').first
        chosen = await button.get_attribute("data-subject")
        assert chosen is not None
        await button.click()
        await self.page.wait_for_function(
            "k => document.getElementById('app').dataset.choosing === k",
            arg=chosen,
            timeout=WAIT_MS,
        )
        await self.page.locator("#targets [data-move]").first.wait_for(timeout=WAIT_MS)
        return chosen

    async def place_spots(self) -> list[str]:
        """The moves lit up over the places picture (its tappable boxes)."""
        spots = self.page.locator("#places-picture:not([hidden]) .target")
        return [k for k in [await s.get_attribute("data-key") for s in await spots.all()] if k]

    async def tap_place(self, move: str | None = None) -> str:
        """Tap a place lit up for the chosen subject (``move``, else the first): its box
        on the places picture when there is one, else its button in the list."""
        spots = await self.place_spots()
        wanted = move or (spots[0] if spots else None)
        if wanted is not None and wanted in spots:
            button = self.page.locator(f'#places-picture .target[data-key="{wanted}"]').first
        elif wanted is not None:
            button = self.page.locator(f'#targets [data-move="{wanted}"]')
        else:
            button = self.page.locator("#targets [data-move]").first
            wanted = await button.get_attribute("data-move")
        assert wanted is not None
        await button.click()
        return wanted

    async def tap_action(self, move: str | None = None) -> str:
        """Tap an action button (``move``: its move, else the first)."""
        selector = "#actions button" if move is None else f'#actions [data-move="{move}"]'
        button = self.page.locator(selector).first
        chosen = await button.get_attribute("data-move")
        assert chosen is not None
        await button.click()
        return chosen

    async def play_by_keyboard(self) -> str:
        """Play the first playable tile on its first place with the keyboard alone, as
        with a screen reader: focus the tile's button (its label names the tile), Enter;
        the first place gets the focus (its label names the move), Enter. The labels."""
        before = await self.version()
        tile = self.page.locator(SUBJECTS).first
        await tile.focus()
        chosen = await self.focused_label()
        await self.page.keyboard.press("Enter")
        await self.page.wait_for_function(
            "() => document.activeElement && document.activeElement.closest('#targets')",
            timeout=WAIT_MS,
        )
        place = await self.focused_label()
        await self.page.keyboard.press("Enter")
        await self.wait_for_version_after(before)
        error = (await self.page.locator("#error").inner_text()).strip()
        assert not error, f"{self.name}: {chosen} → {place} was refused: {error}"
        return f"{chosen} → {place}"

    async def focused_label(self) -> str:
        label = await self.page.evaluate("() => document.activeElement.getAttribute('aria-label')")
        assert label, "the focused button has no label"
        return str(label)

    async def play_a_turn(self) -> str:
        """Play the turn the page offers: the first playable tile on its first place,
        else the first action (Pass, Draw); returns the move once the page shows it
        played (a newer state, with no refusal)."""
        before = await self.version()
        if await self.page.locator(SUBJECTS).count():
            subject = await self.tap_subject()
            move = f"{subject} → {await self.tap_place()}"
        else:
            move = await self.tap_action()
        await self.wait_for_version_after(before)
        error = (await self.page.locator("#error").inner_text()).strip()
        assert not error, f"{self.name}: {move} was refused: {error}"
        return move


async def whose_turn(pages: list[TablePage], version: int) -> TablePage | None:
    """Of ``pages`` all showing ``version`` or newer, the one whose reader is on turn
    (None: nobody's, e.g. the game is over or a computer is thinking)."""
    for page in pages:
        await page.wait_for_version(version)
    for page in pages:
        if await page.on_turn():
            return page
    return None
