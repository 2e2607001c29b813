"""The publish-job queues: a commit names its job in its own transaction, workers take
jobs, and a table's publications never overlap, in one process (SQLite) or across
processes (PostgreSQL, here two stores on one database standing for two processes)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import asyncpg
import pytest

from bot.publishing.answers import AnswerTicket
from bot.publishing.jobs import JobQueue, partitions
from bot.publishing.jobs.choice import open_queue
from bot.publishing.jobs.leases import MEMBER_SPACE, PARTITIONS, PartitionLeases, partition_of
from bot.publishing.jobs.local import LocalJobQueue
from bot.publishing.jobs.partitions import PartitionWorkers
from bot.publishing.jobs.postgres import PostgresJobQueue
from bot.publishing.jobs.waiting import waiting_jobs
from bot.store import PublishJob, Seat, StaleVersionError, Store, TableStatus

RETRY = timedelta(seconds=30)


async def playing_table(store: Store, channel: int = 10) -> int:
    table = await store.create_table(1, channel, 1, "network", {}, [Seat(1, "Ada")])
    await store.update_table(table.id, 0, status=TableStatus.PLAYING, state={"hand": 1})
    return table.id


async def commit(store: Store, table: int, version: int) -> None:
    await store.commit_move(
        table, version, hand_number=1, seat=0, notation="6-6", state={"hand": version}
    )


class Runs:
    """A job runner that records what it ran and can be made to take its time."""

    def __init__(self, queue: JobQueue, hold: float = 0.0) -> None:
        self.queue = queue
        self.hold = hold
        self.ran: list[PublishJob] = []
        self.inside: dict[int, int] = {}
        self.overlaps = 0
        self.changed = asyncio.Event()

    async def __call__(self, job: PublishJob) -> None:
        async with self.queue.table_lock(job.table_id):
            self.inside[job.table_id] = self.inside.get(job.table_id, 0) + 1
            self.overlaps = max(self.overlaps, sum(self.inside.values()))
            assert self.inside[job.table_id] == 1, "two publications of one table at once"
            await asyncio.sleep(self.hold)
            self.inside[job.table_id] -= 1
        self.ran.append(job)
        self.changed.set()

    async def until(self, count: int, timeout: float = 20.0) -> None:
        async with asyncio.timeout(timeout):
            while len(self.ran) < count:
                self.changed.clear()
                await self.changed.wait()


@pytest.fixture
async def pg_stores(postgres_url: str) -> AsyncIterator[tuple[Store, Store]]:
    async with Store.open(postgres_url) as one, Store.open(postgres_url) as two:
        yield one, two


@pytest.fixture
async def both_kinds_of_store(
    tmp_path: object, pg_stores: tuple[Store, Store]
) -> AsyncIterator[tuple[Store, Store]]:
    """A SQLite store and a PostgreSQL one: a test run on each checks both job queues."""
    async with Store.open(f"{tmp_path}/t.db") as sqlite_store:
        yield sqlite_store, pg_stores[0]


async def test_an_in_process_queue_runs_each_commits_job_and_one_table_at_a_time(
    tmp_path: object,
) -> None:
    async with Store.open(f"{tmp_path}/t.db") as store:
        queue = await open_queue(store, retry_after=RETRY)
        assert isinstance(queue, LocalJobQueue) and queue.in_process
        runs = Runs(queue, hold=0.02)
        await queue.start(runs, 4)
        first, second = await playing_table(store, 10), await playing_table(store, 11)
        for version in (1, 2, 3):
            await commit(store, first, version)
        await commit(store, second, 1)
        await runs.until(4)
        assert sorted((j.table_id, j.version) for j in runs.ran) == [
            (first, 2),
            (first, 3),
            (first, 4),
            (second, 2),
        ]
        assert runs.overlaps == 2  # two tables at once, never one table twice
        await queue.close()


async def test_a_postgres_commit_names_its_job_only_if_it_commits(
    pg_stores: tuple[Store, Store],
) -> None:
    store, other = pg_stores
    queue = await open_queue(store, retry_after=RETRY)
    assert not queue.in_process
    table = await playing_table(store)
    await commit(store, table, 1)
    with pytest.raises(StaleVersionError):  # refused: its job is rolled back with it
        await commit(store, table, 1)
    # Another process's worker takes the job from the database.
    elsewhere = await open_queue(other, retry_after=RETRY)
    runs = Runs(elsewhere)
    await elsewhere.start(runs, 2)
    await runs.until(1)
    await asyncio.sleep(0.3)  # a second job would have been taken by now
    assert runs.ran == [PublishJob(table, 2)]
    await elsewhere.close()


async def test_two_processes_never_publish_one_table_at_once(
    pg_stores: tuple[Store, Store],
) -> None:
    one, two = pg_stores
    queues = [await open_queue(store, retry_after=RETRY) for store in (one, two)]
    tables = [await playing_table(one, 10), await playing_table(one, 11)]
    shared: dict[int, int] = {}
    overlaps: list[int] = []

    async def run(job: PublishJob, queue: JobQueue) -> None:
        async with queue.table_lock(job.table_id):
            shared[job.table_id] = shared.get(job.table_id, 0) + 1
            overlaps.append(sum(shared.values()))
            assert shared[job.table_id] == 1
            await asyncio.sleep(0.05)
            shared[job.table_id] -= 1

    ran: list[PublishJob] = []

    def runner(queue: JobQueue):  # type: ignore[no-untyped-def]
        async def go(job: PublishJob) -> None:
            await run(job, queue)
            ran.append(job)

        return go

    for queue in queues:
        await queue.start(runner(queue), 2)
    for version in (1, 2, 3, 4):
        await commit(one, tables[0], version)
        await commit(two, tables[1], version)
    async with asyncio.timeout(20):
        while len(ran) < 8:
            await asyncio.sleep(0.02)
    assert max(overlaps) <= 2  # at most one publication a table, across both processes
    for queue in queues:
        await queue.close()


async def test_a_job_answers_as_a_plain_json_payload() -> None:
    job = PublishJob(7, 9, {"interaction": 1, "token": "t", "content": None})
    assert PublishJob.from_bytes(job.to_bytes()) == job
    assert PublishJob.from_bytes(PublishJob(7, 9).to_bytes()) == PublishJob(7, 9)
    # A job an older version queued with a restart's reminder is read as a plain job.
    older = b'{"table":7,"version":9,"remind":true}'
    assert PublishJob.from_bytes(older) == PublishJob(7, 9)


async def test_a_standby_worker_takes_only_jobs_the_others_left_waiting(
    pg_stores: tuple[Store, Store],
) -> None:
    store, _ = pg_stores
    queue = await open_queue(store, retry_after=RETRY)
    runs = Runs(queue)
    await queue.start(runs, 2, standby=timedelta(seconds=0.5))
    table = await playing_table(store)
    await commit(store, table, 1)
    await asyncio.sleep(0.2)
    assert runs.ran == []  # not overdue yet: another worker might take it
    await runs.until(1)  # nobody did: the standby worker does
    assert runs.ran == [PublishJob(table, 2)]
    await queue.close()


async def test_a_standby_worker_outlives_a_failed_look_at_the_job_table(
    pg_stores: tuple[Store, Store], monkeypatch: pytest.MonkeyPatch
) -> None:
    store, _ = pg_stores
    queue = await open_queue(store, retry_after=RETRY)
    assert isinstance(queue, PostgresJobQueue)
    looked = queue._waited
    failures = [OSError("the database went away for a moment")] * 2

    async def flaky(longer_than: timedelta) -> bool:
        if failures:
            raise failures.pop()
        return await looked(longer_than)

    monkeypatch.setattr(queue, "_waited", flaky)
    runs = Runs(queue)
    await queue.start(runs, 2, standby=timedelta(seconds=0.3))
    table = await playing_table(store)
    await commit(store, table, 1)
    await runs.until(1)  # the standby worker still took the overdue job
    assert failures == [] and runs.ran == [PublishJob(table, 2)]
    await queue.close()


async def test_jobs_committed_while_an_answer_is_made_wait_for_it(tmp_path: object) -> None:
    async with Store.open(f"{tmp_path}/t.db") as store:
        queue = await open_queue(store, retry_after=RETRY)
        runs = Runs(queue)
        await queue.start(runs, 2)
        table = await playing_table(store)

        async def answering() -> None:  # the answer's work runs in a task of its own
            await commit(store, table, 1)

        with queue.held():
            await asyncio.ensure_future(answering())
            await asyncio.sleep(0.1)
            assert runs.ran == []  # the mover's answer goes first
        await runs.until(1)
        assert runs.ran == [PublishJob(table, 2)]
        await queue.close()


async def test_one_process_at_a_time_plays_a_tables_computers(
    pg_stores: tuple[Store, Store], tmp_path: object
) -> None:
    one, two = pg_stores
    async with Store.open(f"{tmp_path}/t.db") as lite:
        pairs = [
            [await open_queue(one, retry_after=RETRY), await open_queue(two, retry_after=RETRY)]
        ]
        local = await open_queue(lite, retry_after=RETRY)
        pairs.append([local, local])
        for first, second in pairs:
            async with first.computer_turns(5) as mine:
                assert mine
                async with second.computer_turns(5) as theirs:
                    assert not theirs  # left to the first
                async with second.computer_turns(6) as other_table:
                    assert other_table
            async with second.computer_turns(5) as now_free:
                assert now_free


def test_a_job_never_shows_its_token_or_a_players_tiles_in_a_repr() -> None:
    ticket = AnswerTicket(1, 2, "secret-token", 3, "🔒 You drew 6-5.", subject="4-4", turn=7)
    job = PublishJob(9, 10, ticket.to_json())
    for text in (repr(ticket), repr(job)):
        assert "secret-token" not in text and "6-5" not in text and "4-4" not in text
    assert AnswerTicket.from_json(ticket.to_json()) == ticket


# ---------------------------------------------------------------- partitions (PostgreSQL)


async def idle(job: PublishJob) -> None:
    return None


def leases_of(queue: JobQueue) -> PartitionLeases:
    assert isinstance(queue, PostgresJobQueue) and queue.leases is not None
    return queue.leases


def workers_of(queue: JobQueue) -> PartitionWorkers:
    assert isinstance(queue, PostgresJobQueue) and queue.workers is not None
    return queue.workers


async def balanced(queues: list[JobQueue], timeout: float = 20.0) -> list[set[int]]:
    """Wait until the queues hold every partition between them, each its fair share."""
    share = -(-PARTITIONS // len(queues))
    async with asyncio.timeout(timeout):
        while True:
            held = [set(leases_of(q).held) for q in queues]
            every = set().union(*held)
            if len(every) == PARTITIONS == sum(map(len, held)) and max(map(len, held)) <= share:
                return held
            await asyncio.sleep(0.05)


async def test_live_workers_share_the_partitions_and_rebalance_when_one_joins_or_dies(
    postgres_url: str,
) -> None:
    async with (
        Store.open(postgres_url) as one,
        Store.open(postgres_url) as two,
        Store.open(postgres_url) as three,
    ):
        first, second = [await open_queue(s, retry_after=RETRY) for s in (one, two)]
        runs = Runs(first)
        for queue in (first, second):
            await queue.start(runs, 2)
        assert [len(h) for h in await balanced([first, second])] == [32, 32]

        third = await open_queue(three, retry_after=RETRY)  # one joins: at most 22 each
        await third.start(idle, 2)
        held = await balanced([first, second, third])
        assert min(map(len, held)) >= PARTITIONS - 2 * 22  # the newcomer got its share

        # The third dies as with kill -9: its session ends without giving anything back.
        victim = leases_of(third)
        admin = await asyncpg.connect(postgres_url)
        try:
            await admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory'"
                " AND classid::bigint = $1 AND objid::bigint = $2",
                MEMBER_SPACE,
                victim.member,
            )
        finally:
            await admin.close()
        closing = asyncio.ensure_future(third.close())  # and never comes back
        assert [len(h) for h in await balanced([first, second])] == [32, 32]
        await closing

        # Every partition's jobs are run by the survivors.
        tables = [await playing_table(one, channel) for channel in range(10, 16)]
        for table in tables:
            await commit(one, table, 1)
        await runs.until(len(tables))
        assert sorted(j.table_id for j in runs.ran) == tables
        for queue in (first, second):
            await queue.close()


async def test_members_hand_partitions_over_on_each_others_word_not_at_their_next_look(
    postgres_url: str,
) -> None:
    """With looks ten minutes apart, only the members' words can move the partitions: a
    newcomer gets its share, and a leaver's share goes back, within the test's patience."""

    async def connect() -> asyncpg.Connection[Any]:
        return await asyncpg.connect(postgres_url)

    async def give_back(_partition: int) -> None:
        return None

    first, second = (
        PartitionLeases(connect, lambda _p: None, lambda _p: None, give_back) for _ in range(2)
    )
    first_stop, second_stop = asyncio.Event(), asyncio.Event()

    async def holding(counts: tuple[int, int]) -> None:
        async with asyncio.timeout(20):
            while (len(first.held), len(second.held)) != counts:
                await asyncio.sleep(0.05)

    keeping = [asyncio.create_task(first.keep(600, first_stop))]
    try:
        await holding((PARTITIONS, 0))
        keeping.append(asyncio.create_task(second.keep(600, second_stop)))
        await holding((PARTITIONS // 2, PARTITIONS // 2))
        assert not first.held & second.held
        second_stop.set()
        await keeping[1]
        await holding((PARTITIONS, 0))
    finally:
        first_stop.set()
        second_stop.set()
        await asyncio.gather(*keeping)


async def test_a_job_wakes_only_its_partitions_holder(pg_stores: tuple[Store, Store]) -> None:
    one, two = pg_stores
    queues = [await open_queue(store, retry_after=RETRY) for store in (one, two)]
    runs = [Runs(queue) for queue in queues]
    for queue, run in zip(queues, runs, strict=True):
        await queue.start(run, 2)
    held = await balanced(queues)
    await asyncio.sleep(0.3)  # the partitions' first reads are done
    table = await playing_table(one)
    holder = next(i for i, h in enumerate(held) if partition_of(table) in h)
    reads = [workers_of(q).reads for q in queues]
    for version in (1, 2, 3):
        await commit(one, table, version)
        await runs[holder].until(version)
    await asyncio.sleep(0.3)
    assert [j.version for j in runs[holder].ran] == [2, 3, 4]
    assert runs[1 - holder].ran == []
    after = [workers_of(q).reads for q in queues]
    assert after[1 - holder] == reads[1 - holder]  # never woken, never read the job table
    assert after[holder] - reads[holder] == 3  # one read a job
    for queue in queues:
        await queue.close()


async def test_a_tables_jobs_run_in_the_order_they_were_added(
    pg_stores: tuple[Store, Store],
) -> None:
    store, other = pg_stores
    await open_queue(store, retry_after=RETRY)  # its commits name jobs; it takes none
    table = await playing_table(store)
    for version in range(1, 7):  # waiting before anyone takes jobs
        await commit(store, table, version)
    queue = await open_queue(other, retry_after=RETRY)
    runs = Runs(queue, hold=0.02)
    await queue.start(runs, 4)
    await runs.until(6)
    assert [j.version for j in runs.ran] == [2, 3, 4, 5, 6, 7]
    assert runs.overlaps == 1
    await queue.close()


async def test_the_waiting_jobs_are_counted_on_both_queues(
    both_kinds_of_store: tuple[Store, Store],
) -> None:
    for store in both_kinds_of_store:
        queue = await open_queue(store, retry_after=RETRY)
        assert await waiting_jobs(queue, store) == 0
        table = await playing_table(store)
        await commit(store, table, 1)
        await commit(store, table, 2)
        assert await waiting_jobs(queue, store) == 2  # no worker has started
        runs = Runs(queue)
        await queue.start(runs, 2)
        await runs.until(2)
        async with asyncio.timeout(10):  # a job's row goes once it has run
            while await waiting_jobs(queue, store):
                await asyncio.sleep(0.02)
        await queue.close()


def test_a_job_carries_its_commit_time_to_any_process() -> None:
    job = PublishJob(7, 9, committed_at=1_700_000_000.25)
    assert PublishJob.from_bytes(job.to_bytes()).committed_at == 1_700_000_000.25


async def test_more_jobs_at_once_than_the_stores_connections_do_not_starve(
    pg_stores: tuple[Store, Store],
) -> None:
    """Each job holds its table's lock while it reads and writes through the store: with
    more jobs at once than the store has connections, the locks must not take them all."""
    store, other = pg_stores
    tables = [await playing_table(store, channel) for channel in range(100, 114)]  # 14 > 10

    class Reading(Runs):
        async def __call__(self, job: PublishJob) -> None:
            async with self.queue.table_lock(job.table_id):
                await asyncio.sleep(0.2)  # every job holds its lock at the same time
                await other.get_table(job.table_id)  # then needs the store
            self.ran.append(job)
            self.changed.set()

    queue = await open_queue(other, retry_after=RETRY)
    runs = Reading(queue)
    await queue.start(runs, len(tables))
    for table in tables:
        await commit(other, table, 1)  # its outbox is the queue
    await runs.until(len(tables))
    assert sorted(j.table_id for j in runs.ran) == tables
    await queue.close()


async def test_a_deep_backlog_is_read_in_steps_and_runs_once_in_order(
    pg_stores: tuple[Store, Store], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past FETCH waiting jobs a partition is read again as its jobs finish, each read
    skipping at most FETCH started ones; every job still runs once, in order."""
    monkeypatch.setattr(partitions, "FETCH", 4)
    store, other = pg_stores
    await open_queue(store, retry_after=RETRY)  # its commits name jobs; it takes none
    table = await playing_table(store)
    for version in range(1, 12):
        await commit(store, table, version)
    skipped: list[int] = []

    class Counting:
        """The pool, noting how many started jobs each read of the job table skips."""

        def __init__(self, pool: asyncpg.Pool[Any]) -> None:
            self.pool = pool

        async def fetch(self, query: str, *args: Any) -> Any:
            if "publish_jobs" in query:
                skipped.append(len(args[1]))
            return await self.pool.fetch(query, *args)

        async def execute(self, query: str, *args: Any) -> Any:
            return await self.pool.execute(query, *args)

    queue = await open_queue(other, retry_after=RETRY)
    real_init = PartitionWorkers.__init__

    def counted_init(self: PartitionWorkers, pool: Any, *args: Any) -> None:
        real_init(self, Counting(pool), *args)  # type: ignore[arg-type]

    monkeypatch.setattr(PartitionWorkers, "__init__", counted_init)
    runs = Runs(queue, hold=0.01)
    await queue.start(runs, 4)
    await runs.until(11)
    assert [j.version for j in runs.ran] == list(range(2, 13))
    assert len(skipped) >= 3 and max(skipped) < 4
    await queue.close()


