"""Tests of ``bot/games/``."""
