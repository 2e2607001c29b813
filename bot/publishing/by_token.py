"""Publishing a table in a chat the bot is not in (a DM or group DM, or a server that has
the app only through its users): everything through the players' own interactions.

Discord lets an app speak there only in answer to an interaction, for 15 minutes after it,
and such calls do not count against the bot's global rate limit. So the table message is
an interaction's answer, redrawn through the newest token whose message it is (a click on
it), news and the call to the player to move are follow-ups that ping them, and private
hands are only ever ephemeral answers. When the table message's own token has expired,
the table is posted anew as a follow-up of the newest interaction in the chat; when every
token has, the table is left as it is, recorded as unshown, and the next click on it
brings it up to date (:meth:`bot.discord.answering.Desk.note_table_token`): moves made
meanwhile by computers or by turn timeouts are shown then.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import timedelta
from typing import Any, Final, TypeVar

import discord

from bot.publishing import messages, pictures
from bot.publishing.answers import AnswerTicket
from bot.publishing.replies import NO_MENTIONS, Reply
from bot.store import Store, TableRecord, TableStatus
from bot.store.publication import Publication
from bot.store.tokens import ORIGINAL, HeldToken
from bot.tables.meta import News, TableMeta
from engine.match import Match
from engine.registry import hand_from_json

log = logging.getLogger(__name__)

T = TypeVar("T")

TOKEN_LIFE: Final = timedelta(minutes=14)
"""How long after it was noted a token is used: Discord's 15 minutes, less a minute for
the clocks and the call itself."""

TableReply = Callable[[TableRecord, Match], Awaitable[Reply]]


class TokenPublisher:
    """Publishes a table through its noted interaction tokens (see the module)."""

    def __init__(self, client: discord.Client, store: Store, table_reply: TableReply) -> None:
        self._client = client
        self._store = store
        self._table_reply = table_reply

    async def publish(
        self, record: TableRecord, match: Match, via: AnswerTicket | None
    ) -> tuple[Publication, int | None] | None:
        """Show what of the table is not shown yet; ``via``: a click on the table message
        waiting for its answer (the table redrawn there). Returns what is now shown and
        the table message's new id if it was posted anew, or None when no token lives
        (nothing was sent)."""
        tokens = await self._store.live_tokens(record.id, TOKEN_LIFE)
        table = tokens.get("table")
        if via is not None:
            table = HeldToken(via.to_json(), ORIGINAL, self._store.now())
        speaker = _newest(table, tokens.get("any"))
        if speaker is None:
            log.debug("table %d: no live interaction to show it through", record.id)
            return None
        done = Publication.from_json(record.publication)
        meta = TableMeta.from_json(record.meta)
        reply = await self._table_reply(record, match)
        moved_to = None
        if table is None or not await self._redraw(table, reply):
            posted = await self._post(speaker, reply)
            if posted is None:
                return None
            interaction_id, moved_to = posted
            await self._store.note_token(
                record.id, record.channel_id, "table", interaction_id, speaker.ticket, str(moved_to)
            )
        shown = replace(done, version=record.version)
        news = [item for item in meta.news if item.id > done.news_sent]
        told = [item for item in news if item.announcements]
        if told and await self._announce(speaker, record, match, told) is None:
            return shown, moved_to  # the rest waits for the next publication
        if news:
            shown = replace(shown, news_sent=max(item.id for item in news))
        caller = _player_to_call(record, match, meta, done)
        if caller is not None:
            content = messages.turn_ping_content(record, caller)
            mentions = discord.AllowedMentions(users=[discord.Object(id=caller)])
            if await self._follow_up(speaker, content=content, allowed_mentions=mentions) is None:
                return shown, moved_to
        told_turn = replace(shown, dm_turn=max(done.dm_turn, meta.turn), reminded_turn=meta.turn)
        return told_turn, moved_to

    async def redraw_lobby(self, record: TableRecord, reply: Reply) -> bool:
        """Redraw the table message (a lobby changed without a click on it) if a token
        whose message it is still lives; False when none does."""
        table = (await self._store.live_tokens(record.id, TOKEN_LIFE)).get("table")
        return table is not None and await self._redraw(table, reply)

    async def remind(self, record: TableRecord, content: str, user_id: int) -> bool:
        """A follow-up that pings ``user_id`` (a long turn's reminder), if a token lives."""
        tokens = await self._store.live_tokens(record.id, TOKEN_LIFE)
        speaker = _newest(tokens.get("table"), tokens.get("any"))
        if speaker is None:
            return False
        mentions = discord.AllowedMentions(users=[discord.Object(id=user_id)])
        sent = await self._follow_up(speaker, content=content, allowed_mentions=mentions)
        return sent is not None

    # ------------------------------------------------------------------ calls

    async def _redraw(self, table: HeldToken, reply: Reply) -> bool:
        """Edit the table message through ``table``'s token; False if Discord refuses (the
        token expired, or the message is gone)."""
        ticket = AnswerTicket.from_json(dict(table.ticket))
        interaction = ticket.interaction(self._client)
        content, view = reply.parts()
        edited: dict[str, Any] = {
            "content": content,
            "attachments": reply.files,
            "view": view,
            "allowed_mentions": NO_MENTIONS,
        }
        if table.message == ORIGINAL:
            original = await _tried(ticket, lambda: interaction.edit_original_response(**edited))
            return original is not None
        message_id = int(table.message)
        posted = await _tried(
            ticket, lambda: interaction.followup.edit_message(message_id, **edited)
        )
        return posted is not None

    async def _post(self, speaker: HeldToken, reply: Reply) -> tuple[int, int] | None:
        """The table posted anew as a follow-up of ``speaker``'s interaction: (that
        interaction's id, the new message's id), or None if Discord refuses."""
        content, view = reply.parts()
        message: dict[str, Any] = {"files": reply.files, "allowed_mentions": NO_MENTIONS}
        if isinstance(view, discord.ui.LayoutView):
            message["view"] = view
        else:
            message.update(content=content, view=view or discord.utils.MISSING)
        sent = await self._follow_up(speaker, **message)
        if sent is None:
            return None
        return AnswerTicket.from_json(dict(speaker.ticket)).interaction_id, sent.id

    async def _announce(
        self, speaker: HeldToken, record: TableRecord, match: Match, news: list[News]
    ) -> discord.WebhookMessage | None:
        """The news not yet told, with each finished hand's picture, as one follow-up."""
        files = []
        for item in news:
            if item.finished_hand is not None:
                hand = hand_from_json(item.finished_hand)
                files.append(await pictures.finished_hand_picture(record, hand, match))
        content = "\n".join(line for item in news for line in item.announcements)
        return await self._follow_up(
            speaker, content=content, files=files, allowed_mentions=NO_MENTIONS
        )

    async def _follow_up(self, speaker: HeldToken, **message: Any) -> discord.WebhookMessage | None:
        ticket = AnswerTicket.from_json(dict(speaker.ticket))
        followup = ticket.interaction(self._client).followup
        return await _tried(ticket, lambda: followup.send(wait=True, **message))


async def _tried(ticket: AnswerTicket, call: Callable[[], Awaitable[T]]) -> T | None:
    """``call()`` once its interaction is acknowledged; None (logged) when Discord refuses
    it, the token having expired meanwhile: the table stays unshown for the next click."""
    try:
        return await ticket.once_acknowledged(call)
    except discord.HTTPException as exc:
        log.info("interaction %d: its token no longer serves: %s", ticket.interaction_id, exc)
        return None


def _newest(*tokens: HeldToken | None) -> HeldToken | None:
    held = [token for token in tokens if token is not None]
    return max(held, key=lambda token: token.noted_at, default=None)


def _player_to_call(
    record: TableRecord, match: Match, meta: TableMeta, done: Publication
) -> int | None:
    """The person to move, once a turn, unless they made the latest move themselves (their
    own answer shows their controls) or a computer plays for them."""
    if record.status is not TableStatus.PLAYING or match.is_over or meta.turn <= done.dm_turn:
        return None
    seat = match.hand.current_player
    if seat is None or seat in meta.autopilot or record.seats[seat].is_bot:
        return None
    user = record.seats[seat].user_id
    return None if user is None or user == meta.actor else user
