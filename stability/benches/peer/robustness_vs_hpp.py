"""Equilibrium robustness per CoM position: hpp-centroidal-dynamics 9.0.2 beside Morsel, in one
run, single thread, on two flat feet plus two hands on a wall (16 contact points, 4 generators
each) over a grid of CoM positions.

hpp sets its contacts once and solves one LP per CoM (qpOASES, its default; CLP also timed);
Morsel's Python `equilibrium_robustness` builds its LP on every call. Both are called through
Python. Prints the time per CoM of each and the ratio, and the largest relative difference.

Run (the module venv needs hpp-centroidal-dynamics; its libraries on the library path):
    LD_LIBRARY_PATH=$VENV/lib/python3.*/site-packages/cmeel.prefix/lib \\
        $VENV/bin/python stability/benches/peer/robustness_vs_hpp.py
"""

import time

import numpy as np

import hpp_centroidal_dynamics as hpp
import morsel


def stance_points():
    points, normals = [], []
    for y in (0.15, -0.15):
        for sx, sy in [(1, 1), (1, -1), (-1, -1), (-1, 1)]:
            points.append([0.11 * sx, y + 0.05 * sy, 0.0])
            normals.append([0.0, 0.0, 1.0])
    for y in (0.3, -0.3):
        for sy, sz in [(1, 1), (1, -1), (-1, -1), (-1, 1)]:
            points.append([0.45, y + 0.04 * sy, 1.1 + 0.04 * sz])
            normals.append([-1.0, 0.0, 0.0])
    return np.array(points), np.array(normals)


def main():
    points, normals = stance_points()
    mass, friction = 38.0, 0.7
    coms = [np.array([x, y, 0.8]) for x in np.linspace(-0.3, 0.5, 40) for y in np.linspace(-0.4, 0.4, 25)]
    acceleration = np.array([0.5, -0.3, 0.2])
    results = {}
    for name, solver in [("qpOASES", hpp.SolverLP.SOLVER_LP_QPOASES), ("CLP", hpp.SolverLP.SOLVER_LP_CLP)]:
        eq = hpp.Equilibrium("bench", mass, 4, solver)
        eq.setNewContacts(points, normals, friction, hpp.EquilibriumAlgorithm.EQUILIBRIUM_ALGORITHM_LP)
        start = time.perf_counter()
        values = [eq.computeEquilibriumRobustness(c, acceleration) for c in coms]
        results[name] = (time.perf_counter() - start) / len(coms), values
    options = {"points": points, "normals": normals, "friction": friction, "mass": mass,
               "acceleration": acceleration}
    start = time.perf_counter()
    ours = [morsel.equilibrium_robustness(options, com=c) for c in coms]
    morsel_time = (time.perf_counter() - start) / len(coms)
    print(f"{len(coms)} CoM positions, {len(points)} contact points, 4 generators each")
    print(f"Morsel:                       {morsel_time * 1e6:8.1f} us per CoM")
    for name, (seconds, values) in results.items():
        optimal = [(v, o) for (status, v), o in zip(values, ours) if status == hpp.LP_STATUS_OPTIMAL]
        worst = max(abs(v - o) / max(abs(v), 1.0) for v, o in optimal)
        print(f"hpp-centroidal-dynamics {name:8s}{seconds * 1e6:8.1f} us per CoM: "
              f"Morsel {seconds / morsel_time:5.1f}x faster; {len(optimal)} optimal, "
              f"largest relative difference {worst:.1e}")


if __name__ == "__main__":
    main()
