"""A replay from its frames: an animated WebP, or a still contact sheet when too big.

Pillow only: the caller hands over the table pictures (PNG bytes) in play order and how
long to show each. The animation's canvas is the last picture's size and the last frame
is that picture untouched (lossless), so a replay ends on exactly the picture the channel
saw when the hand ended. A table's replay draws every picture on one canvas already
(``render.kit.canvas``), so they are all that size; a smaller picture would sit centred at
the top of the canvas on its own background, shrunk only if it would not fit. Each but the
last has its caption ("Move 3 of 30") in the bottom corner: it tells the viewer where they are,
and it keeps every frame distinct (an encoder folds a frame identical to the one before
into it, and a replay has one frame per move).
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from PIL import Image, ImageDraw

from render.kit.fonts import DRAWING, font
from render.kit.palette import HEADER_BACKGROUND, HEADER_RULE, TEXT
from render.kit.png import encode, quantise

ReplayFormat = Literal["webp", "png"]

MAX_BYTES: Final = 8 * 1024 * 1024
"""Discord's upload limit without boosts; a bigger animation becomes a contact sheet."""
MAX_PIXELS: Final = 100_000_000
"""Pixels of all frames together beyond which a replay is a contact sheet: an animation
holds every frame in memory (a byte a pixel) while it is encoded, and a replay that big
would not fit in ``MAX_BYTES`` anyway."""
SHEET_CELL: Final = 320
"""Width of one frame on the contact sheet, in pixels (at most)."""
SHEET_MIN_CELL: Final = 120
SHEET_WIDTH: Final = 4096
"""The widest a contact sheet gets, unless a hand has more moves than fit at the
smallest cell."""
SHEET_GAP: Final = 8
CAPTION_SIZE: Final = 15
CAPTION_PAD: Final = 6


@dataclass(frozen=True, slots=True)
class Frame:
    """One picture of the replay, how long it stays up (milliseconds), and its caption
    (ignored on the last frame, which stays exactly the picture given)."""

    png: bytes
    duration_ms: int
    caption: str = ""
    caption_top: int | None = None
    """How far down the caption goes, at the right (None: in the bottom right-hand
    corner). A replay puts it just under the header: the rows above change from frame to
    frame anyway, so the encoder stores no more of each frame for it."""


def assemble(
    frames: Sequence[Frame], max_bytes: int = MAX_BYTES, max_pixels: int = MAX_PIXELS
) -> tuple[bytes, ReplayFormat]:
    """The frames as an animated WebP that loops, or as a contact sheet (PNG) when the
    animation would be over ``max_bytes``, or its frames together over ``max_pixels``
    (a long game on a big set: every frame is held in memory while it is encoded)."""
    if not frames:
        raise ValueError("a replay needs at least one frame")
    last = _decode(frames[-1].png)
    if len(frames) * last.width * last.height <= max_pixels:
        placed = [_placed(frame, last.size) for frame in frames[:-1]]
        animation = animate([*placed, last], [frame.duration_ms for frame in frames])
        if len(animation) <= max_bytes:
            return animation, "webp"
    return contact_sheet([frame.png for frame in frames]), "png"


def _placed(frame: Frame, canvas: tuple[int, int]) -> Image.Image:
    """A frame on the canvas in 256 colours, captioned. In 256 colours, each frame takes a
    byte a pixel while the encoder waits for the rest, and lossless WebP stores it as a
    palette picture. A picture already the canvas's size in a palette (the bot's table
    pictures are) keeps it, and only the caption is mapped to it: that spares decoding it
    to RGB and quantising all of it again. Any other is placed, then quantised: a shrunk
    frame has thousands of colours, twice the bytes."""
    with Image.open(io.BytesIO(frame.png)) as image:
        image.load()
        if image.mode == "P" and image.size == canvas and "transparency" not in image.info:
            return _captioned_in_palette(image, frame.caption, frame.caption_top)
        picture = image.convert("RGB")
    return quantise(_captioned(_fit(picture, canvas), frame.caption, frame.caption_top))


def animate(pictures: Sequence[Image.Image], durations: Sequence[int]) -> bytes:
    """Same-sized RGB pictures as a looping lossless WebP. The fastest lossless effort,
    and no key frames (every frame only the rectangle that changed): flat table pictures
    compress well at any effort, and a replay is watched from the start anyway."""
    buffer = io.BytesIO()
    pictures[0].save(
        buffer,
        "WEBP",
        save_all=True,
        append_images=list(pictures[1:]),
        duration=list(durations),
        loop=0,
        lossless=True,
        quality=0,
        method=0,
        kmin=0,
        kmax=0,
    )
    return buffer.getvalue()


