#!/usr/bin/env bash
# Makes sure the runtimes suite's edge runtimes are here: workerd (through wrangler), Deno and Bun,
# from npm, at the versions test/runtimes/package-lock.json pins (their binaries ship inside the
# registry packages; no install script runs), with Redis's standard client; and Debian's
# redis-server, the store docs/proxy.md's limiter shares between servers. Installs again only
# what is missing, and the npm packages only when the lock changed.
set -euo pipefail
. "$(dirname "$0")/apt-wait.sh"
cd "$(dirname "$0")/../test/runtimes"

if ! command -v redis-server >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing redis-server from Debian..." >&2
    export DEBIAN_FRONTEND=noninteractive
    apt_get update -qq
    apt_get install -y -qq redis-server >&2
  fi
  command -v redis-server >/dev/null 2>&1 || { echo "The runtimes suite needs Redis: sudo apt-get install -y redis-server" >&2; exit 1; }
fi

stamp=node_modules/.installed-lock.json
if [ -f "$stamp" ] && cmp -s package-lock.json "$stamp" \
  && [ -x node_modules/.bin/wrangler ] && [ -x node_modules/.bin/deno ] && [ -x node_modules/.bin/bun ]; then
  exit 0
fi
echo "Installing the edge runtimes from npm (wrangler with workerd, Deno, Bun, and Redis's client)..." >&2
npm ci --no-audit --no-fund --loglevel=error >&2
cp package-lock.json "$stamp"
