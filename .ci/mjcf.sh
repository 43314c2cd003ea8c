#!/usr/bin/env bash
# The MJCF loader against real MuJoCo, live: installs MuJoCo (PyPI) in a venv, builds the morsel
# binary and runs kinematics/tests/mjcf_reference (MIMo v1/v2, gymnasium humanoid and ant, two
# feature models: body, site and geom poses, AABBs, mass and CoM at MuJoCo's tolerances, and a
# check that the stored reference files are what this MuJoCo compiles). Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${MJCF_VENV:-.venv-mjcf}"
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
fi
"$VENV/bin/pip" install -q mujoco numpy pytest
cargo build --release -p morsel-shell
MORSEL_BIN="$PWD/target/release/morsel" "$VENV/bin/python" -m pytest -q kinematics/tests/mjcf_reference
