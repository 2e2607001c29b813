"""The Discord surface: slash commands and the handlers that turn a click or a command into
a request to ``tables`` and answer it exactly once. Only ``app`` imports it.
"""
