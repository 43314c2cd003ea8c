"""The cost of one small call from Python against a batched call (issue 37's speed check; not a
timed test): `robot.fk(q, "FL_FOOT")` and `morsel.fk(robot, q)` on Solo-12, one configuration
per call, against `morsel.fk_batch(robot, Q, joints)` per configuration. Target: the batch at
least 10x cheaper per configuration than the single call.

    python python/benchmarks/fk_call.py [--n 2000] [--repeats 5]

Prints the median over repeats of the time per configuration (µs) and the ratio.
"""

import argparse
import pathlib
import statistics
import time

import numpy as np

import morsel

SOLO12 = pathlib.Path(__file__).resolve().parents[2] / "assets" / "robots" / "solo12" / "solo12.urdf"


def per_item(function, n, repeats):
    """Median over `repeats` of the seconds per item of `function()`, which handles n items."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        function()
        times.append((time.perf_counter() - t0) / n)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    robot = morsel.urdf(SOLO12)
    joints = list(morsel.get_joints(robot))
    rng = np.random.default_rng(0)
    Q = rng.uniform(-1.0, 1.0, size=(args.n, len(joints)))
    qs = [dict(zip(joints, row)) for row in Q]
    vectors = [row.copy() for row in Q]

    def single_frame():
        for q in vectors:
            robot.fk(q, "FL_FOOT")

    def single_all():
        for q in vectors:
            robot.fk(q)

    def single_dict():
        for q in qs:
            robot.fk(q, "FL_FOOT")

    def batch():
        morsel.fk_batch(robot, Q, joints)

    results = {
        "robot.fk(q, 'FL_FOOT'), q (12,) array": per_item(single_frame, args.n, args.repeats),
        "robot.fk(q, 'FL_FOOT'), q a dict": per_item(single_dict, args.n, args.repeats),
        "robot.fk(q) (every frame), q (12,) array": per_item(single_all, args.n, args.repeats),
        "fk_batch(robot, Q (n, 12), joints) per configuration": per_item(batch, args.n, args.repeats),
    }
    for what, s in results.items():
        print(f"{s * 1e6:10.3f} µs  {what}")
    single = results["robot.fk(q, 'FL_FOOT'), q (12,) array"]
    every = results["robot.fk(q) (every frame), q (12,) array"]
    per = results["fk_batch(robot, Q (n, 12), joints) per configuration"]
    print(f"batch vs single-frame call: {single / per:.1f}x cheaper per configuration")
    print(f"batch vs every-frame call:  {every / per:.1f}x cheaper per configuration")


if __name__ == "__main__":
    main()
