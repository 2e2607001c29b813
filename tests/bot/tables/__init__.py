"""Tests of ``bot/tables/``."""
