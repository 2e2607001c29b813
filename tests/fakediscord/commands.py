"""Application commands: what the bot registered, and invoking them like a Discord client.

Registration validates the same limits Discord enforces (names, descriptions, option
order, choice counts) so a malformed tree fails in tests instead of in production.
Invocation turns ``slash(..., seats=3)`` into the exact option tree Discord would send,
typed per the registered schema, refusing anything the Discord UI would not allow.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from .errors import ApiError, CommandNotRegistered, FormErrors, InvalidInteraction
from .models import RegisteredCommand
from .snowflake import SnowflakeFactory

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)
CHAT_INPUT = 1
PRIMARY_ENTRY_POINT = 4
"""An Activity's Entry Point (the App Launcher); ``handler`` 1: the app answers,
2: Discord launches the Activity itself."""
ENTRY_POINT_HANDLERS = frozenset({1, 2})
GUILD_INSTALL, USER_INSTALL = 0, 1
APP_INSTALL_TYPES = (GUILD_INSTALL, USER_INSTALL)
"""The installation contexts the fake application is configured for (both, as new
applications are): a command that declares no ``integration_types`` gets these."""
GUILD, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2
INTERACTION_CONTEXTS = (GUILD, BOT_DM, PRIVATE_CHANNEL)
ENTRY_POINT_LEFT_OUT = 50240

_NAME = re.compile(r"^[-_'\w]{1,32}$")
LOCALES = frozenset(
    [
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    ]
)
"""The locales Discord takes in ``*_localizations`` (and sends as a user's ``locale``)."""
_MAX_SAFE_INTEGER = 2**53


class CommandRegistry:
    """Global and per-guild commands, with stable ids across bulk overwrites."""

    def __init__(
        self, ids: SnowflakeFactory, application_id: int, on_change: Callable[[], None]
    ) -> None:
        self._ids = ids
        self._application_id = application_id
        self._on_change = on_change
        self._scopes: dict[int | None, dict[tuple[str, int], RegisteredCommand]] = {None: {}}
        self.sync_count = 0
        """How many bulk overwrites (PUT) the bot has made."""
        self.activities_enabled = False
        """Activities are enabled "in the developer portal": an Entry Point may exist."""

    def _scope(self, guild_id: int | None) -> dict[tuple[str, int], RegisteredCommand]:
        return self._scopes.setdefault(guild_id, {})

    def _make(self, guild_id: int | None, raw: dict[str, Any]) -> RegisteredCommand:
        key = (str(raw["name"]), int(raw.get("type", CHAT_INPUT)))
        old = self._scope(guild_id).get(key)
        declared = raw.get("integration_types")
        return RegisteredCommand(
            id=old.id if old else self._ids.next(),
            application_id=self._application_id,
            guild_id=guild_id,
            version=self._ids.next(),
            raw=dict(raw),
            integration_types=list(APP_INSTALL_TYPES if declared is None else declared),
        )

    def overwrite(self, guild_id: int | None, commands: list[Any]) -> list[RegisteredCommand]:
        """Bulk overwrite (PUT): replaces the scope; same name+type keeps its id. Like
        Discord, it refuses to drop the application's Entry Point (50240)."""
        validate_commands(commands, guild=guild_id is not None, activities=self.activities_enabled)
        had_entry_point = any(c.type == PRIMARY_ENTRY_POINT for c in self.scoped(guild_id))
        sends_one = any(
            isinstance(raw, dict) and int(raw.get("type", CHAT_INPUT)) == PRIMARY_ENTRY_POINT
            for raw in commands
        )
        if had_entry_point and not sends_one:
            raise ApiError(
                400,
                ENTRY_POINT_LEFT_OUT,
                "You cannot remove this app's Entry Point command in a bulk update operation. "
                "Please include the Entry Point command in your update request or delete it "
                "separately.",
            )
        created = [self._make(guild_id, raw) for raw in commands]
        self._scopes[guild_id] = {(cmd.name, cmd.type): cmd for cmd in created}
        self.sync_count += 1
        self._on_change()
        return created

    def upsert(self, guild_id: int | None, raw: Any) -> tuple[RegisteredCommand, bool]:
        validate_commands([raw], guild=guild_id is not None, activities=self.activities_enabled)
        command = self._make(guild_id, raw)
        key = (command.name, command.type)
        if command.type == PRIMARY_ENTRY_POINT and any(
            c.type == PRIMARY_ENTRY_POINT and c.name != command.name for c in self.scoped(guild_id)
        ):
            errors = FormErrors()
            errors.add(["type"], "APPLICATION_COMMAND_TOO_MANY", "Only one Entry Point command")
            errors.raise_if_any()
        created = key not in self._scope(guild_id)
        self._scope(guild_id)[key] = command
        self._on_change()
        return command, created

    def scoped(self, guild_id: int | None) -> list[RegisteredCommand]:
        return list(self._scope(guild_id).values())

    def get(self, guild_id: int | None, command_id: int) -> RegisteredCommand | None:
        return next((cmd for cmd in self._scope(guild_id).values() if cmd.id == command_id), None)

    def delete(self, guild_id: int | None, command_id: int) -> bool:
        scope = self._scope(guild_id)
        for key, command in list(scope.items()):
            if command.id == command_id:
                del scope[key]
                self._on_change()
                return True
        return False

    def find(
        self, name: str, guild_id: int | None, type: int = CHAT_INPUT
    ) -> RegisteredCommand | None:
        """Guild command first, then global (like the Discord client's command picker)."""
        if guild_id is not None:
            command = self._scope(guild_id).get((name, type))
            if command is not None:
                return command
        return self._scope(None).get((name, type))

    def all(self) -> list[RegisteredCommand]:
        return [command for scope in self._scopes.values() for command in scope.values()]


def validate_commands(
    commands: list[Any], *, guild: bool = False, activities: bool = False
) -> None:
    """Discord's registration rules; raises ApiError 50035 listing every problem.
    ``guild``: for one guild (no Entry Point there); ``activities``: the application has
    Activities enabled (else no Entry Point at all)."""
    errors = FormErrors()
    seen: set[tuple[str, int]] = set()
    entry_points = 0
    for index, raw in enumerate(commands):
        if not isinstance(raw, dict):
            errors.add([index], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
            continue
        kind = int(raw.get("type", CHAT_INPUT))
        name = raw.get("name")
        typed = kind in (CHAT_INPUT, PRIMARY_ENTRY_POINT)
        _check_name(errors, [index, "name"], name, lowercase=typed)
        _check_localized(errors, [index], raw, lowercase=typed)
        _check_enum_list(errors, [index, "integration_types"], raw, APP_INSTALL_TYPES)
        _check_enum_list(errors, [index, "contexts"], raw, INTERACTION_CONTEXTS)
        description = raw.get("description") or ""
        if kind != PRIMARY_ENTRY_POINT and raw.get("handler") is not None:
            errors.add(
                [index, "handler"],
                "APPLICATION_COMMAND_HANDLER_INVALID",
                "Only Entry Point commands have a handler.",
            )
        if kind == CHAT_INPUT:
            _check_description(errors, [index, "description"], description)
            _check_options(errors, [index, "options"], raw.get("options") or [], depth=0)
        elif kind == PRIMARY_ENTRY_POINT:
            entry_points += 1
            _check_entry_point(errors, index, raw, guild=guild, activities=activities)
        elif description:
            errors.add(
                [index, "description"],
                "APPLICATION_COMMAND_INVALID_DESCRIPTION",
                "Context menu commands cannot have a description.",
            )
        key = (str(name), kind)
        if key in seen:
            errors.add(
                [index, "name"],
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                f"Application command names must be unique ({name})",
            )
        seen.add(key)
    if entry_points > 1:
        errors.add(["type"], "APPLICATION_COMMAND_TOO_MANY", "Only one Entry Point command")
    errors.raise_if_any()


def _check_enum_list(
    errors: FormErrors, path: list[str | int], raw: dict[str, Any], allowed: tuple[int, ...]
) -> None:
    """``integration_types`` and ``contexts``: null or a list of known values (for
    ``integration_types``, of the installation contexts the application supports)."""
    values = raw.get(str(path[-1]))
    if values is None:
        return
    if not isinstance(values, list):
        errors.add(path, "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
        return
    for position, value in enumerate(values):
        if isinstance(value, bool) or value not in allowed:
            choices = "{" + ", ".join(str(choice) for choice in allowed) + "}"
            errors.add([*path, position], "BASE_TYPE_CHOICES", f"Value must be one of {choices}.")


def _check_entry_point(
    errors: FormErrors, index: int, raw: dict[str, Any], *, guild: bool, activities: bool
) -> None:
    """An Entry Point: global, for an application with Activities, with a description, a
    known handler and no options."""
    if guild:
        errors.add(
            [index, "type"],
            "APPLICATION_COMMAND_TYPE_INVALID",
            "Entry Point commands can only be global.",
        )
    if not activities:
        errors.add(
            [index, "type"],
            "APPLICATION_COMMAND_TYPE_INVALID",
            "Entry Point commands need Activities enabled for the application.",
        )
    _check_description(errors, [index, "description"], raw.get("description") or "")
    if raw.get("handler", 1) not in ENTRY_POINT_HANDLERS:
        errors.add([index, "handler"], "BASE_TYPE_CHOICES", "Value must be one of {1, 2}.")
    if raw.get("options"):
        errors.add(
            [index, "options"],
            "APPLICATION_COMMAND_OPTIONS_INVALID",
            "Only chat input commands have options.",
        )


def _check_name(errors: FormErrors, path: list[str | int], name: Any, *, lowercase: bool) -> None:
    if not isinstance(name, str) or not _NAME.match(name) or (lowercase and name != name.lower()):
        errors.add(path, "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}")


def _check_localized(
    errors: FormErrors, path: list[str | int], raw: dict[str, Any], *, lowercase: bool
) -> None:
    """``name_localizations`` and ``description_localizations``: known locales only, each
    name valid as a name and each description as a description."""
    for field_name in ("name_localizations", "description_localizations"):
        localized = raw.get(field_name)
        if localized is None:
            continue
        if not isinstance(localized, dict):
            errors.add([*path, field_name], "DICT_TYPE_CONVERT", "Only dictionaries may be used")
            continue
        for locale, value in localized.items():
            here = [*path, field_name, locale]
            if locale not in LOCALES:
                errors.add(here, "BASE_TYPE_CHOICES", f"Value must be one of {sorted(LOCALES)}.")
            elif field_name == "name_localizations":
                _check_name(errors, here, value, lowercase=lowercase)
            else:
                _check_description(errors, here, value)


def _check_description(errors: FormErrors, path: list[str | int], description: Any) -> None:
    if not isinstance(description, str) or not 1 <= len(description) <= 100:
        errors.add(path, "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")


def _check_options(
    errors: FormErrors, path: list[str | int], options: list[Any], *, depth: int
) -> None:
    if len(options) > 25:
        errors.add(path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    names: set[str] = set()
    seen_optional = False
    kinds = {int(option.get("type", 0)) for option in options if isinstance(option, dict)}
    if kinds & {SUB_COMMAND, SUB_COMMAND_GROUP} and kinds - {SUB_COMMAND, SUB_COMMAND_GROUP}:
        errors.add(
            path,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Sub-command and sub-command group option types are mutually exclusive "
            "to all other types",
        )
    for index, option in enumerate(options):
        here = [*path, index]
        kind = int(option.get("type", 0))
        name = option.get("name")
        _check_name(errors, [*here, "name"], name, lowercase=True)
        _check_localized(errors, here, option, lowercase=True)
        _check_description(errors, [*here, "description"], option.get("description"))
        errors.unique(
            [*here, "name"],
            name,
            names,
            "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
            "Option names must be unique",
        )
        if not 1 <= kind <= 11:
            errors.add([*here, "type"], "BASE_TYPE_CHOICES", f"Value must be one of 1..11: {kind}")
        if (kind == SUB_COMMAND_GROUP and depth > 0) or (kind == SUB_COMMAND and depth > 1):
            errors.add(
                [*here, "type"],
                "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                "Sub-commands cannot be nested this deep",
            )
        if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
            _check_options(errors, [*here, "options"], option.get("options") or [], depth=depth + 1)
            continue
        if option.get("required"):
            if seen_optional:
                errors.add(
                    [*here, "required"],
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            seen_optional = True
        choices = option.get("choices") or []
        if len(choices) > 25:
            errors.add([*here, "choices"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        if choices and option.get("autocomplete"):
            errors.add(
                [*here, "autocomplete"],
                "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_INVALID",
                "Autocomplete cannot be set on options with choices",
            )
        for choice_index, choice in enumerate(choices):
            choice_names = [(["name"], choice.get("name"))]
            localized = choice.get("name_localizations") or {}
            for locale, value in localized.items():
                if locale not in LOCALES:
                    errors.add(
                        [*here, "choices", choice_index, "name_localizations", locale],
                        "BASE_TYPE_CHOICES",
                        f"Value must be one of {sorted(LOCALES)}.",
                    )
                choice_names.append((["name_localizations", locale], value))
            for where, choice_name in choice_names:
                if not isinstance(choice_name, str) or not 1 <= len(choice_name) <= 100:
                    errors.add(
                        [*here, "choices", choice_index, *where],
                        "BASE_TYPE_BAD_LENGTH",
                        "Must be between 1 and 100 in length.",
                    )


# -- invocation --------------------------------------------------------------------


class Resolver(Protocol):
    """Turns entity values (users, channels, roles, files) into ids plus ``resolved`` data."""

    def resolve(self, option: dict[str, Any], value: Any, resolved: dict[str, Any]) -> str: ...


@dataclass
class Invocation:
    """The ``data`` of an application-command interaction."""

    command: RegisteredCommand
    path: str
    options: list[dict[str, Any]]
    resolved: dict[str, Any] = field(default_factory=dict)

    def data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.command.id),
            "name": self.command.name,
            "type": self.command.type,
            "options": self.options,
        }
        if self.resolved:
            data["resolved"] = self.resolved
        if self.command.guild_id is not None:
            data["guild_id"] = str(self.command.guild_id)
        return data


def locate(
    registry: CommandRegistry, path: str, guild_id: int | None
) -> tuple[RegisteredCommand, list[dict[str, Any]], list[dict[str, Any]]]:
    """Find ``"network new"`` -> (command, [subcommand chain], leaf option schema)."""
    words = path.split()
    if not words:
        raise CommandNotRegistered("empty command name")
    command = registry.find(words[0], guild_id)
    if command is None:
        known = sorted(
            path
            for cmd in registry.all()
            if cmd.type == CHAT_INPUT
            for path in cmd.subcommand_paths()
        )
        where = "in this guild or globally" if guild_id is not None else "globally"
        raise CommandNotRegistered(f"/{words[0]} is not registered {where}; known: {known}")
    chain: list[dict[str, Any]] = []
    schema = command.options
    for word in words[1:]:
        sub = next(
            (
                opt
                for opt in schema
                if opt.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) and opt.get("name") == word
            ),
            None,
        )
        if sub is None:
            raise CommandNotRegistered(
                f"/{path}: no subcommand {word!r}; available: {command.subcommand_paths()}"
            )
        chain.append(sub)
        schema = list(sub.get("options") or [])
    if any(opt.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for opt in schema):
        raise CommandNotRegistered(
            f"/{path} is a group; invoke one of {command.subcommand_paths()}"
        )
    return command, chain, schema


def build_invocation(
    registry: CommandRegistry,
    path: str,
    guild_id: int | None,
    values: Mapping[str, Any],
    resolver: Resolver,
    *,
    focused: str | None = None,
) -> Invocation:
    """Type and validate ``values`` against the registered schema, as the client would."""
    command, chain, schema = locate(registry, path, guild_id)
    invocation = Invocation(command=command, path=" ".join(path.split()), options=[])
    leaf = _convert(invocation, schema, values, resolver, focused)
    for sub in reversed(chain):
        leaf = [{"type": sub["type"], "name": sub["name"], "options": leaf}]
    invocation.options = leaf
    return invocation


def _convert(
    invocation: Invocation,
    schema: list[dict[str, Any]],
    values: Mapping[str, Any],
    resolver: Resolver,
    focused: str | None,
) -> list[dict[str, Any]]:
    by_name = {str(option["name"]): option for option in schema}
    provided: dict[str, Any] = {}
    for key, value in values.items():
        name = key if key in by_name else key.replace("_", "-")
        if name not in by_name:
            raise InvalidInteraction(
                f"/{invocation.path} has no option {key!r}; options: {list(by_name)}"
            )
        provided[name] = value
    if focused is not None and focused not in provided:
        raise InvalidInteraction(f"/{invocation.path}: focused option {focused!r} has no value")
    options: list[dict[str, Any]] = []
    for option in schema:
        name = str(option["name"])
        if name not in provided:
            if option.get("required") and focused is None:
                raise InvalidInteraction(f"/{invocation.path}: required option {name!r} missing")
            continue
        if name == focused:
            if not option.get("autocomplete"):
                raise InvalidInteraction(
                    f"/{invocation.path}: option {name!r} was not registered with autocomplete"
                )
            options.append(
                {
                    "type": option["type"],
                    "name": name,
                    "value": str(provided[name]),
                    "focused": True,
                }
            )
            continue
        value = _coerce(invocation, option, provided[name], resolver)
        options.append({"type": option["type"], "name": name, "value": value})
    return options


def _coerce(invocation: Invocation, option: dict[str, Any], value: Any, resolver: Resolver) -> Any:
    kind = int(option["type"])
    where = f"/{invocation.path} option {option['name']!r}"
    choices = option.get("choices") or []
    if choices:
        by_name = {choice["name"]: choice["value"] for choice in choices}
        allowed = list(by_name.values())
        if value not in allowed and isinstance(value, str) and value in by_name:
            value = by_name[value]
        if value not in allowed or isinstance(value, bool) != isinstance(allowed[0], bool):
            raise InvalidInteraction(f"{where}: {value!r} is not one of the choices {allowed}")
    if kind == STRING:
        if not isinstance(value, str):
            raise InvalidInteraction(f"{where} is a string option, got {value!r}")
        _check_bounds(
            where, len(value), option.get("min_length"), option.get("max_length"), "length"
        )
        return value
    if kind in (INTEGER, NUMBER):
        numeric = (int,) if kind == INTEGER else (int, float)
        if isinstance(value, bool) or not isinstance(value, numeric):
            expected = "an integer" if kind == INTEGER else "a number"
            raise InvalidInteraction(f"{where} must be {expected}, got {value!r}")
        if abs(value) > _MAX_SAFE_INTEGER:
            raise InvalidInteraction(f"{where}: {value!r} is out of range")
        _check_bounds(where, value, option.get("min_value"), option.get("max_value"), "value")
        return value
    if kind == BOOLEAN:
        if not isinstance(value, bool):
            raise InvalidInteraction(f"{where} is a boolean option, got {value!r}")
        return value
    return resolver.resolve(option, value, invocation.resolved)


def _check_bounds(where: str, value: float, low: Any, high: Any, what: str) -> None:
    if low is not None and value < low:
        raise InvalidInteraction(f"{where}: {what} {value!r} is below the minimum {low}")
    if high is not None and value > high:
        raise InvalidInteraction(f"{where}: {what} {value!r} is above the maximum {high}")
