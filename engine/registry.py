"""Find a game's hand class by name, so stored JSON can be revived generically.

By convention the game ``name`` lives in the subpackage ``engine.<name>`` and exports
``HAND_CLASS``; adding a game therefore never touches this module.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping
from typing import Any

from engine.game import HandState

_NAME_RE = re.compile(r"^[a-z][a-z0-9_]*$")


def hand_class(game: str) -> type[HandState[Any]]:
    if not _NAME_RE.match(game):
        raise ValueError(f"unknown game {game!r}")
    try:
        module = importlib.import_module(f"engine.{game}")
    except ModuleNotFoundError as exc:
        raise ValueError(f"unknown game {game!r}") from exc
    cls = getattr(module, "HAND_CLASS", None)
    if not (isinstance(cls, type) and issubclass(cls, HandState)):
        raise ValueError(f"unknown game {game!r}")
    return cls


def hand_from_json(data: Mapping[str, Any]) -> HandState[Any]:
    return hand_class(str(data["game"])).from_json(data)
