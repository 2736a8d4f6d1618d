#!/usr/bin/env bash
# Installs the Debian packages Lamina's build and tests need. Idempotent: it installs nothing, and
# does not touch apt, when every package is already present. Run as root (CI and the dev machines
# are root); elsewhere it uses sudo.
set -euo pipefail

# Build and test needs, by issue:
# - pkg-config: locating the C libraries the rendering stack links (Cairo, EGL/GLES, SDL2).
# - libcairo2-dev: Cairo headers and library; CoreGraphics' CGContext rasterises with it (CCairo).
PACKAGES=(
    pkg-config
    libcairo2-dev
)

missing=()
for pkg in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$pkg")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps: all ${#PACKAGES[@]} packages present"
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
