#!/usr/bin/env bash
# Installs the Debian packages Lamina's build and tests need. Idempotent: it installs nothing, and
# does not touch apt, when every package is already present. Run as root (CI and the dev machines
# are root); elsewhere it uses sudo.
set -euo pipefail

# Build and test needs, by issue:
# - pkg-config: locating the C libraries the rendering stack links (Cairo, EGL/GLES, SDL2).
# - libcairo2-dev: Cairo headers and library; CoreGraphics' CGContext rasterises with it (CCairo).
# - libjpeg62-turbo-dev: libjpeg headers and library; CoreGraphics decodes JPEG files with it (CJPEG).
# - libwebp-dev: libwebp and libwebpdemux headers and libraries; CoreGraphics decodes WebP files
#   (an animated one's first frame) with them (CWebP), and the tests make WebP files with its encoder.
# - libegl-dev, libgles-dev, libegl-mesa0, libgl1-mesa-dri: EGL and OpenGL ES 3.0 headers and Mesa's
#   drivers for the compositor (llvmpipe renders headless, without a GPU).
# - ffmpeg: the encoder LaminaExport pipes frames into (H.264, VP9, GIF, APNG, PNG) and ffprobe,
#   which the export tests read files back with.
# - libpango1.0-dev: Pango on Cairo (with fontconfig, FreeType, HarfBuzz); CoreGraphics lays out and
#   draws text with it (CPango: CGFont, TextLayout, CATextLayer).
# - fonts-dejavu-core: DejaVu Sans, Serif and Mono, the fonts the text tests and goldens name, and
#   fontconfig's default sans-serif.
# - fonts-urw-base35: URW's metric-compatible clones of the PostScript 35 fonts; fontconfig resolves
#   "Helvetica" (CATextLayer's default font, Core Text's default for unattributed runs) to Nimbus
#   Sans, so text has Helvetica's metrics and every machine draws it alike.
# - libsdl2-dev: SDL2 headers and library for LaminaWindow's live window and input (CSDL2).
# - xvfb, xauth: a virtual X server the window tests start themselves, for headless CI.
# - time: GNU time, which the CLI tests run `lamina` under to read its own peak memory.
PACKAGES=(
    libegl-dev
    libgles-dev
    libegl-mesa0
    libgl1-mesa-dri
    pkg-config
    libcairo2-dev
    libjpeg62-turbo-dev
    libwebp-dev
    ffmpeg
    libpango1.0-dev
    fonts-dejavu-core
    fonts-urw-base35
    libsdl2-dev
    xvfb
    xauth
    time
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
