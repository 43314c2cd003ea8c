#!/usr/bin/env bash
# The Python front end (python/, `import morsel`): builds the wheel in a venv and runs pytest.
# Idempotent: reuses target/py-venv; `pip install ./python` rebuilds the extension module.
# Needs python3 (>= 3.9) with venv, a Rust toolchain, and PyPI (numpy, mujoco, pytest, maturin,
# dm-control for the humanoid of python/tests/test_balance.py, scipy (HiGHS, the LP peer of
# python/tests/test_feasible_region_highs.py),
# mypy for its stubtest).
# MORSEL_BIN (default target/debug/morsel) is the binary the parity tests compare against;
# tests that need it are skipped when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${MORSEL_PY_VENV:-target/py-venv}"
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
fi
"$VENV/bin/pip" install --quiet --disable-pip-version-check ./python "mujoco==4.0.0" numpy pytest \
    nbconvert ipykernel matplotlib mypy hpp-centroidal-dynamics==9.0.2 dm-control scipy
# hpp-centroidal-dynamics (the peer of python/tests/test_robustness.py) loads its C++ libraries
# from its wheel's cmeel prefix, which must be on the library path: pytest's only (not the
# notebook's Chromium below).
CMEEL_LIB="$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/cmeel.prefix/lib"
# The debug binary that `cargo test --workspace` built (a no-op build when it is current), for
# the tests that compare numbers through Python with numbers through Rhai.
if [ -z "${MORSEL_BIN:-}" ]; then
    cargo build --workspace --bins
    export MORSEL_BIN="$PWD/target/debug/morsel"
fi
LD_LIBRARY_PATH="$CMEEL_LIB${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    "$VENV/bin/python" -m pytest python/tests -q "$@"
# The stubs (morsel/__init__.pyi, morsel/_morsel.pyi) against the installed module: every
# public function, method and property, with the runtime's parameters.
"$VENV/bin/python" -m mypy.stubtest morsel
# The Solo-12 joint-space notebook, executed, then opened with its inline 3D views in headless
# Chromium with the network cut off (Debian's chromium, installed as .ci/html.sh does).
if ! command -v chromium >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
NB_OUT=target/notebooks
mkdir -p "$NB_OUT"
"$VENV/bin/jupyter" nbconvert --to html --execute python/examples/solo12_jointspace.ipynb \
    --output-dir "$NB_OUT" --ExecutePreprocessor.timeout=600
"$VENV/bin/python" .ci/notebook_check.py "$NB_OUT/solo12_jointspace.html" "$(command -v chromium)" 2