async def test_a_partition_given_back_leaves_its_unstarted_jobs_for_the_next_holder(
    pg_stores: tuple[Store, Store],
) -> None:
    store, other = pg_stores
    await open_queue(store, retry_after=RETRY)
    table = await playing_table(store)
    for version in range(1, 6):
        await commit(store, table, version)
    queue = await open_queue(other, retry_after=RETRY)
    runs = Runs(queue, hold=0.3)
    await queue.start(runs, 1)  # one job at a time: the first runs, four wait for the slot
    async with asyncio.timeout(10):
        while not runs.inside.get(table):
            await asyncio.sleep(0.01)
    await workers_of(queue).give_back(partition_of(table))
    assert [j.version for j in runs.ran] == [2]  # the one under way finished, no more
    assert await waiting_jobs(queue, other) == 4
    await queue.close()


# ---------------------------------------------------------------- closing (a stop)


class Blocked:
    """A job runner whose jobs run until ``release`` is set (or they are cut short)."""

    def __init__(self) -> None:
        self.started: list[PublishJob] = []
        self.finished: list[PublishJob] = []
        self.cut: list[PublishJob] = []
        self.running = asyncio.Event()
        self.release = asyncio.Event()

    async def __call__(self, job: PublishJob) -> None:
        self.started.append(job)
        self.running.set()
        try:
            await self.release.wait()
        except asyncio.CancelledError:
            self.cut.append(job)
            raise
        self.finished.append(job)


