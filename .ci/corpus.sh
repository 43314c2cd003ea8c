#!/usr/bin/env bash
# The robot corpus against the real peers: every robot model shipped by PyPI example-robot-data,
# pybullet (pybullet_data), dm-control (its suite) and gymnasium (its MuJoCo assets), loaded by
# Morsel and by MuJoCo (MJCF) or Pinocchio (PyPI pin, URDF) and compared (see
# kinematics/tests/corpus/README.md). Its own venv: the packages take ~1.6 GB installed
# (downloads: example-robot-data 131 MB, pybullet 103 MB, dm-control 56 MB, pin 10 MB and its cmeel
# dependencies), which the other venvs need not carry.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${MORSEL_CORPUS_VENV:-target/corpus-venv}
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
MORSEL_BIN="$MORSEL_BIN" "$venv/bin/python" -m pytest -q -s kinematics/tests/corpus
