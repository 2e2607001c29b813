"""``/tournament``: its subcommands, ``new``'s options (every registered game, the
formats, the pace's autocomplete, computer levels), the sign-up deadline read, and the
refusals a command gets outside a server channel, politely and privately."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.discord.cogs.tournaments import parse_deadline, tournament_group
from bot.discord.tournaments import channel_of
from bot.tables.errors import UserError
from engine.registry import GAMES
from i18n import text_in


def group() -> app_commands.Group:
    return tournament_group(None, 300)  # type: ignore[arg-type]


def test_the_group_has_every_subcommand() -> None:
    assert sorted(c.name for c in group().commands) == sorted(
        [
            "new",
            "join",
            "leave",
            "start",
            "pause",
            "resume",
            "drop",
            "add",
            "cancel",
            "standings",
            "show",
        ]
    )
    drop = group().get_command("drop")
    assert isinstance(drop, app_commands.Command)
    assert [(p.name, p.type) for p in drop.parameters] == [
        ("user", discord.AppCommandOptionType.user)
    ]


def test_new_offers_every_registered_game_and_the_formats() -> None:
    new = group().get_command("new")
    assert isinstance(new, app_commands.Command)
    params = {p.display_name: p for p in new.parameters}
    assert [c.value for c in params["game"].choices] == list(GAMES)
    assert [c.name for c in params["game"].choices] == [s.title for s in GAMES.values()]
    assert params["game"].required
    assert [c.value for c in params["format"].choices] == ["swiss", "round-robin", "knockout"]
    assert {c.value for c in params["fill"].choices} == {
        level for spec in GAMES.values() for level in spec.levels
    }
    assert params["turn"].autocomplete and not params["turn"].required
    assert (params["seats"].min_value, params["seats"].max_value) == (2, 9)
    assert params["rounds"].default == 3
    for optional in ("seats", "target", "deadline", "cap", "fill", "language", "format"):
        assert not params[optional].required, optional
    assert len(new.parameters) <= 25  # Discord's most options for one command


def test_new_offers_every_game_s_own_options_with_their_choices() -> None:
    new = group().get_command("new")
    assert isinstance(new, app_commands.Command)
    params = {p.display_name: p for p in new.parameters}
    for spec in GAMES.values():
        for option in spec.options:
            param = params[option.name]
            assert not param.required, option.name
            assert {c.value for c in option.choices} <= {c.value for c in param.choices}
    assert [c.value for c in params["set"].choices] == [6, 9, 12, 15, 18, 21]
    assert params["set"].type is discord.AppCommandOptionType.integer
    assert [c.value for c in params["spinner"].choices] == ["on", "off"]


@pytest.mark.parametrize(
    ("given", "length"),
    [
        ("2h", timedelta(hours=2)),
        ("1d 12h", timedelta(days=1, hours=12)),
        ("90", timedelta(minutes=90)),
    ],
)
def test_a_deadline_is_a_length_of_time(given: str, length: timedelta) -> None:
    assert parse_deadline(given) == length


@pytest.mark.parametrize("given", ["soon", "", "61d", "30s"])
def test_a_deadline_that_cannot_be_read_is_refused_saying_how(given: str) -> None:
    with pytest.raises(UserError) as refused:
        parse_deadline(given)
    assert "like 2h, 1d" in refused.value.said_in(text_in("en"))
    assert "60 Tage" in refused.value.said_in(text_in("de"))


def where(guild_id: int | None, channel: Any, *, private: bool = False) -> Any:
    return SimpleNamespace(
        guild_id=guild_id,
        channel=channel,
        context=SimpleNamespace(private_channel=private),
        is_user_integration=lambda: False,
        is_guild_integration=lambda: True,
    )


def test_a_tournament_lives_in_a_server_channel_or_one_of_its_threads() -> None:
    channel = SimpleNamespace(id=5)
    assert channel_of(where(1, channel)) == 5
    thread = discord.Thread.__new__(discord.Thread)
    thread.id, thread.parent_id = 7, 5
    assert channel_of(where(1, thread)) == 5  # a round's thread speaks of its channel
    for outside in (where(None, channel), where(None, channel, private=True)):
        with pytest.raises(UserError) as refused:
            channel_of(outside)
        assert "server's text channel" in refused.value.said_in(text_in("en"))
