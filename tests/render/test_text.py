"""Stamped text (``render.kit.fonts.draw_text``) gives exactly the pixels of ``draw.text``."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw

from render.kit import empty, fonts, hand, header
from render.kit.fonts import draw_text, font
from tests.render.cases import CASES

TEXTS = (
    "Network dominoes",
    "Hand 3 · first to 500",
    "▶",
    "1",
    "12",
    "Zoë",
    "Where 6-3 can go",
    "Last tile: 6-3 by Bob, closing 1 ring (+1)",
    " ",
    "",
    "gjpqy|ÅÉ",
    "— …",
)
ANCHORS = (None, "la", "ra", "lm", "rm", "mm", "ma")
POSITIONS = (0, 3, 10.5, 40.25, 50.3, 100, 150.75, 199.5, 287.1, 390)


def test_stamps_match_draw_text_anywhere() -> None:
    """Every anchor, whole and fractional positions (some of which the stamp cannot keep
    exact, and leaves to ``draw.text``), text running off the picture, any colour."""
    rng = random.Random(4)
    fonts._stamp.cache_clear()
    for _ in range(1500):
        text = rng.choice(TEXTS)
        face = font(rng.choice((13, 16, 17, 20, 24, 31)), bold=rng.random() < 0.5)
        anchor = rng.choice(ANCHORS)
        xy = (rng.choice(POSITIONS), rng.choice(POSITIONS) / 4)
        fill = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        background = Image.new("RGB", (400, 100), (38, 48, 58))
        ImageDraw.Draw(background).rectangle((0, 0, 200, 50), fill=(200, 10, 10))
        expected = background.copy()
        ImageDraw.Draw(expected).text(xy, text, font=face, fill=fill, anchor=anchor)
        for _ in range(2):  # rendered, then stamped from the cache
            stamped = background.copy()
            draw_text(ImageDraw.Draw(stamped), xy, text, face, fill, anchor)
            assert stamped.tobytes() == expected.tobytes(), (text, xy, anchor)
    assert fonts._stamp.cache_info().hits >= 1500


def plain_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: fonts.Font,
    fill: tuple[int, int, int],
    anchor: str | None = None,
) -> None:
    draw.text(xy, text, font=face, fill=fill, anchor=anchor)


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_reference_picture_is_byte_for_byte_what_draw_text_gives(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    stamped = CASES[name]()
    for module in (header, hand, empty):
        monkeypatch.setattr(module, "draw_text", plain_text)
    assert CASES[name]() == stamped
