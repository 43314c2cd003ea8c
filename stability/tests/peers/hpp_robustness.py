"""Reference robustness values from hpp-centroidal-dynamics (PyPI 9.0.2) on random multi-contact
stances, for Morsel's Rust test `stability/tests/stability/robustness.rs`.

Each case is a set of point contacts (the four corners of 1 to 4 random rectangles, each with
the rectangle's normal), one friction coefficient, a mass, a CoM, a number of generators per
contact and a CoM acceleration (zero in half the cases), with hpp-centroidal-dynamics'
`Equilibrium.computeEquilibriumRobustness` (primal LP, default qpOASES solver) for it.

Run (the wheel's libraries must be on the library path):
    LD_LIBRARY_PATH=$VENV/lib/python3.*/site-packages/cmeel.prefix/lib \\
        $VENV/bin/python stability/tests/peers/hpp_robustness.py stability/tests/data/hpp_robustness.json
"""

import json
import sys

import numpy as np

import hpp_centroidal_dynamics as hpp


def rotation(roll, pitch, yaw):
    """World-from-local rotation of intrinsic roll-pitch-yaw angles (R = Rz Ry Rx)."""
    cr, sr, cp, sp, cy, sy = (np.cos(roll), np.sin(roll), np.cos(pitch), np.sin(pitch),
                              np.cos(yaw), np.sin(yaw))
    rx = np.array([[1, 0, 0], [0, cr, -sr], [0, sr, cr]])
    ry = np.array([[cp, 0, sp], [0, 1, 0], [-sp, 0, cp]])
    rz = np.array([[cy, -sy, 0], [sy, cy, 0], [0, 0, 1]])
    return rz @ ry @ rx


def random_case(rng, accelerated):
    contacts = int(rng.integers(1, 5))
    points, normals = [], []
    for _ in range(contacts):
        centre = np.array([rng.uniform(-0.4, 0.4), rng.uniform(-0.4, 0.4), rng.uniform(0.0, 0.3)])
        r = rotation(rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), rng.uniform(-np.pi, np.pi))
        half = [rng.uniform(0.02, 0.12), rng.uniform(0.02, 0.08)]
        for sx, sy in [(1, 1), (1, -1), (-1, -1), (-1, 1)]:
            points.append(centre + r @ np.array([sx * half[0], sy * half[1], 0.0]))
            normals.append(r[:, 2])
    points = np.array(points)
    centroid = points.mean(axis=0)
    com = centroid + np.array([rng.uniform(-0.15, 0.15), rng.uniform(-0.15, 0.15),
                               rng.uniform(0.5, 1.0)])
    acceleration = (np.array([rng.uniform(-3, 3), rng.uniform(-3, 3), rng.uniform(-3, 3)])
                    if accelerated else np.zeros(3))
    return {
        "points": points.tolist(),
        "normals": np.array(normals).tolist(),
        "friction": float(rng.uniform(0.3, 1.2)),
        "mass": float(rng.uniform(20.0, 80.0)),
        "com": com.tolist(),
        "generators": int(rng.choice([3, 4, 4, 5, 6, 8])),
        "acceleration": acceleration.tolist(),
    }


def hpp_robustness(case):
    eq = hpp.Equilibrium("morsel", case["mass"], case["generators"])
    ok = eq.setNewContacts(np.array(case["points"]), np.array(case["normals"]), case["friction"],
                           hpp.EquilibriumAlgorithm.EQUILIBRIUM_ALGORITHM_LP)
    assert ok
    status, value = eq.computeEquilibriumRobustness(np.array(case["com"]),
                                                    np.array(case["acceleration"]))
    return str(status).rsplit(".", 1)[-1], float(value)


def main():
    rng = np.random.default_rng(49)
    cases = []
    while len(cases) < 200:
        case = random_case(rng, accelerated=len(cases) % 2 == 1)
        status, value = hpp_robustness(case)
        if status != "LP_STATUS_OPTIMAL":
            continue
        case["robustness"] = value
        cases.append(case)
    # The peer logs to standard output, so the data goes to the file named on the command line.
    with open(sys.argv[1], "w") as out:
        out.write('{"peer": "hpp-centroidal-dynamics 9.0.2", "cases": [\n')
        out.write(",\n".join(json.dumps(case) for case in cases))
        out.write("\n]}\n")


if __name__ == "__main__":
    main()
