"""Discord's size and shape limits for messages, autocomplete results and modals.

Real Discord rejects oversized or malformed payloads with 50035/50006; enforcing the
same limits here makes a bot that would break in production fail its tests instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import components as comp
from .bodies import Upload
from .errors import ApiError, FormErrors

Path = Sequence[str | int]

_EMBED_LIMITS = {"title": 256, "description": 4096}
_TOP_LEVEL_V1 = {comp.ACTION_ROW}


def validate_message(
    payload: dict[str, Any],
    uploads: Sequence[Upload],
    *,
    prefix: Path = (),
    require_content: bool = True,
    size_limit: int,
) -> None:
    """Check a create/edit message payload; ``require_content`` rejects empty messages."""
    errors = FormErrors(prefix)
    content = payload.get("content")
    if content is not None and not isinstance(content, str):
        errors.add(["content"], "BASE_TYPE_STRING", "Must be a string.")
    errors.max_length(["content"], content, 2000)
    embeds = payload.get("embeds") or []
    if len(embeds) > 10:
        errors.add(["embeds"], "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    for index, embed in enumerate(embeds):
        _validate_embed(errors, ["embeds", index], embed)
    total = sum(_embed_text_length(embed) for embed in embeds)
    if total > 6000:
        errors.add(["embeds"], "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
    components = payload.get("components") or []
    _validate_components(errors, components, v2=bool(int(payload.get("flags") or 0) & (1 << 15)))
    if len(uploads) > 10:
        errors.add(["files"], "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    errors.raise_if_any()
    for upload in uploads:
        if len(upload.data) > size_limit:
            raise ApiError(413, 40005, "Request entity too large")
    has_anything = bool(content) or embeds or components or uploads or payload.get("poll")
    if require_content and not has_anything and not payload.get("sticker_ids"):
        raise ApiError(400, 50006, "Cannot send an empty message")


def _validate_embed(errors: FormErrors, path: list[str | int], embed: dict[str, Any]) -> None:
    for key, limit in _EMBED_LIMITS.items():
        errors.max_length([*path, key], embed.get(key), limit)
    fields = embed.get("fields") or []
    if len(fields) > 25:
        errors.add([*path, "fields"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for index, field in enumerate(fields):
        errors.max_length([*path, "fields", index, "name"], field.get("name"), 256)
        errors.max_length([*path, "fields", index, "value"], field.get("value"), 1024)
        for key in ("name", "value"):
            if not str(field.get(key) or "").strip():
                errors.add(
                    [*path, "fields", index, key], "BASE_TYPE_REQUIRED", "This field is required"
                )
    errors.max_length([*path, "footer", "text"], (embed.get("footer") or {}).get("text"), 2048)
    errors.max_length([*path, "author", "name"], (embed.get("author") or {}).get("name"), 256)


def _embed_text_length(embed: dict[str, Any]) -> int:
    parts = [embed.get("title"), embed.get("description")]
    parts.append((embed.get("footer") or {}).get("text"))
    parts.append((embed.get("author") or {}).get("name"))
    for field in embed.get("fields") or ():
        parts.extend((field.get("name"), field.get("value")))
    return sum(len(part) for part in parts if isinstance(part, str))


def _validate_components(errors: FormErrors, components: list[Any], *, v2: bool) -> None:
    if not v2:
        if len(components) > 5:
            errors.add(["components"], "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
        for index, row in enumerate(components):
            if row.get("type") not in _TOP_LEVEL_V1:
                errors.add(
                    ["components", index, "type"],
                    "UNION_TYPE_CHOICES",
                    "Top-level components must be action rows",
                )
    custom_ids: set[str] = set()
    for index, row in enumerate(components):
        _validate_component(errors, ["components", index], row, custom_ids)


def _validate_component(
    errors: FormErrors, path: list[str | int], component: dict[str, Any], custom_ids: set[str]
) -> None:
    kind = component.get("type")
    custom_id = component.get("custom_id")
    if custom_id is not None:
        errors.max_length([*path, "custom_id"], custom_id, 100)
        if custom_id in custom_ids:
            errors.add(
                [*path, "custom_id"],
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            )
        custom_ids.add(str(custom_id))
    if kind == comp.ACTION_ROW:
        children = component.get("components") or []
        buttons = [c for c in children if c.get("type") == comp.BUTTON]
        if not 1 <= len(children) <= 5:
            errors.add(
                [*path, "components"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."
            )
        if len(buttons) != len(children) and len(children) > 1:
            errors.add(
                [*path, "components"],
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            )
        for index, child in enumerate(children):
            _validate_component(errors, [*path, "components", index], child, custom_ids)
    elif kind == comp.BUTTON:
        errors.max_length([*path, "label"], component.get("label"), 80)
        is_link = component.get("style") == 5
        if is_link != (custom_id is None) and component.get("style") != 6:
            errors.add(
                [*path, "custom_id"],
                "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED",
                "A custom id is required for non-link buttons",
            )
    elif kind in comp.SELECT_TYPES:
        _validate_select(errors, path, component)
    else:
        for key in ("components", "items"):
            for index, child in enumerate(component.get(key) or []):
                _validate_component(errors, [*path, key, index], child, custom_ids)
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            _validate_component(errors, [*path, "accessory"], accessory, custom_ids)


def _validate_select(errors: FormErrors, path: list[str | int], select: dict[str, Any]) -> None:
    errors.max_length([*path, "placeholder"], select.get("placeholder"), 150)
    min_values = int(select.get("min_values", 1))
    max_values = int(select.get("max_values", 1))
    if not 0 <= min_values <= 25:
        errors.add([*path, "min_values"], "NUMBER_TYPE_MAX", "int value should be <= 25 and >= 0.")
    if not 1 <= max_values <= 25:
        errors.add([*path, "max_values"], "NUMBER_TYPE_MAX", "int value should be <= 25 and >= 1.")
    if select.get("type") != comp.STRING_SELECT:
        return
    options = select.get("options") or []
    if not 1 <= len(options) <= 25:
        errors.add(
            [*path, "options"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length."
        )
    if max_values > len(options) and options:
        errors.add(
            [*path, "max_values"],
            "SELECT_COMPONENT_MAX_VALUES_EXCEEDED",
            "max_values must be less than or equal to the number of options",
        )
    values: set[str] = set()
    for index, option in enumerate(options):
        for key in ("label", "value", "description"):
            errors.max_length([*path, "options", index, key], option.get(key), 100)
        value = str(option.get("value"))
        if value in values:
            errors.add(
                [*path, "options", index, "value"],
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                "Select component option values must be unique",
            )
        values.add(value)


def validate_choices(data: dict[str, Any]) -> None:
    """Autocomplete results (callback type 8): at most 25 choices with sane names/values."""
    errors = FormErrors(["data"])
    choices = data.get("choices")
    if not isinstance(choices, list):
        errors.add(["choices"], "BASE_TYPE_REQUIRED", "This field is required")
        errors.raise_if_any()
        return
    if len(choices) > 25:
        errors.add(["choices"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for index, choice in enumerate(choices):
        name = choice.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            errors.add(
                ["choices", index, "name"],
                "BASE_TYPE_BAD_LENGTH",
                "Must be between 1 and 100 in length.",
            )
        errors.max_length(["choices", index, "value"], choice.get("value"), 100)
    errors.raise_if_any()


def validate_modal(data: dict[str, Any]) -> None:
    """Modal (callback type 9): custom_id, a title of at most 45 and 1-5 components."""
    errors = FormErrors(["data"])
    title = data.get("title")
    if not isinstance(title, str) or not 1 <= len(title) <= 45:
        errors.add(["title"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length.")
    if not data.get("custom_id"):
        errors.add(["custom_id"], "BASE_TYPE_REQUIRED", "This field is required")
    errors.max_length(["custom_id"], data.get("custom_id"), 100)
    if not 1 <= len(data.get("components") or []) <= 5:
        errors.add(["components"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
    errors.raise_if_any()
