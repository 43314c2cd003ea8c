#!/usr/bin/env python3
"""An independent reimplementation of the layout of MIMo's TrimeshTouch (the peer for Morsel's
`touch(..., kind: "mesh")` on MJCF bodies), written from MIMo's documentation
(`shared/reference/mimo-touch.txt`, `mimo-touch-notes.md`), not from Morsel's Rust.

MIMo's TrimeshTouch, as documented:
- `add_body(body, scale)` spreads a sensor mesh over every geom of the body that collides
  (`contype` or `conaffinity` non-zero), in the geom's frame, with the `mimoTouch.sensormeshes`
  functions: the sensor points of `mimoTouch.sensorpoints` joined into a `trimesh.Trimesh`
  (spheres and ellipsoids through the convex hull of their points, the cylinder's caps through
  scipy's Delaunay triangulation, the rest triangulated by rings / face grids);
- the geom meshes are moved into the body frame (MuJoCo's compiled `geom_pos`, `geom_quat`) and
  concatenated; a vertex that lies inside another geom of the same body is inactive.

MIMo's docs leave open what becomes of a vertex exactly on another geom's surface, and MIMo's own
geoms share faces and tangent lines. Both this peer and Morsel decide those ties by the geometry:
a vertex is inactive when the point FACING_STEP outside it along its outward normal (MIMo's
normals: the primitive's, box edges the normalised sum of their faces', cylinder rims tilted to
45 degrees) lies inside or on another geom.

The vertex count of a body is the number of vertices of its concatenated trimesh, the active count
the number of vertices outside every other geom of the body. Containment is the closed-form test of
the MuJoCo primitive (`geom_size`), independent of any mesh approximation.

Usage: trimesh_touch.py MODEL.xml VERSION_KEY   prints {body: {vertices, active}} as JSON.
"""
import json
import math
import sys
from pathlib import Path

import mujoco
import numpy as np
import trimesh
from scipy.spatial import Delaunay

ROOT = Path(__file__).resolve().parents[3]
FACING_STEP = 1e-7
PARAMS = ROOT / "assets/robots/mimo/touch_params.json"

# MIMo's benchmark scenes and the key of their defaults in touch_params.json.
SCENES = {
    "assets/robots/mimo/benchmark_scene.xml": "v1 ",
    "assets/robots/mimo/benchmarkv2_scene.xml": "v2 ",
}


def default_scales(version_key):
    """MIMo's default `scales` (body -> sensor spacing) for a version key such as "v1 "."""
    params = json.loads(PARAMS.read_text())
    entry = next(v for k, v in params.items() if k.startswith(version_key))
    return entry["scales"]


def one_point():
    """The single centre point MIMo returns for a shape too small for the resolution."""
    return trimesh.Trimesh(vertices=np.zeros((1, 3)), faces=np.zeros((0, 3), dtype=int), process=False)


def grid_faces(rows, cols, offset=0, wrap=False):
    """Triangles over a rows x cols grid of vertices numbered row-major from `offset`;
    with `wrap`, the last column is joined back to the first (rings)."""
    faces = []
    ncol = cols if wrap else cols - 1
    for i in range(rows - 1):
        for j in range(ncol):
            a = offset + i * cols + j
            b = offset + i * cols + (j + 1) % cols
            c = offset + (i + 1) * cols + j
            d = offset + (i + 1) * cols + (j + 1) % cols
            faces += [[a, b, d], [a, d, c]]
    return faces


def mesh_box(res, s):
    """Six face grids of linspace(-s, s, max(2, ceil(2s/res))) coordinates per axis, merged
    along the shared edges (one vertex per surface grid point)."""
    if res > max(s):
        return one_point()
    axes = [np.linspace(-h, h, max(2, math.ceil(2 * h / res))) for h in s]
    verts, faces = [], []
    for axis in range(3):
        u, v = [a for a in range(3) if a != axis]
        for side in (-1.0, 1.0):
            gu, gv = np.meshgrid(axes[u], axes[v], indexing="ij")
            p = np.zeros((gu.size, 3))
            p[:, axis] = side * s[axis]
            p[:, u] = gu.ravel()
            p[:, v] = gv.ravel()
            faces += grid_faces(len(axes[u]), len(axes[v]), offset=sum(len(x) for x in verts))
            verts.append(p)
    # process=True merges the duplicated edge and corner vertices.
    return trimesh.Trimesh(vertices=np.vstack(verts), faces=np.array(faces), process=True)


def sphere_points(res, r):
    """Latitude rings of MIMo's sphere rule on the unit sphere scaled by r (no single-point case)."""
    n_theta = math.ceil(math.pi * r / res)
    pts = []
    for i in range(n_theta):
        theta = (i + 0.5) * math.pi / n_theta
        n_phi = round(2 * math.pi * math.sin(theta) * r / res)
        for j in range(n_phi):
            phi = 2 * math.pi * j / n_phi
            pts.append([math.sin(theta) * math.cos(phi), math.sin(theta) * math.sin(phi), math.cos(theta)])
    return np.array(pts)


