"""What the peer tests (mjcf_reference, urdf_reference, corpus) share to drive the `morsel`
binary: finding it, running a script with it, and writing Python values as Rhai literals."""

import json
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def morsel_binary():
    """MORSEL_BIN, else target/release/morsel, else target/debug/morsel."""
    env = os.environ.get("MORSEL_BIN")
    if env:
        return Path(env)
    for profile in ("release", "debug"):
        candidate = ROOT / "target" / profile / "morsel"
        if candidate.exists():
            return candidate
    raise FileNotFoundError("no morsel binary: build it (cargo build -p morsel-shell) or set MORSEL_BIN")


def run_script(script, out, root, timeout=600):
    """Runs `morsel run SCRIPT --out OUT --root ROOT`; raises AssertionError with its output
    (the last 4000 characters of each stream) when it fails. Returns the completed process."""
    run = subprocess.run(
        [str(morsel_binary()), "run", str(script), "--out", str(out), "--root", str(root)],
        capture_output=True, text=True, timeout=timeout,
    )
    if run.returncode != 0:
        raise AssertionError(f"morsel failed:\n{run.stdout[-4000:]}\n{run.stderr[-4000:]}")
    return run


def rhai_value(v):
    """A JSON-like value as a Rhai literal (floats always with a decimal point or exponent, so
    they keep every digit: repr round-trips; integers become floats)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        text = repr(v)
        return text if ("." in text or "e" in text) else text + ".0"
    if isinstance(v, int):
        return repr(float(v))
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(rhai_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "#{" + ", ".join(f"{json.dumps(k)}: {rhai_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(type(v))
