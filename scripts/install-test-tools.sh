#!/usr/bin/env bash
# Makes sure the system programs the browser tests and the bundle bench use are installed: Chromium
# (/usr/bin/chromium, Debian package "chromium"; Playwright's own browser downloads are never used) and nginx
# (Debian package "nginx-light"), which serves the staff area from a second origin with the configuration in
# deploy/admin-assets, as docker-compose does. Idempotent and instant when both are there.
set -euo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
NGINX="${NGINX_PATH:-/usr/sbin/nginx}"

missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
[ -x "$NGINX" ] || missing+=(nginx-light)

if [ ${#missing[@]} -eq 0 ]; then
  echo "Chromium and nginx already installed: $CHROMIUM, $NGINX"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "Missing ${missing[*]} and apt-get is not available: install them and set CHROMIUM_PATH / NGINX_PATH." >&2
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

for program in "$CHROMIUM" "$NGINX"; do
  if [ ! -x "$program" ]; then
    echo "apt-get finished but $program is still missing." >&2
    exit 1
  fi
done
echo "Installed: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM"), $("$NGINX" -v 2>&1)"
