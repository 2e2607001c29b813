"""A container's health check: ``python -m bot.app.healthcheck`` asks this container's
process for ``/health`` on METRICS_PORT (``bot.app.observe``) and exits 0 when it answers
200, else 1, with one line saying why (Docker keeps it in ``docker inspect``).

It reads METRICS_PORT and METRICS_HOST from the environment (the Docker image sets
METRICS_PORT=9100) and uses the standard library alone: slim images have no curl, and a
probe that runs every half minute should start fast.
"""

from __future__ import annotations

import os
import sys
import urllib.error
import urllib.request
from collections.abc import Mapping
from typing import Final

TIMEOUT: Final = 5.0
"""Seconds to wait for the answer (the process gives its database 2 of them)."""

HEALTHY: Final = 0
UNHEALTHY: Final = 1
"""Docker's meanings of a health check's exit status (2 is reserved)."""

_LOOPBACK: Final = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}
"""A port listening on every address is asked on the loopback."""


def health_url(environ: Mapping[str, str]) -> str | None:
    """Where the process serves ``/health``, from its settings; None if METRICS_PORT is
    unset (no server)."""
    port = environ.get("METRICS_PORT", "").strip()
    if not port:
        return None
    host = environ.get("METRICS_HOST", "").strip()
    host = _LOOPBACK.get(host, host)
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"  # an IPv6 address
    return f"http://{host}:{port}/health"


def check(environ: Mapping[str, str]) -> tuple[int, str]:
    """The exit status and the line to print."""
    url = health_url(environ)
    if url is None:
        return UNHEALTHY, "METRICS_PORT is not set: there is no /health to ask."
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT) as answer:
            return HEALTHY, f"{url}: {answer.status} {answer.read().decode().strip()}"
    except urllib.error.HTTPError as exc:
        return UNHEALTHY, f"{url}: {exc.code} {exc.read().decode(errors='replace').strip()}"
    except (OSError, ValueError) as exc:
        return UNHEALTHY, f"{url}: no answer ({exc})"


def main() -> int:
    status, line = check(os.environ)
    print(line)
    return status


if __name__ == "__main__":
    sys.exit(main())
