"""Tests of ``bot/league/``."""