def contact_sheet(pngs: Sequence[bytes]) -> bytes:
    """Every picture shrunk to one cell (at most ``SHEET_CELL`` pixels wide, less when
    there are many: the sheet stays within ``SHEET_WIDTH``), in reading order on a grid
    (PNG). The pictures are read one at a time."""
    columns = max(1, math.ceil(math.sqrt(len(pngs))))
    rows = math.ceil(len(pngs) / columns)
    cell = max(SHEET_MIN_CELL, min(SHEET_CELL, SHEET_WIDTH // columns - SHEET_GAP))
    thumbs = [_shrink(_decode(png), cell) for png in pngs]
    row_height = max(thumb.height for thumb in thumbs)
    background = thumbs[-1].getpixel((0, thumbs[-1].height - 1))
    sheet = Image.new(
        "RGB",
        (columns * (cell + SHEET_GAP) + SHEET_GAP, rows * (row_height + SHEET_GAP) + SHEET_GAP),
        background,
    )
    for index, thumb in enumerate(thumbs):
        row, column = divmod(index, columns)
        sheet.paste(
            thumb,
            (SHEET_GAP + column * (cell + SHEET_GAP), SHEET_GAP + row * (row_height + SHEET_GAP)),
        )
    return encode(sheet)


def decode_frames(data: bytes) -> list[Image.Image]:
    """Every frame of an animation (or the one picture of a still), as RGB."""
    frames = []
    with Image.open(io.BytesIO(data)) as image:
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            frames.append(image.convert("RGB"))
    return frames


def _decode(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as image:
        return image.convert("RGB")


def _fit(picture: Image.Image, canvas: tuple[int, int]) -> Image.Image:
    """``picture`` on a canvas of ``canvas`` size, centred at the top, on its own bottom
    edge's colour; shrunk if it would not fit."""
    width, height = canvas
    if picture.size == canvas:
        return picture.copy()
    if picture.width > width or picture.height > height:
        scale = min(width / picture.width, height / picture.height)
        picture = picture.resize(
            (max(1, round(picture.width * scale)), max(1, round(picture.height * scale))),
            Image.Resampling.BILINEAR,
        )
    placed = Image.new("RGB", canvas, picture.getpixel((0, picture.height - 1)))
    placed.paste(picture, ((width - picture.width) // 2, 0))
    return placed


def _label_box(
    caption: str, size: tuple[int, int], top: int | None
) -> tuple[int, int, int, int] | None:
    """Where the caption's label goes: at the right, ``top`` px down or in the bottom
    corner; None if it does not fit."""
    face = font(CAPTION_SIZE, bold=True)
    left, upper, right, lower = face.getbbox(caption)
    width, height = right - left + 2 * CAPTION_PAD, lower - upper + 2 * CAPTION_PAD
    x0 = size[0] - width - CAPTION_PAD
    y0 = size[1] - height - CAPTION_PAD if top is None else top
    if x0 < 0 or y0 < 0 or y0 + height >= size[1]:
        return None
    return round(x0), round(y0), round(x0 + width), round(y0 + height)


def _draw_label(picture: Image.Image, box: tuple[int, int, int, int], caption: str) -> None:
    """``caption`` on a small dark label filling ``box`` of ``picture`` (RGB)."""
    face = font(CAPTION_SIZE, bold=True)
    left, upper, _, _ = face.getbbox(caption)
    draw = ImageDraw.Draw(picture)
    draw.rounded_rectangle(box, radius=5, fill=HEADER_BACKGROUND, outline=HEADER_RULE)
    draw.text(
        (box[0] + CAPTION_PAD - left, box[1] + CAPTION_PAD - upper), caption, font=face, fill=TEXT
    )


def _captioned(picture: Image.Image, caption: str, top: int | None = None) -> Image.Image:
    """``picture`` (RGB) with ``caption`` on a small dark label at its right."""
    if not caption or picture.mode != "RGB":
        return picture
    with DRAWING:
        box = _label_box(caption, picture.size, top)
        if box is not None:
            _draw_label(picture, box, caption)
    return picture


def _captioned_in_palette(picture: Image.Image, caption: str, top: int | None) -> Image.Image:
    """``picture`` (palette mode) with ``caption`` drawn as :func:`_captioned` draws it,
    the label mapped to the picture's own colours (the header's, which it is drawn in)."""
    if not caption:
        return picture
    with DRAWING:
        box = _label_box(caption, picture.size, top)
        if box is None:
            return picture
        x0, y0, x1, y1 = box
        label = picture.crop((x0, y0, x1 + 1, y1 + 1)).convert("RGB")
        _draw_label(label, (0, 0, x1 - x0, y1 - y0), caption)
    picture.paste(label.quantize(palette=picture, dither=Image.Dither.NONE), (x0, y0))
    return picture


def _shrink(picture: Image.Image, width: int) -> Image.Image:
    if picture.width <= width:
        return picture
    height = max(1, round(picture.height * width / picture.width))
    return picture.resize((width, height), Image.Resampling.LANCZOS)
