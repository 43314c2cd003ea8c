#!/usr/bin/env python3
"""Reference data for Morsel's MJCF loader, computed by real MuJoCo (PyPI `mujoco`).

For each model it compiles the MJCF with MuJoCo, draws random configurations (seeded) and records
what MuJoCo's `mj_kinematics` and `mj_comPos` give: body and site poses, geom poses with their
MuJoCo sizes, the world AABB of every geom, the total mass and the whole-model centre of mass.

The AABBs are not MuJoCo's own (it keeps local boxes only): for primitives they are the closed-form
extents of the shape placed at MuJoCo's geom pose, for meshes the box of MuJoCo's own (float32)
vertices placed at that pose. Planes have no finite box (null).

A site named like a body is recorded as "site:NAME", the frame name Morsel gives it.
Unnamed elements take the names Morsel's loader gives them: "body<id>", "joint<id>", "geom<id>",
"site<id>" with MuJoCo's id; the world body is left out of "bodies".

Usage: make_reference.py [--check]   (from anywhere; paths are relative to the repository root)
  writes kinematics/tests/mjcf_reference/<model>.json; --check compares with the files instead.
"""
import json
import math
import sys
from pathlib import Path

import mujoco
import numpy as np

ROOT = Path(__file__).resolve().parents[3]
OUT = Path(__file__).resolve().parent
CONFIGS_PER_MODEL = 10

# model file (relative to the repository root) -> reference file name
MODELS = {
    "assets/robots/mimo/benchmark_scene.xml": "mimo_v1",
    "assets/robots/mimo/benchmarkv2_scene.xml": "mimo_v2",
    "assets/robots/gymnasium/humanoid.xml": "gymnasium_humanoid",
    "assets/robots/gymnasium/ant.xml": "gymnasium_ant",
    "kinematics/tests/mjcf_models/features_a.xml": "features_a",
    "kinematics/tests/mjcf_models/features_b.xml": "features_b",
    "kinematics/tests/mjcf_models/names.xml": "names",
    "kinematics/tests/mjcf_models/fitted.xml": "fitted",
    "kinematics/tests/mjcf_models/fitted_aabb.xml": "fitted_aabb",
    "kinematics/tests/mjcf_models/obj_objects.xml": "obj_objects",
    "kinematics/tests/mjcf_models/obj_polygons.xml": "obj_polygons",
    "kinematics/tests/mjcf_models/include_dirs/main.xml": "include_dirs",
    "kinematics/tests/mjcf_models/default_orientations.xml": "default_orientations",
    "kinematics/tests/mjcf_models/height_fields.xml": "height_fields",
    "kinematics/tests/mjcf_models/fuse_static.xml": "fuse_static",
    "kinematics/tests/mjcf_models/fuse_static_mass.xml": "fuse_static_mass",
    "kinematics/tests/mjcf_models/attach/attach.xml": "attach",
}

# model file -> reference file name of its meshes' vertex counts and triangles (MuJoCo's
# triangulation of OBJ polygons, compared triangle by triangle).
MESH_FACES = {
    "kinematics/tests/mjcf_models/obj_polygons.xml": "obj_polygons_faces",
}

GEOM_TYPES = {
    mujoco.mjtGeom.mjGEOM_PLANE: "plane",
    mujoco.mjtGeom.mjGEOM_SPHERE: "sphere",
    mujoco.mjtGeom.mjGEOM_CAPSULE: "capsule",
    mujoco.mjtGeom.mjGEOM_ELLIPSOID: "ellipsoid",
    mujoco.mjtGeom.mjGEOM_CYLINDER: "cylinder",
    mujoco.mjtGeom.mjGEOM_BOX: "box",
    mujoco.mjtGeom.mjGEOM_MESH: "mesh",
    mujoco.mjtGeom.mjGEOM_HFIELD: "hfield",
}


def name_of(m, kind, i):
    """The element's MJCF name, or the name Morsel gives an unnamed one."""
    obj = getattr(m, kind)(i)
    if obj.name:
        # A site named like a body is Morsel's frame "site:NAME" (the plain name is the body's).
        if kind == "site" and any(m.body(b).name == obj.name for b in range(m.nbody)):
            return "site:" + obj.name
        return obj.name
    if kind == "body" and i == 0:
        return "world"
    return f"{kind}{i}"


def random_unit_quaternion(rng):
    q = rng.normal(size=4)
    return q / np.linalg.norm(q)


