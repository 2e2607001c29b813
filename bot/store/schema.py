"""SQLite schema migrations, applied in order when the store opens (PostgreSQL's own
list, ending in the same logical schema, is in ``schema_postgres``).

``PRAGMA user_version`` records how many migrations a database has had. Each migration
runs in its own ``BEGIN IMMEDIATE`` transaction together with the version bump, and the
version is re-read inside that transaction, so two processes opening the same file at
once cannot both apply a migration. Never edit a released migration: append a new one.
Each migration is written out whole, even where it repeats an earlier one (version 2
rebuilds version 1's standings) or ``schema_postgres`` repeats it in its own dialect: a
shared piece would let one edit reach a released migration.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Final

import aiosqlite

from bot.store.errors import SchemaVersionError

_V1_TABLES_MOVES_RESULTS: Final = """
CREATE TABLE tables (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER,
    creator_id  INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    status      TEXT    NOT NULL
                CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
    version     INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    settings    TEXT    NOT NULL CHECK (json_valid(settings) AND json_type(settings) = 'object'),
    seats       TEXT    NOT NULL CHECK (json_valid(seats) AND json_type(seats) = 'array'),
    state       TEXT    CHECK (state IS NULL OR json_valid(state)),
    meta        TEXT    NOT NULL DEFAULT '{}'
                CHECK (json_valid(meta) AND json_type(meta) = 'object'),
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    expires_at  TEXT
) STRICT;

-- At most one open table per channel; also serves open_table_in_channel().
CREATE UNIQUE INDEX tables_open_per_channel
    ON tables (channel_id) WHERE status IN ('lobby', 'playing');

CREATE INDEX tables_open ON tables (status) WHERE status IN ('lobby', 'playing');

CREATE INDEX tables_lobby_expiry ON tables (expires_at) WHERE status = 'lobby';

CREATE TABLE moves (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    hand_number INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    notation    TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (table_id, seq)
) STRICT, WITHOUT ROWID;

-- The move log is evidence; the database itself refuses to rewrite it.
CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
BEGIN
    SELECT RAISE(ABORT, 'moves are append-only');
END;

CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves
BEGIN
    SELECT RAISE(ABORT, 'moves are append-only');
END;

CREATE TABLE finished_matches (
    id             INTEGER PRIMARY KEY,
    table_id       INTEGER NOT NULL UNIQUE REFERENCES tables (id),
    guild_id       INTEGER NOT NULL,
    game           TEXT    NOT NULL,
    finished_at    TEXT    NOT NULL,
    result         TEXT    NOT NULL CHECK (json_valid(result) AND json_type(result) = 'array'),
    winner_user_id INTEGER,
    winner_seat    INTEGER
) STRICT;

CREATE INDEX finished_matches_by_guild ON finished_matches (guild_id, finished_at);

CREATE TABLE standings (
    guild_id       INTEGER NOT NULL,
    game           TEXT    NOT NULL,
    user_id        INTEGER NOT NULL,
    name           TEXT    NOT NULL,
    matches_played INTEGER NOT NULL CHECK (matches_played >= 0),
    matches_won    INTEGER NOT NULL CHECK (matches_won >= 0),
    points         INTEGER NOT NULL,
    rings          INTEGER NOT NULL,
    best_hand      INTEGER NOT NULL,
    updated_at     TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
) STRICT, WITHOUT ROWID;
"""

_V2_GENERIC_STATS_AND_SETTINGS: Final = """
-- finished_matches.result is left as written: SeatResult.from_json reads the old lines
-- (top-level rings/best_hand) as stats, and the recorded history stays untouched.

-- Standings: the Network-only rings/best_hand columns become a per-game stats object.
-- SQLite cannot drop columns portably, so: build the new table, copy, drop, rename.
CREATE TABLE standings_v2 (
    guild_id       INTEGER NOT NULL,
    game           TEXT    NOT NULL,
    user_id        INTEGER NOT NULL,
    name           TEXT    NOT NULL,
    matches_played INTEGER NOT NULL CHECK (matches_played >= 0),
    matches_won    INTEGER NOT NULL CHECK (matches_won >= 0),
    points         INTEGER NOT NULL,
    stats          TEXT    NOT NULL DEFAULT '{}'
                   CHECK (json_valid(stats) AND json_type(stats) = 'object'),
    updated_at     TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
) STRICT, WITHOUT ROWID;

INSERT INTO standings_v2 (guild_id, game, user_id, name, matches_played, matches_won,
                          points, stats, updated_at)
