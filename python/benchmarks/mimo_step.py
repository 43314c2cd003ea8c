"""Morsel's part of a MuJoCo step on MIMo v1 (issue 17's speed check; not a timed test).

Runs MIMo v1's benchmark scene with random actions and MIMo's default touch parameters and
times, per step, `morsel.mujoco.sync` + `morsel.mujoco.contacts` + `touch.observe` (each part
and the sum). Target: median <= 0.1 ms (MIMo's own get_touch_obs: 1.42 ms median).

    python python/benchmarks/mimo_step.py [--steps 2000] [--repeats 3] [--kind mesh]
"""

import argparse
import json
import pathlib
import time

import mujoco
import numpy as np

import morsel
import morsel.mujoco as mm

ROOT = pathlib.Path(__file__).resolve().parents[2] / "assets" / "robots" / "mimo"
SCENE = ROOT / "benchmark_scene.xml"


def run(steps, kind, seed):
    params = json.loads((ROOT / "touch_params.json").read_text())
    v1 = next(v for k, v in params.items() if k.startswith("v1 "))
    m = mujoco.MjModel.from_xml_path(str(SCENE))
    d = mujoco.MjData(m)
    robot = morsel.mjcf(SCENE)
    sc = morsel.scene().add_robot(robot)
    touch = morsel.touch(sc, {"scales": v1["scales"], "kind": kind,
                              "touch_function": v1["touch_function"],
                              "response_function": v1["response_function"]})
    rng = np.random.default_rng(seed)
    lo, hi = m.actuator_ctrlrange[:, 0], m.actuator_ctrlrange[:, 1]
    t = np.zeros((steps, 3))
    ncon = np.zeros(steps, dtype=int)
    clock = time.perf_counter
    for i in range(steps):
        d.ctrl[:] = rng.uniform(lo, hi)
        mujoco.mj_step(m, d)
        t0 = clock()
        mm.sync(robot, m, d)
        t1 = clock()
        c = mm.contacts(m, d)
        t2 = clock()
        touch.observe(c)
        t3 = clock()
        t[i] = (t1 - t0, t2 - t1, t3 - t2)
        ncon[i] = d.ncon
    return t * 1e3, ncon, touch


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--steps", type=int, default=2000)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--kind", default="mesh", choices=["mesh", "points"])
    args = p.parse_args()
    for r in range(args.repeats):
        t, ncon, touch = run(args.steps, args.kind, seed=r)
        total = t.sum(axis=1)
        parts = ", ".join(
            f"{name} {np.median(t[:, k]):.4f}" for k, name in enumerate(["sync", "contacts", "observe"])
        )
        print(f"run {r}: {touch.sensor_count} {args.kind} sensors, {args.steps} steps, "
              f"contacts/step median {int(np.median(ncon))} max {ncon.max()}; "
              f"Morsel per step median {np.median(total):.4f} ms, p90 {np.percentile(total, 90):.4f} ms "
              f"(medians: {parts} ms)")


if __name__ == "__main__":
    main()
