#!/usr/bin/env python3
"""The Solo-12 both-pair shoulder grid with Pinocchio + coal, the peer of solo12_grid.rhai.

200 x 200 grid over FL_HAA, FL_HFE in [-pi, pi) (lo + i (hi - lo) / n, FL_HAA fastest, the
other joints at zero), pairs base_link vs FL_UPPER_LEG and base_link vs FL_LOWER_LEG; each
cell reports the smallest signed distance over the two pairs, 0 when a pair collides (coal's
collision test decides), as Morsel's `zero_in_collision: true`.

Setup (once):  python3 -m venv /tmp/pinvenv && /tmp/pinvenv/bin/pip install pin numpy
Run:           /tmp/pinvenv/bin/python jointspace/benches/peer/solo12_grid_pinocchio.py \
                   [--cells 4000] [--morsel out/solo12_grid.npy]

Only the first --cells cells (in grid order) are computed; the time of the whole grid is
extrapolated from them. With --morsel (the .npy saved by solo12_grid.rhai), the values are
compared cell by cell: agreement of collision, and the largest difference on free cells.
"""

import argparse
import math
import os
import time

import numpy as np
import pinocchio as pin

N = 200
HERE = os.path.dirname(os.path.abspath(__file__))
SOLO = os.path.normpath(os.path.join(HERE, "../../../assets/robots/solo12"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cells", type=int, default=4000)
    ap.add_argument("--morsel", help="Morsel's grid (.npy, rows [FL_HAA, FL_HFE, value])")
    args = ap.parse_args()

    t0, c0 = time.perf_counter(), time.process_time()
    model, geom = pin.buildModelsFromUrdf(
        os.path.join(SOLO, "solo12.urdf"), SOLO, geometry_types=pin.GeometryType.COLLISION
    )
    base = geom.getGeometryId("base_link_0")
    for leg in ("FL_UPPER_LEG_0", "FL_LOWER_LEG_0"):
        geom.addCollisionPair(pin.CollisionPair(base, geom.getGeometryId(leg)))
    data = model.createData()
    gdata = pin.GeometryData(geom)
    load, load_cpu = time.perf_counter() - t0, time.process_time() - c0

    iq = [model.joints[model.getJointId(j)].idx_q for j in ("FL_HAA", "FL_HFE")]
    q = pin.neutral(model)
    value = lambda i: -math.pi + i * 2.0 * math.pi / N
    cells = min(args.cells, N * N)
    out = np.zeros((cells, 3))
    t1, c1 = time.perf_counter(), time.process_time()
    for c in range(cells):
        i, j = c % N, c // N  # FL_HAA fastest
        q[iq[0]], q[iq[1]] = value(i), value(j)
        pin.updateGeometryPlacements(model, data, geom, gdata, q)
        best = math.inf
        for k in range(len(geom.collisionPairs)):
            if pin.computeCollision(geom, gdata, k):
                best = 0.0
                break
            best = min(best, pin.computeDistance(geom, gdata, k).min_distance)
        out[c] = (value(i), value(j), best)
    grid, grid_cpu = time.perf_counter() - t1, time.process_time() - c1
    per_cell, per_cell_cpu = grid / cells, grid_cpu / cells
    print(f"pinocchio+coal: load {load:.3f} s ({load_cpu:.3f} s CPU), {cells} cells in "
          f"{grid:.3f} s ({1e6 * per_cell:.1f} us/cell; {1e6 * per_cell_cpu:.1f} us/cell CPU), "
          f"whole {N}x{N} grid extrapolated: {load + per_cell * N * N:.2f} s wall, "
          f"{load_cpu + per_cell_cpu * N * N:.2f} s CPU")
    os.makedirs("out", exist_ok=True)
    np.save(os.path.join("out", "solo12_grid_pinocchio.npy"), out)

    if args.morsel:
        m = np.load(args.morsel)[:cells]
        if not np.allclose(m[:, :2], out[:, :2], atol=1e-12):
            raise SystemExit("the grids' joint values differ: not the same cells")
        coal_hit, morsel_hit = out[:, 2] <= 0.0, m[:, 2] <= 0.0
        agree = np.mean(coal_hit == morsel_hit)
        free = ~coal_hit & ~morsel_hit
        diff = np.abs(out[free, 2] - m[free, 2])
        print(f"collision agreement {100 * agree:.3f}% over {cells} cells; free cells "
              f"{free.sum()}: largest |coal - morsel| {diff.max():.3e} m, "
              f"{np.sum(diff > 1e-6)} above 1e-6 m")


if __name__ == "__main__":
    main()
