"""Compare rendered PNGs with the committed references in ``tests/render/references/``.

Pixels are compared with a small tolerance, because FreeType and zlib builds differ a
little between machines; and a picture may not grow in bytes beyond its reference. To
accept new pictures after an intended change, regenerate them and look at every changed
file before committing::

    UPDATE_REFERENCES=1 .venv/bin/pytest tests/render

A failing comparison writes the new picture and a difference map to
``tests/render/_actual/`` (ignored by git) so the change can be inspected.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageChops

HERE = Path(__file__).parent
REFERENCES = HERE / "references"
ACTUAL = HERE / "_actual"

CHANNEL_TOLERANCE = 40
"""A pixel counts as different when some channel differs by more than this."""
MAX_DIFFERENT = 0.002
"""At most this share of pixels may differ (antialiasing noise from other library builds)."""
MAX_GROWTH = 1.01
"""A picture may be at most this much larger in bytes than its reference: drawing faster must
not cost upload size (the margin is for another zlib build's choices)."""


@dataclass(frozen=True)
class Difference:
    size_matches: bool
    different: float
    """Share of pixels beyond :data:`CHANNEL_TOLERANCE`."""

    @property
    def acceptable(self) -> bool:
        return self.size_matches and self.different <= MAX_DIFFERENT


def updating() -> bool:
    return os.environ.get("UPDATE_REFERENCES", "") not in ("", "0")


def compare(actual: Image.Image, expected: Image.Image) -> tuple[Difference, Image.Image | None]:
    """How far ``actual`` is from ``expected``, and a map of the differing pixels."""
    a, e = actual.convert("RGB"), expected.convert("RGB")
    if a.size != e.size:
        return Difference(False, 1.0), None
    bands = ImageChops.difference(a, e).split()
    worst = bands[0]
    for band in bands[1:]:
        worst = ImageChops.lighter(worst, band)
    mask = worst.point(lambda v: 255 if v > CHANNEL_TOLERANCE else 0)
    histogram = mask.histogram()
    different = histogram[255] / (a.width * a.height)
    return Difference(True, different), mask


def check_reference(name: str, png: bytes) -> None:
    """Assert ``png`` matches ``references/<name>.png`` (or rewrite it when updating)."""
    path = REFERENCES / f"{name}.png"
    if updating():
        REFERENCES.mkdir(exist_ok=True)
        path.write_bytes(png)
        return
    assert path.exists(), (
        f"no reference picture {path.name}; create it with UPDATE_REFERENCES=1 pytest tests/render"
    )
    actual = Image.open(io.BytesIO(png))
    difference, mask = compare(actual, Image.open(path))
    limit = int(path.stat().st_size * MAX_GROWTH)
    assert len(png) <= limit, f"{name}: {len(png)} bytes, its reference {path.stat().st_size}"
    if difference.acceptable:
        return
    ACTUAL.mkdir(exist_ok=True)
    (ACTUAL / f"{name}.png").write_bytes(png)
    if mask is not None:
        mask.save(ACTUAL / f"{name}.diff.png")
    raise AssertionError(
        f"{name}: picture differs from its reference "
        f"(size matches: {difference.size_matches}, {difference.different:.2%} of pixels "
        f"differ); see {ACTUAL}/. If the change is intended, rerun with UPDATE_REFERENCES=1 "
        "and review the new reference."
    )
