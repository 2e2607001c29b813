#!/usr/bin/env bash
# Installs the project with its dev and bench extras (the bench peers' adapters are
# tested too) into .venv (created if missing), and PostgreSQL's server when missing, and runs
# the linters, the type checker and the whole test suite. This is the README's test command.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev,bench]'
# The Discord Activity's script, which the web tests load (needs npm; skipped without it).
bash scripts/web.sh
# The store tests also run on a real PostgreSQL (started by the tests, unless
# TEST_DATABASE_URL names one): make sure its server programs are here.
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  bash scripts/postgres.sh >/dev/null
fi
echo "== lint (ruff) =="
.venv/bin/ruff check .
.venv/bin/ruff format --check .
echo "== types (mypy) =="
.venv/bin/mypy
# One test process per core (pytest-xdist), each with its own PostgreSQL server and bots.
echo "== tests (pytest, one process per core) =="
.venv/bin/python -m pytest -q --numprocesses auto --durations 5 "$@"