def hull(points):
    """The convex hull of the points as a trimesh (MIMo meshes spheres and ellipsoids this way)."""
    return trimesh.convex.convex_hull(points)


def mesh_sphere(res, r):
    """MIMo's sphere points (rings) joined by their convex hull."""
    if res > r:
        return one_point()
    return hull(r * sphere_points(res, r))


def mesh_ellipsoid(res, radii):
    """The sphere rule at the largest semi-axis, scaled onto the ellipsoid, then the convex hull."""
    r = max(radii)
    if res > r:
        return one_point()
    return hull(sphere_points(res, r) * np.asarray(radii))


def rings(res, length, r):
    """The pipe's rings: ceil(L/res) + 1 rings of ceil(2 pi r/res) points, bottom first."""
    n_z = math.ceil(length / res) + 1
    n_phi = math.ceil(2 * math.pi * r / res)
    pts = []
    for i in range(n_z):
        z = i * length / (n_z - 1) - length / 2
        for j in range(n_phi):
            phi = 2 * math.pi * j / n_phi
            pts.append([r * math.cos(phi), r * math.sin(phi), z])
    return np.array(pts), n_z, n_phi


def mesh_cylinder(res, length, r):
    """Pipe rings triangulated by hand plus two caps of concentric rings, each cap triangulated
    with scipy's Delaunay over the cap points and the end ring."""
    if math.ceil(2 * math.pi * r / res) < 3 or math.ceil(length / res) < 2:
        return one_point()
    side, n_z, n_phi = rings(res, length, r)
    verts = [side]
    faces = grid_faces(n_z, n_phi, wrap=True)
    radii = np.linspace(0, r, round(r / res) + 1)[:-1]
    cap = []
    for rc in radii:
        if rc == 0:
            cap.append([0.0, 0.0])
            continue
        n = math.floor(2 * math.pi * rc / res)
        cap += [[rc * math.cos(2 * math.pi * (j + 0.5) / n), rc * math.sin(2 * math.pi * (j + 0.5) / n)] for j in range(n)]
    ring = side[:n_phi, :2]
    for z in (-length / 2, length / 2):
        flat = np.vstack([np.array(cap).reshape(-1, 2), ring])
        tri = Delaunay(flat).simplices + sum(len(v) for v in verts)
        verts.append(np.column_stack([flat, np.full(len(flat), z)]))
        faces += tri.tolist()
    # process=True merges each cap's copy of the end ring into the side's ring.
    return trimesh.Trimesh(vertices=np.vstack(verts), faces=np.array(faces), process=True)


def mesh_capsule(res, length, r):
    """Pipe rings plus two half-balls of latitude rings (a ring of fewer than two points becomes
    the pole), each half-ball meshed as the convex hull of its points and the end ring."""
    if math.ceil(2 * math.pi * r / res) < 3:
        return one_point()
    side, n_z, n_phi = rings(res, length, r)
    verts = [side]
    faces = grid_faces(n_z, n_phi, wrap=True)
    n_theta = round(math.pi * r / (2 * res))
    cap = []
    for i in range(n_theta):
        theta = i * math.pi / (2 * n_theta)
        n = round(2 * math.pi * math.sin(theta) * r / res)
        if n < 2:
            cap.append([0.0, 0.0, r])
            continue
        cap += [[r * math.sin(theta) * math.cos(2 * math.pi * j / n), r * math.sin(theta) * math.sin(2 * math.pi * j / n), r * math.cos(theta)] for j in range(n)]
    cap = np.array(cap).reshape(-1, 3)
    for sign, ring in ((1.0, side[-n_phi:]), (-1.0, side[:n_phi])):
        pts = cap * np.array([1.0, 1.0, sign]) + np.array([0.0, 0.0, sign * length / 2])
        half = hull(np.vstack([pts, ring]))
        faces += (half.faces + sum(len(v) for v in verts)).tolist()
        verts.append(half.vertices)
    return trimesh.Trimesh(vertices=np.vstack(verts), faces=np.array(faces), process=True)


def geom_mesh(kind, size, res):
    """The sensor mesh of one MuJoCo geom (MuJoCo sizes: half-lengths, which MIMo doubles)."""
    if kind == mujoco.mjtGeom.mjGEOM_BOX:
        return mesh_box(res, size)
    if kind == mujoco.mjtGeom.mjGEOM_SPHERE:
        return mesh_sphere(res, size[0])
    if kind == mujoco.mjtGeom.mjGEOM_ELLIPSOID:
        return mesh_ellipsoid(res, size)
    if kind == mujoco.mjtGeom.mjGEOM_CYLINDER:
        return mesh_cylinder(res, 2 * size[1], size[0])
    if kind == mujoco.mjtGeom.mjGEOM_CAPSULE:
        return mesh_capsule(res, 2 * size[1], size[0])
    raise ValueError(f"MIMo's TrimeshTouch has no sensor mesh for geom type {kind}")


