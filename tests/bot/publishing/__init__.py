"""Tests of ``bot/publishing/``."""
