#!/usr/bin/env bash
# MJCF loader against real MuJoCo and URDF loader against real Pinocchio: a Python venv with PyPI mujoco, pin
# (Pinocchio), numpy and pytest, then the live comparisons of kinematics/tests/mjcf_reference/ and
# kinematics/tests/urdf_reference/ against the morsel binary. (MIMo's touch is checked against data recorded from
# real MIMo, by `cargo test -p morsel-sensing`: see sensing/tests/mimo_reference.)
set -euo pipefail
cd "$(dirname "$0")/.."
# The same venv as .ci/corpus.sh (one download of mujoco and pin per CI run).
venv=${MORSEL_CI_VENV:-target/corpus-venv}
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
# `python -m pip`, not bin/pip: a venv copied from elsewhere keeps bin/pip's shebang to the old venv.
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "mujoco==4.0.0" "pin==4.1.0" numpy pytest example-robot-data pybullet dm-control gymnasium
# The debug binary: the one `cargo test --workspace` built when .ci/run names it in MORSEL_BIN,
# else built here.
if [ -z "${MORSEL_BIN:-}" ]; then
    cargo build --workspace --bins
    MORSEL_BIN="$PWD/target/debug/morsel"
fi
MORSEL_BIN="$MORSEL_BIN" "$venv/bin/python" -m pytest -q kinematics/tests/mjcf_reference kinematics/tests/urdf_reference
