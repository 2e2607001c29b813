"""A command's options are declared once each, and within what Discord accepts: a
clash or a 26th option fails when the command is built, not when the tree is synced."""

from __future__ import annotations

import pytest

from bot.discord.command_options import MAX_OPTIONS, CommandOptions


def test_a_repeated_name_or_one_option_too_many_is_refused_at_build_time() -> None:
    options = CommandOptions()
    options.add("turn", str, "How long each turn may last")
    with pytest.raises(ValueError, match="two options of a command are named 'turn'"):
        options.add("turn", str, "again")
    for number in range(2, MAX_OPTIONS + 1):
        options.add(f"option{number}", int, f"Option {number}")
    with pytest.raises(ValueError, match="option 26: Discord allows 25"):
        options.add("one_more", int, "One too many")
    assert len(options.parameters) == MAX_OPTIONS