async def test_an_in_process_queue_closing_finishes_the_job_under_way_and_leaves_the_rest(
    tmp_path: object,
) -> None:
    async with Store.open(f"{tmp_path}/t.db") as store:
        queue = await open_queue(store, retry_after=RETRY)
        runs = Blocked()
        await queue.start(runs, 1)
        first, second = await playing_table(store, 10), await playing_table(store, 11)
        await commit(store, first, 1)
        await commit(store, second, 1)
        await asyncio.wait_for(runs.running.wait(), 10)
        closing = asyncio.ensure_future(queue.close(grace=60))
        await asyncio.sleep(0)  # the close has begun: it takes no more jobs
        runs.release.set()
        await asyncio.wait_for(closing, 10)
        assert runs.finished == [PublishJob(first, 2)]  # finished, the other left waiting
        assert runs.started == runs.finished and runs.cut == []


async def test_a_closing_queue_cuts_short_a_job_that_outlasts_its_grace(
    both_kinds_of_store: tuple[Store, Store],
) -> None:
    for store in both_kinds_of_store:
        queue = await open_queue(store, retry_after=RETRY)
        runs = Blocked()
        await queue.start(runs, 1)
        table = await playing_table(store)
        await commit(store, table, 1)
        await asyncio.wait_for(runs.running.wait(), 20)
        await asyncio.wait_for(queue.close(grace=0.1), 10)
        assert runs.cut == [PublishJob(table, 2)] and runs.finished == []


