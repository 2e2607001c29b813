"""Tests of ``bot/app/``."""
