#!/usr/bin/env bash
# Installs the project into .venv (created if missing) and starts the bot.
# Settings come from the environment or ./.env (see .env.example).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
# The Discord Activity's script (needs npm; skipped with a word without it).
bash scripts/web.sh
exec .venv/bin/python -m bot "$@"
