"""Run the fake Discord standalone: ``python -m tests.fakediscord --port 8765``.

Seeds a guild with a text channel and a few users, prints the settings a bot needs
(as JSON and as shell exports) and serves until interrupted. ``GET /_fake/summary``
and ``GET /_fake/requests`` expose the REST call log for benchmarks.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import shlex
import signal

from .driver import FakeDiscord


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tests.fakediscord", description=__doc__)
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0: any free)")
    parser.add_argument("--guild", default="Domino Club", help="name of the seeded guild")
    parser.add_argument("--channel", default="tables", help="name of the seeded text channel")
    parser.add_argument(
        "--users", default="alice,bob,carol", help="comma-separated users who join the guild"
    )
    parser.add_argument(
        "--dms-closed", default="", help="comma-separated users (also created) with DMs closed"
    )
    parser.add_argument(
        "--callback-window", type=float, default=3.0, help="seconds to the first callback"
    )
    return parser.parse_args(argv)


async def serve(args: argparse.Namespace) -> None:
    fake = FakeDiscord(port=args.port, callback_window=args.callback_window)
    guild = fake.add_guild(args.guild)
    channel = guild.add_text_channel(args.channel)
    users = {name: fake.add_user(name) for name in filter(None, args.users.split(","))}
    for name in filter(None, args.dms_closed.split(",")):
        users[name] = fake.add_user(name, dms_closed=True)
    await fake.start()
    info = {
        **fake.env(),
        "application_id": str(fake.application_id),
        "guild_id": str(guild.id),
        "channel_id": str(channel.id),
        "users": {name: str(user.id) for name, user in users.items()},
    }
    print(json.dumps(info, indent=2))
    for key, value in fake.env().items():
        print(f"export {key}={shlex.quote(value)}")
    print(f"# summary: {fake.base_url}/_fake/summary", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await fake.stop()


def main(argv: list[str] | None = None) -> None:
    asyncio.run(serve(parse_args(argv)))


if __name__ == "__main__":
    main()
