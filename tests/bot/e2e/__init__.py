"""End-to-end tests: the real bot process against the local Discord-compatible server."""
