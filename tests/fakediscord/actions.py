"""Acting as Discord users: slash commands, autocomplete, clicks, selects, modals, messages.

Every action is checked against what a real Discord client would allow (registered
commands and options, permissions, visible and enabled components) before the
INTERACTION_CREATE or MESSAGE_CREATE is sent to the bot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .bodies import Upload
from .commands import CHAT_INPUT, build_invocation
from .components import STRING_SELECT, Button, Select
from .endpoints import EndpointDelivery
from .errors import ComponentNotFound, FakeDiscordError, InvalidInteraction
from .gateway import Gateway
from .installs import command_owners, message_owners
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionRecord,
    WorldResolver,
    new_record,
)
from .models import Channel, Guild, Message, RegisteredCommand, User
from .permissions import Perm, has
from .state import World
from .threads import Thread, check_thread_access


class UserActions:
    """Mixin for ``FakeDiscord``: things users do that reach the bot."""

    world: World
    gateway: Gateway
    endpoints: EndpointDelivery

    async def slash(
        self,
        user: User,
        channel: Channel,
        command: str,
        /,
        options: Mapping[str, Any] | None = None,
        **values: Any,
    ) -> InteractionRecord:
        """Invoke ``/command`` (``"group sub"`` paths allowed) with typed options.

        Options are checked against what the bot registered: unknown or missing required
        options, wrong types, values outside choices or min/max all raise
        ``InvalidInteraction``; an unregistered command raises ``CommandNotRegistered``.
        Use ``options={"hyphen-name": 1}`` for names that are not Python identifiers.
        User/channel/role options take fake ``User``/``TextChannel``/``Role`` objects;
        attachment options take ``(filename, bytes)``.
        """
        return await self._command(APPLICATION_COMMAND, user, channel, command, options, values)

    async def autocomplete(
        self,
        user: User,
        channel: Channel,
        command: str,
        /,
        *,
        focused: str,
        value: str,
        options: Mapping[str, Any] | None = None,
        **values: Any,
    ) -> InteractionRecord:
        """Send an autocomplete request as if ``user`` typed ``value`` into ``focused``."""
        merged = {**(options or {}), **values, focused: value}
        return await self._command(AUTOCOMPLETE, user, channel, command, merged, {}, focused)

    async def _command(
        self,
        kind: int,
        user: User,
        channel: Channel,
        path: str,
        options: Mapping[str, Any] | None,
        values: Mapping[str, Any],
        focused: str | None = None,
    ) -> InteractionRecord:
        self._check_channel_access(user, channel)
        if isinstance(channel, Thread) and channel.archived:
            raise InvalidInteraction(f"commands cannot be used in archived {channel!r}")
        guild = channel.guild
        invocation = build_invocation(
            self.world.commands,
            path,
            None if guild is None else guild.id,
            {**(options or {}), **values},
            WorldResolver(self.world, channel),
            focused=focused,
        )
        owners = self._command_owners(invocation.command, user, channel)
        return await self._dispatch(
            kind,
            user,
            channel,
            invocation.data(),
            owners=owners,
            command=invocation.command,
            command_path=invocation.path,
        )

    async def _dispatch(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        *,
        via_shard: int | None = None,
        **context: Any,
    ) -> InteractionRecord:
        """A new interaction from ``user`` in ``channel`` (``context``: what it was sent
        from, see ``new_record``), sent to the bot."""
        record = new_record(self.world, type=kind, user=user, channel=channel, data=data, **context)
        if self.endpoints.active:
            if via_shard is not None:
                raise FakeDiscordError("via_shard picks a gateway session: no endpoints set")
            await self.endpoints.deliver(record)
        else:
            await self.gateway.dispatch_interaction(record, via_shard)
        return record

    async def click(
        self,
        user: User,
        message: Message,
        button: str | Button,
        *,
        via_shard: int | None = None,
    ) -> InteractionRecord:
        """Click a button (by ``custom_id`` or a ``Button`` from ``message.button(...)``).

        ``via_shard`` delivers it to that shard's session instead of the one Discord would
        pick (a test device: a double click reaching two bot processes at once)."""
        self._check_message_access(user, message)
        custom_id = button.custom_id if isinstance(button, Button) else button
        current = next((b for b in message.buttons if b.custom_id == custom_id), None)
        if current is None or custom_id is None:
            raise ComponentNotFound(
                f"message {message.id} has no button with custom_id {custom_id!r} (link buttons "
                f"have none); buttons: {[(b.label, b.custom_id) for b in message.buttons]}"
            )
        if current.disabled:
            raise InvalidInteraction(f"button {current.label!r} ({custom_id}) is disabled")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if current.id is not None:
            data["id"] = current.id
        return await self._component(user, message, custom_id, data, via_shard)

    async def select(
        self,
        user: User,
        message: Message,
        select: str | Select,
        values: Sequence[Any],
        *,
        via_shard: int | None = None,
    ) -> InteractionRecord:
        """Choose ``values`` in a select menu (string values or labels; entities for
        user/role/channel selects); ``via_shard`` as for :meth:`click`."""
        self._check_message_access(user, message)
        custom_id = select.custom_id if isinstance(select, Select) else select
        current = message.select(custom_id=custom_id)
        if current.disabled:
            raise InvalidInteraction(f"select {custom_id!r} is disabled")
        if not current.min_values <= len(values) <= current.max_values:
            raise InvalidInteraction(
                f"select {custom_id!r} takes {current.min_values}..{current.max_values} "
                f"values, got {len(values)}"
            )
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": current.type}
        if current.id is not None:
            data["id"] = current.id
        if current.type == STRING_SELECT:
            data["values"] = [self._option_value(current, value) for value in values]
        else:
            resolved: dict[str, Any] = {}
            resolver = WorldResolver(self.world, message.channel)
            option_type = {5: 6, 6: 8, 7: 9, 8: 7}[current.type]
            option = {"name": custom_id, "type": option_type}
            data["values"] = [resolver.resolve(option, value, resolved) for value in values]
            data["resolved"] = resolved
        return await self._component(user, message, custom_id, data, via_shard)

    @staticmethod
    def _option_value(select: Select, value: Any) -> str:
        for option in select.options:
            if value == option.value:
                return option.value
        for option in select.options:
            if value == option.label:
                return option.value
        raise InvalidInteraction(
            f"{value!r} is not an option of select {select.custom_id!r}: "
            f"{[(o.label, o.value) for o in select.options]}"
        )

    async def _component(
        self,
        user: User,
        message: Message,
        custom_id: str,
        data: dict[str, Any],
        via_shard: int | None = None,
    ) -> InteractionRecord:
        return await self._dispatch(
            MESSAGE_COMPONENT,
            user,
            message.channel,
            data,
            via_shard=via_shard,
            owners=message_owners(message),
            custom_id=custom_id,
            source_message=message,
        )

    async def submit_modal(
        self, user: User, opened_by: InteractionRecord, values: Mapping[str, Any]
    ) -> InteractionRecord:
        """Submit the modal the bot opened in answer to ``opened_by`` (text by custom_id)."""
        modal = opened_by.modal
        if modal is None:
            raise InvalidInteraction(f"{opened_by.describe()} was not answered with a modal")
        known = {field.custom_id for field in modal.text_inputs} | {
            select.custom_id for select in modal.selects
        }
        unknown_ids = set(values) - known
        if unknown_ids:
            raise InvalidInteraction(f"modal {modal.custom_id!r} has no fields {unknown_ids}")
        for field in modal.text_inputs:
            text = str(values.get(field.custom_id, field.value or ""))
            if field.required and not text:
                raise InvalidInteraction(f"modal field {field.custom_id!r} is required")
            if field.max_length is not None and len(text) > field.max_length:
                raise InvalidInteraction(f"modal field {field.custom_id!r} is too long")
            if text and field.min_length is not None and len(text) < field.min_length:
                raise InvalidInteraction(f"modal field {field.custom_id!r} is too short")
        data = {"custom_id": modal.custom_id, "components": _submitted(modal.components, values)}
        return await self._dispatch(
            MODAL_SUBMIT,
            user,
            opened_by.channel,
            data,
            owners=dict(opened_by.payload["authorizing_integration_owners"]),
            custom_id=modal.custom_id,
            source_message=opened_by.source_message,
        )

    async def say(
        self,
        user: User,
        channel: Channel,
        content: str,
        *,
        files: Sequence[tuple[str, bytes]] = (),
    ) -> Message:
        """Post a message as ``user`` (dispatches MESSAGE_CREATE, for text-command bots)."""
        self._check_channel_access(user, channel)
        if isinstance(channel, Thread) and channel.locked:
            permissions = channel.guild.members[user.id].permissions
            if not has(permissions, Perm.MANAGE_THREADS):
                raise InvalidInteraction(f"{user.name} cannot post in locked {channel!r}")
        uploads = [
            Upload(index=i, filename=name, data=data) for i, (name, data) in enumerate(files)
        ]
        return self.world.create_message(channel, user, {"content": content}, uploads)

    def _check_channel_access(self, user: User, channel: Channel) -> None:
        guild = channel.guild
        if guild is None:
            if not channel.has_recipient(user):
                raise InvalidInteraction(f"{user.name} is not in {channel!r}")
            return
        if user.id not in guild.members:
            raise InvalidInteraction(f"{user.name} is not a member of {guild.name}")
        if isinstance(channel, Thread):
            check_thread_access(user, channel)

    def _check_message_access(self, user: User, message: Message) -> None:
        if message.deleted:
            raise InvalidInteraction(f"message {message.id} was deleted")
        if message.ephemeral and message.visible_to is not user:
            raise InvalidInteraction(f"{user.name} cannot see ephemeral message {message.id}")
        self._check_channel_access(user, message.channel)

    def _command_owners(
        self, command: RegisteredCommand, user: User, channel: Channel
    ) -> dict[str, str]:
        """The installs ``command`` runs under for ``user`` in ``channel``; refuses what
        the Discord client would not offer there."""
        if command.type != CHAT_INPUT:
            raise InvalidInteraction(f"/{command.name} is not a slash command")
        owners = command_owners(command, user, channel)
        if not owners:
            raise InvalidInteraction(
                f"/{command.name} is not offered to {user.name} in {channel!r}: contexts "
                f"{command.contexts}, integration_types {command.integration_types}, "
                f"installed to their account: {user.installed_app}"
            )
        guild = channel.guild
        if guild is not None:
            self._check_member_permissions(command, user, guild)
        return owners

    def _check_member_permissions(
        self, command: RegisteredCommand, user: User, guild: Guild
    ) -> None:
        """``default_member_permissions``: hidden from members without them."""
        required = command.default_member_permissions
        if required is None:
            return
        permissions = guild.members[user.id].permissions
        allowed = (
            has(permissions, Perm.ADMINISTRATOR) if required == 0 else has(permissions, required)
        )
        if not allowed:
            raise InvalidInteraction(
                f"{user.name} lacks permissions {required} for /{command.name}; "
                "Discord hides the command from them"
            )


def _submitted(components: list[dict[str, Any]], values: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Mirror a modal's layout the way Discord reports submitted values."""
    result: list[dict[str, Any]] = []
    for component in components:
        kind = component.get("type")
        base = {"type": kind}
        if component.get("id") is not None:
            base["id"] = component["id"]
        if kind == 1:
            result.append(
                {**base, "components": _submitted(component.get("components") or [], values)}
            )
        elif kind == 18:
            inner = component.get("component")
            result.append({**base, "component": _submitted([inner], values)[0] if inner else None})
        elif kind == 4:
            custom_id = component.get("custom_id")
            text = values.get(str(custom_id), component.get("value") or "")
            result.append({**base, "custom_id": custom_id, "value": str(text)})
        elif kind in (3, 5, 6, 7, 8):
            custom_id = component.get("custom_id")
            chosen = values.get(str(custom_id), [])
            result.append({**base, "custom_id": custom_id, "values": [str(v) for v in chosen]})
        else:
            result.append(base)
    return result
