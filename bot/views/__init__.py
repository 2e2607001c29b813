"""Buttons and select menus. Every control is a ``DynamicItem`` keyed by its custom id,
so controls on any message, sent before or after a restart, reach the bot."""
