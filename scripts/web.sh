#!/usr/bin/env bash
# Builds the Discord Activity's script, bot/web/static/build/activity.js: Discord's Embedded
# App SDK at the version web/package-lock.json pins, bundled by esbuild with web/src/. Quick
# when nothing changed (installs again only when the lock file changed, bundles again only
# when a source is newer than the bundle). Without npm it says so and skips: links opened in
# a browser work without the bundle, only the Activity inside Discord needs it.
set -euo pipefail
cd "$(dirname "$0")/.."
BUNDLE=bot/web/static/build/activity.js
if ! command -v npm >/dev/null 2>&1; then
  echo "web: npm not found, so the Discord Activity's script ($BUNDLE) is not built;" \
    "table links in a browser work without it. Install Node.js 18+ with npm to build it." >&2
  exit 0
fi
# npm ci writes node_modules/.package-lock.json: older than the lock file means stale.
if [ ! -f web/node_modules/.package-lock.json ] \
  || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
  # No install scripts: esbuild's binary comes as its platform's package, which the lock
  # file pins like any other.
  npm ci --prefix web --loglevel=error --no-audit --no-fund --ignore-scripts >/dev/null
fi
if [ -f "$BUNDLE" ] && [ web/node_modules/.package-lock.json -ot "$BUNDLE" ] \
  && [ -z "$(find web/src web/package.json -newer "$BUNDLE" -print -quit)" ]; then
  exit 0
fi
mkdir -p "$(dirname "$BUNDLE")"
web/node_modules/.bin/esbuild web/src/activity.js --bundle --format=esm --minify \
  --target=es2020 --log-level=warning --outfile="$BUNDLE"
echo "web: built $BUNDLE"
