"""Morsel's touch inside a MuJoCo loop on MIMo's benchmark scenes (issue 41's speed check; not a
timed test).

Runs MIMo v1's (and v2's) benchmark scene with seeded random actions and MIMo's default touch
parameters, and times per step, in the same run:

- ``mj_step``: MuJoCo's own step;
- ``get_touch_obs``: ``morsel.mimo.TrimeshTouch.get_touch_obs()`` (MIMo's drop-in), MuJoCo's
  contacts read from ``data`` included (target: median <= 0.05 ms on v1);
- with ``--parts``, where ``get_touch_obs``'s time goes, measured again on the same step after
  it: ``read`` (MuJoCo's contact views: ``data.contact`` and its fields, ``efc_force``) and
  ``native`` (the native call on those views: contacts decoded, the touch computed, the
  reached sensors written into a new zeroed array);
- with ``--legacy``, the general path too: ``morsel.mujoco.sync`` + ``contacts`` +
  ``touch.observe`` (issue 51's target: at most 0.25 × ``mj_step`` of the same run, at the
  median and at the 90th percentile, on v1); its ratios to ``mj_step`` are printed.

``--json PATH`` writes the figures (per run: load averages, medians, 90th percentiles,
ratios) with the versions.

It prints the load average before each run: other processes on the machine slow both timings.
Pin it to one core for steadier figures (``taskset -c 1 python ...``).

    python python/benchmarks/mimo_step.py [--steps 2000] [--repeats 3] [--scene v1|v2|both] [--parts] [--legacy] [--json PATH]
"""

import argparse
import json
import os
import pathlib
import platform
import sys
import time
from types import SimpleNamespace

import mujoco
import numpy as np

import morsel
import morsel.mujoco as mm
from morsel.mimo import TrimeshTouch

ROOT = pathlib.Path(__file__).resolve().parents[2] / "assets" / "robots" / "mimo"
SCENES = {"v1": "benchmark_scene.xml", "v2": "benchmarkv2_scene.xml"}


def params_of(version):
    params = json.loads((ROOT / "touch_params.json").read_text())
    return next(v for k, v in params.items() if k.startswith(version + " "))


def parts(touch, d):
    """Times (ms) of reading MuJoCo's contact views and of the native call on them."""
    clock = time.perf_counter
    t0 = clock()
    c = d.contact
    views = (c.geom1, c.geom2, c.pos, c.frame, c.dist, c.dim, c.efc_address, c.friction,
             d.efc_force)
    t1 = clock()
    out = np.zeros(touch._size, dtype=touch.dtype)
    touch._native.observe(touch._xpos, touch._xquat, *views, touch._opt.cone == 1, out)
    t2 = clock()
    return t1 - t0, t2 - t1


def run(version, steps, seed, legacy, split):
    p = params_of(version)
    scene = ROOT / SCENES[version]
    m = mujoco.MjModel.from_xml_path(str(scene))
    d = mujoco.MjData(m)
    mujoco.mj_forward(m, d)
    touch = TrimeshTouch(SimpleNamespace(model=m, data=d), {
        "scales": p["scales"], "touch_function": p["touch_function"],
        "response_function": p["response_function"]})
    if legacy:
        robot = morsel.mjcf(scene)
        old = morsel.touch(morsel.scene().add_robot(robot), {
            "scales": p["scales"], "kind": "mesh", "touch_function": p["touch_function"],
            "response_function": p["response_function"]})
    rng = np.random.default_rng(seed)
    lo, hi = m.actuator_ctrlrange[:, 0], m.actuator_ctrlrange[:, 1]
    t = np.zeros((steps, 5))
    ncon = np.zeros(steps, dtype=int)
    clock = time.perf_counter
    for i in range(steps):
        d.ctrl[:] = rng.uniform(lo, hi)
        t0 = clock()
        mujoco.mj_step(m, d)
        t1 = clock()
        touch.get_touch_obs()
        t2 = clock()
        if legacy:
            mm.sync(robot, m, d)
            old.observe(mm.contacts(m, d))
        t3 = clock()
        read, native = parts(touch, d) if split and d.ncon else (0.0, 0.0)
        t[i] = (t1 - t0, t2 - t1, t3 - t2, read, native)
        ncon[i] = d.ncon
    return t * 1e3, ncon, touch


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--steps", type=int, default=2000)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--scene", default="both", choices=["v1", "v2", "both"])
    p.add_argument("--legacy", action="store_true", help="also time sync + contacts + observe")
    p.add_argument("--parts", action="store_true",
                   help="also time reading the contact views and the native call apart")
    p.add_argument("--json", help="write the figures to this file")
    args = p.parse_args()
    versions = ["v1", "v2"] if args.scene == "both" else [args.scene]
    print(f"mujoco {mujoco.__version__}, numpy {np.__version__}")
    report = {"command": " ".join(sys.argv), "steps": args.steps,
              "versions": {"python": platform.python_version(), "mujoco": mujoco.__version__,
                           "numpy": np.__version__, "cpus": sorted(os.sched_getaffinity(0))},
              "runs": []}
    for version in versions:
        for r in range(args.repeats):
            loads = os.getloadavg()
            load = loads[0]
            t, ncon, touch = run(version, args.steps, r, args.legacy, args.parts)
            med = np.median(t, axis=0)
            p90 = np.percentile(t, 90, axis=0)
            entry = {"scene": version, "seed": r, "load_before": list(loads),
                     "load_after": list(os.getloadavg()),
                     "sensors": touch.get_total_sensor_count(),
                     "contacts_per_step_median": float(np.median(ncon)),
                     "mj_step_median_ms": med[0], "mj_step_p90_ms": p90[0],
                     "get_touch_obs_median_ms": med[1], "get_touch_obs_p90_ms": p90[1]}
            line = (f"{version} run {r} (load {load:.1f}): {touch.get_total_sensor_count()} sensors, {args.steps} steps, "
                    f"contacts/step median {int(np.median(ncon))} max {ncon.max()}; "
                    f"mj_step median {med[0]:.4f} ms; get_touch_obs median {med[1]:.4f} ms, "
                    f"p90 {np.percentile(t[:, 1], 90):.4f} ms")
            if args.parts:
                busy = ncon > 0
                line += (f"; steps with contacts: read median {np.median(t[busy, 3]):.4f} ms, "
                         f"native median {np.median(t[busy, 4]):.4f} ms")
            if args.legacy:
                entry.update({"legacy_median_ms": med[2], "legacy_p90_ms": p90[2],
                              "legacy_ratio_median": med[2] / med[0],
                              "legacy_ratio_p90": p90[2] / p90[0]})
                line += (f"; sync+contacts+observe median {med[2]:.4f} ms "
                         f"({med[2] / med[0]:.3f} x mj_step), p90 {p90[2]:.4f} ms "
                         f"({p90[2] / p90[0]:.3f} x mj_step's p90 {p90[0]:.4f} ms)")
            report["runs"].append(entry)
            print(line, flush=True)
    if args.json:
        path = pathlib.Path(args.json)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
