#!/usr/bin/env bash
# Regenerates README's pictures of the HTML views (docs/images/view_*.png): lab/tests/html.rs
# writes the views of a scene of primitives and of Solo-12 (target/tmp/html-tests/),
# docs/images/views.rhai writes those of a touch sensor, a stance, a simulation and taxels
# (target/views/), and headless Chromium (Debian `chromium`, SwiftShader WebGL, no network)
# takes their screenshots.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo test -q -p morsel-lab --test html pages_are_self_contained_and_name_no_url >/dev/null
cargo run -q -p morsel-shell -- run docs/images/views.rhai --out target/views >/dev/null
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
for pair in view_scene:target/tmp/html-tests/primitives view_robot:target/tmp/html-tests/solo12 \
    view_touch:target/views/touch view_stance:target/views/stance \
    view_simulation:target/views/simulation view_taxels:target/views/taxels; do
    name="${pair%%:*}"
    page="${pair#*:}"
    chromium --headless --no-sandbox --use-gl=angle --use-angle=swiftshader \
        --enable-unsafe-swiftshader --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync --hide-scrollbars \
        --proxy-server=127.0.0.1:9 --virtual-time-budget=10000 \
        --user-data-dir="$profile" --window-size=720,480 \
        --screenshot="$PWD/docs/images/$name.png" "file://$PWD/$page.html" 2>/dev/null
done
ls -l docs/images/view_*.png
