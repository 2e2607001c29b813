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
from bot.games.words import game_title, words_for
from bot.publishing.alt_text import within_limit
from bot.publishing.replies import NO_MENTIONS
from bot.replays.build import HandReplay, last_finished_hand, logged, table_replay
from bot.store import MoveRecord, Store, TableRecord
from bot.tables.commands import Command
from bot.tables.errors import UserError
from bot.tables.languages import table_text
from engine.errors import Term
from engine.match import Match
from engine.registry import game_spec
from i18n import N_

RECENT_TABLES = 10
"""How many of the channel's latest tables a replay without an id looks through."""


async def find_hand(
    store: Store, family: str, guild_id: int | None, channel_id: int, table_id: int | None
) -> tuple[TableRecord, list[MoveRecord], int]:
    """The table, its move log and the number of its last finished hand (UserError: a
    note for the person asking). ``guild_id``: the server asked in, whose tables may be
    named by number; None outside servers, where only the chat's own tables may."""
    if table_id is not None:
        record = await store.get_table(table_id)
        if guild_id is None and (record is None or record.channel_id != channel_id):
            raise UserError(N_("There is no table {table} in this chat."), table=table_id)
        if record is None or (guild_id is not None and record.guild_id != guild_id):
            raise UserError(N_("There is no table {table} in this server."), table=table_id)
        if adapter_for(record.game).family != family:
            other = adapter_for(record.game).family
            raise UserError(
                N_("Table {table} is a {game} table: replay it with {command}."),
                table=table_id,
                game=Term(ADAPTERS[other].title),
                command=Command(f"{other} replay"),
            )
        found = await _last_hand(store, record)
        if found is None:
            if words_for(game_spec(record.game)).is_game:
                raise UserError(
                    N_(
                        "Table {table} has no finished game yet: a replay shows a game once "
                        "it is over."
                    ),
                    table=table_id,
                )
            raise UserError(
                N_(
                    "Table {table} has no finished hand yet: a replay shows a hand once it is over."
                ),
                table=table_id,
            )
        return record, *found
    for record in await store.recent_tables_in_channel(channel_id, RECENT_TABLES):
        if adapter_for(record.game).family != family:
            continue
        found = await _last_hand(store, record)
        if found is not None:
            return record, *found
    adapter = ADAPTERS[family]
    if words_for(adapter.specs[0]).is_game:
        raise UserError(
            N_(
                "There is no finished {game} game in this channel to replay yet. Give a table "
                "number to replay another channel's table."
            ),
            game=Term(adapter.title),
        )
    raise UserError(
        N_(
            "There is no finished {game} hand in this channel to replay yet. Give a table "
            "number to replay another channel's table."
        ),
        game=Term(adapter.title),
    )


async def _last_hand(store: Store, record: TableRecord) -> tuple[list[MoveRecord], int] | None:
    if record.state is None:
        return None
    moves = await store.moves(record.id)
    number = last_finished_hand(Match.from_json(record.state), logged(moves))
    return None if number is None else (moves, number)


def replay_message(record: TableRecord, replay: HandReplay) -> tuple[str, list[discord.File]]:
    """The words and the two files of a replay post (public: in the table's language)."""
    text = table_text(record)
    spec = game_spec(record.game)
    hand = words_for(spec).numbered(text, replay.hand_number)
    names = ", ".join(plain(seat.name) for seat in record.seats)
    picture_name, record_name = replay.filenames(record.id)
    values = {"table": record.id, "round": hand, "game": game_title(text, spec), "names": names}
    command = f"domino-record {record_name} --step N"
    if replay.format == "webp":
        content = text._(
            "🎞️ Replay of table {table}, {round} ({game}: {names}) — animation. The record "
            "attached steps through it with `{command}`.",
            command=command,
            **values,
        )
    else:
        content = text._(
            "🎞️ Replay of table {table}, {round} ({game}: {names}) — contact sheet (every "
            "step). The record attached steps through it with `{command}`.",
            command=command,
            **values,
        )
    alt = text._(
        "Replay of table {table}, {round}: every move in turn", table=record.id, round=hand
    )
    files = [
        discord.File(io.BytesIO(replay.picture), picture_name, description=within_limit(alt)),
        discord.File(
            io.BytesIO(replay.record.encode("utf-8")),
            record_name,
            description=within_limit(text._("Game record of {round}", round=hand)),
        ),
    ]
    return content, files


async def replay_here(
    interaction: discord.Interaction[Any], store: Store, family: str, table_id: int | None
) -> None:
    """Answer ``/<family> replay``: find the hand (UserError before anything is sent),
    then defer in public (drawing takes a while) and post the replay."""
    if interaction.channel_id is None:
        raise UserError(N_("Replays are shown in a channel or a chat."))
    record, moves, hand_number = await find_hand(
        store, family, interaction.guild_id, interaction.channel_id, table_id
    )
    await interaction.response.defer(thinking=True)
    replay = await table_replay(record, moves, hand_number)
    content, files = replay_message(record, replay)
    await interaction.followup.send(content, files=files, allowed_mentions=NO_MENTIONS)
