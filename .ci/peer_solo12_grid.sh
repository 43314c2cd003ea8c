#!/usr/bin/env bash
# Morsel against Pinocchio + coal on the Solo-12 both-pair shoulder grid (see
# jointspace/benches/peer/README.md). Idempotent: the venv is made once.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${PINVENV:-/tmp/pinvenv}
if ! "$VENV/bin/python" -c "import pinocchio, numpy" 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q pin numpy
fi
cargo build --release -p morsel-shell
start=$(date +%s.%N)
target/release/morsel run jointspace/benches/peer/solo12_grid.rhai
end=$(date +%s.%N)
echo "morsel: whole script $(echo "$end - $start" | bc) s"
"$VENV/bin/python" jointspace/benches/peer/solo12_grid_pinocchio.py --cells "${PEER_CELLS:-4000}" \
    --morsel out/solo12_grid.npy
