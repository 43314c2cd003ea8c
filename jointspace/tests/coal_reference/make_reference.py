#!/usr/bin/env python3
"""Writes solo12_coal.csv: coal's answers (through Pinocchio, PyPI `pin`) on every mesh pair
the Solo-12 notebook samples, for the jointspace test `coal_reference.rs`.

For each leg (FL, FR, HL, HR): the body against the upper leg and against the lower leg on
rows of the 200 x 200 shoulder grid (`*_HAA`, `*_HFE` over [-pi, pi), lo + i (hi - lo) / n,
HAA fastest, whole rows so that Morsel's test runs them in grid order, warm), and the lower leg
against the upper leg over the 200 knee angles (`*_KFE`). Other joints at zero.

Columns: first, second, cell (index in the grid, row-major with HAA fastest, or the knee
index), collides (coal's collision test), distance (coal's distance query when free, else
empty), in metres with 12 significant digits.

Run from the repository root (the venv as in jointspace/benches/peer/README.md):
    /tmp/pinvenv/bin/python jointspace/tests/coal_reference/make_reference.py
"""

import csv
import math
import os

import pinocchio as pin

N = 200
ROWS = (20, 60, 100, 148, 180)
HERE = os.path.dirname(os.path.abspath(__file__))
SOLO = os.path.normpath(os.path.join(HERE, "../../../assets/robots/solo12"))


def main():
    model, geom = pin.buildModelsFromUrdf(
        os.path.join(SOLO, "solo12.urdf"), SOLO, geometry_types=pin.GeometryType.COLLISION
    )
    data = model.createData()
    value = lambda i: -math.pi + i * 2.0 * math.pi / N
    index = lambda joint: model.joints[model.getJointId(joint)].idx_q
    rows = []
    for leg in ("FL", "FR", "HL", "HR"):
        upper, lower = f"{leg}_UPPER_LEG_0", f"{leg}_LOWER_LEG_0"
        shoulder = [
            (r * N + i, {f"{leg}_HAA": value(i), f"{leg}_HFE": value(r)})
            for r in ROWS
            for i in range(N)
        ]
        knee = [(k, {f"{leg}_KFE": value(k)}) for k in range(N)]
        for first, second, cells in (
            ("base_link_0", upper, shoulder),
            ("base_link_0", lower, shoulder),
            (upper, lower, knee),
        ):
            geom.removeAllCollisionPairs()
            geom.addCollisionPair(
                pin.CollisionPair(geom.getGeometryId(first), geom.getGeometryId(second))
            )
            gdata = pin.GeometryData(geom)
            for cell, joints in cells:
                q = pin.neutral(model)
                for joint, x in joints.items():
                    q[index(joint)] = x
                pin.updateGeometryPlacements(model, data, geom, gdata, q)
                collides = pin.computeCollision(geom, gdata, 0)
                distance = ""
                if not collides:
                    distance = f"{pin.computeDistance(geom, gdata, 0).min_distance:.12g}"
                rows.append((first, second, cell, int(collides), distance))
    with open(os.path.join(HERE, "solo12_coal.csv"), "w", newline="") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(("first", "second", "cell", "collides", "distance"))
        out.writerows(rows)
    print(f"{len(rows)} rows, coal through pinocchio {pin.__version__}")


if __name__ == "__main__":
    main()
