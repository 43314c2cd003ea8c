#!/usr/bin/env bash
# Regenerates docs/images/view_scene.png and view_robot.png: lab/tests/html.rs writes the HTML
# views of a scene of primitives and of Solo-12 (target/tmp/html-tests/), and headless Chromium
# (Debian `chromium`, SwiftShader WebGL, no network) takes their screenshots.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo test -q -p morsel-lab --test html pages_are_self_contained_and_name_no_url >/dev/null
pages="$PWD/target/tmp/html-tests"
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
for pair in view_scene:primitives view_robot:solo12; do
    name="${pair%%:*}"
    page="${pair#*:}"
    chromium --headless --no-sandbox --use-gl=angle --use-angle=swiftshader \
        --enable-unsafe-swiftshader --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync --hide-scrollbars \
        --proxy-server=127.0.0.1:9 --virtual-time-budget=10000 \
        --user-data-dir="$profile" --window-size=720,480 \
        --screenshot="$PWD/docs/images/$name.png" "file://$pages/$page.html" 2>/dev/null
done
ls -l docs/images/view_*.png
