#!/usr/bin/env bash
# The browser tests drive a real Chromium (@playwright/test, playwright.config.ts).
# Succeeds when one is present, installs Debian's package when it may, and otherwise says how to get one.
set -euo pipefail

if [ -n "${CHROMIUM_PATH:-}" ]; then
  if [ -x "$CHROMIUM_PATH" ]; then
    echo "ensure-chromium: using CHROMIUM_PATH=$CHROMIUM_PATH"
    exit 0
  fi
  echo "ensure-chromium: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file." >&2
  echo "  Point CHROMIUM_PATH at a Chromium or Chrome binary, or unset it to use /usr/bin/chromium." >&2
  exit 1
fi

if [ -x /usr/bin/chromium ]; then
  echo "ensure-chromium: /usr/bin/chromium is installed"
  exit 0
fi

if [ -f /etc/debian_version ] && [ "$(id -u)" -eq 0 ]; then
  echo "ensure-chromium: /usr/bin/chromium is missing; installing Debian's chromium package (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium
  if [ -x /usr/bin/chromium ]; then
    echo "ensure-chromium: installed /usr/bin/chromium"
    exit 0
  fi
  echo "ensure-chromium: apt-get finished but /usr/bin/chromium is still missing." >&2
  exit 1
fi

cat >&2 <<'MSG'
ensure-chromium: the browser tests need Chromium, and /usr/bin/chromium was not found.
  On Debian or Ubuntu:  sudo apt-get install chromium
  Or point CHROMIUM_PATH at a Chromium or Chrome binary:
    CHROMIUM_PATH=/path/to/chrome npm test
MSG
exit 1
