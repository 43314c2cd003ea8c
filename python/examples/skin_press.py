"""A taxel skin on a fingertip pad pressed flat onto a block, inside a MuJoCo loop.

MuJoCo reports a handful of contact points for the pad on the block (the corners of the
patch); the skin reads the geometry, so every probe inside the contact patch reads a force.
Each step prints MuJoCo's contact count next to the number of probes reading a force, the
skin's summed normal force (the taxel law's geometric estimate, k·pen^α per probe) and, for
reference, the normal force MuJoCo's solver puts through its contact points.

    python python/examples/skin_press.py [--steps 200] [--spacing 0.002] [--every 10]
"""

import argparse
import pathlib

import mujoco
import numpy as np

import morsel
import morsel.mujoco as mm

MODEL = pathlib.Path(__file__).resolve().parent / "skin_press.xml"


def press(m, d, step):
    """The motor's push (N, downwards): ramps to 20 N over the first 100 steps."""
    d.ctrl[0] = -20.0 * min(1.0, step / 100)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--spacing", type=float, default=0.002)
    parser.add_argument("--every", type=int, default=10, help="print every N steps")
    args = parser.parse_args()

    m = mujoco.MjModel.from_xml_path(str(MODEL))
    d = mujoco.MjData(m)
    robot = morsel.mjcf(MODEL)
    scene = morsel.scene()
    scene.add_robot(robot)
    skin = morsel.taxel_skin(
        scene,
        {"body": "fingertip", "spacing": args.spacing, "probe_radius": 0.001,
         "normal_stiffness": 2000.0, "normal_exponent": 1.5},
    )
    print(f"{skin!r}; MuJoCo model {MODEL.name}")
    print(f"{'step':>5} {'MuJoCo contacts':>15} {'probes with force':>18} "
          f"{'skin force (N)':>15} {'MuJoCo force (N)':>17}")
    for step in range(args.steps):
        press(m, d, step)
        mujoco.mj_step(m, d)
        mm.sync(robot, m, d)
        force = skin.read(scene)["force"]
        touching = int(np.count_nonzero(np.linalg.norm(force, axis=1)))
        solver = mm.contacts(m, d)["force"]
        if step % args.every == 0 or step == args.steps - 1:
            print(f"{step:5d} {d.ncon:15d} {touching:18d} {force[:, 2].sum():15.4f} "
                  f"{abs(solver[:, 2].sum()):17.4f}")


if __name__ == "__main__":
    main()
