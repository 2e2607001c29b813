"""Unit tests of the fake's pure logic: registration rules, option typing, limits."""

from __future__ import annotations

from typing import Any

import pytest

from .commands import CommandRegistry, build_invocation
from .components import assign_ids, find_button, walk
from .driver import FakeDiscord
from .errors import (
    ApiError,
    CommandNotRegistered,
    ComponentNotFound,
    InvalidInteraction,
    WaitTimeout,
)
from .gateway import shard_of
from .notify import Notifier
from .snowflake import SnowflakeFactory, snowflake_time, utcnow
from .validation import validate_message

NETWORK = {
    "name": "network",
    "description": "Network dominoes",
    "options": [
        {
            "type": 1,
            "name": "new",
            "description": "Open a table",
            "options": [
                {
                    "type": 4,
                    "name": "target",
                    "description": "Points",
                    "required": True,
                    "choices": [{"name": "Ten", "value": 10}, {"name": "Twenty", "value": 20}],
                },
                {"type": 5, "name": "open-seats", "description": "Open seats"},
                {"type": 10, "name": "speed", "description": "Speed", "min_value": 0.5},
            ],
        },
        {
            "type": 2,
            "name": "admin",
            "description": "Admin",
            "options": [
                {"type": 1, "name": "reset", "description": "Reset"},
            ],
        },
    ],
}


class NoEntities:
    def resolve(self, option: dict[str, Any], value: Any, resolved: dict[str, Any]) -> str:
        raise AssertionError("no entity options here")


def registry() -> CommandRegistry:
    commands = CommandRegistry(SnowflakeFactory(), application_id=1, on_change=lambda: None)
    commands.overwrite(None, [NETWORK])
    return commands


def command_with_option(**fields: Any) -> dict[str, Any]:
    """A command ``n`` whose one string option ``a`` carries ``fields``: the option
    rules are checked on it alone."""
    option = {"type": 3, "name": "a", "description": "a", **fields}
    return {"name": "n", "description": "x", "options": [option]}


def test_bulk_overwrite_keeps_ids_and_bumps_versions() -> None:
    commands = registry()
    [first] = commands.scoped(None)
    [second] = commands.overwrite(None, [NETWORK])
    assert second.id == first.id and second.version > first.version
    assert commands.sync_count == 2
    assert second.subcommand_paths() == ["network new", "network admin reset"]


@pytest.mark.parametrize(
    ("command", "problem"),
    [
        ({"name": "Network", "description": "x"}, "APPLICATION_COMMAND_INVALID_NAME"),
        ({"name": "network", "description": ""}, "BASE_TYPE_BAD_LENGTH"),
        (
            {
                "name": "n",
                "description": "x",
                "options": [
                    {"type": 3, "name": "a", "description": "a"},
                    {"type": 3, "name": "b", "description": "b", "required": True},
                ],
            },
            "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
        ),
        (
            command_with_option(autocomplete=True, choices=[{"name": "A", "value": "a"}]),
            "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_INVALID",
        ),
        (
            {"name": "n", "description": "x", "name_localizations": {"es-ES": "Nueva Mesa"}},
            "APPLICATION_COMMAND_INVALID_NAME",
        ),
        (
            {"name": "n", "description": "x", "description_localizations": {"xx": "y"}},
            "BASE_TYPE_CHOICES",
        ),
        (
            command_with_option(description_localizations={"de": "x" * 101}),
            "BASE_TYPE_BAD_LENGTH",
        ),
        (
            command_with_option(
                choices=[{"name": "A", "value": "a", "name_localizations": {"de": ""}}]
            ),
            "BASE_TYPE_BAD_LENGTH",
        ),
    ],
)
def test_registration_rules(command: dict[str, Any], problem: str) -> None:
    with pytest.raises(ApiError) as raised:
        registry().overwrite(None, [command])
    assert raised.value.code == 50035 and problem in str(raised.value.errors)


@pytest.mark.parametrize(
    "fields",
    [{"integration_types": [0, 2]}, {"contexts": [0, 3]}, {"contexts": [True]}],
)
def test_install_and_context_fields_take_known_values_only(fields: dict[str, Any]) -> None:
    with pytest.raises(ApiError) as raised:
        registry().overwrite(None, [{"name": "n", "description": "x", **fields}])
    assert raised.value.code == 50035 and "BASE_TYPE_CHOICES" in str(raised.value.errors)


def test_install_types_default_to_the_applications_and_contexts_stay_null() -> None:
    plain = {"name": "plain", "description": "x", "integration_types": None, "contexts": None}
    anywhere = {"name": "anywhere", "description": "x", "integration_types": [1], "contexts": [2]}
    first, second = registry().overwrite(None, [plain, anywhere])
    assert (first.integration_types, first.contexts) == ([0, 1], None)
    assert first.usable_in(0) and first.usable_in(1) and not first.usable_in(2)
    assert (second.integration_types, second.contexts) == ([1], [2])
    assert second.usable_in(2) and not second.usable_in(0)


