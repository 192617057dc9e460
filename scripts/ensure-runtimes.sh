#!/usr/bin/env bash
# Makes sure the runtimes suite's edge runtimes are here: workerd (through wrangler), Deno and Bun,
# from npm, at the versions test/runtimes/package-lock.json pins (their binaries ship inside the
# registry packages; no install script runs). Installs again only when the lock changed.
set -euo pipefail
cd "$(dirname "$0")/../test/runtimes"

stamp=node_modules/.installed-lock.json
if [ -f "$stamp" ] && cmp -s package-lock.json "$stamp" \
  && [ -x node_modules/.bin/wrangler ] && [ -x node_modules/.bin/deno ] && [ -x node_modules/.bin/bun ]; then
  exit 0
fi
echo "Installing the edge runtimes from npm (wrangler with workerd, Deno, Bun)..." >&2
npm ci --no-audit --no-fund --loglevel=error >&2
cp package-lock.json "$stamp"
