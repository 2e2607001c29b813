"""Fixtures for the fake Discord server's own tests."""

from .fixtures import bot_launcher, fake_discord, http

__all__ = ["bot_launcher", "fake_discord", "http"]
