"""Partition leases: which live worker process takes which tables' publish jobs, so that a
job wakes exactly one process, whatever the number of processes.

Tables are hashed into :data:`PARTITIONS` partitions. A process that takes jobs joins
(a session advisory lock in the membership space, on one connection of its own) and
holds its fair share, ``ceil(PARTITIONS / live members)``, of the partitions, each a
session advisory lock on that same connection, LISTENing on each held partition's channel.
Every tick it counts the members (``pg_locks``), takes free partitions up to its share and
gives back those beyond it. A member that joins, gives partitions back or leaves says so on
:data:`MEMBERS_CHANNEL`, and every other member looks at once: a handover takes
milliseconds, not the seconds to the next look, in which the moving partitions' jobs would
wait (long enough to wake a standing-by process, whose coming and going moved partitions
again). Everything dies with the connection: a process killed with -9 frees its partitions
at once, one whose machine vanished within about a minute (TCP keepalives), and the others
take them at their next tick.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import random
from collections.abc import Awaitable, Callable
from typing import Any, Final

import asyncpg

log = logging.getLogger(__name__)

PARTITIONS: Final = 64
"""Partitions the tables are hashed into (the same in every process of a bot)."""
STEADY: Final = 3
"""Ticks between looks while the partitions are settled."""
PARTITION_SPACE: Final = 0x70617274  # "part": advisory lock space, one key a partition
MEMBER_SPACE: Final = 0x6D656D62  # "memb": one key per live job-taking process
MEMBERS_CHANNEL: Final = "dt_publish_members"
"""Where a member says the partitions are about to move (it joined, gave some back or
left), so that the others balance at once."""

_LOCKS: Final = (
    "SELECT classid::bigint AS space, objid::bigint AS key FROM pg_locks"
    " WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid::bigint IN ($1, $2)"
    " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
)
"""The members and the held partitions (advisory locks are the database's own: another
database on the same server, another bot's, is not counted)."""


def partition_of(table_id: int) -> int:
    """The partition a table's publish jobs belong to."""
    return table_id % PARTITIONS


def channel_of(partition: int) -> str:
    """The NOTIFY channel of a partition: only its holder listens to it."""
    return f"dt_publish_{partition}"


Connect = Callable[[], Awaitable["asyncpg.Connection[Any]"]]


class PartitionLeases:
    """This process's membership and held partitions, on one connection of its own.

    ``gained(p)`` is called once a partition is held and listened to (its waiting jobs are
    then the caller's to take), ``woken(p)`` on each of its notifications, and
    ``give_back(p)`` (awaited) before a partition is released: the caller finishes its
    jobs of that partition first, so a partition's jobs never run in two processes."""

    def __init__(
        self,
        connect: Connect,
        gained: Callable[[int], None],
        woken: Callable[[int], None],
        give_back: Callable[[int], Awaitable[None]],
    ) -> None:
        self._connect = connect
        self._gained = gained
        self._woken = woken
        self._give_back = give_back
        self._conn: asyncpg.Connection[Any] | None = None
        self._talk = asyncio.Lock()  # one statement at a time on the connection
        self._stirred = asyncio.Event()  # another member said the partitions move
        self.held: set[int] = set()
        self.member: int | None = None

    async def keep(self, tick: float, stop: asyncio.Event) -> None:
        """Join, then balance until ``stop``, then leave: every ``tick`` seconds while the
        partitions move, every :data:`STEADY` ticks once they are settled (a look costs
        the server a little CPU, per process). A lost connection has lost its partitions
        too: their jobs are finished here, and the process joins again. Another member's
        word on :data:`MEMBERS_CHANNEL` cuts the wait short."""
        while not stop.is_set():
            settled = False
            self._stirred.clear()  # a word during the look below brings another look
            try:
                if not self.connected:
                    await self._lost()
                    await self.join()
                settled = await self.balance()
            except Exception:  # the connection lost, or refused: never stop taking jobs
                log.warning("partition leases: connection lost, joining again", exc_info=True)
                await self.disconnect()
            await self._rest(tick * (STEADY if settled else 1), stop)
        await self.leave()

    async def _rest(self, seconds: float, stop: asyncio.Event) -> None:
        """Wait ``seconds``, or until ``stop`` or another member's word."""
        waits = [asyncio.ensure_future(stop.wait()), asyncio.ensure_future(self._stirred.wait())]
        try:
            await asyncio.wait(waits, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for wait in waits:
                wait.cancel()

    async def _lost(self) -> None:
        held, self.held = self.held, set()
        for partition in sorted(held):
            await self._give_back(partition)

    async def join(self) -> None:
        """Connect and become a member (a random key not taken by another)."""
        conn = await self._connect()  # with the store's keepalives (see its KEEPALIVES)
        while True:
            key = random.randrange(1, 2**31)
            if await conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", MEMBER_SPACE, key):
                break
        self._conn, self.member = conn, key
        await conn.add_listener(MEMBERS_CHANNEL, self._stir)
        await self._announce()  # the others' shares shrink: they give some back at once

    async def balance(self) -> bool:
        """Take free partitions up to this process's fair share, give back the extras;
        True if it changed nothing: no partition was free, none held here beyond the share."""
        conn = self._live()
        async with self._talk:
            rows = await conn.fetch(_LOCKS, MEMBER_SPACE, PARTITION_SPACE)
        members = max(1, sum(1 for r in rows if r["space"] == MEMBER_SPACE))
        taken = {int(r["key"]) for r in rows if r["space"] == PARTITION_SPACE}
        share = math.ceil(PARTITIONS / members)
        extra = len(self.held) - share
        if extra > 0:
            # Extras chosen at random, like the free ones taken: the first member to start
            # must not keep the low partitions, where a new database's first tables lie.
            for partition in random.sample(sorted(self.held), extra):
                await self.release(partition)
            await self._announce()  # free partitions: the others take them at once
            return False
        free = [p for p in range(PARTITIONS) if p not in taken and p not in self.held]
        if not free:
            return True
        random.shuffle(free)  # members starting together take different ones
        for partition in free:
            if len(self.held) >= share:
                break
            await self._take(partition)
        return False

    async def _take(self, partition: int) -> None:
        conn = self._live()
        async with self._talk:
            got = await conn.fetchval(
                "SELECT pg_try_advisory_lock($1, $2)", PARTITION_SPACE, partition
            )
            if not got:
                return  # another member was quicker
            await conn.add_listener(channel_of(partition), self._notified)
        self.held.add(partition)
        self._gained(partition)

    async def release(self, partition: int) -> None:
        """Finish the partition's jobs here, then let another member take it."""
        await self._give_back(partition)
        self.held.discard(partition)
        conn = self._conn
        if conn is None or conn.is_closed():
            return
        async with self._talk:
            await conn.remove_listener(channel_of(partition), self._notified)
            await conn.execute("SELECT pg_advisory_unlock($1, $2)", PARTITION_SPACE, partition)

    async def _announce(self) -> None:
        """Tell the other members that the partitions move."""
        conn = self._live()
        async with self._talk:
            await conn.execute("SELECT pg_notify($1, '')", MEMBERS_CHANNEL)

    def _stir(self, conn: object, pid: int, channel: str, payload: object) -> None:
        own = self._conn
        if own is None or pid != own.get_server_pid():  # a session hears its own words too
            self._stirred.set()

    def _notified(self, conn: object, pid: int, channel: str, payload: object) -> None:
        partition = int(channel.rsplit("_", 1)[1])
        if partition in self.held:
            self._woken(partition)

    async def leave(self) -> None:
        """Give up the membership first, so that the others count the members left and
        take what is given back at once; then give back every partition, each as soon as
        its jobs under way are finished here, telling the others each time."""
        conn = self._conn
        if conn is not None and not conn.is_closed() and self.member is not None:
            with contextlib.suppress(Exception):
                async with self._talk:
                    await conn.execute(
                        "SELECT pg_advisory_unlock($1, $2)", MEMBER_SPACE, self.member
                    )
                await self._announce()
        await asyncio.gather(*(self._hand_back(p) for p in sorted(self.held)))
        await self.disconnect()

    async def _hand_back(self, partition: int) -> None:
        with contextlib.suppress(Exception):
            await self.release(partition)
            await self._announce()

    async def disconnect(self) -> None:
        """Drop the connection, and with it whatever it still holds (a lost connection)."""
        conn, self._conn, self.member = self._conn, None, None
        if conn is not None and not conn.is_closed():
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.close(), timeout=5)

    @property
    def connected(self) -> bool:
        return self._conn is not None and not self._conn.is_closed()

    def _live(self) -> asyncpg.Connection[Any]:
        if self._conn is None or self._conn.is_closed():
            raise ConnectionError("the partition leases' connection is closed")
        return self._conn
