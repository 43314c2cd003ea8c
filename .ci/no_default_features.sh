#!/usr/bin/env bash
# The library crates that have cargo features, built without their defaults (as a user who
# wants FK and Jacobians, or the polygon and the active-set distribution, would), and their
# dependency counts held to what their READMEs promise.
#
# One `cargo check` for the three crates: with `--no-default-features` each selected package
# drops its defaults, and kinematics asks morsel-geometry for no feature, so the three resolve
# together without parry3d, mesh-loader, pulp, rayon, png, clarabel or serde. A target folder
# of its own: these features differ from the workspace build's, so sharing target/debug would
# only make both rebuild (about a minute here: nalgebra, rand and the three crates).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export CARGO_TARGET_DIR="$root/target/no-default-features"
time cargo check --lib --no-default-features \
    -p morsel-geometry -p morsel-kinematics -p morsel-stability
# Each feature alone on top of none, so that no cfg gate leans on another feature.
cargo check --lib --no-default-features -p morsel-geometry --features queries
cargo check --lib --no-default-features -p morsel-geometry --features obj-collada
cargo check --lib --no-default-features -p morsel-stability --features clarabel
cargo check --lib --no-default-features -p morsel-stability --features serde

# Unique crates of the normal dependency tree, the crate itself included (what the READMEs
# report). The limits are the issue's aims (issue 52).
count() {
    cargo tree -e normal --prefix none "$@" | sed 's/ (\*)$//' | sort -u | wc -l
}
fail=0
for limit in morsel-kinematics:30 morsel-stability:20 morsel-geometry:25; do
    crate=${limit%%:*}
    max=${limit##*:}
    with=$(count -p "$crate")
    without=$(count -p "$crate" --no-default-features)
    echo "$crate: $with crates with default features, $without without (limit $max)"
    if [ "$without" -gt "$max" ]; then
        echo "error: $crate without default features has $without crates, more than $max" >&2
        fail=1
    fi
done
exit $fail
