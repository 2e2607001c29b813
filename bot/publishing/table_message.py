"""The channel's one live table message: redrawn in place, or moved to the bottom of the
channel (posted anew, the old one deleted) so that, whatever moment a process is killed
at and however long it stays down, the channel is left with exactly one of them.

A move is three steps with a write before and between them:

1. record the move (:class:`~bot.store.publication.TableMove`: the message it replaces,
   the new post's nonce, a snowflake from just before the post) in the publication;
2. post the new message, then save its id at once (the move still recorded);
3. delete the old one, and clear the move with the publication's last write.

A publication that finds a move recorded finishes it first (:meth:`TableMessages.finish_move`):
when the new id was saved only the old message is left to delete; otherwise the new message
may or may not stand, so the channel's history after the recorded snowflake is read for
the bot's own table message of that table, and it is kept if found, else posted (with the
same nonce). A table message found gone when it is edited (404, Unknown Message) is
logged without a traceback and posted anew the same way.

What remains:

- A process killed after Discord created the new message and before its id was written
  leaves it to be found in the first 100 channel messages after the recorded snowflake
  (taken a minute before the post, for clock skew). Without the Read Message History
  permission (Discord then lists no messages), or with over 100 messages posted in the
  channel from that minute on, it is not found: the repost carries the same nonce, which
  Discord honours for a few minutes only, so an outage longer than that, cut at exactly
  that moment, leaves a second live table message.
- A post that fails without the process stopping (a timeout whose message was created
  after all) leaves the move recorded; the old message stays live, and the new one may
  stand beside it, until the table's next publication (its next play, or a restart)
  finishes the move.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any, Final

import discord

from bot.publishing.replies import NO_MENTIONS, Reply
from bot.publishing.turn_notices import message_nonce
from bot.store import Store, TableRecord
from bot.store.publication import Publication, TableMove
from bot.views.ids import show_hand_id

log = logging.getLogger(__name__)

TABLE_MESSAGE: Final = -2
"""The table message's place in its nonce (a seat's is its number)."""
UNKNOWN_MESSAGE: Final = 10008
CLOCK_SKEW: Final = timedelta(minutes=1)
"""How far the recorded snowflake lies before the post: our clock may be ahead of Discord's."""
HISTORY_PAGE: Final = 100
_COMPONENTS_V2: Final = 1 << 15


@dataclass(slots=True)
class Sent:
    """What one publication sent so far: becomes the table's next :class:`Publication`."""

    publication: Publication
    message_id: int | None = None
    """The table message's new id, when it was posted anew."""


