#!/usr/bin/env bash
# Wall time of one script run whole, and as N = 1, 2, 6 shards through Slurm (submission to the
# end of the merge job), on the cluster this machine reaches (e.g. .ci/slurm-cluster.sh's).
#   bash shell/benches/shard_overhead.sh [SCRIPT]     (default scripts/solo12_leg_sweep.rhai)
set -euo pipefail
cd "$(dirname "$0")/../.."
script=${1:-scripts/solo12_leg_sweep.rhai}
cargo build --release -q -p morsel-shell
bin=$PWD/target/release/morsel
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

start=$(date +%s.%N)
"$bin" run "$script" --out "$work/single" >/dev/null
echo "single run: $(echo "$(date +%s.%N) - $start" | bc) s"

for n in 1 2 6; do
    start=$(date +%s.%N)
    said=$("$bin" slurm "$script" --shards "$n" --out "$work/n$n")
    array=$(sed -n 's/^array job \([0-9]*\).*/\1/p' <<<"$said")
    merge=$(sed -n 's/^merge job \([0-9]*\).*/\1/p' <<<"$said")
    while [ -n "$(squeue -h -j "$array,$merge" 2>/dev/null)" ]; do sleep 0.2; done
    end=$(date +%s.%N)
    for f in "$work"/single/*.npy; do cmp -s "$f" "$work/n$n/$(basename "$f")" || echo "  $(basename "$f") differs!"; done
    echo "N=$n through Slurm: $(echo "$end - $start" | bc) s"
done
