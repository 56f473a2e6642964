#!/usr/bin/env bash
# Makes sure the system Chromium that the browser tests and the bundle bench use is installed
# (/usr/bin/chromium, Debian package "chromium"). Idempotent and instant when it is already there.
# Playwright's own browser downloads are never used.
set -euo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [ -x "$CHROMIUM" ]; then
  echo "Chromium already installed: $CHROMIUM"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing at $CHROMIUM and apt-get is not available: install Chromium and set CHROMIUM_PATH." >&2
  exit 1
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "Installing Chromium needs root (or sudo)." >&2
    exit 1
  fi
fi

echo "Installing Chromium with apt-get…"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium

if [ ! -x "$CHROMIUM" ]; then
  echo "apt-get finished but $CHROMIUM is still missing." >&2
  exit 1
fi
echo "Chromium installed: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
