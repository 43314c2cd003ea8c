"""Solo-12 front-left leg: a fitted joint-space collision model in a control loop, from Python.

    python python/examples/solo12_avoidance.py [--small] [--out DIR]

The Python form of scripts/solo12_avoidance.rhai. Sample the collisions of the body
(base_link) with the front-left upper and lower leg over the shoulder joints (FL_HAA, FL_HFE),
find the collision boundary, compute the joint-space distance, fit the default model for two
joints (a periodic cubic spline), check it on fresh random configurations (its error), certify it
soundly over the whole box of joint ranges (the offset that makes `model - offset > 0` free at
every configuration, and the range of motion that offset costs) and export it as a C header.
Then drive the leg from its freest configuration straight at its most deeply colliding one,
twice: with the tracking velocity alone, and with the model's repulsive joint velocity added
(gain * (threshold - m) along the model's unit gradient, m = distance - offset, active below
the threshold). At every step Morsel's exact mesh distance (sampler.distance(q), metres) says
whether the leg collides: without repulsion it does, with repulsion it never does.

`--small` uses a coarser grid and a coarser certificate (what the test runs).
"""

import argparse
import pathlib
import sys

import numpy as np

import morsel

SOLO12 = pathlib.Path(__file__).resolve().parents[2] / "assets" / "robots" / "solo12" / "solo12.urdf"
JOINTS = ["FL_HAA", "FL_HFE"]
PAIRS = [["base_link", "FL_UPPER_LEG"], ["base_link", "FL_LOWER_LEG"]]

SMALL = {"steps": [48, 48], "points": 400, "certify": 3000,
         "sound": {"min_width": 0.02, "lost_samples": 2000}}
FULL = {"steps": [150, 150], "points": 2000, "certify": 100000, "sound": {}}


def fit_model(sampler, size):
    """Boundary, joint-space distance, fit, empirical check and sound certificate; returns
    (model, train, check, certificate). The model carries the sound certificate's offset."""
    boundary = sampler.boundary(size["points"], precision=1e-9, periodic=True, seed=1)
    train = sampler.grid(size["steps"], distance=False).to_jointspace(boundary)
    # The default model for two joints (a spline): its Bezier bounds keep the sound offset small.
    model = morsel.jointspace_model(train, seed=0)
    check = sampler.random(size["certify"], seed=12345, distance=False).to_jointspace(boundary)
    checked = model.certify(check)
    return model, train, checked, model.certify(sampler, size["sound"])


def drive(sampler, model, start, target, repel, steps=600, dt=0.01):
    """One run: tracking velocity 2 (target - q), at most 1 rad/s, plus the model's repulsion when
    `repel`. Returns the exact mesh distance (m) at every step and how often the repulsion acted."""
    q = np.array(start, dtype=float)
    target = np.asarray(target, dtype=float)
    distances, active = [], 0
    for _ in range(steps):
        v = 2.0 * (target - q)
        speed = np.linalg.norm(v)
        if speed > 1.0:
            v /= speed
        if repel:
            push = model.repulsion(q, threshold=0.3, gain=10.0)
            active += int(np.linalg.norm(push) > 0.0)
            v = v + push
        q = q + dt * v
        distances.append(sampler.distance(q))
    return np.array(distances), active, q


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", action="store_true", help="coarser grid and certificate")
    parser.add_argument("--out", default="out", help="folder for the C header (default out/)")
    args = parser.parse_args(argv)
    size = SMALL if args.small else FULL

    solo = morsel.urdf(SOLO12)
    sampler = morsel.collision_sampler(solo, {"joints": JOINTS, "ranges": [-np.pi, np.pi],
                                              "pairs": PAIRS})
    model, train, checked, c = fit_model(sampler, size)
    print(f"model over {model.joints}, {model.parameters} parameters")
    print(f"checked on {checked['samples']} random configurations: p99 error "
          f"{checked['p99_error']:.4f} rad")
    print(f"certified soundly ({c['certificate']}): offset {c['offset']:.4f} rad on {c['cells']} "
          f"cells, lost range of motion {100 * c['lost_range_of_motion']:.2f} %")

    # The task: from the freest training configuration to the most deeply colliding one.
    rows = train.rows
    start, target = rows[np.argmax(rows[:, 2]), :2], rows[np.argmin(rows[:, 2]), :2]
    print(f"start {start} ({rows[:, 2].max():.3f} rad from the boundary), "
          f"target {target} ({-rows[:, 2].min():.3f} rad into collision)")

    free, _, _ = drive(sampler, model, start, target, repel=False)
    safe, active, end = drive(sampler, model, start, target, repel=True)
    print(f"without repulsion: {int(np.sum(free <= 0))} of {len(free)} steps in collision, "
          f"closest {free.min():.5f} m")
    print(f"with repulsion: {int(np.sum(safe <= 0))} of {len(safe)} steps in collision, "
          f"closest {safe.min():.5f} m, repulsion active in {active} steps, stopped at {end}")

    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    model.save(out / "solo12_avoidance_model.h")
    print(f"C header: {out / 'solo12_avoidance_model.h'}")
    if np.sum(free <= 0) == 0 or np.sum(safe <= 0) != 0:
        print("the repulsion did not make the difference it should", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
