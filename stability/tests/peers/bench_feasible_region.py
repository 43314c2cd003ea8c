"""Benchmark and cross-check of Morsel's torque-limited feasible region against the LP-grid
reference, in one run: Solo-12 standing (hips +-0.8, knees -+1.6 rad), its knees limited to
0.6 N m.

Morsel computes the region once (Bretl's projection); the reference tests a grid of CoM
positions, each an LP feasibility test solved by HiGHS (`scipy.optimize.linprog`), assembled
here from Morsel's public `jacobian` and `gravity_torques` of the robot (forces at each sole's
four vertices in the inner friction pyramid; torques g - sum J^T [f; (v - p) x f] within the
limits). Prints both times, their ratio, and the grid points that disagree beyond a margin.

Run (a venv with the morsel module and scipy):
    target/py-venv/bin/python stability/tests/peers/bench_feasible_region.py
"""

import pathlib
import time

import numpy as np
from scipy.optimize import linprog

import morsel

ROOT = pathlib.Path(__file__).resolve().parents[3]
FEET = ["FL_FOOT", "FR_FOOT", "HL_FOOT", "HR_FOOT"]
SOLE = -0.016
HALF = 0.01
FRICTION = 0.8
KNEE_LIMIT = 0.6


def solo():
    robot = morsel.urdf(ROOT / "assets" / "robots" / "solo12" / "solo12.urdf")
    for leg in ["FL", "FR", "HL", "HR"]:
        front = leg.startswith("F")
        robot.set_rotation(f"{leg}_HFE", 0.8 if front else -0.8)
        robot.set_rotation(f"{leg}_KFE", -1.6 if front else 1.6)
    contacts = [morsel.contact({"shape": [HALF, HALF], "pos": [0, 0, SOLE], "friction": FRICTION,
                                "link": f, "orientation": "world"}) for f in FEET]
    return robot, morsel.stance(robot, {"contacts": contacts})


def reference_lp(robot, stance):
    """Equality and inequality data of the grid LPs (the robot is not turned: base = world)."""
    q = robot.q
    g = np.asarray(morsel.gravity_torques(robot, q))
    names = morsel.velocity_names(robot)
    limits = np.full(len(names), np.inf)
    for i, n in enumerate(names):
        if n.endswith("_KFE"):
            limits[i] = KNEE_LIMIT
        else:
            limits[i] = 1000.0
    mu = FRICTION / np.sqrt(2.0)
    rays = [np.array([a * mu, b * mu, 1.0]) for a, b in [(1, 1), (1, -1), (-1, 1), (-1, -1)]]
    forces, moments, loads = [], [], []
    for foot in FEET:
        j = np.asarray(morsel.jacobian(robot, foot, q, "local_world_aligned"))
        origin = np.asarray(robot.frame_pose(foot).position)
        p = origin + np.array([0.0, 0.0, SOLE])
        # The Jacobian at the contact point p: v_p = v_o - (p - o) x w.
        r = p - origin
        skew = np.array([[0, -r[2], r[1]], [r[2], 0, -r[0]], [-r[1], r[0], 0]])
        jp = np.vstack([j[:3] - skew @ j[3:], j[3:]])
        for a, b in [(1, 1), (1, -1), (-1, -1), (-1, 1)]:
            v = p + np.array([a * HALF, b * HALF, 0.0])
            for ray in rays:
                forces.append(ray)
                moments.append(np.cross(v, ray))
                loads.append(jp.T @ np.concatenate([ray, np.cross(v - p, ray)]))
    weight = stance.mass * 9.81
    return weight, np.array(forces).T, np.array(moments).T, np.array(loads).T, g, limits


def feasible(lp, com):
    weight, forces, moments, loads, g, limits = lp
    n = forces.shape[1]
    a_eq = np.vstack([forces, moments])
    b_eq = np.concatenate([[0.0, 0.0, weight], [weight * com[1], -weight * com[0], 0.0]])
    rows = np.isfinite(limits)
    a_ub = np.vstack([-loads[rows], loads[rows]])
    b_ub = np.concatenate([limits[rows] - g[rows], limits[rows] + g[rows]])
    result = linprog(np.zeros(n), A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=b_eq,
                     bounds=[(0, None)] * n, method="highs")
    assert result.status in (0, 2), result.message
    return result.status == 0


def signed_distance(vertices, point):
    """Positive inside a counter-clockwise convex polygon: the distance to the nearest edge."""
    v = np.asarray(vertices)
    inside = np.inf
    for a, b in zip(v, np.roll(v, -1, axis=0)):
        e = b - a
        inside = min(inside, (e[0] * (point[1] - a[1]) - e[1] * (point[0] - a[0])) / np.hypot(*e))
    return inside


def main():
    robot, stance = solo()
    limits = {f"{leg}_KFE": KNEE_LIMIT for leg in ["FL", "FR", "HL", "HR"]}
    region = morsel.feasible_region(stance, {"torque_limits": limits})
    repeats = 200
    start = time.perf_counter()
    for _ in range(repeats):
        region = morsel.feasible_region(stance, {"torque_limits": limits})
    t_region = (time.perf_counter() - start) / repeats
    static = stance.static_polygon()
    print(f"static polygon {static['area']:.6f} m^2; feasible region {region['status']}, "
          f"{region['area']:.6f} m^2, {len(region['vertices'])} vertices")
    lp = reference_lp(robot, stance)
    xs = np.linspace(-0.25, 0.25, 26)
    ys = np.linspace(-0.25, 0.25, 26)
    start = time.perf_counter()
    grid = [(x, y, feasible(lp, (x, y))) for x in xs for y in ys]
    t_grid = time.perf_counter() - start
    margin = 1e-4
    wrong = [(x, y, f) for x, y, f in grid
             if (signed_distance(region["vertices"], (x, y)) > margin) != f
             and abs(signed_distance(region["vertices"], (x, y))) > margin]
    print(f"HiGHS grid: {len(grid)} CoM positions, {sum(f for _, _, f in grid)} feasible, "
          f"{len(wrong)} disagree with the region beyond {margin} m")
    print(f"Morsel feasible_region: {1e3 * t_region:.3f} ms per region; HiGHS: "
          f"{1e3 * t_grid / len(grid):.3f} ms per CoM position, {t_grid:.3f} s for the grid")
    print(f"ratio (grid / region): {t_grid / t_region:.0f}x; one region vs one grid LP: "
          f"{t_grid / len(grid) / t_region:.2f}x")
    assert not wrong, wrong


if __name__ == "__main__":
    main()
