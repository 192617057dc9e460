#!/usr/bin/env bash
# Makes sure the browser suite's three engines are here, from Debian's packages: Chromium at
# /usr/bin/chromium, Firefox ESR at /usr/bin/firefox-esr, and WebKitGTK's WebKitWebDriver (with
# the MiniBrowser it drives) plus xvfb-run, since WebKitGTK has no headless mode.
# Installs what is missing when running as root; otherwise stops with the command to run. Never skips.
set -euo pipefail
. "$(dirname "$0")/apt-wait.sh"
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
FIREFOX="${FIREFOX_PATH:-/usr/bin/firefox-esr}"

missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
[ -x "$FIREFOX" ] || missing+=(firefox-esr)
command -v WebKitWebDriver >/dev/null 2>&1 || missing+=(webkit2gtk-driver)
command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb xauth)
# WebKitGTK plays video through GStreamer: mp4 needs its demuxer (good) and an H.264 decoder (libav).
for plugin in gstreamer1.0-plugins-good gstreamer1.0-libav; do
  dpkg -s "$plugin" >/dev/null 2>&1 || missing+=("$plugin")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing the browser suite's engines from Debian: ${missing[*]}..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt_get update -qq
  apt_get install -y -qq "${missing[@]}"
  [ -x "$CHROMIUM" ] && [ -x "$FIREFOX" ] && command -v WebKitWebDriver >/dev/null && command -v xvfb-run >/dev/null \
    && dpkg -s gstreamer1.0-plugins-good gstreamer1.0-libav >/dev/null 2>&1 && exit 0
fi
echo "The browser tests need Chromium, Firefox ESR and WebKitGTK's driver. Install them with:" >&2
echo "  sudo apt-get install -y chromium firefox-esr webkit2gtk-driver xvfb xauth gstreamer1.0-plugins-good gstreamer1.0-libav" >&2
echo "(or set CHROMIUM_PATH / FIREFOX_PATH to other binaries)" >&2
exit 1
