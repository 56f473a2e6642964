#!/usr/bin/env bash
# Makes sure the system programs the browser tests and the benches use are installed (Playwright's own browser
# downloads are never used): Chromium (/usr/bin/chromium, Debian package "chromium"), which Lighthouse and the
# traces of bench:web drive; its headless shell (/usr/bin/chromium-headless-shell, Debian package
# "chromium-headless-shell": the same engine without the browser's window layer), which the browser tests and
# bench:bundles drive; and nginx (Debian package "nginx-light"), which serves the staff area from a second origin
# with the configuration in deploy/admin-assets, as docker-compose does. Idempotent and instant when all are there.
set -euo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
HEADLESS_SHELL="${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
NGINX="${NGINX_PATH:-/usr/sbin/nginx}"

missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
[ -x "$HEADLESS_SHELL" ] || missing+=(chromium-headless-shell)
[ -x "$NGINX" ] || missing+=(nginx-light)

if [ ${#missing[@]} -eq 0 ]; then
  echo "Chromium, its headless shell and nginx already installed: $CHROMIUM, $HEADLESS_SHELL, $NGINX"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "Missing ${missing[*]} and apt-get is not available: install them and set CHROMIUM_PATH / CHROMIUM_HEADLESS_SHELL_PATH / NGINX_PATH." >&2
  exit 1
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "Installing ${missing[*]} needs root (or sudo)." >&2
    exit 1
  fi
fi

echo "Installing ${missing[*]} with apt-get…"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# The package's own service is not wanted: the tests start nginx themselves, on a free port.
$SUDO env RUNLEVEL=1 apt-get install -y -qq --no-install-recommends "${missing[@]}"

for program in "$CHROMIUM" "$HEADLESS_SHELL" "$NGINX"; do
  if [ ! -x "$program" ]; then
    echo "apt-get finished but $program is still missing." >&2
    exit 1
  fi
done
echo "Installed: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM"), $HEADLESS_SHELL, $("$NGINX" -v 2>&1)"
