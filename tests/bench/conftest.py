"""The benchmarks run as scripts, so their shared helpers are imported from beside them:
put ``bench/`` on the path as running a script there would."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
