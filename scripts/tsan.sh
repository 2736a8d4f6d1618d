#!/usr/bin/env bash
# Runs the threading tests under the thread sanitizer (ruling RT1 in docs/DECISIONS.md): threads
# that build, animate and commit their own layer trees while another thread renders them.
# Usage: scripts/tsan.sh [test filter]   (default: RenderThreadTests). A separate build folder is
# used, since a sanitized build shares nothing with the ordinary one.
set -euo pipefail
cd "$(dirname "$0")/.."
filter="${1:-RenderThreadTests}"
swift build --build-tests --sanitize=thread --scratch-path .build-tsan
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
    swift test --skip-build --sanitize=thread --scratch-path .build-tsan --filter "$filter"
