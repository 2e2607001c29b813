"""Pure game rules: no I/O, no discord, no Pillow, no asyncio.

Every game lives in its own subpackage and implements :class:`engine.game.HandState`;
:mod:`engine.registry` maps game names to those classes so stored JSON can be revived
without the caller knowing which game it holds.
"""
