"""Command ids read back at start by a process that does not register the commands: the
server's own ones win there; when Discord cannot be asked, commands stay typed text."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.app.command_ids import read_command_ids
from bot.tables.commands import COMMAND_IDS, mention

APPLICATION, DEV_GUILD = 5, 77


class CommandsHttp:
    """The two routes read (global and one server's commands), or a failing Discord."""

    def __init__(self, *, failing: bool = False) -> None:
        self.failing = failing
        self.asked: list[tuple[str, int]] = []

    async def get_global_commands(self, application_id: int) -> list[dict[str, Any]]:
        self.asked.append(("global", application_id))
        if self.failing:
            response = SimpleNamespace(status=503, reason="Service Unavailable")
            raise discord.HTTPException(response, "unavailable")  # type: ignore[arg-type]
        return [{"id": "11", "name": "games"}, {"id": "12", "name": "dominoes"}]

    async def get_guild_commands(self, application_id: int, guild_id: int) -> list[dict[str, Any]]:
        self.asked.append(("guild", guild_id))
        return [{"id": "21", "name": "dominoes"}, {"id": "22", "name": "standings"}]


@pytest.fixture(autouse=True)
def no_ids() -> Iterator[None]:
    COMMAND_IDS.forget()
    yield
    COMMAND_IDS.forget()


def client_with(http: CommandsHttp) -> Any:
    return SimpleNamespace(application_id=APPLICATION, http=http)


async def test_the_ids_are_read_back_the_dev_servers_winning() -> None:
    http = CommandsHttp()
    await read_command_ids(client_with(http), DEV_GUILD)
    assert http.asked == [("global", APPLICATION), ("guild", DEV_GUILD)]
    assert mention("dominoes new") == "</dominoes new:21>"
    assert mention("standings") == "</standings:22>"
    assert mention("games") == "</games:11>"


async def test_without_a_dev_server_only_the_global_ones_are_read() -> None:
    http = CommandsHttp()
    await read_command_ids(client_with(http), None)
    assert http.asked == [("global", APPLICATION)]
    assert mention("dominoes status") == "</dominoes status:12>"
    assert mention("standings") == "/standings"


async def test_when_discord_cannot_be_asked_commands_are_typed_text() -> None:
    await read_command_ids(client_with(CommandsHttp(failing=True)), DEV_GUILD)
    assert mention("dominoes new") == "/dominoes new"
