"""The rate-limit budget: Discord calls per one-pick play, per game, split by whether they
count against the bot's global rate limit (bot-token calls) or not (interaction-token
calls: the callback, and the webhook edits of the answer). Used by ``bench_bot.py``.

One table per game, two people with open DMs, played one step at a time against the
local Discord: each play's calls are counted once the bot has gone quiet after it.
Opening a DM channel happens once per player per process and is counted apart.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from tests.bot.e2e.harness import Player, TableDriver, Turn
from tests.fakediscord import BotLauncher, FakeDiscord, Guild, InteractionRecord

DM_CHANNEL: Final = "POST /users/@me/channels"
QUIET_SECONDS: Final = 0.5


@dataclass
class Budget:
    """One game's plays: counted calls, others, 429s, per play."""

    counted: list[int] = field(default_factory=list)
    free: list[int] = field(default_factory=list)
    limited: int = 0
    dm_channels: int = 0
    routes: Counter[str] = field(default_factory=Counter)


async def start_quiet_bot(
    fake: FakeDiscord, launcher: BotLauncher, guild: Guild, database: Path
) -> None:
    """``python -m bot`` logging warnings only, its commands in ``guild``, ready."""
    env = {"LOG_LEVEL": "WARNING", "DEV_GUILD_ID": str(guild.id), "DATABASE_PATH": str(database)}
    await launcher.start(module="bot", extra_env=env)
    await fake.wait_until_bot_ready(timeout=60)


async def settled(fake: FakeDiscord) -> None:
    """Wait until every call so far is answered and none has followed for a while."""
    while True:
        count = len(fake.requests)
        await fake.wait_until(lambda: all(r.status for r in fake.requests) or None, timeout=60)
        await asyncio.sleep(QUIET_SECONDS)
        if len(fake.requests) == count:
            return


async def one_pick(fake: FakeDiscord, table: TableDriver, turn: Turn) -> InteractionRecord:
    """The place the controls already show for the first playable tile (one pick), or the
    first action (Pass, Draw) when nothing fits."""
    message, user = turn.message, turn.player.user
    places = [s for s in message.selects if ":targ:" in s.custom_id]
    if places:
        record = await fake.select(user, message, places[0], [places[0].options[0].value])
    else:
        record = await fake.click(user, message, message.buttons[0])
    await table.seen(record)
    table.last_turn = turn.turn
    return record


async def _open_lobby(table: TableDriver, host: Player, guest: Player) -> None:
    extra = {"game": "all-fives"} if table.family == "dominoes" else {}
    await table.open(host, seats=2, **extra)
    await table.click_lobby(guest, "Join")
    await table.start(host)


async def _open_challenge(table: TableDriver, host: Player, guest: Player) -> None:
    await table.open(host, opponent=guest.user)
    message = table.table()
    record = await table.fake.click(guest.user, message, message.button(label="Accept"))
    await table.seen(record)


Opening = Callable[[TableDriver, Player, Player], Awaitable[None]]
GAMES: Final[dict[str, tuple[dict[str, Any], Opening]]] = {
    "network": ({}, _open_lobby),
    "dominoes": ({}, _open_lobby),
    "fido": ({}, _open_lobby),
    "sackson": ({"show_label": "Play"}, _open_challenge),
}


async def game_budget(family: str, plays: int, global_limit: int | None) -> Budget:
    options, opening = GAMES[family]
    budget = Budget()
    async with FakeDiscord() as fake:
        fake.settings.global_limit = global_limit
        guild = fake.add_guild("Bench Club")
        channel = guild.add_text_channel(family)
        host, guest = Player(fake.add_user("host")), Player(fake.add_user("guest"))
        with tempfile.TemporaryDirectory() as tmp:
            launcher = BotLauncher(fake, Path(tmp))
            try:
                await start_quiet_bot(fake, launcher, guild, Path(tmp) / "budget.sqlite3")
                table = TableDriver(fake, channel, [host, guest], family=family, **options)
                await opening(table, host, guest)
                await settled(fake)
                for _ in range(plays):
                    turn = await table.next_turn(timeout=60)
                    if turn is None:
                        break
                    await settled(fake)
                    mark = len(fake.requests)
                    await one_pick(fake, table, turn)
                    await settled(fake)
                    calls = fake.requests[mark:]
                    budget.dm_channels += sum(1 for r in calls if r.key == DM_CHANNEL)
                    calls = [r for r in calls if r.key != DM_CHANNEL]
                    budget.limited += sum(1 for r in calls if r.status == 429)
                    done = [r for r in calls if r.status != 429]  # a retried call is one
                    budget.counted.append(sum(1 for r in done if r.global_limit))
                    budget.free.append(sum(1 for r in done if not r.global_limit))
                    budget.routes.update(
                        f"{'counted' if r.global_limit else 'free   '}  {r.key}" for r in done
                    )
            finally:
                await launcher.close()
    return budget


def budget_report(plays: int, global_limit: int | None) -> None:
    """Print the counted and uncounted calls per one-pick play, per game."""
    limit = "none" if global_limit is None else f"{global_limit} calls/s"
    print(
        f"Rate-limit budget: Discord calls per one-pick play, {plays} plays per game, two "
        f"people with open DMs, SQLite, one bot process; global limit {limit}"
    )
    print("  game       counted (global limit)   not counted (interaction token)   429s")
    for family in GAMES:
        budget = asyncio.run(game_budget(family, plays, global_limit))
        counted, free = budget.counted, budget.free
        if not counted:
            print(f"  {family:<9}  no plays")
            continue
        print(
            f"  {family:<9}  {statistics.mean(counted):5.2f} (max {max(counted)})"
            f"            {statistics.mean(free):5.2f} (max {max(free)})"
            f"                  {budget.limited:4d}   (n={len(counted)}, plus "
            f"{budget.dm_channels} one-off DM channel openings)"
        )
        for key, count in budget.routes.most_common():
            print(f"      {count / len(counted):5.2f}  {key}")
