"""Morsel's MJCF loader against MuJoCo's own compile, live (pytest; needs `mujoco`, `numpy` and a
built `morsel` binary: MORSEL_BIN, else target/release/morsel, else target/debug/morsel).

For every model of make_reference.MODELS, MuJoCo compiles the MJCF and is posed at random
configurations; a Rhai script run by `morsel run` loads the same file with `mjcf(path)` and reports
`fk`, `geoms`, `com` and `mass` at the same configurations. Tolerances are the issue's: body and
site poses 1e-9 (m, and on rotation matrices), primitive geom centres and AABBs 1e-9 m, mesh geoms
2e-6 m (MuJoCo keeps float32 vertices), total mass and CoM 1e-9 relative.
"""
import json
import os
import sys
from pathlib import Path

import numpy as np
import pytest

import make_reference as ref

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from morsel_cli import morsel_binary, rhai_value, run_script  # noqa: E402  (shared with urdf_reference, corpus)

ROOT = ref.ROOT
POSE_TOL = 1e-9
MESH_TOL = 2e-6
REL_TOL = 1e-9
# Primitives fitted to a mesh sit in the mesh's inertial frame, whose rotation MuJoCo's
# eigen-solver leaves ~2e-8 from exact (the float precision mesh geoms are held to); fitted to the
# mesh's bounding box, their sizes (so masses) come from vertices turned by that frame.
GEOM_TOL = {
    "kinematics/tests/mjcf_models/fitted.xml": MESH_TOL,
    "kinematics/tests/mjcf_models/fitted_aabb.xml": MESH_TOL,
}
MASS_TOL = {"kinematics/tests/mjcf_models/fitted_aabb.xml": 5e-8}


def morsel_compile(model_path, configs, tmp_path):
    """Runs `mjcf` + `fk`/`geoms`/`com`/`mass` through the morsel binary; returns its results."""
    qs = rhai_value([c["q"] for c in configs])
    # The shell reads only below its --root and only through relative paths, so the script
    # lives in the repository (under target/) and names the model relative to itself.
    work = ROOT / "target" / "mjcf_reference" / tmp_path.name
    work.mkdir(parents=True, exist_ok=True)
    script = work / "mjcf_against_mujoco.rhai"
    model = os.path.relpath(ROOT / model_path, work)
    script.write_text(
        f"let r = mjcf({json.dumps(model)});\n"
        f"let out = [];\n"
        f"for q in {qs} {{\n"
        f"    out.push(#{{ fk: fk(r, q), geoms: geoms(r, q), com: com(r, q) }});\n"
        f"}}\n"
        f"save(\"result.json\", #{{ mass: mass(r), configs: out }});\n"
    )
    out = tmp_path / "out"
    run_script(script, out, ROOT)
    return json.loads((out / "result.json").read_text())


def quat_to_matrix(q):
    w, x, y, z = q
    n = np.sqrt(w * w + x * x + y * y + z * z)
    w, x, y, z = w / n, x / n, y / n, z / n
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
    ])


def assert_pose(what, expected, got, tol):
    pos_err = np.abs(np.array(got["position"]) - np.array(expected["position"])).max()
    rot_err = np.abs(quat_to_matrix(got["quaternion"]) - np.array(expected["xmat"]).reshape(3, 3)).max()
    assert pos_err <= tol, f"{what}: position off by {pos_err:.3g} m"
    assert rot_err <= tol, f"{what}: rotation matrix off by {rot_err:.3g}"


@pytest.mark.parametrize("model_path", list(ref.MODELS))
def test_mjcf_matches_mujoco(model_path, tmp_path):
    assert_matches_mujoco(model_path, tmp_path)


def assert_matches_mujoco(model_path, tmp_path):
    """Morsel's compile of `model_path` (relative to the repository root) agrees with MuJoCo's."""
    expected = ref.reference(model_path)
    got = morsel_compile(model_path, expected["configs"], tmp_path)

    rel_tol = MASS_TOL.get(model_path, REL_TOL)
    primitive_tol = GEOM_TOL.get(model_path, POSE_TOL)
    mass = expected["total_mass"]
    assert abs(got["mass"] - mass) <= rel_tol * mass, f"total mass {got['mass']} != MuJoCo's {mass}"

    assert len(got["configs"]) == len(expected["configs"])
    for k, (exp, res) in enumerate(zip(expected["configs"], got["configs"])):
        where = f"{model_path}, configuration {k}"
        for kind in ("bodies", "sites"):
            for name, pose in exp[kind].items():
                assert name in res["fk"], f"{where}: fk has no {kind[:-1]} {name!r}"
                assert_pose(f"{where}, {name}", pose, res["fk"][name], POSE_TOL)

        com_scale = max(1.0, float(np.abs(exp["com"]).max()))
        com_err = np.abs(np.array(res["com"]) - np.array(exp["com"])).max()
        assert com_err <= rel_tol * com_scale, f"{where}: CoM off by {com_err:.3g}"

        assert len(res["geoms"]) == len(exp["geoms"]), f"{where}: geom count"
        for g_exp, g_res in zip(exp["geoms"], res["geoms"]):
            what = f"{where}, geom {g_exp['name']!r}"
            assert g_res["name"] == g_exp["name"], f"{what}: Morsel lists {g_res['name']!r} here"
            assert g_res["body"] == g_exp["body"], f"{what}: body"
            assert g_res["type"] == g_exp["type"], f"{what}: type"
            # Mesh sizes and height-field elevations are MuJoCo's float32 values: the mesh
            # tolerance.
            tol = MESH_TOL if g_exp["type"] in ("mesh", "hfield") else primitive_tol
            size_err = np.abs(np.array(g_res["size"]) - np.array(g_exp["size"])).max()
            assert size_err <= tol, f"{what}: size {g_res['size']} != {g_exp['size']}"
            assert_pose(what, g_exp, g_res["pose"], tol)
            if g_exp["aabb"] is not None:
                aabb_err = np.abs(np.array(g_res["aabb"]) - np.array(g_exp["aabb"])).max()
                assert aabb_err <= tol, f"{what}: AABB off by {aabb_err:.3g} m"


def test_reference_files_are_current():
    """The checked-in reference files (read by the Rust tests) are what this MuJoCo compiles."""
    for path, name in ref.MODELS.items():
        stored = json.loads((ref.OUT / f"{name}.json").read_text())
        fresh = ref.reference(path)
        for a, b in zip(stored["configs"], fresh["configs"]):
            assert np.allclose(a["qpos"], b["qpos"], rtol=0, atol=1e-12), name
            for body, pose in a["bodies"].items():
                assert np.allclose(pose["position"], b["bodies"][body]["position"], rtol=0, atol=1e-9), (name, body)


def test_mesh_faces_files_are_current():
    """The checked-in triangles of MuJoCo's OBJ polygon splits (read by the Rust tests) are what
    this MuJoCo compiles."""
    for path, name in ref.MESH_FACES.items():
        stored = json.loads((ref.OUT / f"{name}.json").read_text())
        assert stored["meshes"] == ref.mesh_faces(path)["meshes"], name
