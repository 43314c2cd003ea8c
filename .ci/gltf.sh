#!/usr/bin/env bash
# Installs the Khronos glTF validator (npm `gltf-validator`) into target/gltf-validator and runs
# the tests that check every glTF file Morsel's tests write against it (zero errors).
# Idempotent: installs node/npm (Debian packages) and the validator only when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
fi
dir="$PWD/target/gltf-validator"
mkdir -p "$dir"
if [ ! -f "$dir/node_modules/gltf-validator/package.json" ]; then
    (cd "$dir" && npm install --silent --no-audit --no-fund --prefix "$dir" gltf-validator@2.0.0-dev.3.10 >/dev/null)
fi
export MORSEL_GLTF_VALIDATOR="$dir/validate.js"
cp .ci/gltf_validate.js "$MORSEL_GLTF_VALIDATOR"
cargo test --workspace --test gltf --test gltf_views --test gltf_animation --test gltf_boundary -- --nocapture
