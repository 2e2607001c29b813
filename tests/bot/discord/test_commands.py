"""Slash commands are generated from the game specs: every option once, as the spec says."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands

from bot.discord.cogs.games import family_group
from bot.games import ADAPTERS
from bot.tables.errors import UserError
from bot.tables.settings import TableSettings
from engine.registry import GAMES, families


def new_command(family: str) -> app_commands.Command[Any, ..., None]:
    group = family_group(ADAPTERS[family], handlers=None, default_turn_seconds=300)  # type: ignore[arg-type]
    command = group.get_command("new")
    assert isinstance(command, app_commands.Command)
    return command


def test_every_family_in_the_registry_has_an_adapter_and_a_command_group() -> None:
    assert set(families()) == set(ADAPTERS)
    for family, adapter in ADAPTERS.items():
        assert {spec.name for spec in adapter.specs} == {s.name for s in families()[family]}
        group = family_group(adapter, handlers=None, default_turn_seconds=300)  # type: ignore[arg-type]
        assert group.name == family
        private = "hand" if all(spec.has_hands for spec in adapter.specs) else "board"
        assert sorted(c.name for c in group.commands) == sorted(
            ["new", "join", "play", private, "status", "hint", "cancel", "web", "rules", "replay"]
        )


@pytest.mark.parametrize("family", sorted(ADAPTERS))
def test_new_takes_each_option_of_the_familys_games_with_the_specs_choices(family: str) -> None:
    command = new_command(family)
    params = {p.name: p for p in command.parameters}
    specs = ADAPTERS[family].specs
    options = {option.name: option for spec in specs for option in spec.options}
    fixed = all(s.min_seats == s.max_seats for s in specs)
    expected = {"target", "turn", "hints", "language", *options} | (set() if fixed else {"seats"})
    if len(specs) > 1:
        expected.add("game")
    if all(s.min_seats == s.max_seats == 2 for s in specs):
        expected |= {"opponent", "computer"}  # a two-player game is a challenge
    assert set(params) == expected
    for name, option in options.items():
        assert [(c.name, c.value) for c in params[name].choices] == [
            (c.label, c.value) for c in option.choices
        ]
        assert params[name].description == option.description
        assert not params[name].required
    assert params["turn"].type is discord.AppCommandOptionType.string
    assert params["turn"].autocomplete and not params["turn"].required
    assert "1 minute to 3 days" in params["turn"].description
    assert params["hints"].type is discord.AppCommandOptionType.boolean
    assert not params["hints"].required  # off unless the table enables it
    if not fixed:
        assert params["seats"].min_value == min(s.min_seats for s in specs)
        assert params["seats"].max_value == max(s.max_seats for s in specs)


def test_sackson_new_is_a_challenge_to_a_person_or_the_computer_for_one_game_or_more() -> None:
    params = {p.name: p for p in new_command("sackson").parameters}
    assert "seats" not in params and "game" not in params
    assert params["opponent"].type is discord.AppCommandOptionType.user
    levels = ADAPTERS["sackson"].specs[0].levels
    assert [(c.name, c.value) for c in params["computer"].choices] == [
        (level.title(), level) for level in levels
    ]
    assert [(c.name, c.value) for c in params["target"].choices] == [
        ("One game", 0),
        ("First to 2 wins", 2),
        ("First to 3 wins", 3),
        ("First to 5 wins", 5),
    ]
    assert params["target"].description.startswith("Games needed to win")


def test_dominoes_new_asks_which_game_and_offers_the_targets_of_the_rules() -> None:
    params = {p.name: p for p in new_command("dominoes").parameters}
    assert params["game"].required
    assert [c.value for c in params["game"].choices] == [
        "all-fives",
        "all-threes",
        "fives-and-threes",
        "draw",
        "block",
    ]
    assert [c.value for c in params["target"].choices] == [100, 250, 500]


def test_network_new_takes_any_target_up_to_500() -> None:
    params = {p.name: p for p in new_command("network").parameters}
    assert "game" not in params
    assert (params["target"].min_value, params["target"].max_value) == (1, 500)
    assert params["target"].choices == []


def build(game: str, **options: Any) -> TableSettings:
    return TableSettings.build(game, seats=None, target=None, turn_seconds=300, options=options)


def test_table_settings_fill_defaults_from_the_spec() -> None:
    settings = build("fives-and-threes")
    assert settings.seats == GAMES["fives-and-threes"].default_seats
    assert settings.target == 100
    assert settings.options == {"hand_size": "standard", "spinner": "on", "counting": "standard"}
    assert "Target 100" in settings.describe() and "5 min per turn" in settings.describe()
    assert TableSettings.from_json("fives-and-threes", settings.to_json()) == settings


def test_an_option_of_another_game_is_refused_with_the_reason() -> None:
    with pytest.raises(UserError, match="British counting is only for Fives and Threes"):
        build("all-fives", counting="british")
    with pytest.raises(UserError, match="Block always deals 7 tiles each"):
        build("block", hand_size="large")


def test_bad_values_are_refused_politely() -> None:
    with pytest.raises(UserError, match=r"^Spinner must be one of on, off"):
        build("draw", spinner="sideways")
    with pytest.raises(UserError, match="target must be one of 100, 250, 500"):
        TableSettings.build("draw", seats=2, target=99, turn_seconds=300, options={})
    with pytest.raises(UserError, match="2 to 4 players"):
        TableSettings.build("draw", seats=5, target=None, turn_seconds=300, options={})
    with pytest.raises(UserError, match="from 1 minute to 3 days"):
        TableSettings.build("draw", seats=2, target=None, turn_seconds=0, options={})
