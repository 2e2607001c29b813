"""The table's web page from Discord: ``/<family> web`` and the Open in browser button
answer privately with the asker's own link (a spectator's when they hold no seat), and
the table message's Play here button opens the table inside Discord, as an Activity."""

from __future__ import annotations

from typing import Any, Final

import discord

from bot.discord.answering import Desk, reader_text
from bot.publishing.replies import tell
from bot.store import TableRecord
from bot.tables.errors import UserError
from bot.tables.seats import closed_error, seat_of
from bot.web.links import Link, WebLinks
from bot.web.tokens import Kind
from i18n import N_, Text

WEB_OFF: Final = N_(
    "This bot does not serve the tables' web page: its operator has not switched it on."
)
ACTIVITY_OFF: Final = N_(
    "This bot does not open tables inside Discord: its operator has not switched the Activity on."
)


def link_content(link: Link, table_id: int, hours: int, text: Text) -> str:
    """The private answer that carries a link, and how long it works."""
    if link.kind is Kind.SEAT:
        head = text._(
            "🌐 Your own link to table {table}: <{url}>\nIt plays for your seat in any "
            "browser, a phone's too: keep it to yourself.",
            table=table_id,
            url=link.url,
        )
    else:
        head = text._(
            "👀 A spectator link to table {table}: <{url}>\nYou hold no seat there, so it "
            "shows the table as the channel sees it.",
            table=table_id,
            url=link.url,
        )
    until = f"<t:{link.expires}:f>"
    lasts = text.n_(
        "It works for {count} hour, until {until}.",
        "It works for {count} hours, until {until}.",
        hours,
        until=until,
    )
    return f"{head}\n{lasts}"


class WebPageHandlers(Desk):
    """Links to a table's page, and the Activity."""

    async def web_here(self, interaction: discord.Interaction[Any], family: str) -> None:
        """``/<family> web``: a link to this channel's table."""

        async def run() -> None:
            web = self._web()
            record = await self.table_here(interaction, family)
            await self._send_link(interaction, web, record)

        await self.guarded(interaction, run)

    async def web_link(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Open in browser, on a player's private controls: the same, freshly signed."""

        async def run() -> None:
            web = self._web()
            await self._send_link(interaction, web, await self._open_table(table_id))

        await self.guarded(interaction, run)

    async def launch_activity(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Play here, on the table message: Discord opens the Activity for the presser
        (it finds the table running in its channel)."""

        async def run() -> None:
            if not self.activity or self.web is None:
                raise UserError(ACTIVITY_OFF)
            await self._open_table(table_id)
            await interaction.response.launch_activity()

        await self.guarded(interaction, run)

    async def _open_table(self, table_id: int) -> TableRecord:
        """The table a button names, refused politely once it is closed."""
        record = await self.service.table(table_id)
        if not record.is_open:
            raise closed_error(record)
        return record

    def _web(self) -> WebLinks:
        if self.web is None:
            raise UserError(WEB_OFF)
        return self.web

    async def _send_link(
        self, interaction: discord.Interaction[Any], web: WebLinks, record: TableRecord
    ) -> None:
        user_id = interaction.user.id
        seated = seat_of(record, user_id) is not None
        link = web.link(user_id, record.id, seated=seated, now=self.service.now())
        await tell(interaction, link_content(link, record.id, web.hours, reader_text(interaction)))