def random_qpos(m, rng):
    """A random configuration: within limits for limited hinge/slide joints, [-pi, pi] or
    [-0.5, 0.5] m otherwise, a random unit quaternion for ball joints, a random pose near the
    model's own for free joints."""
    qpos = m.qpos0.copy()
    for j in range(m.njnt):
        adr = m.jnt_qposadr[j]
        kind = mujoco.mjtJoint(m.jnt_type[j])
        if kind == mujoco.mjtJoint.mjJNT_FREE:
            qpos[adr:adr + 3] = m.qpos0[adr:adr + 3] + rng.uniform(-0.5, 0.5, 3)
            qpos[adr + 3:adr + 7] = random_unit_quaternion(rng)
        elif kind == mujoco.mjtJoint.mjJNT_BALL:
            qpos[adr:adr + 4] = random_unit_quaternion(rng)
        else:
            if m.jnt_limited[j]:
                lo, hi = m.jnt_range[j]
            elif kind == mujoco.mjtJoint.mjJNT_HINGE:
                lo, hi = -math.pi, math.pi
            else:
                lo, hi = -0.5, 0.5
            qpos[adr] = rng.uniform(lo, hi)
    return qpos


def joint_values(m, qpos):
    """qpos as a map joint name -> value (float for hinge/slide, list for ball/free)."""
    sizes = {
        mujoco.mjtJoint.mjJNT_FREE: 7,
        mujoco.mjtJoint.mjJNT_BALL: 4,
        mujoco.mjtJoint.mjJNT_SLIDE: 1,
        mujoco.mjtJoint.mjJNT_HINGE: 1,
    }
    out = {}
    for j in range(m.njnt):
        adr, n = m.jnt_qposadr[j], sizes[mujoco.mjtJoint(m.jnt_type[j])]
        value = [float(v) for v in qpos[adr:adr + n]]
        out[name_of(m, "joint", j)] = value[0] if n == 1 else value
    return out


def primitive_extent(kind, size, xmat):
    """Half-extents along the world axes of a primitive with MuJoCo size `size` and rotation `xmat`."""
    r = xmat.reshape(3, 3)
    if kind == "sphere":
        return np.full(3, size[0])
    if kind == "capsule":
        return np.abs(r[:, 2]) * size[1] + size[0]
    if kind == "cylinder":
        z = r[:, 2]
        return np.abs(z) * size[1] + size[0] * np.sqrt(np.maximum(0.0, 1.0 - z * z))
    if kind == "box":
        return np.abs(r) @ size
    if kind == "ellipsoid":
        return np.sqrt((r * r) @ (size * size))
    raise ValueError(kind)


def geom_aabb(m, d, g, kind):
    if kind == "plane":
        return None
    pos, xmat = d.geom_xpos[g], d.geom_xmat[g]
    if kind == "mesh":
        mesh = m.geom_dataid[g]
        start, count = m.mesh_vertadr[mesh], m.mesh_vertnum[mesh]
        verts = m.mesh_vert[start:start + count].astype(np.float64)
        world = verts @ xmat.reshape(3, 3).T + pos
        lo, hi = world.min(axis=0), world.max(axis=0)
    elif kind == "hfield":
        # MuJoCo's stored elevations (normalised, row 0 at -y) on its grid, and the base below.
        field = m.geom_dataid[g]
        nrow, ncol = m.hfield_nrow[field], m.hfield_ncol[field]
        rx, ry, top, base = m.hfield_size[field]
        start = m.hfield_adr[field]
        z = m.hfield_data[start:start + nrow * ncol].astype(np.float64).reshape(nrow, ncol)
        x, y = np.meshgrid(np.linspace(-rx, rx, ncol), np.linspace(-ry, ry, nrow))
        surface = np.stack([x.ravel(), y.ravel(), (z * top).ravel()], axis=1)
        bottom = np.stack([x.ravel(), y.ravel(), np.full(nrow * ncol, -base)], axis=1)
        world = np.vstack([surface, bottom]) @ xmat.reshape(3, 3).T + pos
        lo, hi = world.min(axis=0), world.max(axis=0)
    else:
        ext = primitive_extent(kind, m.geom_size[g], xmat)
        lo, hi = pos - ext, pos + ext
    return [[float(v) for v in lo], [float(v) for v in hi]]


def body_inertia_matrix(m, b):
    """Body `b`'s inertia about its CoM in the body frame: R(iquat) diag(inertia) R^T."""
    r = np.zeros(9)
    mujoco.mju_quat2Mat(r, m.body_iquat[b])
    r = r.reshape(3, 3)
    return floats((r @ np.diag(m.body_inertia[b]) @ r.T).reshape(9))


def floats(a):
    return [float(v) for v in a]


