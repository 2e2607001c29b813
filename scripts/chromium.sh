#!/usr/bin/env bash
# Makes sure a Chromium browser is on this machine: the web page's tests (tests/web/) drive
# Debian's `chromium` through Playwright, which never downloads a browser of its own.
# Installs Debian's `chromium` package when it is missing (CHROMIUM names another binary);
# prints where it is.
set -euo pipefail
source "$(dirname "$0")/debian.sh"
find_browser() {
  local candidate
  for candidate in "${CHROMIUM:-}" chromium chromium-browser; do
    if [ -n "$candidate" ] && command -v "$candidate" >/dev/null 2>&1; then
      readlink -f "$(command -v "$candidate")"
      return 0
    fi
  done
  return 1
}
if ! where=$(find_browser); then
  install_debian chromium.sh "Chromium is not installed and there is no apt-get here;\
 install Chromium or set CHROMIUM to a Chromium binary." chromium fonts-noto-color-emoji
  where=$(find_browser)
fi
echo "$where"
