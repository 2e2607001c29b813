#!/usr/bin/env bash
# Makes sure PostgreSQL's server programs (initdb, pg_ctl, postgres) are on this machine:
# the test suite starts a throwaway server from them (tests/postgres_server.py).
# Installs Debian's `postgresql` package when they are missing; prints where they are.
set -euo pipefail
find_bin() {
  if command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v pg_ctl)")"
    return 0
  fi
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$found" ] && [ -x "$found/pg_ctl" ]; then
    echo "$found"
    return 0
  fi
  return 1
}
if ! where=$(find_bin); then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "postgres.sh: PostgreSQL is not installed and there is no apt-get here;" \
      "install the PostgreSQL server (15 or newer) or set TEST_DATABASE_URL." >&2
    exit 1
  fi
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  echo "postgres.sh: installing Debian's postgresql package" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
    postgresql >/dev/null
  where=$(find_bin)
fi
# Debian's package starts a system cluster; the tests never use it (they start their own).
echo "$where"
