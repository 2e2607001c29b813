"""Message components as tests see them: buttons, selects and modal text inputs.

Bots send raw component trees (action rows, or v2 layouts nesting sections and
containers). These helpers walk any of those shapes so tests can find interactive
items by label or ``custom_id`` without caring about layout.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .errors import ComponentNotFound

ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
FILE = 13
SEPARATOR = 14
CONTAINER = 17
LABEL = 18


@dataclass(frozen=True)
class SelectOption:
    label: str
    value: str
    description: str | None = None
    default: bool = False


@dataclass(frozen=True)
class Button:
    """A button; ``custom_id`` is None for link and premium buttons."""

    custom_id: str | None
    label: str | None
    style: int
    disabled: bool = False
    emoji: dict[str, Any] | None = None
    url: str | None = None
    id: int | None = None
    type: int = BUTTON


@dataclass(frozen=True)
class Select:
    """A select menu (string select, or user/role/mentionable/channel select)."""

    custom_id: str
    type: int
    options: tuple[SelectOption, ...] = ()
    placeholder: str | None = None
    min_values: int = 1
    max_values: int = 1
    disabled: bool = False
    id: int | None = None

    @property
    def values(self) -> list[str]:
        return [option.value for option in self.options]

    def option(self, label: str) -> SelectOption:
        for option in self.options:
            if option.label == label:
                return option
        raise ComponentNotFound(f"select {self.custom_id!r} has no option labelled {label!r}")


@dataclass(frozen=True)
class TextInput:
    """A modal text field."""

    custom_id: str
    label: str | None
    style: int = 1
    required: bool = True
    min_length: int | None = None
    max_length: int | None = None
    value: str | None = None
    id: int | None = None


@dataclass(frozen=True)
class Modal:
    """A modal the bot opened with callback type 9."""

    custom_id: str
    title: str
    components: list[dict[str, Any]] = field(default_factory=list)

    @property
    def text_inputs(self) -> list[TextInput]:
        return of_kind(self.components, TextInput)

    @property
    def selects(self) -> list[Select]:
        return of_kind(self.components, Select)


Interactive = Button | Select | TextInput


def _children(component: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for key in ("components", "items"):
        for child in component.get(key) or ():
            if isinstance(child, dict):
                yield child
    for key in ("accessory", "component"):
        child = component.get(key)
        if isinstance(child, dict):
            yield child


def walk(components: list[dict[str, Any]]) -> Iterator[Interactive]:
    """Depth-first interactive items in any component tree (v1 rows or v2 layouts)."""
    for component in components:
        kind = component.get("type")
        if kind == BUTTON:
            yield Button(
                custom_id=component.get("custom_id"),
                label=component.get("label"),
                style=int(component.get("style", 1)),
                disabled=bool(component.get("disabled", False)),
                emoji=component.get("emoji"),
                url=component.get("url"),
                id=component.get("id"),
            )
        elif kind in SELECT_TYPES:
            yield Select(
                custom_id=str(component.get("custom_id", "")),
                type=int(kind),
                options=tuple(
                    SelectOption(
                        label=str(option.get("label", "")),
                        value=str(option.get("value", "")),
                        description=option.get("description"),
                        default=bool(option.get("default", False)),
                    )
                    for option in component.get("options") or ()
                ),
                placeholder=component.get("placeholder"),
                min_values=int(component.get("min_values", 1)),
                max_values=int(component.get("max_values", 1)),
                disabled=bool(component.get("disabled", False)),
                id=component.get("id"),
            )
        elif kind == TEXT_INPUT:
            label = component.get("label")
            yield TextInput(
                custom_id=str(component.get("custom_id", "")),
                label=label,
                style=int(component.get("style", 1)),
                required=bool(component.get("required", True)),
                min_length=component.get("min_length"),
                max_length=component.get("max_length"),
                value=component.get("value"),
                id=component.get("id"),
            )
        yield from walk(list(_children(component)))


Item = TypeVar("Item", bound=Interactive)


def of_kind(components: list[dict[str, Any]], kind: type[Item]) -> list[Item]:
    """Every interactive item of one kind (buttons, selects, text inputs) in any
    component tree, depth-first."""
    return [item for item in walk(components) if isinstance(item, kind)]


def text_displays(components: list[dict[str, Any]]) -> list[str]:
    """The text of every text display in a v2 layout, depth-first (what a reader reads)."""
    texts: list[str] = []
    for component in components:
        if component.get("type") == TEXT_DISPLAY:
            texts.append(str(component.get("content") or ""))
        texts.extend(text_displays(list(_children(component))))
    return texts


def media_urls(components: list[dict[str, Any]]) -> list[tuple[str, str | None]]:
    """(url, description) of every picture or file a v2 layout shows, depth-first:
    media gallery items, thumbnails and file components."""
    found: list[tuple[str, str | None]] = []
    for component in components:
        kind = component.get("type")
        if kind == MEDIA_GALLERY:
            for item in component.get("items") or ():
                if isinstance(item, dict):
                    media = item.get("media") or {}
                    found.append((str(media.get("url") or ""), item.get("description")))
        elif kind in (THUMBNAIL, FILE):
            media = component.get("media") or component.get("file") or {}
            found.append((str(media.get("url") or ""), component.get("description")))
        if kind != MEDIA_GALLERY:
            found.extend(media_urls(list(_children(component))))
    return found


def assign_ids(components: list[dict[str, Any]], start: int = 1) -> int:
    """Number components without an ``id`` depth-first, as Discord does; returns next id."""
    next_id = start
    for component in components:
        if component.get("id") is None:
            component["id"] = next_id
        next_id = max(next_id, int(component["id"])) + 1
        next_id = assign_ids(list(_children(component)), next_id)
    return next_id


def find_button(
    components: list[dict[str, Any]],
    *,
    label: str | None = None,
    custom_id: str | None = None,
    custom_id_prefix: str | None = None,
) -> Button:
    criteria = {"label": label, "custom_id": custom_id, "custom_id_prefix": custom_id_prefix}
    return _find(components, Button, criteria)


def find_select(
    components: list[dict[str, Any]],
    *,
    custom_id: str | None = None,
    custom_id_prefix: str | None = None,
    placeholder: str | None = None,
) -> Select:
    criteria = {
        "custom_id": custom_id,
        "custom_id_prefix": custom_id_prefix,
        "placeholder": placeholder,
    }
    return _find(components, Select, criteria)


C = TypeVar("C", Button, Select)


def _find(components: list[dict[str, Any]], kind: type[C], criteria: dict[str, str | None]) -> C:
    """The first ``kind`` item whose fields equal every criterion given (not None;
    ``custom_id_prefix``: its custom id starts with that). Else ``ComponentNotFound``,
    listing what each item of that kind has of the fields asked about."""
    items = of_kind(components, kind)
    for item in items:
        if all(value is None or _matches(item, key, value) for key, value in criteria.items()):
            return item
    noun = kind.__name__.lower()
    fields = [key for key in criteria if key != "custom_id_prefix"]
    have = [tuple(getattr(item, key) for key in fields) for item in items]
    raise ComponentNotFound(
        f"no {noun} {_describe(**criteria)}; {noun}s ({', '.join(fields)}): {have}"
    )


def _matches(item: Button | Select, key: str, value: str) -> bool:
    if key == "custom_id_prefix":
        return (item.custom_id or "").startswith(value)
    return bool(getattr(item, key) == value)


def _describe(**criteria: str | None) -> str:
    parts = [f"{key}={value!r}" for key, value in criteria.items() if value is not None]
    return "matching " + ", ".join(parts) if parts else "at all"