SELECT guild_id, game, user_id, name, matches_played, matches_won, points,
       json_object('rings', rings, 'best_hand', best_hand), updated_at
FROM standings;

DROP TABLE standings;

ALTER TABLE standings_v2 RENAME TO standings;

-- Network table settings: the flat {target, seats, attachments, lead, bonus_tie,
-- turn_seconds} becomes {target, seats, turn_seconds, options: {attachments, lead,
-- bonus_tie}}. Keys absent before stay absent; any other key stays where it was.
-- json_each reports JSON booleans as 1/0, so they are turned back into true/false.
UPDATE tables
SET settings = json_set(
    json_remove(settings, '$.attachments', '$.lead', '$.bonus_tie'),
    '$.options',
    json((
        SELECT json_group_object(
            key,
            CASE type WHEN 'true' THEN json('true') WHEN 'false' THEN json('false') ELSE value END
        )
        FROM json_each(tables.settings)
        WHERE key IN ('attachments', 'lead', 'bonus_tie')
    ))
)
WHERE game = 'network' AND json_type(settings, '$.options') IS NULL;
"""

_V3_NEWS_PENDING_COLUMN: Final = """
-- Which closed tables still have news to publish, as a plain column: finding them no
-- longer needs SQLite's JSON functions, so PostgreSQL runs the same query.
ALTER TABLE tables ADD COLUMN news_pending INTEGER NOT NULL DEFAULT 0
    CHECK (news_pending IN (0, 1));

UPDATE tables SET news_pending = 1 WHERE json_array_length(meta, '$.news') > 0;

CREATE INDEX tables_news_pending ON tables (id) WHERE news_pending = 1;
"""

_V4_PUBLICATION: Final = """
-- What the table's publisher has sent: the table version its messages show (a plain
-- column, so unpublished tables are found by index) and its own bookkeeping as JSON. Both
-- are written without bumping the table's version: publishing never races a move.
ALTER TABLE tables ADD COLUMN published_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN publication TEXT NOT NULL DEFAULT '{}'
    CHECK (json_type(publication) = 'object');

-- Tables with news still untold are one version short; the rest are shown as they are.
UPDATE tables SET published_version = MAX(version - news_pending, 0);
UPDATE tables SET publication = json_object(
    'version', published_version,
    'dm_turn', COALESCE(json_extract(meta, '$.turn'), 0),
    'news_sent', -1,
    'reminded_turn', COALESCE(json_extract(meta, '$.reminded_turn'), -1),
    'dms_closed', json(COALESCE(json_extract(meta, '$.dms_closed'), '[]'))
) WHERE state IS NOT NULL;

CREATE INDEX tables_unpublished ON tables (id)
    WHERE published_version < version AND state IS NOT NULL;
"""

_V5_TABLE_PLAYERS: Final = """
-- Who sits at which table, one row per person and table, written with the seats: a
-- player's tables (/games) are found by index, not by reading every table's seats.
CREATE TABLE table_players (
    user_id  INTEGER NOT NULL,
    table_id INTEGER NOT NULL REFERENCES tables (id),
    PRIMARY KEY (user_id, table_id)
) STRICT, WITHOUT ROWID;

INSERT OR IGNORE INTO table_players (user_id, table_id)
SELECT json_extract(seat.value, '$.user_id'), tables.id
FROM tables, json_each(tables.seats) AS seat
WHERE json_extract(seat.value, '$.user_id') IS NOT NULL;
"""

_V6_HANDLED_INTERACTIONS: Final = """
-- Each interaction Discord sent, claimed by the one process that handles it, so a replay
-- (the same signed POST sent again, to this process or another) is handled at most once.
-- An id is a Discord snowflake, which carries its creation time: rows past Discord's
-- 15-minute token life are pruned by the primary key alone, with no second index.
CREATE TABLE handled_interactions (
    id INTEGER PRIMARY KEY
) STRICT;
"""

_V7_TABLE_TOKENS: Final = """
-- The newest interaction tokens of a table in a chat the bot cannot post in (a group DM,
-- a DM between two people, a server that installed the app only for its users): there
-- the table is shown only through interactions, so a publish job needs one that still
-- lives. 'table' is one whose message (@original, or a follow-up's id) is the table
-- message; 'any' is the latest interaction in that chat, good for follow-ups.
CREATE TABLE table_tokens (
    table_id       INTEGER NOT NULL REFERENCES tables (id),
    kind           TEXT    NOT NULL CHECK (kind IN ('table', 'any')),
    interaction_id INTEGER NOT NULL,
    ticket         TEXT    NOT NULL CHECK (json_valid(ticket)),
    message        TEXT    NOT NULL,
    noted_at       TEXT    NOT NULL,
    PRIMARY KEY (table_id, kind)
) STRICT, WITHOUT ROWID;
"""

_V8_TOURNAMENTS: Final = """
-- A tournament: its sign-up, its rounds and where it stands, versioned like a table so
-- every transition (start, a round opened, paused, finished) is one checked write.
-- settings: the game's options and the format; entrants: the players in seed order,
-- each with a dropped flag; pairings: each round's tables as lists of entrant numbers.
CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    creator_id  INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    status      TEXT    NOT NULL
                CHECK (status IN ('signup', 'running', 'paused', 'finished', 'cancelled')),
    version     INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    settings    TEXT    NOT NULL CHECK (json_valid(settings) AND json_type(settings) = 'object'),
    entrants    TEXT    NOT NULL CHECK (json_valid(entrants) AND json_type(entrants) = 'array'),
    pairings    TEXT    NOT NULL CHECK (json_valid(pairings) AND json_type(pairings) = 'array'),
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
) STRICT;

