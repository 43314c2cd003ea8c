"""The torque-limited feasible region of a real robot-bound stance against HiGHS: Solo-12 standing
on its four feet (as scripts/feasible_region.rhai stands it) with weak knees. At every CoM
position of a grid, an independent LP feasibility test solved by scipy.optimize.linprog(method=
"highs"): point forces at each foot's four vertices in the inner friction pyramid hold the weight
and the moments about the CoM, and every joint torque tau = g(q) - sum J_v^T f stays within its
limit, with J_v each vertex's point Jacobian from morsel's frame_jacobian (jacobian(...,
"local_world_aligned")) and g(q) from morsel's gravity_torques (both checked against Pinocchio
elsewhere). Points deeper than 0.1 mm inside the region are feasible, points farther than 0.1 mm
outside are not; balance_map's torque margin has the same sign there."""

import pathlib

import numpy as np
import pytest

import morsel

linprog = pytest.importorskip("scipy.optimize").linprog

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOLO12 = ROOT / "assets" / "robots" / "solo12" / "solo12.urdf"
FOOT_MESH = ROOT / "assets" / "robots" / "solo12" / "meshes" / "stl" / "with_foot" / "solo_foot.stl"
FEET = ["FL_FOOT", "FR_FOOT", "HL_FOOT", "HR_FOOT"]
HALF = 0.01
FRICTION = 0.8
MARGIN = 1e-4


def standing_solo():
    solo = morsel.urdf(str(SOLO12))
    for leg in ["FL", "FR", "HL", "HR"]:
        front = leg.startswith("F")
        solo.set_rotation(f"{leg}_HFE", 0.8 if front else -0.8)
        solo.set_rotation(f"{leg}_KFE", -1.6 if front else 1.6)
    sole = morsel.mesh(str(FOOT_MESH)).to_map()["bounds"][0][2]
    solo.place(morsel.pose([0.0, 0.0, -solo.frame_pose("FL_FOOT").position[2] - sole]))
    paws = [morsel.contact({"shape": [HALF, HALF], "pos": [0.0, 0.0, sole], "friction": FRICTION,
                            "link": f, "orientation": "world"}) for f in FEET]
    return solo, sole, morsel.stance(solo, {"contacts": paws})


def limits_of(names):
    """Weak knees, modest hips: limits that bind somewhere but leave a region."""
    out = {}
    for n in names:
        out[n] = 0.6 if n.endswith("KFE") else 2.5
    return out


def cross_matrix(r):
    return np.array([[0.0, -r[2], r[1]], [r[2], 0.0, -r[0]], [-r[1], r[0], 0.0]])


def lp_columns(solo, sole):
    """Per force generator (foot, vertex, pyramid edge): its force, its moment about the world
    origin, and its joint load J_v^T ray."""
    q = np.asarray(solo.q, dtype=float)
    mu = FRICTION / np.sqrt(2.0)
    rays = [np.array([sa * mu, sb * mu, 1.0]) for sa in (1, -1) for sb in (1, -1)]
    forces, moments, loads = [], [], []
    for foot in FEET:
        # The Solo is placed by a translation: base axes are world axes.
        jac = np.asarray(morsel.jacobian(solo, foot, q, "local_world_aligned"), dtype=float)
        origin = np.asarray(solo.frame_pose(foot).position, dtype=float)
        centre = origin + np.array([0.0, 0.0, sole])
        for sx in (1, -1):
            for sy in (1, -1):
                v = centre + np.array([sx * HALF, sy * HALF, 0.0])
                # Linear velocity of the point v: v_o + w x (v - o).
                point_jac = jac[:3] - cross_matrix(v - origin) @ jac[3:]
                for ray in rays:
                    forces.append(ray)
                    moments.append(np.cross(v, ray))
                    loads.append(point_jac.T @ ray)
    return np.array(forces).T, np.array(moments).T, np.array(loads).T


def feasible(weight, columns, g, limits, com):
    forces, moments, loads = columns
    n = forces.shape[1]
    # sum v x F + c x (0, 0, -W) = 0, with c x (0, 0, -W) = (-W c_y, W c_x, 0).
    a_eq = np.vstack([forces, moments])
    b_eq = np.array([0.0, 0.0, weight, weight * com[1], -weight * com[0], 0.0])
    rows = np.isfinite(limits)
    a_ub = np.vstack([loads[rows], -loads[rows]])
    b_ub = np.concatenate([g[rows] + limits[rows], limits[rows] - g[rows]])
    result = linprog(np.zeros(n), A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=b_eq,
                     bounds=[(0, None)] * n, method="highs")
    assert result.status in (0, 2), result.message
    return result.status == 0


def signed_distance(vertices, p):
    """Positive inside a counter-clockwise convex polygon: the distance to its nearest edge."""
    v = np.asarray(vertices, dtype=float)
    best, inside = np.inf, True
    for a, b in zip(v, np.roll(v, -1, axis=0)):
        e, w = b - a, np.asarray(p) - a
        if e[0] * w[1] - e[1] * w[0] < 0.0:
            inside = False
        t = np.clip(w @ e / (e @ e), 0.0, 1.0)
        best = min(best, float(np.linalg.norm(w - t * e)))
    return best if inside else -best


def test_solo12_feasible_region_agrees_with_highs_on_a_grid():
    solo, sole, st = standing_solo()
    names = morsel.velocity_names(solo)
    limits_by_name = limits_of(names)
    region = morsel.feasible_region(st, {"torque_limits": limits_by_name})
    static = st.static_polygon()
    assert region["status"] == "bounded"
    assert 0.05 * static["area"] < region["area"] < 0.9 * static["area"], (region["area"], static["area"])
    q = np.asarray(solo.q, dtype=float)
    g = np.asarray(morsel.gravity_torques(solo, q), dtype=float)
    limits = np.array([limits_by_name.get(n, np.inf) for n in names])
    columns = lp_columns(solo, sole)
    weight = st.mass * 9.81
    xs = np.linspace(-0.3, 0.3, 21)
    ys = np.linspace(-0.25, 0.25, 19)
    grid = morsel.balance_map(st, {"kind": "torque", "x": [-0.3, 0.3, 21], "y": [-0.25, 0.25, 19],
                                   "torque_limits": limits_by_name})
    margins = grid.grid
    checked = {True: 0, False: 0}
    for i, x in enumerate(xs):
        for j, y in enumerate(ys):
            d = signed_distance(region["vertices"], (x, y))
            if abs(d) < MARGIN:
                continue
            verdict = feasible(weight, columns, g, limits, (x, y))
            assert verdict == (d > 0), f"HiGHS says {verdict} at ({x}, {y}), {d} m from the region"
            assert (margins[i, j] > 0) == verdict, (x, y, margins[i, j])
            assert abs(margins[i, j] - d) < 1e-9
            checked[verdict] += 1
    assert checked[True] >= 10 and checked[False] >= 10, checked
    # Inside the static polygon but outside the region: the torque limits bind there.
    bound = sum(1 for x in xs for y in ys
                if signed_distance(static["vertices"], (x, y)) > MARGIN
                and signed_distance(region["vertices"], (x, y)) < -MARGIN)
    assert bound >= 5, bound
