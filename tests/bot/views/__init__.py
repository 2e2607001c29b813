"""Tests of ``bot/views/``."""