CREATE INDEX tournaments_open ON tournaments (status)
    WHERE status IN ('signup', 'running', 'paused');

-- Each round's tables, one row per (round, position): the key lets a round's table be
-- created once, however many processes or restarts try.
CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL CHECK (round >= 1),
    position      INTEGER NOT NULL CHECK (position >= 1),
    table_id      INTEGER NOT NULL UNIQUE REFERENCES tables (id),
    PRIMARY KEY (tournament_id, round, position)
) STRICT, WITHOUT ROWID;
"""

SHARED_CHANNELS: Final = """
-- A tournament's table played where threads are not allowed is a message in the
-- tournament's channel itself, beside the round's other tables: it shares the channel.
-- The channel's own table (a lobby opened there) stays one at a time; shared ones do not
-- count against it. Written once for SQLite and PostgreSQL (``schema_postgres`` runs it).
ALTER TABLE tables ADD COLUMN shares_channel INTEGER NOT NULL DEFAULT 0
    CHECK (shares_channel IN (0, 1));

DROP INDEX tables_open_per_channel;

CREATE UNIQUE INDEX tables_open_per_channel
    ON tables (channel_id) WHERE status IN ('lobby', 'playing') AND shares_channel = 0;

CREATE INDEX tables_open_in_channel
    ON tables (channel_id) WHERE status IN ('lobby', 'playing');
"""

MIGRATIONS: Final[tuple[str, ...]] = (
    _V1_TABLES_MOVES_RESULTS,
    _V2_GENERIC_STATS_AND_SETTINGS,
    _V3_NEWS_PENDING_COLUMN,
    _V4_PUBLICATION,
    _V5_TABLE_PLAYERS,
    _V6_HANDLED_INTERACTIONS,
    _V7_TABLE_TOKENS,
    _V8_TOURNAMENTS,
    SHARED_CHANNELS,
)
"""Migration *n* (1-based) brings a database from user_version n-1 to n."""

SCHEMA_VERSION: Final = len(MIGRATIONS)


def split_statements(script: str) -> list[str]:
    """Split a script into single statements (triggers included).

    ``executescript`` would implicitly COMMIT first, breaking the one-transaction
    guarantee, so statements are executed one by one instead.
    """
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        raise ValueError(f"migration ends with an incomplete statement: {buffer.strip()!r}")
    return statements


async def schema_version(db: aiosqlite.Connection) -> int:
    """The number of migrations applied to this database."""
    rows = list(await db.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0])


async def apply_migrations(db: aiosqlite.Connection, migrations: Sequence[str] = MIGRATIONS) -> int:
    """Bring the database up to ``len(migrations)``; return the resulting version.

    A database already at the target is left untouched (no write transaction).
    ``db`` must be in autocommit mode (``isolation_level=None``).
    """
    target = len(migrations)
    current = await schema_version(db)
    if current > target:
        raise SchemaVersionError(current, target)
    for number in range(current + 1, target + 1):
        try:
            await db.execute("BEGIN IMMEDIATE")
            # Another process may have migrated while we waited for the write lock.
            applied = await schema_version(db)
            if applied > target:
                raise SchemaVersionError(applied, target)
            if applied < number:
                for statement in split_statements(migrations[number - 1]):
                    await db.execute(statement)
                # PRAGMA takes no bound parameters; `number` is an int we generated.
                await db.execute(f"PRAGMA user_version = {int(number)}")
            await db.commit()
        except BaseException:
            await db.rollback()
            raise
    return await schema_version(db)
