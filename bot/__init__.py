"""Domino Tables, the Discord bot: its rooms, highest first, are app, discord, replays,
publishing, views, tables, league, games, store and metrics (``docs/architecture.md``).
"""
