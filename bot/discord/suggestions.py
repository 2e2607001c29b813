"""What ``/<family> play`` suggests as the player types: their legal moves matching the
text, actions first, or one choice saying why there are none."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.answering import Desk, reader_text
from bot.games import adapter_for
from bot.store import TableStatus
from bot.tables.errors import UserError


class MoveSuggestions(Desk):
    """The ``move`` option's autocomplete."""

    async def autocomplete_moves(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[tuple[str, str]]:
        """(label, value) choices for ``/<family> play``: the user's legal moves, actions
        (Pass, Draw) first so a long list never cuts them off. When there is nothing to
        offer, one choice says why (picking it gets the same answer as a reply)."""
        if interaction.channel_id is None:
            return []
        reader = reader_text(interaction)
        record = await self.service.table_in_channel(interaction.channel_id, interaction.user.id)
        if record is None:
            return [_why(reader._("There is no table in this channel."))]
        if record.status is not TableStatus.PLAYING:
            return [_why(reader._("The game has not started yet."))]
        try:
            player, moves = await self.service.legal_moves(record.id, interaction.user.id)
        except UserError as exc:
            return [_why(exc.said_in(reader))]
        if not player.is_turn:
            return [_why(player.not_on_turn().said_in(reader))]
        adapter = adapter_for(record.game)
        actions = {action.move for action in adapter.controls(player.hand, player.seat).actions}
        ranked = adapter.rank_moves(player.hand, moves)
        ordered = sorted(ranked, key=lambda move: move not in actions)
        matching = [move for move in ordered if typed_matches(move, current)]
        if not matching:
            typed = current.strip()[:40]
            return [_why(reader._("No move of yours matches “{typed}”.", typed=typed), current)]
        return [
            (adapter.move_label(player.hand, move, text=reader), move) for move in matching[:25]
        ]


def _why(text: str, value: str = "?") -> tuple[str, str]:
    """An autocomplete choice that explains an empty list; its value is no move, so
    choosing it is answered with the reason again."""
    return text[:100], (value.strip() or "?")[:100]


_TOKEN = re.compile(r"[0-9]+|[a-z]+")


def typed_matches(move: str, typed: str) -> bool:
    """Whether an autocomplete entry ``move`` fits what the player has typed so far: the
    text as it stands, from the start of a number or word (``6-7`` is not in ``16-7``), or
    its numbers and letters in any order and spelling (``5 12 c``
    and ``5-12C`` find ``12-5 C``), the last one possibly half typed (``12-5 c`` … ``1``)."""
    wanted = typed.strip().lower()
    if re.search(r"(?<![0-9a-z])" + re.escape(wanted), move.lower()):
        return True
    tokens = _TOKEN.findall(wanted)
    if not tokens:
        return False
    left = _TOKEN.findall(move.lower())
    for token in tokens[:-1]:
        if token not in left:
            return False
        left.remove(token)
    return any(part.startswith(tokens[-1]) for part in left)
