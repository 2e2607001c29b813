"""Replays: a finished hand played again into an animation and its game record, for
``/<game> replay`` and ``domino-tables replay``.
"""
