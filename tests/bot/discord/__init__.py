"""Tests of ``bot/discord/``."""
