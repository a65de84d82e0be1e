#!/usr/bin/env bash
# Debian's Chromium for the browser tests (Playwright drives it; its own browser download
# cannot be used here).  Prints the browser's path, to export as TABLETOP_CHROMIUM.
set -euo pipefail
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
if ! command -v chromium >/dev/null 2>&1; then
    echo "installing Chromium from Debian" >&2
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi
command -v chromium
