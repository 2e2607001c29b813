"""The rate-limit budget under a tight global limit: the local Discord allows 5 counted
calls a second and a burst of plays on three tables asks for more. Every play is still
acknowledged in time (interaction callbacks are not global-limited), publishing catches up
in order with nothing lost, and the bot counts the 429s by their global scope."""

from __future__ import annotations

import asyncio

from tests.bot.e2e.conftest import Club, checked_bot, driver
from tests.bot.e2e.harness import DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE, Player, move_line
from tests.bot.e2e.test_metrics import free_port, scrape, value
from tests.fakediscord import BotLauncher

GLOBAL_LIMIT = 5
PLAYS = 4
"""One-pick plays per table in the burst."""


async def test_a_burst_over_the_global_limit_is_acknowledged_and_published_in_order(
    club: Club, bot_launcher: BotLauncher
) -> None:
    fake = club.fake
    pairs = [(Player(fake.add_user(f"p{n}a")), Player(fake.add_user(f"p{n}b"))) for n in range(3)]
    tables = [
        driver(club, *pair)
        for pair in pairs  # one channel each: a table per channel
    ]
    for number, table in enumerate(tables):
        table.channel = club.guild.add_text_channel(f"burst-{number}")
    port = free_port()
    async with checked_bot(club, bot_launcher, METRICS_PORT=str(port), METRICS_HOST="127.0.0.1"):
        for table, (host, guest) in zip(tables, pairs, strict=True):
            await table.open(host, seats=2, target=500)
            await table.click_lobby(guest, "Join")
            await table.start(host)
        fake.settings.global_limit = GLOBAL_LIMIT
        mark = len(fake.requests)

        async def burst(table_index: int) -> list[str]:
            """Play PLAYS one-pick plays as fast as the controls come; the move lines."""
            table, lines = tables[table_index], []
            for _ in range(PLAYS):
                turn = await table.next_turn(timeout=60)
                assert turn is not None
                places = [s for s in turn.message.selects if ":targ:" in s.custom_id]
                if places:
                    menu = places[0]
                    record = await fake.select(
                        turn.player.user, turn.message, menu, [menu.options[0].value]
                    )
                else:
                    record = await fake.click(
                        turn.player.user, turn.message, turn.message.buttons[0]
                    )
                callback = await record.response()
                assert callback.accepted and callback.type in (
                    UPDATE_MESSAGE,
                    DEFERRED_UPDATE_MESSAGE,
                )
                seen = await table.seen(record)
                table.last_turn = turn.turn
                line = move_line(seen.text)
                assert line is not None, seen.text
                lines.append(line)
            return lines

        played = await asyncio.gather(*(burst(n) for n in range(len(tables))))

        # Nothing lost: each table's next player gets their controls, and the table
        # message catches up to the last move.
        for table, lines in zip(tables, played, strict=True):
            assert await table.next_turn(timeout=60) is not None
            await table.table_shows(lines[-1], timeout=60)
            # In order: no version of the table message shows an older move after a newer.
            unique = [line for line in lines if lines.count(line) == 1]
            shown = [
                max((i for i, line in enumerate(unique) if line in version.text), default=-1)
                for version in table.table().versions
            ]
            assert shown == sorted(shown), shown

        burst_calls = fake.requests[mark:]
        refused = [r for r in burst_calls if r.status == 429]
        assert refused, "the burst never went past the global limit"
        assert all(r.global_limit for r in refused)
        callbacks = [r for r in burst_calls if r.route and r.route.endswith("/callback")]
        assert len(callbacks) >= 3 * PLAYS and all(r.status in (200, 204) for r in callbacks)
        assert all(r.status in (200, 204, 429) for r in burst_calls), [
            (r.key, r.status) for r in burst_calls if r.status not in (200, 204, 429)
        ]
        _, metrics = await scrape(port, "/metrics")
        assert value(metrics, "domino_discord_rate_limited_total", scope="global") == len(refused)
        fake.settings.global_limit = None
