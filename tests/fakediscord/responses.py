"""How Discord treats interaction callbacks and interaction-webhook calls.

Encodes the rules bots most often get wrong: one callback per interaction (40060),
the 3-second window (10062), which callback types fit which interaction, that
``@original`` is the clicked message after types 6/7, and that the first follow-up
after a deferred "thinking" response replaces the placeholder.
"""

from __future__ import annotations

import time
from typing import Any

from . import payloads
from .bodies import Body
from .errors import ApiError, FormErrors, unknown
from .interactions import (
    ALLOWED_CALLBACKS,
    APPLICATION_COMMAND,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    LAUNCH_ACTIVITY,
    MODAL,
    UPDATE_MESSAGE,
    Callback,
    InteractionRecord,
)
from .models import EPHEMERAL, LOADING, Message
from .state import World
from .validation import validate_choices, validate_edit, validate_message, validate_modal

_CHAT_INPUT_COMMAND_MESSAGE = 20


def _unknown_interaction() -> ApiError:
    return unknown("interaction", 10062)


def _unknown_webhook() -> ApiError:
    return unknown("Webhook", 10015)


class Responder:
    """Applies callbacks and webhook calls for interactions to the world."""

    def __init__(self, world: World) -> None:
        self.world = world

    # -- POST /interactions/{id}/{token}/callback ---------------------------------

    def find(self, interaction_id: int, token: str) -> InteractionRecord:
        record = self.world.interactions.get(interaction_id)
        if record is None or record.token != token:
            raise _unknown_interaction()
        return record

    def callback(
        self, record: InteractionRecord, body: Body, *, via: str = "callback"
    ) -> dict[str, Any]:
        """Validate and apply a callback; every attempt is kept in ``record.callbacks``.
        ``via``: the callback route, or the body of the endpoint POST's answer."""
        if self.world.settings.on_callback is not None:
            self.world.settings.on_callback(record)
        now = time.perf_counter()
        payload = body.object()
        kind = int(payload.get("type") or 0)
        data = payload.get("data")
        started = record.dispatched_at if record.dispatched_at is not None else now
        attempt = Callback(
            type=kind,
            data=data if isinstance(data, dict) else None,
            files=list(body.uploads),
            at=now,
            latency_ms=(now - started) * 1000,
            via=via,
        )
        record.callbacks.append(attempt)
        try:
            attempt.message = self._apply(record, attempt, now - started)
        except ApiError as exc:
            attempt.error = exc
            raise
        finally:
            self.world.changed()
        return self._callback_response(record, attempt)

    def _apply(self, record: InteractionRecord, attempt: Callback, age: float) -> Message | None:
        if any(c.accepted for c in record.callbacks if c is not attempt):
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if age > self.world.settings.callback_window:
            raise _unknown_interaction()
        if attempt.type not in ALLOWED_CALLBACKS.get(record.type, set()):
            errors = FormErrors()
            errors.add(
                ["type"],
                "INTERACTION_RESPONSE_TYPE_INVALID",
                f"Callback type {attempt.type} is invalid for interaction type {record.type}",
            )
            errors.raise_if_any()
        data = attempt.data or {}
        size_limit = self.world.settings.attachment_size_limit
        if attempt.type == CHANNEL_MESSAGE:
            validate_message(data, attempt.files, prefix=["data"], size_limit=size_limit)
            message = self._new_response_message(record, data, attempt)
            record.original = message
            return message
        if attempt.type == DEFERRED_CHANNEL_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            message = self._new_response_message(record, {}, attempt, extra_flags=flags)
            record.original = message
            return message
        if attempt.type in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE):
            source = record.source_message
            if source is None or source.deleted:
                raise unknown("Message", 10008)
            if attempt.type == UPDATE_MESSAGE:
                validate_message(
                    data,
                    attempt.files,
                    prefix=["data"],
                    require_content=False,
                    size_limit=size_limit,
                    current=source,
                )
                self.world.edit_message(source, data, attempt.files)
            record.original = source
            return source
        if attempt.type == LAUNCH_ACTIVITY:
            if not self.world.commands.activities_enabled:
                errors = FormErrors()
                errors.add(
                    ["type"],
                    "INTERACTION_RESPONSE_TYPE_INVALID",
                    "Activities are not enabled for this application.",
                )
                errors.raise_if_any()
            attempt.activity_instance_id = f"i-{self.world.ids.next()}-fake"
            self.world.activity_launches.append(record)
            return None
        if attempt.type == AUTOCOMPLETE_RESULT:
            validate_choices(data)
        elif attempt.type == MODAL:
            validate_modal(data)
        return None

    def _new_response_message(
        self,
        record: InteractionRecord,
        data: dict[str, Any],
        attempt: Callback,
        *,
        extra_flags: int = 0,
    ) -> Message:
        message_type = _CHAT_INPUT_COMMAND_MESSAGE if record.type == APPLICATION_COMMAND else 0
        return self.world.create_message(
            record.channel,
            self.world.bot_user,
            data,
            attempt.files,
            type=message_type,
            webhook=True,
            interaction=record,
            visible_to=record.user,
            extra_flags=extra_flags,
        )

    def _callback_response(self, record: InteractionRecord, attempt: Callback) -> dict[str, Any]:
        message = (
            attempt.message
            if attempt.type in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE)
            else None
        )
        resource: dict[str, Any] = {"type": attempt.type}
        if message is not None:
            resource["message"] = payloads.message(message)
        if attempt.activity_instance_id is not None:
            resource["activity_instance"] = {"id": attempt.activity_instance_id}
        return {
            "interaction": {
                "id": str(record.id),
                "type": record.type,
                "activity_instance_id": attempt.activity_instance_id,
                "response_message_id": None if message is None else str(message.id),
                "response_message_loading": attempt.type == DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(message and message.ephemeral),
            },
            "resource": resource,
        }

    # -- /webhooks/{application_id}/{token}... -------------------------------------

    def webhook_record(self, application_id: int, token: str) -> InteractionRecord:
        """The interaction behind an interaction webhook, if still usable."""
        if application_id != self.world.application_id:
            raise _unknown_webhook()
        record = self.world.interaction_tokens.get(token)
        if record is None or not record.acknowledged:
            raise _unknown_webhook()
        issued = record.token_issued_at or 0.0
        if self.world.token_clock() - issued > self.world.settings.token_lifetime:
            # 15 minutes on the clock a test can move (advance_clock)
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return record

    def create_followup(self, record: InteractionRecord, body: Body) -> Message:
        payload = body.object()
        validate_message(
            payload, body.uploads, size_limit=self.world.settings.attachment_size_limit
        )
        original = record.original
        if original is not None and original.loading and not original.deleted:
            # The first follow-up after a "thinking" defer replaces the placeholder.
            self.world.edit_message(
                original, _without_flags(payload), body.uploads, clear_flags=LOADING
            )
            return original
        message = self.world.create_message(
            record.channel,
            self.world.bot_user,
            payload,
            body.uploads,
            type=_CHAT_INPUT_COMMAND_MESSAGE if record.type == APPLICATION_COMMAND else 0,
            webhook=True,
            interaction=record,
            visible_to=record.user,
        )
        record.followups.append(message)
        self.world.changed()
        return message

    def webhook_message(self, record: InteractionRecord, message_id: str) -> Message:
        """``@original`` or one of this interaction's follow-ups."""
        if message_id == "@original":
            message = record.original
        else:
            wanted = int(message_id) if message_id.isdigit() else -1
            candidates = [record.original, *record.followups]
            message = next((m for m in candidates if m is not None and m.id == wanted), None)
        if message is None or message.deleted:
            raise unknown("Message", 10008)
        return message

    def edit_webhook_message(self, message: Message, body: Body) -> Message:
        payload = body.object()
        validate_edit(
            payload, body.uploads, message, size_limit=self.world.settings.attachment_size_limit
        )
        self.world.edit_message(message, _without_flags(payload), body.uploads, clear_flags=LOADING)
        return message


def _without_flags(payload: dict[str, Any]) -> dict[str, Any]:
    """Edits cannot toggle ephemerality; only suppress-embeds style flags survive."""
    result = dict(payload)
    if "flags" in result:
        result["flags"] = int(result["flags"] or 0) & ~EPHEMERAL
    return result
