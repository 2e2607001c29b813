"""Slash commands, grouped by topic. Cogs only read options; the handlers do the work."""