def snapshot(m, d):
    bodies = {
        name_of(m, "body", b): {"position": floats(d.xpos[b]), "xmat": floats(d.xmat[b])}
        for b in range(1, m.nbody)
    }
    sites = {
        name_of(m, "site", s): {"position": floats(d.site_xpos[s]), "xmat": floats(d.site_xmat[s])}
        for s in range(m.nsite)
    }
    geoms = []
    for g in range(m.ngeom):
        kind = GEOM_TYPES.get(mujoco.mjtGeom(m.geom_type[g]))
        if kind is None:
            continue
        geoms.append({
            "name": name_of(m, "geom", g),
            "body": name_of(m, "body", m.geom_bodyid[g]),
            "type": kind,
            "size": floats(m.geom_size[g]),
            "position": floats(d.geom_xpos[g]),
            "xmat": floats(d.geom_xmat[g]),
            "aabb": geom_aabb(m, d, g, kind),
        })
    return bodies, sites, geoms


def reference(model_path, seed=0, n_configs=CONFIGS_PER_MODEL):
    """MuJoCo's compile of `model_path` (relative to the repository root) at `n_configs` random
    configurations; the first configuration is qpos0."""
    m = mujoco.MjModel.from_xml_path(str(ROOT / model_path))
    d = mujoco.MjData(m)
    rng = np.random.default_rng(seed)
    configs = []
    for k in range(n_configs):
        qpos = m.qpos0.copy() if k == 0 else random_qpos(m, rng)
        d.qpos[:] = qpos
        mujoco.mj_kinematics(m, d)
        mujoco.mj_comPos(m, d)
        bodies, sites, geoms = snapshot(m, d)
        configs.append({
            "qpos": floats(qpos),
            "q": joint_values(m, qpos),
            "bodies": bodies,
            "sites": sites,
            "geoms": geoms,
            "com": floats(d.subtree_com[0]),
        })
    return {
        "model": model_path,
        "mujoco_version": mujoco.__version__,
        "nbody": int(m.nbody),
        "ngeom": int(m.ngeom),
        "nsite": int(m.nsite),
        "total_mass": float(mujoco.mj_getTotalmass(m)),
        # Per body (world left out): mass and principal moments of inertia, ascending.
        "body_mass": {name_of(m, "body", b): float(m.body_mass[b]) for b in range(1, m.nbody)},
        "body_inertia": {
            name_of(m, "body", b): sorted(floats(m.body_inertia[b])) for b in range(1, m.nbody)
        },
        # Per body, world first: names in MuJoCo's order, parents, pose in the parent
        # (body_pos, body_quat w x y z) and inertial frame (body_ipos, body_iquat).
        "body_names": [name_of(m, "body", b) for b in range(m.nbody)],
        "body_parent": [int(p) for p in m.body_parentid],
        "body_pos": [floats(v) for v in m.body_pos],
        "body_quat": [floats(v) for v in m.body_quat],
        "body_ipos": [floats(v) for v in m.body_ipos],
        "body_iquat": [floats(v) for v in m.body_iquat],
        # Rotational inertia about the CoM in the body's axes (row major), from the two above.
        "body_inertia_matrix": [body_inertia_matrix(m, b) for b in range(m.nbody)],
        "configs": configs,
    }


def mesh_faces(model_path):
    """Per mesh of MuJoCo's compile of `model_path`: its vertex count and its triangles (vertex
    indices within the mesh), in MuJoCo's order."""
    m = mujoco.MjModel.from_xml_path(str(ROOT / model_path))
    meshes = {}
    for i in range(m.nmesh):
        start, count = m.mesh_faceadr[i], m.mesh_facenum[i]
        meshes[m.mesh(i).name] = {
            "vertices": int(m.mesh_vertnum[i]),
            "faces": [[int(k) for k in f] for f in m.mesh_face[start:start + count]],
        }
    return {"model": model_path, "mujoco_version": mujoco.__version__, "meshes": meshes}


def main():
    check = "--check" in sys.argv[1:]
    failed = False
    for path, name in MODELS.items():
        ref = reference(path)
        target = OUT / f"{name}.json"
        text = json.dumps(ref, indent=1) + "\n"
        if check:
            old = json.loads(target.read_text())
            if old["configs"] != ref["configs"] or old["total_mass"] != ref["total_mass"]:
                print(f"{target}: differs from MuJoCo {mujoco.__version__}'s compile")
                failed = True
        else:
            target.write_text(text)
            print(f"wrote {target.relative_to(ROOT)} ({len(ref['configs'])} configurations)")
    for path, name in MESH_FACES.items():
        ref = mesh_faces(path)
        target = OUT / f"{name}.json"
        if check:
            if json.loads(target.read_text())["meshes"] != ref["meshes"]:
                print(f"{target}: differs from MuJoCo {mujoco.__version__}'s compile")
                failed = True
        else:
            target.write_text(json.dumps(ref, indent=1) + "\n")
            print(f"wrote {target.relative_to(ROOT)} ({len(ref['meshes'])} meshes)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
