"""``python -m bot migrate-to-postgres``: a SQLite store copied into PostgreSQL, losing nothing."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from bot.store import Seat as S
from bot.store import SeatResult, Store, TableStatus

REPO = Path(__file__).resolve().parents[3]


async def fill(store: Store) -> list[int]:
    """Three tables: a finished match with standings, a game in play, an open lobby."""
    seats = [S(1001, "Ada"), S(1002, "Bea"), S(None, "Dan", True, "hard")]
    finished = await store.create_table(7, 70, 1001, "network", {"target": 50}, seats)
    finished = await store.update_table(
        finished.id, 0, status=TableStatus.PLAYING, state={"hand": 1}, meta={"turn": 1}
    )
    for number, notation in enumerate(["6-6", "6-3 A N", "pass"]):
        finished = await store.commit_move(
            finished.id,
            finished.version,
            hand_number=1,
            seat=number,
            notation=notation,
            state={"hand": 1, "moves": number + 1, "note": "ünïcødé ✓"},
        )
    result = [
        SeatResult(0, 1001, "Ada", False, 52, {"rings": 2, "best_hand": 30}),
        SeatResult(1, 1002, "Bea", False, 31, {"rings": 1, "best_hand": 20}),
        SeatResult(2, None, "Dan", True, 12, {}),
    ]
    await store.finish_match(
        finished.id,
        finished.version,
        state={"over": True},
        result=result,
        winner_user_id=1001,
        combine={"best_hand": "max"},
    )
    playing = await store.create_table(7, 71, 1002, "allfives", {"target": 100}, seats[:2])
    playing = await store.update_table(
        playing.id, 0, status=TableStatus.PLAYING, state={"line": []}, meta={"news": [{"id": 1}]}
    )
    await store.commit_move(
        playing.id, playing.version, hand_number=1, seat=0, notation="5-5", state={"line": [55]}
    )
    lobby = await store.create_table(8, 80, 1003, "network", {}, [S(1003, "Cy")])
    return [finished.id, playing.id, lobby.id]


async def snapshot(store: Store, ids: list[int]) -> object:
    return (
        [await store.get_table(i) for i in ids],
        [await store.moves(i) for i in ids],
        [await store.finished_matches(7, game) for game in ("network", "allfives")],
        await store.finished_matches(8, "network"),
        await store.standings(7, "network"),
        [t.id for t in await store.open_tables()],
    )


async def migrate(source: Path, url: str) -> tuple[int, str, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "migrate-to-postgres",
        "--from",
        str(source),
        "--to",
        url,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), 60)
    return process.returncode or 0, out.decode(), err.decode()


async def test_everything_is_copied_and_the_copy_keeps_working(
    tmp_path: Path, postgres_url: str
) -> None:
    source = tmp_path / "bot.sqlite3"
    async with Store.open(source) as lite:
        ids = await fill(lite)
        before = await snapshot(lite, ids)
        unpublished = [t.id for t in await lite.unpublished_tables()]

    code, out, err = await migrate(source, postgres_url)
    assert (code, err) == (0, "")
    assert out.strip() == (
        "migrate-to-postgres: copied 3 tables, 4 moves, 1 finished_matches, 2 standings"
    )

    async with Store.open(postgres_url) as pg:
        assert await snapshot(pg, ids) == before
        assert [t.id for t in await pg.unpublished_tables()] == unpublished
        # New rows get ids after the copied ones.
        table = await pg.create_table(9, 90, 1, "network", {}, [S(1, "Al")])
        assert table.id == max(ids) + 1

    code, _, err = await migrate(source, postgres_url)
    assert code == 1
    assert "already has tables; migrate into an empty one" in err


async def test_a_missing_file_is_refused_with_one_line(tmp_path: Path, postgres_url: str) -> None:
    code, out, err = await migrate(tmp_path / "nothing.sqlite3", postgres_url)
    assert (code, out) == (1, "")
    assert (
        err.strip() == f"migrate-to-postgres: there is no SQLite file at {tmp_path}/nothing.sqlite3"
    )