class TableMessages:
    """Edits, moves and repairs a table's message in its channel."""

    def __init__(self, client: discord.Client, store: Store) -> None:
        self._client = client
        self._store = store

    async def edit(self, record: TableRecord, reply: Reply) -> None:
        """Replace the table message's content (raises :class:`discord.NotFound` when it
        is gone)."""
        if record.message_id is None:
            return
        message = self._channel(record).get_partial_message(record.message_id)
        content, view = reply.parts()
        await message.edit(
            content=content, attachments=reply.files, view=view, allowed_mentions=NO_MENTIONS
        )

    async def redraw(self, record: TableRecord, reply: Reply, sent: Sent) -> None:
        """Edit the table message in place; when it is gone (deleted by hand, or by a move
        whose new id was lost), post it anew, recorded like any move."""
        try:
            await self.edit(record, reply)
        except discord.NotFound as exc:
            if exc.code != UNKNOWN_MESSAGE:
                raise
            log.warning(
                "table %d: its table message %s is gone; posting it anew",
                record.id,
                record.message_id,
            )
            await self.move(record, reply, sent, ping=None)

    async def move(
        self, record: TableRecord, reply: Reply, sent: Sent, *, ping: int | None
    ) -> None:
        """Post ``reply`` anew at the bottom of the channel and delete the old table message
        (steps 1 to 3 of the module's docstring); ``ping``: the user its note mentions
        and notifies. ``sent`` is left with the new id and no move pending."""
        since = discord.utils.time_snowflake(datetime.now(UTC) - CLOCK_SKEW)
        nonce = message_nonce(record.id, record.version, TABLE_MESSAGE)
        move = TableMove(record.message_id, nonce, since, record.version, ping)
        sent.publication = replace(sent.publication, moving=move)
        await self._save(record, sent.publication)
        posted = await self._post(record, reply, move)
        await self._settle(record, sent, move, posted)

    async def finish_move(self, record: TableRecord, reply: Reply, sent: Sent) -> bool:
        """Finish the move recorded in ``sent.publication`` by a process that stopped
        midway, or a publication whose step failed (see the module's docstring);
        ``reply``: the table as committed now, posted if the new message is not found.
        Returns whether the live table message now shows ``record``'s version."""
        move = sent.publication.moving
        assert move is not None
        current = record.message_id
        if current is not None and current != move.replaces:  # posted and saved
            await self._settle(record, sent, move, current, saved=True)
            return move.version == record.version
        found = await self._posted_before(record, move)
        if found is not None:
            log.info("table %d: its moved table message %d was found again", record.id, found)
            await self._settle(record, sent, move, found)
            return move.version == record.version
        posted = await self._post(record, reply, move)  # Discord may return the lost one
        await self._settle(record, sent, move, posted)
        return move.version == record.version

    async def _post(self, record: TableRecord, reply: Reply, move: TableMove) -> int:
        mentions = NO_MENTIONS
        if move.ping is not None:
            mentions = discord.AllowedMentions(users=[discord.Object(id=move.ping)])
        _, view = reply.parts()  # a layout: its text is in the view
        assert view is not None
        posted = await self._channel(record).send(
            files=reply.files,
            view=view,
            allowed_mentions=mentions,
            nonce=move.nonce,
        )
        return posted.id

    async def _settle(
        self, record: TableRecord, sent: Sent, move: TableMove, new_id: int, saved: bool = False
    ) -> None:
        """Save the new message's id (the move still recorded), then delete the old one;
        the move is cleared from ``sent`` for the publication's last write."""
        if not saved:
            await self._save(record, sent.publication, new_id)
        sent.message_id = new_id
        if move.replaces is not None and move.replaces != new_id:
            await self.delete(record, move.replaces)
        sent.publication = replace(sent.publication, moving=None)

    async def _save(
        self, record: TableRecord, publication: Publication, message_id: int | None = None
    ) -> None:
        """Record a move's progress; the version already shown is kept, so the table stays
        behind (and its publication is done again) until the move is finished."""
        kept = Publication.from_json(record.publication).version
        await self._store.record_publication(
            record.id, replace(publication, version=kept).to_json(), message_id
        )

    async def _posted_before(self, record: TableRecord, move: TableMove) -> int | None:
        """The table message a stopped process posted for ``move`` (its id not saved), read
        from the channel's history after ``move.since``; None if not found or unreadable.
        Any other copy found is deleted: one stays live."""
        me = self._client.user
        try:
            found = await self._client.http.logs_from(
                record.channel_id, HISTORY_PAGE, after=move.since
            )
        except discord.HTTPException as exc:
            log.warning("table %d: could not read the channel's history: %s", record.id, exc)
            return None
        mine = sorted(
            int(message["id"])
            for message in found
            if me is not None
            and int(message["author"]["id"]) == me.id
            and int(message["id"]) != move.replaces
            and _is_table_message(dict(message), record.id)
            and message.get("nonce") in (None, move.nonce, str(move.nonce))
        )
        for extra in mine[:-1]:
            await self.delete(record, extra)
        return mine[-1] if mine else None

    async def delete(self, record: TableRecord, message_id: int | None) -> None:
        """Remove one of the bot's channel messages (gone already is fine)."""
        if message_id is not None:
            with contextlib.suppress(discord.NotFound):
                await self._channel(record).get_partial_message(message_id).delete()

    def _channel(self, record: TableRecord) -> discord.PartialMessageable:
        return self._client.get_partial_messageable(
            record.channel_id, guild_id=record.guild_id, type=discord.ChannelType.text
        )


def _is_table_message(message: dict[str, Any], table_id: int) -> bool:
    """A running table's message: a layout carrying the table's own Show hand control."""
    if not int(message.get("flags") or 0) & _COMPONENTS_V2:
        return False
    return show_hand_id(table_id) in _custom_ids(message.get("components") or [])


def _custom_ids(components: list[Any]) -> Iterator[str]:
    for component in components:
        if not isinstance(component, dict):
            continue
        if component.get("custom_id"):
            yield str(component["custom_id"])
        for key in ("components", "accessory"):
            inner = component.get(key)
            if isinstance(inner, dict):
                yield from _custom_ids([inner])
            elif isinstance(inner, list):
                yield from _custom_ids(inner)
