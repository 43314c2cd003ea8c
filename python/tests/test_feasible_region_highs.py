"""The torque-limited feasible region of real robot-bound stances against HiGHS: Solo-12 standing
on its four feet (as scripts/feasible_region.rhai stands it) with weak knees, and the Unitree G1
(MuJoCo Menagerie) standing on both flat feet at its reference configuration with weak ankles (as
the same script stands it). At every CoM position of a grid, an independent LP feasibility test
solved by scipy.optimize.linprog(method="highs"): point forces at each sole's four vertices in the
inner friction pyramid hold the weight and the moments about the CoM, and every limited joint
torque tau = g(q) - sum J_v^T f stays within its limit, with J_v each vertex's point Jacobian from
morsel's frame_jacobian (jacobian(..., "local_world_aligned")) and g(q) from morsel's
gravity_torques (both checked against Pinocchio elsewhere). Points deeper than 0.1 mm inside the
region are feasible, points farther than 0.1 mm outside are not; balance_map's torque margin has
the same sign there and equals the signed distance to the region's vertices to 1e-9 m."""

import pathlib
from xml.etree import ElementTree

import numpy as np
import pytest

import morsel

linprog = pytest.importorskip("scipy.optimize").linprog

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOLO12 = ROOT / "assets" / "robots" / "solo12" / "solo12.urdf"
FOOT_MESH = ROOT / "assets" / "robots" / "solo12" / "meshes" / "stl" / "with_foot" / "solo_foot.stl"
G1 = ROOT / "assets" / "robots" / "menagerie" / "unitree_g1" / "g1.xml"
FEET = ["FL_FOOT", "FR_FOOT", "HL_FOOT", "HR_FOOT"]
ANKLES = ["left_ankle_roll_link", "right_ankle_roll_link"]
HALF = 0.01
# The G1's soles: the rectangle of the four foot spheres of each ankle-roll link (x from -0.05 to
# 0.12, y within about 0.0275, 0.03 below the link, sphere radius 0.005).
G1_HALF = (0.085, 0.0275)
G1_SOLE = (0.035, 0.0, -0.035)
FRICTION = 0.8
MARGIN = 1e-4


def standing_solo():
    """Solo-12 standing, and its soles: (frame, centre offset from the frame along world axes,
    half sizes)."""
    solo = morsel.urdf(str(SOLO12))
    for leg in ["FL", "FR", "HL", "HR"]:
        front = leg.startswith("F")
        solo.set_rotation(f"{leg}_HFE", 0.8 if front else -0.8)
        solo.set_rotation(f"{leg}_KFE", -1.6 if front else 1.6)
    sole = morsel.mesh(str(FOOT_MESH)).to_map()["bounds"][0][2]
    solo.place(morsel.pose([0.0, 0.0, -solo.frame_pose("FL_FOOT").position[2] - sole]))
    paws = [morsel.contact({"shape": [HALF, HALF], "pos": [0.0, 0.0, sole], "friction": FRICTION,
                            "link": f, "orientation": "world"}) for f in FEET]
    soles = [(f, (0.0, 0.0, sole), (HALF, HALF)) for f in FEET]
    return solo, soles, morsel.stance(solo, {"contacts": paws})


def standing_g1():
    """The G1 at its reference configuration, its soles on the ground, and its soles."""
    g1 = morsel.mjcf(str(G1))
    low = g1.frame_pose(ANKLES[0]).position[2] + G1_SOLE[2]
    g1.place(morsel.pose([0.0, 0.0, -low]))
    feet = [morsel.contact({"shape": list(G1_HALF), "pos": list(G1_SOLE), "friction": FRICTION,
                            "link": a, "orientation": "world"}) for a in ANKLES]
    soles = [(a, G1_SOLE, G1_HALF) for a in ANKLES]
    return g1, soles, morsel.stance(g1, {"contacts": feet})


def solo_limits(names):
    """Weak knees, modest hips: limits that bind somewhere but leave a region."""
    out = {}
    for n in names:
        out[n] = 0.6 if n.endswith("KFE") else 2.5
    return out


def g1_limits(names):
    """Ankles of 5 N m (pitch and roll) replacing the model's; and every joint's limit the LP
    uses: those, the MJCF's actuatorfrcrange elsewhere (read here from the XML), none for the
    free joint."""
    weak = {n: 5.0 for n in names if "ankle" in n}
    own = {j.get("name"): max(abs(float(v)) for v in j.get("actuatorfrcrange").split())
           for j in ElementTree.parse(G1).iter("joint") if j.get("actuatorfrcrange")}
    limits = np.array([weak.get(n, own.get(n, np.inf)) for n in names])
    # Six free-joint values without a limit, every other joint limited.
    assert np.isinf(limits).sum() == 6 and len(own) == len(names) - 6, (names, own)
    return weak, limits


def cross_matrix(r):
    return np.array([[0.0, -r[2], r[1]], [r[2], 0.0, -r[0]], [-r[1], r[0], 0.0]])


