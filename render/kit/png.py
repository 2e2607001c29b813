"""PNG encoding tuned for Discord uploads: small files, fast, byte-for-byte repeatable.

The pictures are flat colours with antialiased edges, which a 256-colour palette holds
without visible loss, and a palette PNG is several times smaller and quicker to compress
than an RGB one. The palette comes from a sparse sample of the picture (every third pixel
each way), which finds the same colours as quantising every pixel at a third of the cost;
every pixel is then mapped to its nearest palette colour. Both steps are deterministic.
"""

from __future__ import annotations

import io

from PIL import Image

COMPRESS_LEVEL = 4
SAMPLE_STEP = 3


def encode(image: Image.Image) -> bytes:
    """``image`` (RGB) as palette PNG bytes; the same picture always gives the same bytes."""
    sample = image.resize(
        (max(1, image.width // SAMPLE_STEP), max(1, image.height // SAMPLE_STEP)),
        Image.Resampling.NEAREST,
    )
    palette = sample.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    quantised = image.quantize(palette=palette, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    quantised.save(buffer, "PNG", compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()
