"""MIMo v1's benchmark scene in MuJoCo with Morsel's touch, MIMo's default touch parameters,
random actions, 300 steps; prints Morsel's time per step (sync + contacts + observe).

    python python/examples/mimo_touch.py [--steps 300] [--seed 0]
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


def mimo_v1_touch_options():
    """MIMo's default v1 touch parameters (touch_params.json, from MIMo's mimo_env.py)."""
    params = json.loads((ROOT / "touch_params.json").read_text())
    v1 = next(v for k, v in params.items() if k.startswith("v1 "))
    return {
        "scales": v1["scales"],
        "touch_function": v1["touch_function"],
        "response_function": v1["response_function"],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    m = mujoco.MjModel.from_xml_path(str(SCENE))
    d = mujoco.MjData(m)
    robot = morsel.mjcf(SCENE)
    scene = morsel.scene()
    scene.add_robot(robot)
    touch = morsel.touch(scene, mimo_v1_touch_options())
    print(f"{touch!r} on {len(touch.bodies)} bodies")

    rng = np.random.default_rng(args.seed)
    lo, hi = m.actuator_ctrlrange[:, 0], m.actuator_ctrlrange[:, 1]
    times, contact_count = [], 0
    for _ in range(args.steps):
        d.ctrl[:] = rng.uniform(lo, hi)
        mujoco.mj_step(m, d)
        t0 = time.perf_counter()
        mm.sync(robot, m, d)
        c = mm.contacts(m, d)
        touch.observe(c)
        times.append(time.perf_counter() - t0)
        contact_count += len(c["body_a"])
    t = np.array(times) * 1e3
    print(f"{args.steps} steps, {contact_count} contacts in all")
    print(f"Morsel per step (sync + contacts + observe): median {np.median(t):.4f} ms, "
          f"p90 {np.percentile(t, 90):.4f} ms, max {t.max():.4f} ms")
    hand = touch.body_output("right_hand")
    print(f"right_hand: {hand.shape[0]} sensors, last total force {hand.sum(axis=0)} N")


if __name__ == "__main__":
    main()
