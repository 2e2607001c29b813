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
from .models import COMPONENTS_V2, Message

Path = Sequence[str | int]

_EMBED_LIMITS = {"title": 256, "description": 4096}
_TOP_LEVEL_V1 = {comp.ACTION_ROW}
_TOP_LEVEL_V2 = {
    comp.ACTION_ROW,
    comp.SECTION,
    comp.TEXT_DISPLAY,
    comp.MEDIA_GALLERY,
    comp.FILE,
    comp.SEPARATOR,
    comp.CONTAINER,
}
_IN_CONTAINER = _TOP_LEVEL_V2 - {comp.CONTAINER}
_V2_TYPES = _TOP_LEVEL_V2 | {comp.THUMBNAIL}
MAX_V2_COMPONENTS = 40
"""Components in one v2 message, nested ones included."""
MAX_V2_TEXT = 4000
"""Characters of all text displays of one v2 message together."""
ATTACHMENT_SCHEME = "attachment://"


def validate_message(
    payload: dict[str, Any],
    uploads: Sequence[Upload],
    *,
    prefix: Path = (),
    require_content: bool = True,
    size_limit: int,
    current: Message | None = None,
) -> None:
    """Check a create/edit message payload; ``require_content`` rejects empty messages;
    ``current``: the message an edit changes (its flags, content and files still count)."""
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
    v2 = _is_v2(errors, payload, current)
    if v2:
        _validate_v2_message(errors, payload, current, _attached_names(payload, uploads, current))
    _validate_components(errors, components, v2=v2)
    _validate_allowed_mentions(errors, payload.get("allowed_mentions"))
    if len(uploads) > 10:
        errors.add(["files"], "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    errors.raise_if_any()
    for upload in uploads:
        if len(upload.data) > size_limit:
            raise ApiError(413, 40005, "Request entity too large")
    has_anything = bool(content) or embeds or components or uploads or payload.get("poll")
    if require_content and not has_anything and not payload.get("sticker_ids"):
        raise ApiError(400, 50006, "Cannot send an empty message")


def validate_edit(
    payload: dict[str, Any], uploads: Sequence[Upload], message: Message, *, size_limit: int
) -> None:
    """Check an edit of ``message``: it may leave the content empty (its files, embeds or
    components may still carry it)."""
    validate_message(
        payload, uploads, require_content=False, size_limit=size_limit, current=message
    )


def _validate_allowed_mentions(errors: FormErrors, allowed: Any) -> None:
    """``parse`` and an explicit list of the same kind exclude each other."""
    if not isinstance(allowed, dict):
        return
    parse = allowed.get("parse") or ()
    for kind in ("users", "roles"):
        if kind in parse and allowed.get(kind):
            errors.add(
                ["allowed_mentions"],
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                f'parse:["{kind}"] and {kind}: [ids...] are mutually exclusive.',
            )


def _is_v2(errors: FormErrors, payload: dict[str, Any], current: Message | None) -> bool:
    """Whether the message is a v2 layout after this payload. Once set, the flag stays:
    an edit that sends flags without it is refused."""
    asked = payload.get("flags")
    flagged = asked is not None and bool(int(asked or 0) & COMPONENTS_V2)
    was = current is not None and current.is_layout
    if was and asked is not None and not flagged:
        errors.add(
            ["flags"],
            "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
            "The IS_COMPONENTS_V2 flag cannot be removed once it has been set",
        )
    return flagged or was


def _validate_v2_message(
    errors: FormErrors,
    payload: dict[str, Any],
    current: Message | None,
    attached: set[str],
) -> None:
    """A v2 message says everything in components: no content, embeds, stickers or poll
    (an edit that makes a message v2 must clear the ones it has); at most 40 components
    and 4000 characters of text displays; every ``attachment://`` names an attached file."""
    content = payload.get("content", current and current.content)
    embeds = payload.get("embeds", current and current.embeds)
    legacy = {
        "content": content,
        "embeds": embeds,
        "sticker_ids": payload.get("sticker_ids"),
        "poll": payload.get("poll"),
    }
    for key, value in legacy.items():
        if value:
            errors.add(
                [key],
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                f"The '{key}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
            )
    components = payload.get("components") or (current.components if current else [])
    if _count(components) > MAX_V2_COMPONENTS:
        errors.add(
            ["components"],
            "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED",
            f"Must be {MAX_V2_COMPONENTS} or fewer in total (nested components included).",
        )
    if sum(len(text) for text in comp.text_displays(components)) > MAX_V2_TEXT:
        errors.add(
            ["components"],
            "COMPONENT_MAX_TOTAL_TEXT_LENGTH_EXCEEDED",
            f"Text displays must be {MAX_V2_TEXT} or fewer characters in total.",
        )
    for url, _ in comp.media_urls(components):
        name = url[len(ATTACHMENT_SCHEME) :] if url.startswith(ATTACHMENT_SCHEME) else None
        if name is not None and name not in attached:
            errors.add(
                ["components"],
                "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND",
                f"The attachment {name!r} referenced by a component was not found.",
            )


def _count(components: list[Any]) -> int:
    """Every component of a tree, nested ones included."""
    total = 0
    for component in components:
        if isinstance(component, dict):
            total += 1
            nested = [component.get("accessory")] if "accessory" in component else []
            total += _count(list(component.get("components") or []) + nested)
    return total


def _attached_names(
    payload: dict[str, Any], uploads: Sequence[Upload], current: Message | None
) -> set[str]:
    """The file names the message will have: new uploads (renamed by their attachment
    entries), and on an edit the files it keeps (all of them unless ``attachments``
    lists which)."""
    entries = [e for e in payload.get("attachments") or () if isinstance(e, dict)]
    by_index = {upload.index: upload for upload in uploads}
    names = set()
    kept = {a.id: a.filename for a in current.attachments} if current else {}
    used: set[int] = set()
    for entry in entries:
        raw_id = int(entry.get("id", -1))
        if raw_id in by_index:
            used.add(raw_id)
            names.add(str(entry.get("filename") or by_index[raw_id].filename))
        elif raw_id in kept:
            names.add(kept[raw_id])
    names.update(upload.filename for upload in uploads if upload.index not in used)
    if current is not None and "attachments" not in payload:
        names.update(kept.values())
    return names


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
    else:
        _validate_v2_tree(errors, ["components"], components, _TOP_LEVEL_V2, "top level")
    custom_ids: set[str] = set()
    for index, row in enumerate(components):
        _validate_component(errors, ["components", index], row, custom_ids)


def _validate_v2_tree(
    errors: FormErrors, path: list[str | int], children: list[Any], allowed: set[int], where: str
) -> None:
    """Which component may sit where in a v2 layout: containers at the top only; a
    section holds 1-3 text displays beside a thumbnail or button; a media gallery 1-10
    items. Action rows and their contents are checked by :func:`_validate_component`."""
    for index, child in enumerate(children):
        here = [*path, index]
        kind = child.get("type") if isinstance(child, dict) else None
        if kind not in allowed:
            errors.add(
                [*here, "type"],
                "UNION_TYPE_CHOICES",
                f"Component type {kind!r} is not allowed in the {where}",
            )
            continue
        assert isinstance(child, dict)
        if kind == comp.CONTAINER:
            inner = list(child.get("components") or [])
            if not inner:
                errors.add([*here, "components"], "BASE_TYPE_REQUIRED", "This field is required")
            _validate_v2_tree(errors, [*here, "components"], inner, _IN_CONTAINER, "container")
        elif kind == comp.SECTION:
            texts = list(child.get("components") or [])
            if not 1 <= len(texts) <= 3:
                errors.add(
                    [*here, "components"],
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 3 in length.",
                )
            _validate_v2_tree(errors, [*here, "components"], texts, {comp.TEXT_DISPLAY}, "section")
            accessory = child.get("accessory")
            if not isinstance(accessory, dict) or accessory.get("type") not in (
                comp.THUMBNAIL,
                comp.BUTTON,
            ):
                errors.add(
                    [*here, "accessory"],
                    "UNION_TYPE_CHOICES",
                    "A section's accessory must be a thumbnail or a button",
                )
        elif kind == comp.TEXT_DISPLAY:
            if not isinstance(child.get("content"), str) or not child["content"]:
                errors.add([*here, "content"], "BASE_TYPE_REQUIRED", "This field is required")
        elif kind == comp.MEDIA_GALLERY:
            items = list(child.get("items") or [])
            if not 1 <= len(items) <= 10:
                errors.add(
                    [*here, "items"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 10 in length."
                )
            for number, item in enumerate(items):
                media = item.get("media") if isinstance(item, dict) else None
                if not isinstance(media, dict) or not media.get("url"):
                    errors.add(
                        [*here, "items", number, "media"],
                        "BASE_TYPE_REQUIRED",
                        "This field is required",
                    )
                elif isinstance(item, dict):
                    errors.max_length(
                        [*here, "items", number, "description"], item.get("description"), 1024
                    )
        elif kind == comp.FILE:
            media = child.get("file")
            url = str(media.get("url") or "") if isinstance(media, dict) else ""
            if not url.startswith(ATTACHMENT_SCHEME):
                errors.add(
                    [*here, "file", "url"],
                    "UNFURLED_MEDIA_ITEM_ATTACHMENT_ONLY",
                    "A file component must name an attachment (attachment://<filename>)",
                )


def _validate_component(
    errors: FormErrors, path: list[str | int], component: dict[str, Any], custom_ids: set[str]
) -> None:
    kind = component.get("type")
    custom_id = component.get("custom_id")
    if custom_id is not None:
        errors.max_length([*path, "custom_id"], custom_id, 100)
        errors.unique(
            [*path, "custom_id"],
            custom_id,
            custom_ids,
            "COMPONENT_CUSTOM_ID_DUPLICATED",
            "Component custom id cannot be duplicated",
        )
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
            if child.get("type") != comp.BUTTON and child.get("type") not in comp.SELECT_TYPES:
                errors.add(
                    [*path, "components", index, "type"],
                    "UNION_TYPE_CHOICES",
                    "An action row holds only buttons or one select menu",
                )
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
