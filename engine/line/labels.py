"""Names of a branching line's open ends: ``A`` … ``Z``, then ``AA``, ``AB`` … (as
spreadsheet columns), in the order the arms were opened.

>>> [end_label(i) for i in (0, 25, 26, 27)]
['A', 'Z', 'AA', 'AB']
>>> end_index("ab")
27
"""

from __future__ import annotations

from functools import cache

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@cache
def end_label(index: int) -> str:
    """The label of arm ``index`` (0-based)."""
    if index < 0:
        raise ValueError("arm indexes start at 0")
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = _LETTERS[rest] + label
    return label


def end_index(label: str) -> int:
    """The arm index a label names (case-insensitive); ValueError if it is not a label."""
    text = label.strip().upper()
    if not text or not text.isascii() or not text.isalpha() or len(text) > 3:
        raise ValueError(f"{label!r} is not an end label")
    index = 0
    for letter in text:
        index = index * 26 + _LETTERS.index(letter) + 1
    return index - 1
