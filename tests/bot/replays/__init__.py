"""Tests of ``bot/replays/``."""
