#!/usr/bin/env bash
# The timing-dependent tests beside busy processes (issue 53): a run of `cargo test` while
# something else compiled on the same 2-core machine once failed in shell/tests/stops.rs.
# Every bound in these tests is now relative to work the test measured on the spot, or waits
# for an event (a line, a file read) with a generous cap; this script is the proof that load
# does not turn them red. It starts MORSEL_LOAD (default 2) busy processes (`yes > /dev/null`,
# one core each), runs only the timing tests, and stops the load on exit, however it exits.
#
#   bash .ci/under_load.sh          # both parts
#   bash .ci/under_load.sh rust     # shell/tests: stops, run_manifest, repl_pty
#   bash .ci/under_load.sh python   # python/tests: the hull beside a Python thread, Ctrl-C
#                                   # stopping native work (needs target/py-venv from
#                                   # .ci/python.sh; says so and skips without it)
#
# The test binaries are built before the load starts (the load is for the tests, not the
# compiler). MORSEL_LOAD_ROUNDS (default 1) repeats the tests under the same load.
set -euo pipefail
cd "$(dirname "$0")/.."
PART="${1:-all}"
LOAD="${MORSEL_LOAD:-2}"
ROUNDS="${MORSEL_LOAD_ROUNDS:-1}"
VENV="${MORSEL_PY_VENV:-target/py-venv}"
RUST_TESTS=(--test stops --test run_manifest --test repl_pty)
PY_TESTS=(python/tests/test_threads.py::test_convex_hull_releases_the_interpreter
          python/tests/test_interrupt.py)

case "$PART" in
    all | rust | python) ;;
    *) echo "usage: $0 [all|rust|python]" >&2; exit 2 ;;
esac

run_python=false
if [ "$PART" != rust ]; then
    if "$VENV/bin/python" -c "import morsel" >/dev/null 2>&1; then
        run_python=true
    else
        echo "under_load: no $VENV with morsel installed (run .ci/python.sh): the Python part did not run" >&2
    fi
fi
if [ "$PART" != python ]; then
    cargo test --workspace "${RUST_TESTS[@]}" --no-run
fi

LOAD_PIDS=()
stop_load() {
    for pid in "${LOAD_PIDS[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${LOAD_PIDS[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
}
trap stop_load EXIT
for _ in $(seq "$LOAD"); do
    yes >/dev/null &
    LOAD_PIDS+=("$!")
done
echo "under_load: $LOAD busy processes (${LOAD_PIDS[*]}), $ROUNDS round(s)" >&2

for round in $(seq "$ROUNDS"); do
    echo "under_load: round $round" >&2
    if [ "$PART" != python ]; then
        cargo test --workspace "${RUST_TESTS[@]}"
    fi
    if $run_python; then
        "$VENV/bin/python" -m pytest -q "${PY_TESTS[@]}"
    fi
done