def lp_columns(robot, soles):
    """Per force generator (sole, vertex, pyramid edge): its force, its moment about the world
    origin, and its joint load J_v^T ray. The robots are placed by a translation: base axes are
    world axes."""
    q = np.asarray(robot.q, dtype=float)
    mu = FRICTION / np.sqrt(2.0)
    rays = [np.array([sa * mu, sb * mu, 1.0]) for sa in (1, -1) for sb in (1, -1)]
    forces, moments, loads = [], [], []
    for frame, offset, (hx, hy) in soles:
        jac = np.asarray(morsel.jacobian(robot, frame, q, "local_world_aligned"), dtype=float)
        origin = np.asarray(robot.frame_pose(frame).position, dtype=float)
        centre = origin + np.asarray(offset, dtype=float)
        for sx in (1, -1):
            for sy in (1, -1):
                v = centre + np.array([sx * hx, sy * hy, 0.0])
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


def check_against_highs(robot, soles, st, limits_by_name, limits, x, y):
    """The region (torque_limits `limits_by_name`), HiGHS (joint limits `limits`, per velocity
    name) and balance_map's torque margins agree at every point of the grid x by y ([start,
    stop, count] each) farther than MARGIN from the region's boundary; returns the region and
    the static polygon."""
    names = morsel.velocity_names(robot)
    assert set(limits_by_name) <= set(names), sorted(set(limits_by_name) - set(names))
    region = morsel.feasible_region(st, {"torque_limits": limits_by_name})
    static = st.static_polygon()
    assert region["status"] == "bounded", region
    # The region was made with the limits the LP uses.
    assert np.array_equal(np.asarray(region["limits"], dtype=float), limits), (region["limits"], limits)
    q = np.asarray(robot.q, dtype=float)
    g = np.asarray(morsel.gravity_torques(robot, q), dtype=float)
    columns = lp_columns(robot, soles)
    weight = st.mass * 9.81
    xs, ys = np.linspace(*x), np.linspace(*y)
    grid = morsel.balance_map(st, {"kind": "torque", "x": x, "y": y,
                                   "torque_limits": limits_by_name})
    margins = grid.grid
    checked = {True: 0, False: 0}
    for i, cx in enumerate(xs):
        for j, cy in enumerate(ys):
            d = signed_distance(region["vertices"], (cx, cy))
            if abs(d) < MARGIN:
                continue
            verdict = feasible(weight, columns, g, limits, (cx, cy))
            assert verdict == (d > 0), f"HiGHS says {verdict} at ({cx}, {cy}), {d} m from the region"
            assert (margins[i, j] > 0) == verdict, (cx, cy, margins[i, j])
            assert abs(margins[i, j] - d) < 1e-9, (cx, cy, margins[i, j], d)
            checked[verdict] += 1
    assert checked[True] >= 10 and checked[False] >= 10, checked
    # Inside the static polygon but outside the region: the torque limits bind there.
    bound = sum(1 for cx in xs for cy in ys
                if signed_distance(static["vertices"], (cx, cy)) > MARGIN
                and signed_distance(region["vertices"], (cx, cy)) < -MARGIN)
    assert bound >= 5, bound
    return region, static


def test_solo12_feasible_region_agrees_with_highs_on_a_grid():
    solo, soles, st = standing_solo()
    names = morsel.velocity_names(solo)
    weak = solo_limits(names)
    limits = np.array([weak.get(n, np.inf) for n in names])
    region, static = check_against_highs(solo, soles, st, weak, limits, [-0.3, 0.3, 21],
                                         [-0.25, 0.25, 19])
    assert 0.05 * static["area"] < region["area"] < 0.9 * static["area"], (region["area"], static["area"])


def test_g1_feasible_region_with_weak_ankles_agrees_with_highs_on_a_grid():
    g1, soles, st = standing_g1()
    # The stance's soles are the rectangles the LP is built on.
    for contact, (frame, offset, (hx, hy)) in zip(st.contacts, soles):
        centre = np.asarray(g1.frame_pose(frame).position) + np.asarray(offset)
        corners = {(round(centre[0] + sx * hx, 12), round(centre[1] + sy * hy, 12), round(centre[2], 12))
                   for sx in (1, -1) for sy in (1, -1)}
        got = {tuple(round(float(c), 12) for c in v) for v in morsel.vertices(contact)}
        assert got == corners, (got, corners)
    weak, limits = g1_limits(morsel.velocity_names(g1))
    assert len(weak) == 4, weak
    region, static = check_against_highs(g1, soles, st, weak, limits, [-0.15, 0.22, 23],
                                         [-0.2, 0.2, 21])
    # Weak ankles shrink the region well below the static polygon (areas in m^2; the numbers are
    # printed for the record: pytest -s).
    print(f"G1, ankles 5 N m: region {region['area']:.6f} m^2, static polygon {static['area']:.6f} m^2,"
          f" ratio {region['area'] / static['area']:.4f}")
    assert 0.05 * static["area"] < region["area"] < 0.5 * static["area"], (region["area"], static["area"])
