#!/usr/bin/env bash
# The signed Letter of Authorization's tests read its text as a reader's tools do, with poppler's pdftotext
# (tests/support/pdf-text.ts). Succeeds when it is present, installs Debian's poppler-utils when it may, and
# otherwise says how to get it.
set -euo pipefail

if command -v pdftotext >/dev/null 2>&1; then
  echo "ensure-pdftotext: $(command -v pdftotext) is installed"
  exit 0
fi

if [ -f /etc/debian_version ] && [ "$(id -u)" -eq 0 ]; then
  echo "ensure-pdftotext: pdftotext is missing; installing Debian's poppler-utils package (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq poppler-utils
  if command -v pdftotext >/dev/null 2>&1; then
    echo "ensure-pdftotext: installed $(command -v pdftotext)"
    exit 0
  fi
  echo "ensure-pdftotext: apt-get finished but pdftotext is still missing." >&2
  exit 1
fi

cat >&2 <<'MSG'
ensure-pdftotext: the letter's tests need pdftotext, and it was not found.
  On Debian or Ubuntu:  sudo apt-get install poppler-utils
  On macOS:             brew install poppler
MSG
exit 1
