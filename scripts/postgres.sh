#!/usr/bin/env bash
# Makes sure PostgreSQL's server programs (initdb, pg_ctl, postgres) are on this machine:
# the test suite starts a throwaway server from them (tests/postgres_server.py).
# Installs Debian's `postgresql` package when they are missing; prints where they are.
set -euo pipefail
source "$(dirname "$0")/debian.sh"
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
  install_debian postgres.sh "PostgreSQL is not installed and there is no apt-get here;\
 install the PostgreSQL server (15 or newer) or set TEST_DATABASE_URL." postgresql
  where=$(find_bin)
fi
# Debian's package starts a system cluster; the tests never use it (they start their own).
echo "$where"
