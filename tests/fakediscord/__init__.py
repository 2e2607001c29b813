"""A small Discord-compatible server (REST + gateway) for end-to-end tests of discord.py bots.

See ``driver.FakeDiscord`` for the test-facing API and ``process.BotProcess`` for running
a bot as a subprocess against it.
"""

from .bodies import Upload
from .components import Button, Modal, Select, SelectOption, TextInput
from .driver import FakeDiscord
from .errors import (
    ApiError,
    BotNotConnected,
    CommandNotRegistered,
    ComponentNotFound,
    FakeDiscordError,
    InvalidInteraction,
    WaitTimeout,
)
from .gateway import GatewaySession
from .interactions import Callback, InteractionRecord
from .models import (
    Attachment,
    Channel,
    DMChannel,
    GroupDMChannel,
    Guild,
    Member,
    Message,
    MessageSnapshot,
    PrivateDMChannel,
    RegisteredCommand,
    RequestRecord,
    Role,
    TextChannel,
    User,
)
from .process import SAMPLE_BOT, BotLauncher, BotProcess
from .state import Settings
from .threads import PrivateThread, PublicThread, Thread, ThreadMember

__all__ = [
    "SAMPLE_BOT",
    "ApiError",
    "Attachment",
    "BotLauncher",
    "BotNotConnected",
    "BotProcess",
    "Button",
    "Callback",
    "Channel",
    "CommandNotRegistered",
    "ComponentNotFound",
    "DMChannel",
    "FakeDiscord",
    "FakeDiscordError",
    "GatewaySession",
    "GroupDMChannel",
    "Guild",
    "InteractionRecord",
    "InvalidInteraction",
    "Member",
    "Message",
    "MessageSnapshot",
    "Modal",
    "PrivateDMChannel",
    "PrivateThread",
    "PublicThread",
    "RegisteredCommand",
    "RequestRecord",
    "Role",
    "Select",
    "SelectOption",
    "Settings",
    "TextChannel",
    "TextInput",
    "Thread",
    "ThreadMember",
    "Upload",
    "User",
    "WaitTimeout",
]