def signed_distance(kind, size, p):
    """Closed-form signed distance (negative inside) of points p (n x 3, geom frame) to a MuJoCo
    primitive; for the ellipsoid a value with the sign of the implicit function (enough for
    containment)."""
    x, y, z = p[:, 0], p[:, 1], p[:, 2]
    if kind == mujoco.mjtGeom.mjGEOM_SPHERE:
        return np.linalg.norm(p, axis=1) - size[0]
    if kind == mujoco.mjtGeom.mjGEOM_CAPSULE:
        zc = np.clip(z, -size[1], size[1])
        return np.sqrt(x * x + y * y + (z - zc) ** 2) - size[0]
    if kind == mujoco.mjtGeom.mjGEOM_CYLINDER:
        return np.maximum(np.hypot(x, y) - size[0], np.abs(z) - size[1])
    if kind == mujoco.mjtGeom.mjGEOM_BOX:
        return np.max(np.abs(p) - np.asarray(size[:3]), axis=1)
    if kind == mujoco.mjtGeom.mjGEOM_ELLIPSOID:
        return (x / size[0]) ** 2 + (y / size[1]) ** 2 + (z / size[2]) ** 2 - 1.0
    raise ValueError(f"no containment test for geom type {kind}")


def normals(kind, size, p):
    """MIMo's outward normals of sensor points p (n x 3, geom frame) on a primitive; +z for the
    single centre point of a shape too small for the resolution."""
    tiny = 1e-12
    n = np.zeros_like(p)
    centre = np.linalg.norm(p, axis=1) < tiny
    if kind == mujoco.mjtGeom.mjGEOM_BOX:
        on = np.abs(p) >= np.asarray(size[:3]) - tiny
        n = np.where(on, np.sign(p), 0.0)
    elif kind == mujoco.mjtGeom.mjGEOM_SPHERE:
        n = p.copy()
    elif kind == mujoco.mjtGeom.mjGEOM_ELLIPSOID:
        n = p / np.asarray(size[:3]) ** 2
    elif kind == mujoco.mjtGeom.mjGEOM_CAPSULE:
        zc = np.clip(p[:, 2], -size[1], size[1])
        n = p - np.column_stack([np.zeros(len(p)), np.zeros(len(p)), zc])
    elif kind == mujoco.mjtGeom.mjGEOM_CYLINDER:
        rho = np.hypot(p[:, 0], p[:, 1])
        end = np.abs(p[:, 2]) >= size[1] - tiny
        rim = end & (rho >= size[0] - tiny)
        radial = np.column_stack([p[:, 0], p[:, 1], np.zeros(len(p))]) / np.maximum(rho, tiny)[:, None]
        n = np.where(end[:, None], np.column_stack([np.zeros((len(p), 2)), np.sign(p[:, 2])]), radial)
        n[rim] = radial[rim] + np.column_stack([np.zeros((len(p), 2)), np.sign(p[:, 2])])[rim]
    n[centre] = [0.0, 0.0, 1.0]
    return n / np.linalg.norm(n, axis=1)[:, None]


def quat_matrix(q):
    """Rotation matrix of a MuJoCo quaternion [w, x, y, z]."""
    m = np.zeros(9)
    mujoco.mju_quat2Mat(m, np.asarray(q, dtype=float))
    return m.reshape(3, 3)


def layout(model_path, scales):
    """{body: {"vertices": V, "active": A}} of TrimeshTouch with `scales` on the MJCF model."""
    m = mujoco.MjModel.from_xml_path(str(ROOT / model_path))
    out = {}
    for body, scale in scales.items():
        b = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_BODY, body)
        if b < 0:
            raise KeyError(f"no body {body!r} in {model_path}")
        geoms = [g for g in range(m.ngeom) if m.geom_bodyid[g] == b and (m.geom_contype[g] or m.geom_conaffinity[g])]
        placed = []
        for g in geoms:
            mesh = geom_mesh(m.geom_type[g], m.geom_size[g], scale)
            rot = quat_matrix(m.geom_quat[g])
            out_normals = normals(m.geom_type[g], m.geom_size[g], mesh.vertices) @ rot.T
            placed.append((g, mesh.vertices @ rot.T + m.geom_pos[g], rot, out_normals))
        vertices = sum(len(p[1]) for p in placed)
        active = 0
        for g, verts, _, out_normals in placed:
            probes = verts + FACING_STEP * out_normals
            inside = np.zeros(len(verts), dtype=bool)
            for h, _, rot, _ in placed:
                if h == g:
                    continue
                local = (probes - m.geom_pos[h]) @ rot
                inside |= signed_distance(m.geom_type[h], m.geom_size[h], local) <= 0.0
            active += int((~inside).sum())
        out[body] = {"vertices": vertices, "active": active}
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    print(json.dumps(layout(sys.argv[1], default_scales(sys.argv[2])), indent=1))


if __name__ == "__main__":
    main()
