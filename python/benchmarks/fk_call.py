"""The cost of one small call from Python against a batched call (issue 37's speed check; not a
timed test): `robot.fk(q, "FL_FOOT")` and `morsel.fk(robot, q)` on Solo-12, one configuration
per call, against `morsel.fk_batch(robot, Q, joints)` per configuration. Target: the batch at
least 10x cheaper per configuration than the single call.

    python python/benchmarks/fk_call.py [--n 2000] [--repeats 5]

Prints the least CPU and wall time per configuration over the repeats (µs) and the ratios.
fk_batch shares large batches out over rayon's threads: set RAYON_NUM_THREADS=1 to see one
thread's cost (CPU time sums every thread's; wall time is what sharing saves).
"""

import argparse
import pathlib
import time

import numpy as np

import morsel

SOLO12 = pathlib.Path(__file__).resolve().parents[2] / "assets" / "robots" / "solo12" / "solo12.urdf"


def per_item(function, n, repeats):
    """(CPU, wall) seconds per item of `function()`, which handles n items: the least of each
    over `repeats`, so that a machine shared with other jobs (which deschedule this process)
    inflates neither much. CPU time (process_time) sums every thread's, so a batch shared out
    over threads costs the same CPU and less wall time."""
    cpu, wall = [], []
    for _ in range(repeats):
        c0, t0 = time.process_time(), time.perf_counter()
        function()
        cpu.append((time.process_time() - c0) / n)
        wall.append((time.perf_counter() - t0) / n)
    return min(cpu), min(wall)


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
    print(f"{'CPU':>10}  {'wall':>10}")
    for what, (cpu, wall) in results.items():
        print(f"{cpu * 1e6:7.3f} µs  {wall * 1e6:7.3f} µs  {what}")
    per = results["fk_batch(robot, Q (n, 12), joints) per configuration"]
    for name, key in [("single-frame", "robot.fk(q, 'FL_FOOT'), q (12,) array"),
                      ("every-frame", "robot.fk(q) (every frame), q (12,) array")]:
        one = results[key]
        print(f"batch vs {name} call: {one[0] / per[0]:.1f}x cheaper per configuration in CPU time, "
              f"{one[1] / per[1]:.1f}x in wall time")


if __name__ == "__main__":
    main()