def test_localized_names_and_descriptions_are_taken() -> None:
    command = {
        "name": "network",
        "description": "Network dominoes",
        "name_localizations": {"es-ES": "red", "es-419": "red", "de": "netzwerk"},
        "description_localizations": {"pt-BR": "Dominó em rede"},
    }
    [registered] = registry().overwrite(None, [command])
    assert registered.raw["name_localizations"]["de"] == "netzwerk"


def test_invocation_is_typed_per_schema() -> None:
    invocation = build_invocation(
        registry(), "network new", None, {"target": "Twenty", "open_seats": True}, NoEntities()
    )
    assert invocation.options == [
        {
            "type": 1,
            "name": "new",
            "options": [
                {"type": 4, "name": "target", "value": 20},
                {"type": 5, "name": "open-seats", "value": True},
            ],
        }
    ]
    assert invocation.data()["name"] == "network"


@pytest.mark.parametrize(
    ("path", "values", "error", "match"),
    [
        ("network new", {"target": 15}, InvalidInteraction, "not one of the choices"),
        ("network new", {"target": True}, InvalidInteraction, "not one of the choices"),
        ("network new", {"target": 10, "speed": 0.1}, InvalidInteraction, "below the minimum"),
        ("network new", {"target": 10, "colour": "red"}, InvalidInteraction, "no option 'colour'"),
        ("network new", {}, InvalidInteraction, "required option 'target'"),
        ("network", {}, CommandNotRegistered, "is a group"),
        ("network admin", {}, CommandNotRegistered, "is a group"),
        ("network play", {}, CommandNotRegistered, "no subcommand 'play'"),
        ("chess new", {}, CommandNotRegistered, "not registered"),
    ],
)
def test_invalid_invocations_fail_loudly(
    path: str, values: dict[str, Any], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        build_invocation(registry(), path, None, values, NoEntities())


def test_components_are_found_in_v2_layouts_and_numbered() -> None:
    tree: list[dict[str, Any]] = [
        {
            "type": 17,
            "components": [
                {"type": 10, "content": "Board"},
                {
                    "type": 9,
                    "components": [{"type": 10, "content": "Seat 1"}],
                    "accessory": {"type": 2, "style": 1, "label": "Join", "custom_id": "join:1"},
                },
            ],
        },
        {
            "type": 1,
            "components": [
                {"type": 3, "custom_id": "move", "options": [{"label": "6|6", "value": "a"}]}
            ],
        },
    ]
    assign_ids(tree)
    assert [item.custom_id for item in walk(tree)] == ["join:1", "move"]
    assert find_button(tree, custom_id_prefix="join:").label == "Join"
    assert tree[0]["id"] == 1 and tree[0]["components"][1]["accessory"]["id"] == 5
    with pytest.raises(ComponentNotFound, match="Join"):
        find_button(tree, label="Leave")


def _row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def _button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": custom_id, "custom_id": custom_id}


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ({"content": "x" * 2001}, "BASE_TYPE_MAX_LENGTH"),
        ({"components": [_row(*(_button(str(i)) for i in range(6)))]}, "BASE_TYPE_BAD_LENGTH"),
        (
            {"components": [_row(_button("a")), _row(_button("a"))]},
            "COMPONENT_CUSTOM_ID_DUPLICATED",
        ),
        ({"components": [_row(_button(str(i))) for i in range(6)]}, "BASE_TYPE_MAX_LENGTH"),
        (
            {
                "components": [
                    _row(
                        {
                            "type": 3,
                            "custom_id": "s",
                            "options": [{"label": str(i), "value": str(i)} for i in range(26)],
                        }
                    )
                ]
            },
            "BASE_TYPE_BAD_LENGTH",
        ),
        ({"embeds": [{"description": "x" * 4097}]}, "BASE_TYPE_MAX_LENGTH"),
    ],
)
def test_message_limits(payload: dict[str, Any], code: str) -> None:
    with pytest.raises(ApiError) as raised:
        validate_message(payload, [], size_limit=10)
    assert raised.value.code == 50035 and code in str(raised.value.errors)


def test_empty_message_is_rejected() -> None:
    with pytest.raises(ApiError) as raised:
        validate_message({"content": ""}, [], size_limit=10)
    assert raised.value.code == 50006


def test_snowflakes_increase_and_encode_now() -> None:
    ids = SnowflakeFactory()
    first, second = ids.next(), ids.next()
    assert second > first
    assert abs((utcnow() - snowflake_time(second)).total_seconds()) < 5


async def test_waiting_reports_what_it_waited_for() -> None:
    with pytest.raises(WaitTimeout, match="the answer"):
        await Notifier().wait_for(lambda: None, 0.01, lambda: "the answer")


def test_a_guild_can_be_made_on_each_shard() -> None:
    fake = FakeDiscord(shard_count=3)
    for shard in (2, 0, 1):
        guild = fake.add_guild_on_shard("Club", shard)
        assert shard_of(guild.id, 3) == shard
    with pytest.raises(ValueError, match="not below shard_count 3"):
        fake.add_guild_on_shard("Club", 3)
