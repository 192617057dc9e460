#!/usr/bin/env bash
# Makes sure the WordPress suite's systems are here, from Debian's packages: WordPress itself
# (/usr/share/wordpress), MariaDB's server and client, and PHP's command line with its MySQL
# driver. The suite runs its own MariaDB (a data folder of its own, no network) and its own
# `php -S`, so the packages' services are not started here.
# Installs what is missing when running as root; otherwise stops with the command to run. Never skips.
set -euo pipefail
. "$(dirname "$0")/apt-wait.sh"

missing=()
[ -f /usr/share/wordpress/wp-settings.php ] || missing+=(wordpress)
# WordPress 6.1's default theme, as a new blog has it.
[ -d /usr/share/wordpress/wp-content/themes/twentytwentythree ] || missing+=(wordpress-theme-twentytwentythree)
command -v mariadbd >/dev/null 2>&1 || [ -x /usr/sbin/mariadbd ] || missing+=(mariadb-server)
command -v mariadb >/dev/null 2>&1 || missing+=(mariadb-client)
command -v php >/dev/null 2>&1 || missing+=(php-cli)
php -m 2>/dev/null | grep -qi '^mysqli$' || missing+=(php-mysql)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing the WordPress suite's systems from Debian: ${missing[*]}..." >&2
  export DEBIAN_FRONTEND=noninteractive
  # No service starts during the install (Debian's policy-rc.d convention): the suite runs its own.
  policy=/usr/sbin/policy-rc.d
  kept=""
  if [ -e "$policy" ]; then kept="$(mktemp)"; cp -p "$policy" "$kept"; fi
  printf '#!/bin/sh\nexit 101\n' > "$policy"
  chmod +x "$policy"
  restore() { if [ -n "$kept" ]; then mv "$kept" "$policy"; else rm -f "$policy"; fi; }
  trap restore EXIT
  apt_get update -qq
  apt_get install -y -qq --no-install-recommends "${missing[@]}"
  [ -f /usr/share/wordpress/wp-settings.php ] && [ -x /usr/sbin/mariadbd ] && command -v php >/dev/null && exit 0
fi
echo "The WordPress tests need Debian's wordpress (with its default theme), mariadb-server, mariadb-client, php-cli and php-mysql. Install them with:" >&2
echo "  sudo apt-get install -y wordpress wordpress-theme-twentytwentythree mariadb-server mariadb-client php-cli php-mysql" >&2
exit 1
