"""Fonts shipped with the package, and text helpers that keep player names drawable.

DejaVu Sans (and its condensed bold, for numerals that must fill a tile's half) ships in
``render/fonts/`` (licence beside it) because no system font can be
assumed in the Docker image, and Pillow's built-in font lacks characters players use (—, ▶,
accented and Cyrillic names). The BASIC layout engine is forced so the same text gives the
same pixels whether or not libraqm is installed.
"""

from __future__ import annotations

import math
import threading
import unicodedata
from functools import lru_cache
from importlib import resources
from io import BytesIO

from PIL import Image, ImageDraw, ImageFont

from render.kit.palette import RGB

Font = ImageFont.FreeTypeFont

DRAWING = threading.Lock()
"""Held while drawing a picture: cached FreeType faces must not be used by two threads at
once (FreeType faces are not thread-safe), and the bot may render from worker threads."""

_FILES = {
    (False, False): "DejaVuSans.ttf",
    (True, False): "DejaVuSans-Bold.ttf",
    (True, True): "DejaVuSansCondensed-Bold.ttf",
}
"""By (bold, condensed)."""
_MISSING_PROBE = "\U0010fffd"  # a private-use code point no font maps: draws as .notdef
ELLIPSIS = "…"


@lru_cache(maxsize=3)
def _font_bytes(bold: bool, condensed: bool = False) -> bytes:
    return resources.files("render").joinpath("fonts", _FILES[bold, condensed]).read_bytes()


@lru_cache(maxsize=96)
def font(size: int, bold: bool = False, condensed: bool = False) -> Font:
    """DejaVu Sans at ``size`` px (``condensed``: DejaVu Sans Condensed Bold, as tall
    and a tenth narrower); cached because loading a face costs about a millisecond."""
    return ImageFont.truetype(
        BytesIO(_font_bytes(bold or condensed, condensed)),
        max(1, size),
        layout_engine=ImageFont.Layout.BASIC,
    )


def _glyph_pixels(char: str) -> bytes:
    canvas = Image.new("L", (48, 48))
    ImageDraw.Draw(canvas).text((8, 4), char, font=font(32), fill=255)
    return canvas.tobytes()


@lru_cache(maxsize=1)
def _notdef_pixels() -> bytes:
    return _glyph_pixels(_MISSING_PROBE)


@lru_cache(maxsize=4096)
def has_glyph(char: str) -> bool:
    """Whether DejaVu Sans can draw ``char`` (otherwise it would show an empty box)."""
    if char.isspace():
        return True
    return _glyph_pixels(char) != _notdef_pixels()


def clean_text(text: str, fallback: str) -> str:
    """``text`` with control, zero-width and undrawable characters removed.

    Discord names can hold emoji and invisible joiners; drawing those gives empty boxes, so
    they are dropped, and a name that ends up empty becomes ``fallback``.
    """
    kept = []
    for char in unicodedata.normalize("NFC", text):
        category = unicodedata.category(char)
        if category in ("Cc", "Cf", "Cs", "Co", "Cn", "Mn") and char != " ":
            continue
        if char.isspace():
            char = " "
        if has_glyph(char):
            kept.append(char)
    cleaned = " ".join("".join(kept).split())
    return cleaned or fallback


@lru_cache(maxsize=4096)
def text_length(text: str, face: Font) -> float:
    """``face.getlength(text)``, cached: headers measure the same names, headings and
    subtitles every play, and a note's words are tried again each time it wraps."""
    return face.getlength(text)


@lru_cache(maxsize=2048)
def fit_text(text: str, face: Font, width: float) -> str:
    """``text`` shortened with an ellipsis so that it is at most ``width`` px wide.
    Cached (faces are cached too, so they compare equal): headers repeat every play."""
    if text_length(text, face) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # longest prefix that still fits with the ellipsis
        mid = (low + high + 1) // 2
        if face.getlength(text[:mid].rstrip() + ELLIPSIS) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + ELLIPSIS if low else ELLIPSIS


@lru_cache(maxsize=1024)
def wrap_text(text: str, face: Font, width: float, max_lines: int) -> tuple[str, ...]:
    """``text`` broken at spaces into lines at most ``width`` px wide; past ``max_lines`` the
    last line ends in an ellipsis, so a long note never runs off the picture."""
    lines: list[str] = []
    words = text.split(" ")
    current = ""
    for i, word in enumerate(words):
        candidate = f"{current} {word}" if current else word
        if text_length(candidate, face) <= width or not current:
            current = candidate
            continue
        lines.append(current)
        current = word
        if len(lines) == max_lines - 1:
            current = " ".join(words[i:])
            break
    lines.append(current)
    return tuple(fit_text(line, face, width) for line in lines)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: Font,
    fill: RGB,
    anchor: str | None = None,
) -> None:
    """``draw.text(xy, text, font=face, fill=fill, anchor=anchor)``, the same pixels, but
    the glyphs are rendered once per text, face, anchor and sub-pixel offset and then
    only stamped (a few µs instead of some 25 µs): headers repeat names, headings and
    numbers every play. Where the cached stamp cannot land exactly as Pillow would draw
    (multi-line text, a negative position), it simply calls ``draw.text``."""
    x, y = xy
    if x >= 0 and y >= 0 and "\n" not in text:
        stamp = _stamp(text, face, anchor, math.modf(x)[0], math.modf(y)[0])
        if stamp is not None:
            mask, dx, dy = stamp
            if mask is not None:
                draw.bitmap((int(x) + dx, int(y) + dy), mask, fill=fill)
            return
    draw.text(xy, text, font=face, fill=fill, anchor=anchor)


_MARGIN = 2


@lru_cache(maxsize=2048)
def _stamp(
    text: str, face: Font, anchor: str | None, fx: float, fy: float
) -> tuple[Image.Image | None, int, int] | None:
    """``text`` as Pillow draws it at a position whose fractional parts are ``fx`` and
    ``fy``: the coverage mask (None if blank) and its offset from the position's whole
    px. It is drawn at a whole-px offset on a blank ``L`` canvas, where ink 255 leaves
    exactly the glyph coverage that ``draw.text`` blends with; None if that offset would
    change the fractional parts (floats), which decide the glyphs' sub-pixel rendering."""
    left, top, right, bottom = face.getbbox(text, anchor=anchor)
    ox, oy = _MARGIN - math.floor(left), _MARGIN - math.floor(top)
    if math.modf(ox + fx)[0] != fx or math.modf(oy + fy)[0] != fy:
        return None
    size = (
        math.ceil(right) - math.floor(left) + 2 * _MARGIN + 1,
        math.ceil(bottom) - math.floor(top) + 2 * _MARGIN + 1,
    )
    canvas = Image.new("L", size)
    ImageDraw.Draw(canvas).text((ox + fx, oy + fy), text, font=face, fill=255, anchor=anchor)
    box = canvas.getbbox()
    if box is None:
        return None, 0, 0
    return canvas.crop(box), box[0] - ox, box[1] - oy
