"""Reference feasibility of CoM positions for the torque-limited feasible region, by an
independent method: one LP feasibility test per CoM position of a grid, solved by HiGHS through
SciPy (`scipy.optimize.linprog(method="highs")`), for Morsel's Rust test
`stability/tests/stability/feasible_region.rs`.

Each problem is a stance of flat rectangular contacts (turned about the vertical) on a synthetic
robot: per contact a 6 x nv Jacobian (linear then angular velocity of the contact's origin, world
axes), gravity torques g and effort limits. At a CoM position c the LP asks for point forces at
each contact's four vertices, each a non-negative combination of the four edges of the inner
friction pyramid (tangential components +-mu/sqrt(2) of a unit normal), such that
    sum F = (0, 0, m g),   sum v x F + c x (0, 0, -m g) = 0,
    -limit <= g - sum_k J_k^T [F_k; sum (v - p_k) x F] <= limit   (finite limits only).
The script writes the problems and, per grid point, whether HiGHS found the LP feasible.

Run:
    /work/venv-bench/bin/python stability/tests/peers/highs_feasible_region.py \\
        stability/tests/data/highs_feasible_region.json
"""

import json
import sys
import time

import numpy as np
from scipy.optimize import linprog


def contact_geometry(contact):
    """Vertices and friction-pyramid rays of a flat contact turned by `yaw` about z."""
    x, y, z = contact["pos"]
    a, b = contact["shape"]
    yaw = contact["yaw"]
    rot = np.array([[np.cos(yaw), -np.sin(yaw), 0.0], [np.sin(yaw), np.cos(yaw), 0.0], [0, 0, 1.0]])
    mu = contact["friction"] / np.sqrt(2.0)
    vertices = [np.array([x, y, z]) + rot @ np.array([sa * a, sb * b, 0.0])
                for sa, sb in [(1, 1), (1, -1), (-1, -1), (-1, 1)]]
    rays = [rot @ np.array([sa * mu, sb * mu, 1.0]) for sa, sb in [(1, 1), (1, -1), (-1, 1), (-1, -1)]]
    return np.array([x, y, z]), vertices, rays


def build(problem):
    """Columns: the equilibrium rows' coefficients and the joint loads of each generator."""
    weight = problem["mass"] * problem["gravity"]
    forces, moments, loads = [], [], []
    for contact, jac in zip(problem["contacts"], problem["jacobians"]):
        jac = np.array(jac)
        origin, vertices, rays = contact_geometry(contact)
        for v in vertices:
            for ray in rays:
                forces.append(ray)
                moments.append(np.cross(v, ray))
                loads.append(jac.T @ np.concatenate([ray, np.cross(v - origin, ray)]))
    return weight, np.array(forces).T, np.array(moments).T, np.array(loads).T


def feasible(problem, built, com):
    weight, forces, moments, loads = built
    n = forces.shape[1]
    # sum v x F + c x (0, 0, -W) = 0, with c x (0, 0, -W) = (-W c_y, W c_x, 0).
    a_eq = np.vstack([forces, moments])
    b_eq = np.concatenate([[0.0, 0.0, weight], [weight * com[1], -weight * com[0], 0.0]])
    g = np.array(problem["gravity_torques"])
    limits = np.array(problem["limits"], dtype=float)
    rows = np.isfinite(limits)
    # g - L lam <= limit  and  -(g - L lam) <= limit.
    a_ub = np.vstack([-loads[rows], loads[rows]])
    b_ub = np.concatenate([limits[rows] - g[rows], limits[rows] + g[rows]])
    result = linprog(np.zeros(n), A_ub=a_ub if rows.any() else None,
                     b_ub=b_ub if rows.any() else None, A_eq=a_eq, b_eq=b_eq,
                     bounds=[(0, None)] * n, method="highs")
    if result.status not in (0, 2):
        raise RuntimeError(f"HiGHS status {result.status}: {result.message}")
    return result.status == 0


def problem(seed, scale):
    """Four feet about a 0.4 x 0.3 m rectangle, a 12-value leg-like torque map."""
    rng = np.random.default_rng(seed)
    contacts, jacobians = [], []
    nv = 12
    for k, (sx, sy) in enumerate([(1, 1), (1, -1), (-1, -1), (-1, 1)]):
        pos = [0.2 * sx + rng.uniform(-0.03, 0.03), 0.15 * sy + rng.uniform(-0.03, 0.03),
               rng.uniform(-0.02, 0.02)]
        contacts.append({"pos": pos, "shape": [0.02, 0.015], "yaw": float(rng.uniform(-0.5, 0.5)),
                         "friction": 0.6})
        jac = 0.02 * rng.standard_normal((6, nv))
        # The three joints of leg k: lever arms of a few decimetres.
        jac[:3, 3 * k:3 * k + 3] += 0.25 * rng.standard_normal((3, 3))
        jac[3:, 3 * k:3 * k + 3] += rng.standard_normal((3, 3))
        jacobians.append(jac.tolist())
    gravity_torques = rng.uniform(-0.5, 0.5, nv)
    limits = scale * rng.uniform(0.6, 1.4, nv)
    limits[rng.integers(nv)] = np.inf
    return {"mass": 20.0, "gravity": 9.81, "contacts": contacts, "jacobians": jacobians,
            "gravity_torques": gravity_torques.tolist(),
            "limits": [float(v) if np.isfinite(v) else "inf" for v in limits]}


def main(out):
    cases = [("binding", problem(49, 12.0)), ("loose", problem(7, 1e4)),
             ("infeasible", problem(3, 0.05))]
    results = []
    total, count = 0.0, 0
    for name, prob in cases:
        as_numbers = dict(prob, limits=[float(v) for v in prob["limits"]])
        built = build(as_numbers)
        xs = np.linspace(-0.35, 0.35, 36)
        ys = np.linspace(-0.28, 0.28, 29)
        grid = []
        start = time.perf_counter()
        for x in xs:
            for y in ys:
                grid.append([float(x), float(y), bool(feasible(as_numbers, built, (x, y)))])
        total += time.perf_counter() - start
        count += len(grid)
        print(f"{name}: {sum(g[2] for g in grid)} of {len(grid)} grid points feasible")
        results.append({"name": name, "problem": prob, "grid": grid})
    print(f"HiGHS: {1e3 * total / count:.3f} ms per CoM position ({count} LPs)")
    with open(out, "w") as f:
        json.dump({"generator": "stability/tests/peers/highs_feasible_region.py",
                   "solver": "scipy.optimize.linprog(method='highs')", "cases": results}, f)


if __name__ == "__main__":
    main(sys.argv[1])
