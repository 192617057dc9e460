#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the browser suite.
# Installs it when running as root; otherwise stops with the command to run. Never skips.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found at $CHROMIUM: installing Debian's chromium package..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq chromium >&2
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "The browser tests need Chromium at $CHROMIUM. Install it with: sudo apt-get install -y chromium" >&2
echo "(or set CHROMIUM_PATH to a Chromium binary)" >&2
exit 1
