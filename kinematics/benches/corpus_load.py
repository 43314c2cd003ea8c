#!/usr/bin/env python3
"""Load time over the robot corpus: Morsel against its peer, model by model.

For every model of kinematics/tests/corpus that both load, the best of REPEATS loads:
- Morsel: `mjcf(path)` or `urdf(path, geometry=False)` of its Python module (`--via python`, the
  default: `pip install ./python` builds it in release), timed in Python like the peer; or
  (`--via binary`) the `morsel` binary's `mjcf()` / `urdf(path, #{geometry: false})`, timed
  inside one `morsel run` with Rhai's `timestamp()` (process start and parsing left out);
- the peer: MuJoCo's `MjModel.from_xml_path` (parse and compile) or Pinocchio's
  `buildModelFromUrdf` (reads no geometry either), timed in Python with `time.perf_counter`.
Prints the median ratio Morsel / peer per kind and over the corpus, and the slowest models by
ratio; writes every figure to target/corpus/load_times.json.

Usage (a release build: a debug build measures the debug build):
    target/corpus-venv/bin/python -m pip install ./python
    target/corpus-venv/bin/python kinematics/benches/corpus_load.py
    cargo build --release -p morsel-shell && MORSEL_BIN=target/release/morsel \
        target/corpus-venv/bin/python kinematics/benches/corpus_load.py --via binary
Options: --via python|binary, --repeats N (default 20: with 5, a load of a 20 µs model on a busy machine
was once caught slower than its peer by a scheduling blip), --worst N (default 15).
"""
import argparse
import contextlib
import io
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "kinematics" / "tests" / "corpus"))

import corpus  # noqa: E402


def peer_time(kind, path, repeats):
    """The peer's best load time (s), or None when it refuses the model."""
    if kind == "mjcf":
        import mujoco

        load = lambda: mujoco.MjModel.from_xml_path(str(path))  # noqa: E731
    else:
        import pinocchio as pin

        load = lambda: pin.buildModelFromUrdf(str(path))  # noqa: E731
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        try:
            # urdfdom prints its complaints to stderr; they are not timed differently.
            with contextlib.redirect_stderr(io.StringIO()):
                load()
        except Exception:
            return None
        best = min(best, time.perf_counter() - start)
    return best


def python_times(models, repeats):
    """key -> the Python module's best load time (s), or an error string."""
    import morsel

    out = {}
    for key, path, kind in models:
        best = float("inf")
        try:
            for _ in range(repeats):
                start = time.perf_counter()
                if kind == "mjcf":
                    morsel.mjcf(str(path))
                else:
                    morsel.urdf(str(path), geometry=False)
                best = min(best, time.perf_counter() - start)
            out[key] = best
        except Exception as e:
            out[key] = str(e)
    return out


def morsel_times(models, repeats, work):
    """key -> Morsel's best load time (s), or an error string."""
    work = Path(work).resolve()
    lines = ["let times = #{};"]
    for key, path, kind in models:
        rel = os.path.relpath(path, work)
        lines.append(
            f"try {{\n"
            f"    let best = 1e9;\n"
            f"    for i in 0..{repeats} {{\n"
            f"        let t = timestamp();\n"
            f"        let r = {corpus._loader(kind, rel)};\n"
            f"        let dt = t.elapsed;\n"
            f"        if dt < best {{ best = dt; }}\n"
            f"    }}\n"
            f"    times[{json.dumps(key)}] = best;\n"
            f"}} catch (e) {{ times[{json.dumps(key)}] = `${{e}}`; }}"
        )
    lines.append('save("result.json", times);')
    return corpus.run_morsel_script("\n".join(lines) + "\n", work, [p for _, p, _ in models])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--via", choices=("python", "binary"), default="python")
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--worst", type=int, default=15)
    args = parser.parse_args()
    if args.via == "binary":
        print(f"morsel binary: {corpus.morsel_binary()}")
    else:
        import morsel

        print(f"morsel module: {morsel.__file__}")
    models = corpus.models()
    start = time.perf_counter()
    peers = {key: peer_time(kind, path, args.repeats) for key, path, kind in models}
    peer_wall = time.perf_counter() - start
    start = time.perf_counter()
    if args.via == "binary":
        mine = morsel_times(models, args.repeats, ROOT / "target" / "corpus" / "bench")
    else:
        mine = python_times(models, args.repeats)
    morsel_wall = time.perf_counter() - start
    rows = []
    for key, path, kind in models:
        p, m = peers[key], mine.get(key)
        if p is None or not isinstance(m, float):
            continue
        rows.append({"model": key, "kind": kind, "morsel_s": m, "peer_s": p, "ratio": m / p})
    out = ROOT / "target" / "corpus" / "load_times.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rows, indent=1) + "\n")
    print(f"{len(rows)} models loaded by both ({args.repeats} loads each, best kept); "
          f"wall: peers {peer_wall:.1f} s, Morsel {morsel_wall:.1f} s")
    for kind, peer in (("mjcf", "MuJoCo"), ("urdf", "Pinocchio"), (None, "peer")):
        sel = [r for r in rows if kind is None or r["kind"] == kind]
        if not sel:
            continue
        ratios = [r["ratio"] for r in sel]
        slower = sum(1 for x in ratios if x >= 1.0)
        print(f"{kind or 'all':>4}: {len(sel)} models, Morsel / {peer} median {statistics.median(ratios):.3f}, "
              f"worst {max(ratios):.2f}, {slower} not faster; "
              f"total {sum(r['morsel_s'] for r in sel) * 1e3:.1f} ms vs {sum(r['peer_s'] for r in sel) * 1e3:.1f} ms")
    print(f"slowest {args.worst} by ratio:")
    for r in sorted(rows, key=lambda r: -r["ratio"])[: args.worst]:
        print(f"  {r['ratio']:6.2f}  {r['morsel_s'] * 1e3:8.2f} ms vs {r['peer_s'] * 1e3:8.2f} ms  {r['model']}")
    print(f"figures: {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
