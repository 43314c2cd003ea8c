#!/usr/bin/env bash
# Fuzzing smoke for CI: a bounded run of every fuzz target (seconds each), then the mutation test
# of the `morsel` binary. Idempotent; needs nothing beyond cargo. Longer runs: tests/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never
# In-process targets: 5 s per reader, a fresh seed each run (printed, to replay a failure).
seed="${MORSEL_FUZZ_SEED:-$(date +%s)}"
echo "fuzz seed: $seed"
MORSEL_FUZZ_SECONDS="${MORSEL_FUZZ_SECONDS:-5}" MORSEL_FUZZ_SEED="$seed" \
    cargo test --workspace --test fuzz -- --nocapture
# The process-level mutation test with its own fresh seed.
MORSEL_MUTATIONS="${MORSEL_MUTATIONS:-100}" MORSEL_MUTATION_SEED="$seed" \
    cargo test --workspace --test mutation
