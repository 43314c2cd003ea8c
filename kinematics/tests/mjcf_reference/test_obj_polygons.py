"""OBJ polygons of 5 to 11 corners, drawn at random (seeded), as MuJoCo triangulates them: each is
the base of a pyramid in its own body, so the body's mass, centre of mass and inertia frame (the
mesh geom's pose and size) follow the triangles MuJoCo's OBJ reader makes of it; Morsel must
agree to the tolerances of test_against_mujoco (needs `mujoco`, `numpy` and a built `morsel`).
A geom whose principal moments MuJoCo finds within 1% of each other has an ill-conditioned
inertia frame (float32 vertices turn it by up to ~1e-5): its position (the mesh's centre of
mass) is compared, its rotation and size are not.

Planar convex, planar concave and non-planar polygons, some drawn in each coordinate plane, some
winding either way: concave ones make MuJoCo's ear clipping give up on part of the polygon.
"""
import math
import random

import mujoco
import numpy as np

import make_reference as ref
from test_against_mujoco import MESH_TOL, REL_TOL, assert_pose, morsel_compile

POLYGONS = 60


def polygon(rng, kind):
    """Corners of a random polygon of 5-11 corners around the origin (OBJ text precision)."""
    n = rng.randint(5, 11)
    corners = []
    for k in range(n):
        angle = 2 * math.pi * k / n + (rng.uniform(-0.3, 0.3) if kind == "bent" else 0.0)
        radius = rng.uniform(0.2, 1.5) if kind != "convex" else 1.0
        height = rng.uniform(-0.3, 0.3) if kind == "bent" else 0.0
        corners.append((round(radius * math.cos(angle), 4), round(radius * math.sin(angle), 4), round(height, 4)))
    return corners


def write_model(folder, seed=51):
    """Writes the OBJ files and the MJCF naming them under `folder`; returns the MJCF path."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    bodies = []
    for i in range(POLYGONS):
        kind = ("convex", "concave", "bent")[i % 3]
        corners = polygon(rng, kind)
        axes = rng.choice([(0, 1, 2), (1, 2, 0), (2, 0, 1)])
        apex = tuple((0.05, 0.07, 2.0)[a] for a in axes)
        corners = [tuple(c[a] for a in axes) for c in corners]
        n = len(corners)
        order = list(range(n)) if rng.random() < 0.5 else list(range(n - 1, -1, -1))
        lines = [f"v {x} {y} {z}" for x, y, z in corners + [apex]]
        lines.append("f " + " ".join(str(k + 1) for k in order))
        lines += [f"f {order[(k + 1) % n] + 1} {order[k] + 1} {n + 1}" for k in range(n)]
        (folder / f"p{i}.obj").write_text("\n".join(lines) + "\n")
        bodies.append(
            f'<body name="b{i}" pos="{i % 8} {i // 8} 0"><joint name="j{i}" axis="0 1 0"/>'
            f'<geom name="g{i}" type="mesh" mesh="p{i}"/></body>'
        )
    meshes = "".join(f'<mesh name="p{i}" file="p{i}.obj" scale="0.1 0.1 0.1"/>' for i in range(POLYGONS))
    mjcf = folder / "polygons.xml"
    mjcf.write_text(f"<mujoco><asset>{meshes}</asset><worldbody>{''.join(bodies)}</worldbody></mujoco>\n")
    return mjcf


def test_random_obj_polygons_match_mujoco(tmp_path):
    # Under the repository (the shell reads only below its root, through relative paths).
    folder = ref.ROOT / "target" / "mjcf_reference" / tmp_path.name / "polygons"
    model_path = str(write_model(folder).relative_to(ref.ROOT))
    expected = ref.reference(model_path, n_configs=3)
    got = morsel_compile(model_path, expected["configs"], tmp_path)
    mass = expected["total_mass"]
    assert abs(got["mass"] - mass) <= REL_TOL * mass, f"total mass {got['mass']} != MuJoCo's {mass}"
    m = mujoco.MjModel.from_xml_path(str(ref.ROOT / model_path))
    moments = np.sort(m.body_inertia[1:], axis=1)
    gap = np.min(np.diff(moments, axis=1), axis=1) / moments[:, 2]
    well_conditioned = {f"g{i}": gap[i] > 0.01 for i in range(POLYGONS)}
    assert sum(well_conditioned.values()) >= POLYGONS // 2
    for k, (exp, res) in enumerate(zip(expected["configs"], got["configs"])):
        com_err = np.abs(np.array(res["com"]) - np.array(exp["com"])).max()
        assert com_err <= REL_TOL * max(1.0, float(np.abs(exp["com"]).max())), f"config {k}: CoM off by {com_err:.3g}"
        assert len(res["geoms"]) == POLYGONS
        for g_exp, g_res in zip(exp["geoms"], res["geoms"]):
            what = f"config {k}, geom {g_exp['name']}"
            err = np.abs(np.array(g_res["pose"]["position"]) - np.array(g_exp["position"])).max()
            assert err <= MESH_TOL, f"{what}: centre of mass off by {err:.3g} m"
            if well_conditioned[g_exp["name"]]:
                assert_pose(what, g_exp, g_res["pose"], MESH_TOL)
                size_err = np.abs(np.array(g_res["size"]) - np.array(g_exp["size"])).max()
                assert size_err <= MESH_TOL, f"{what}: size {g_res['size']} != {g_exp['size']}"
