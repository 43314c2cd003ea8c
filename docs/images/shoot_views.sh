#!/usr/bin/env bash
# Regenerates docs/images/view_scene.png and view_robot.png: the morsel binary writes the HTML
# views of docs/images/views.rhai, and headless Chromium (Debian `chromium`, SwiftShader
# WebGL, no network) takes their screenshots.
set -euo pipefail
cd "$(dirname "$0")/../.."
out="$PWD/target/views"
mkdir -p "$out"
cargo run -q -p morsel-shell --bin morsel -- run docs/images/views.rhai --out "$out"
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
for name in view_scene view_robot; do
    chromium --headless --no-sandbox --use-gl=angle --use-angle=swiftshader \
        --enable-unsafe-swiftshader --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync --hide-scrollbars \
        --proxy-server=127.0.0.1:9 --virtual-time-budget=10000 \
        --user-data-dir="$profile" --window-size=720,480 \
        --screenshot="$PWD/docs/images/$name.png" "file://$out/$name.html" 2>/dev/null
done
ls -l docs/images/view_*.png
