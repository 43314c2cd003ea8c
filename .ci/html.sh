#!/usr/bin/env bash
# Installs Debian's chromium when missing and runs the tests that open Morsel's offline HTML
# views in it (headless, SwiftShader WebGL, network unreachable): lab/tests/html.rs.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
export MORSEL_CHROMIUM="$(command -v chromium)"
cargo test --workspace --test html -- --nocapture