async def test_a_closing_process_hands_its_idle_partitions_over_at_once(
    pg_stores: tuple[Store, Store],
) -> None:
    """It leaves first, so the other counts one member and takes every partition given
    back, while the partition of its job under way follows once that job is done."""
    one, two = pg_stores
    leaving, staying = [await open_queue(s, retry_after=RETRY) for s in (one, two)]
    runs = Blocked()
    await leaving.start(runs, 2)
    await staying.start(idle, 2)
    held, _ = await balanced([leaving, staying])
    channel = 10
    table = await playing_table(one, channel)
    while partition_of(table) not in held:  # a table whose jobs the leaving one takes
        channel += 1
        table = await playing_table(one, channel)
    await commit(one, table, 1)
    await asyncio.wait_for(runs.running.wait(), 20)

    closing = asyncio.ensure_future(leaving.close(grace=60))
    async with asyncio.timeout(20):
        while len(leases_of(staying).held) < PARTITIONS - 1:
            await asyncio.sleep(0.05)
    assert partition_of(table) not in leases_of(staying).held and not closing.done()
    runs.release.set()  # the job under way is done: its partition follows
    await asyncio.wait_for(closing, 20)
    assert runs.finished == [PublishJob(table, 2)]
    async with asyncio.timeout(20):
        while len(leases_of(staying).held) < PARTITIONS:
            await asyncio.sleep(0.05)
    await staying.close()
