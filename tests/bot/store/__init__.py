"""Tests of ``bot/store/``."""
