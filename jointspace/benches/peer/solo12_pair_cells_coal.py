#!/usr/bin/env python3
"""Per-cell times of Pinocchio + coal on one Solo-12 mesh pair over a leg's shoulder grid: the
peer of `cargo bench -p morsel-jointspace --bench pairs` (same cells, same order, same
question: 0 in collision, else the signed distance).

The grid is the pairs benchmark's: 200 x 200 over the leg's HAA and HFE in [-pi, pi)
(lo + i (hi - lo) / n, HAA fastest), the other joints at zero. Each cell times coal's
collision test and, when the pair is free, its distance query (what Morsel's sampler does with
`zero_in_collision`). coal keeps no state between calls here (no cached GJK guess), so a cell
can be timed again on its own: like the pairs benchmark, the 48 slowest cells are re-timed
(least of 5 runs) before the slowest is reported.

Setup (once):  python3 -m venv /tmp/pinvenv && /tmp/pinvenv/bin/pip install pin numpy
Run:           /tmp/pinvenv/bin/python jointspace/benches/peer/solo12_pair_cells_coal.py \
                   [--leg FL] [--link LOWER_LEG] [--rows 200]

Times are the process's CPU time (`time.process_time_ns`, single-threaded), in microseconds.
"""

import argparse
import math
import os
import time

import numpy as np
import pinocchio as pin

N = 200
RETIMED = 48
HERE = os.path.dirname(os.path.abspath(__file__))
SOLO = os.path.normpath(os.path.join(HERE, "../../../assets/robots/solo12"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--leg", default="FL", choices=["FL", "FR", "HL", "HR"])
    ap.add_argument("--link", default="LOWER_LEG", choices=["LOWER_LEG", "UPPER_LEG"])
    ap.add_argument("--rows", type=int, default=N, help="grid rows (HFE values) to run")
    ap.add_argument("--save", help="save the cells' values (.npy, 0 in collision)")
    args = ap.parse_args()

    model, geom = pin.buildModelsFromUrdf(
        os.path.join(SOLO, "solo12.urdf"), SOLO, geometry_types=pin.GeometryType.COLLISION
    )
    link = f"{args.leg}_{args.link}_0"
    geom.addCollisionPair(
        pin.CollisionPair(geom.getGeometryId("base_link_0"), geom.getGeometryId(link))
    )
    data = model.createData()
    gdata = pin.GeometryData(geom)
    iq = [model.joints[model.getJointId(f"{args.leg}_{j}")].idx_q for j in ("HAA", "HFE")]
    q = pin.neutral(model)
    value = lambda i: -math.pi + i * 2.0 * math.pi / N

    def place(cell):
        q[iq[0]], q[iq[1]] = value(cell % N), value(cell // N)
        pin.updateGeometryPlacements(model, data, geom, gdata, q)

    def query():
        clock = time.process_time_ns()
        if pin.computeCollision(geom, gdata, 0):
            d = 0.0
        else:
            d = pin.computeDistance(geom, gdata, 0).min_distance
        return (time.process_time_ns() - clock) / 1e3, d

    cells = min(args.rows, N) * N
    times, values = np.zeros(cells), np.zeros(cells)
    for c in range(cells):
        place(c)
        times[c], values[c] = query()
    hits = int(np.sum(values <= 0.0))
    if args.save:
        np.save(args.save, values)
    slowest = np.argsort(times)[-RETIMED:]
    retimed = {}
    for c in slowest:
        place(int(c))
        retimed[int(c)] = min(query()[0] for _ in range(5))
    worst = max(retimed, key=retimed.get)
    median = float(np.median(times))
    p = lambda x: float(np.percentile(times, x))
    print(f"coal base_link_0 vs {link}: {cells} cells, {hits} in collision")
    print(f"  CPU per cell: median {median:.2f}  p90 {p(90):.2f}  p99 {p(99):.2f}  "
          f"max {times.max():.2f}  mean {times.mean():.2f} us")
    print(f"  slowest cell ({RETIMED} slowest re-timed, least of 5): cell {worst} "
          f"{retimed[worst]:.1f} us, {retimed[worst] / median:.1f} x the median")


if __name__ == "__main__":
    main()
