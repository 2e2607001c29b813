"""``/<game> replay [table]``: the last finished hand of a table as an animation, with its
game record attached, posted in the channel for everyone (a replay is a share).

Which table: the given id (a table of this server), or else the latest table of the
family in this channel that has a finished hand. Anything else gets a polite private
note; nothing changes either way.
"""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.games import ADAPTERS, adapter_for
from bot.games.narration import plain
from bot.games.words import words_for
from bot.publishing.alt_text import within_limit
from bot.publishing.replies import NO_MENTIONS
from bot.replays.build import HandReplay, last_finished_hand, logged, table_replay
from bot.store import MoveRecord, Store, TableRecord
from bot.tables.errors import UserError
from engine.match import Match
from engine.registry import game_spec

RECENT_TABLES = 10
"""How many of the channel's latest tables a replay without an id looks through."""


async def find_hand(
    store: Store, family: str, guild_id: int, channel_id: int, table_id: int | None
) -> tuple[TableRecord, list[MoveRecord], int]:
    """The table, its move log and the number of its last finished hand (UserError: a
    note for the person asking)."""
    if table_id is not None:
        record = await store.get_table(table_id)
        if record is None or record.guild_id != guild_id:
            raise UserError(f"There is no table {table_id} in this server.")
        if adapter_for(record.game).family != family:
            other = adapter_for(record.game).family
            raise UserError(
                f"Table {table_id} is a {ADAPTERS[other].title} table: "
                f"use `/{other} replay table:{table_id}`."
            )
        found = await _last_hand(store, record)
        if found is None:
            round_word = words_for(game_spec(record.game)).round
            raise UserError(
                f"Table {table_id} has no finished {round_word} yet: a replay shows a "
                f"{round_word} once it is over."
            )
        return record, *found
    for record in await store.recent_tables_in_channel(channel_id, RECENT_TABLES):
        if adapter_for(record.game).family != family or record.guild_id != guild_id:
            continue
        found = await _last_hand(store, record)
        if found is not None:
            return record, *found
    adapter = ADAPTERS[family]
    round_word = words_for(adapter.specs[0]).round
    raise UserError(
        f"There is no finished {adapter.title} {round_word} in this channel to replay yet. "
        "Give a table number to replay another channel's table."
    )


async def _last_hand(store: Store, record: TableRecord) -> tuple[list[MoveRecord], int] | None:
    if record.state is None:
        return None
    moves = await store.moves(record.id)
    number = last_finished_hand(Match.from_json(record.state), logged(moves))
    return None if number is None else (moves, number)


def replay_message(record: TableRecord, replay: HandReplay) -> tuple[str, list[discord.File]]:
    """The words and the two files of a replay post."""
    spec = game_spec(record.game)
    round_word = words_for(spec).round
    names = ", ".join(plain(seat.name) for seat in record.seats)
    picture_name, record_name = replay.filenames(record.id)
    kind = "animation" if replay.format == "webp" else "contact sheet (every step)"
    content = (
        f"🎞️ Replay of table {record.id}, {round_word} {replay.hand_number} "
        f"({spec.title}: {names}) — {kind}. The record attached steps through it with "
        f"`domino-record {record_name} --step N`."
    )
    alt = f"Replay of table {record.id}, {round_word} {replay.hand_number}: every move in turn"
    files = [
        discord.File(io.BytesIO(replay.picture), picture_name, description=within_limit(alt)),
        discord.File(
            io.BytesIO(replay.record.encode("utf-8")),
            record_name,
            description=within_limit(f"Game record of {round_word} {replay.hand_number}"),
        ),
    ]
    return content, files


async def replay_here(
    interaction: discord.Interaction[Any], store: Store, family: str, table_id: int | None
) -> None:
    """Answer ``/<family> replay``: find the hand (UserError before anything is sent),
    then defer in public (drawing takes a while) and post the replay."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise UserError("Replays are shown in a server channel.")
    record, moves, hand_number = await find_hand(
        store, family, interaction.guild_id, interaction.channel_id, table_id
    )
    await interaction.response.defer(thinking=True)
    replay = await table_replay(record, moves, hand_number)
    content, files = replay_message(record, replay)
    await interaction.followup.send(content, files=files, allowed_mentions=NO_MENTIONS)
