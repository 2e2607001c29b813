"""Request bodies the way Discord accepts them: JSON, or multipart with ``payload_json``.

discord.py sends files as ``files[n]`` parts next to a ``payload_json`` part whose
``attachments`` array refers to each upload by its index ``n``.
"""

from __future__ import annotations

import json
import mimetypes
import re
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, web

from .errors import ApiError, FormErrors

_FILE_FIELD = re.compile(r"^files?\[(\d+)\]$|^file(\d*)$")


@dataclass(frozen=True)
class Upload:
    """One uploaded file part; ``index`` is the ``n`` of its ``files[n]`` field."""

    index: int
    filename: str
    data: bytes = field(repr=False)
    content_type: str | None = None

    @property
    def guessed_content_type(self) -> str | None:
        guessed, _ = mimetypes.guess_type(self.filename)
        if guessed:
            return guessed
        if self.content_type and self.content_type != "application/octet-stream":
            return self.content_type
        return None


@dataclass
class Body:
    json: Any = None
    uploads: list[Upload] = field(default_factory=list)

    def object(self) -> dict[str, Any]:
        """The JSON payload as an object (``{}`` when the body was empty)."""
        if self.json is None:
            return {}
        if not isinstance(self.json, dict):
            errors = FormErrors()
            errors.add([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
            errors.raise_if_any()
        return dict(self.json)

    def array(self) -> list[Any]:
        if not isinstance(self.json, list):
            errors = FormErrors()
            errors.add([], "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
            errors.raise_if_any()
        return list(self.json)


def _invalid_json() -> ApiError:
    return ApiError(400, 50109, "The request body contains invalid JSON.")


def _loads(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError as exc:
        raise _invalid_json() from exc


async def read_body(request: web.Request) -> Body:
    """Parse JSON or multipart/form-data (``payload_json`` + ``files[n]``) bodies."""
    if request.content_type.startswith("multipart/"):
        return await _read_multipart(request)
    if not request.body_exists:
        return Body()
    text = await request.text()
    if not text.strip():
        return Body()
    return Body(json=_loads(text))


async def _read_multipart(request: web.Request) -> Body:
    reader = await request.multipart()
    body = Body()
    payload: dict[str, Any] = {}
    position = 0
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):
            raise ApiError(400, 50035, "Invalid Form Body")
        name = part.name or ""
        if name == "payload_json":
            body.json = _loads(await part.text())
            continue
        match = _FILE_FIELD.match(name)
        if match is None and part.filename is None:
            payload[name] = await part.text()
            continue
        digits = (match.group(1) or match.group(2)) if match else None
        index = int(digits) if digits else position
        position += 1
        data = await part.read(decode=False)
        body.uploads.append(
            Upload(
                index=index,
                filename=part.filename or name,
                data=bytes(data),
                content_type=part.headers.get("Content-Type"),
            )
        )
    if body.json is None and payload:
        body.json = payload
    return body
