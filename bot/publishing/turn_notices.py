"""A publication's direct messages: each player their hand when the turn comes to them
(everyone at a new deal), and which player to move is to be pinged in the channel
instead because their DMs are closed.

Every DM carries a nonce (:func:`message_nonce`), so a job taken again after its worker
was killed mid-send sends nothing twice.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from dataclasses import replace
from typing import NamedTuple

from bot.publishing.delivery import Delivery
from bot.publishing.private import private_hand
from bot.store import TableRecord, TableStatus
from bot.store.publication import Publication
from bot.tables.meta import News, TableMeta
from bot.tables.service import PlayerSeat
from engine.match import Match
from engine.registry import game_spec

log = logging.getLogger(__name__)


def message_nonce(table_id: int, key: int, place: int) -> int:
    """A message's nonce (under 2⁶³): the same for a resend of the same message (a news
    id or a turn, ``key``) to the same place (a seat, or a negative number for the
    channel), so Discord, which enforces nonces for a few minutes, keeps one copy."""
    digest = hashlib.blake2b(f"{table_id}:{key}:{place}".encode(), digest_size=7).digest()
    return int.from_bytes(digest, "big")


def pinged_player(
    record: TableRecord, match: Match, meta: TableMeta, shown: Publication
) -> int | None:
    """The player to move who was pinged in the channel this turn (their DMs are closed),
    as ``shown`` records it: the table message keeps their ping line until the turn
    passes, through any redraw or restart, and they are not pinged again."""
    if record.status is not TableStatus.PLAYING or match.is_over:
        return None
    to_move = match.hand.current_player
    if to_move is None or shown.reminded_turn != meta.turn:
        return None
    user = record.seats[to_move].user_id
    return user if user is not None and user in shown.dms_closed else None


class Told(NamedTuple):
    """What a publication's DMs did."""

    publication: Publication
    """The publication with what was sent added."""
    ping: int | None
    """The player to move, to be pinged in the channel (their DMs are closed)."""
    failed: bool = False
    """A DM failed for another reason than closed DMs: the turn stays untold."""


class TurnNotifier:
    """DMs the players a publication tells, and keeps its bookkeeping of them."""

    def __init__(self, delivery: Delivery) -> None:
        self._delivery = delivery

    async def notify_players(
        self,
        record: TableRecord,
        match: Match,
        meta: TableMeta,
        deal: News | None,
        done: Publication,
    ) -> Told:
        """DM the player to move, once a turn (everyone when a hand was dealt: ``deal``),
        except the mover whose interaction is answered. Returns ``done`` with what was
        sent added, the player to move if they are to be pinged in the channel (their
        DMs are closed; once a turn), and whether a DM failed (to be tried again)."""
        if record.status is not TableStatus.PLAYING or match.is_over:
            return Told(done, None)
        to_move = match.hand.current_player
        if to_move is None:
            return Told(done, None)
        new_turn = meta.turn > done.dm_turn
        everyone = deal is not None and game_spec(record.game).has_hands
        seats = range(len(record.seats)) if everyone else [to_move] if new_turn else []
        targets = [
            seat
            for seat in seats
            if not record.seats[seat].is_bot
            and seat not in meta.autopilot
            and record.seats[seat].user_id is not None
            and record.seats[seat].user_id != meta.actor
        ]
        results = await asyncio.gather(
            *(self._notify(record, match, meta, seat, done.dms_closed) for seat in targets),
            return_exceptions=True,
        )
        closed = set(done.dms_closed)
        channels = dict(done.dm_channels)
        failed = False
        for seat, result in zip(targets, results, strict=True):
            user_id = record.seats[seat].user_id
            assert user_id is not None
            if isinstance(result, BaseException):
                log.warning(
                    "table %d: notifying seat %d failed, to be tried again: %r",
                    record.id,
                    seat,
                    result,
                )
                failed = True
            elif not result:
                closed.add(user_id)
            channel = self._delivery.dm_channel(user_id)
            if channel is not None:
                channels[user_id] = channel
        mover = record.seats[to_move].user_id
        ping = None
        if (
            new_turn
            and mover is not None
            and mover in closed
            and mover != meta.actor
            and to_move not in meta.autopilot
            and done.reminded_turn < meta.turn
        ):
            ping = mover
        publication = replace(
            done,
            # A DM that failed (not for closed DMs) leaves the turn untold: the table stays
            # unshown, and the next publication sends it (the others' copies, repeated,
            # carry the same nonces).
            dm_turn=done.dm_turn if failed else max(done.dm_turn, meta.turn),
            dms_closed=frozenset(closed),
            dm_channels=channels,
            reminded_turn=meta.turn if ping is not None else done.reminded_turn,
        )
        return Told(publication, ping, failed)

    async def _notify(
        self,
        record: TableRecord,
        match: Match,
        meta: TableMeta,
        seat: int,
        closed: frozenset[int],
    ) -> bool:
        """DM one player their hand, once a turn. False when their DMs are closed (known
        or found now)."""
        user_id = record.seats[seat].user_id
        assert user_id is not None
        if user_id in closed:
            return False
        reply = await private_hand(PlayerSeat(record, match, seat))
        return await self._delivery.send_dm(
            user_id,
            reply.content,
            files=reply.files,
            view=reply.view,
            nonce=message_nonce(record.id, meta.turn, seat),
        )
