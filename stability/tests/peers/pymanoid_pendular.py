"""Reference ZMP support areas and CoM acceleration cones from pymanoid's own code, for Morsel's
Rust test `stability/tests/stability/pendular.rs`.

pymanoid needs OpenRAVE, which does not install from PyPI; this script loads pymanoid's
`contact.py`, `stance.py` and `transformations.py` from a checkout with small stand-ins for the
modules they import but these functions do not use (the OpenRAVE bodies, the simulation, the
tasks), and pymanoid's `pypoman` submodule replaced by `pypoman` from PyPI (1.2; its
`project_polytope` and `compute_polygon_hull` are the ones pymanoid calls). It then runs
`Stance.compute_zmp_support_area` (its default method, "bretl") and
`Stance.compute_pendular_accel_cone` on a few stances.

Run:
    git clone https://github.com/stephane-caron/pymanoid /tmp/pymanoid
    $VENV/bin/pip install pypoman pycddlib cvxopt scipy matplotlib
    $VENV/bin/python stability/tests/peers/pymanoid_pendular.py /tmp/pymanoid \\
        stability/tests/data/pymanoid_pendular.json
"""

import importlib.util
import json
import sys
import types

import numpy as np
import pypoman


def stub(name, **items):
    module = types.ModuleType(name)
    module.__dict__.update(items)
    sys.modules[name] = module
    return module


class Box:
    """Stand-in for pymanoid's OpenRAVE box: only the pose attributes the contact code reads."""

    def place(self, pos, rotation):
        self.p = np.array(pos, dtype=float)
        self.R = rotation
        self.n = rotation[:, 2]
        self.T = np.eye(4)
        self.T[:3, :3] = rotation
        self.T[:3, 3] = self.p


def rotation_from_quaternion(q):
    """OpenRAVE's `rotationMatrixFromQuat` (quaternion [w, x, y, z], normalised)."""
    w, x, y, z = np.asarray(q, dtype=float) / np.linalg.norm(q)
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])


class Nothing:
    pass


def load(root, name):
    spec = importlib.util.spec_from_file_location(f"pymanoid.{name}", f"{root}/pymanoid/{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[f"pymanoid.{name}"] = module
    spec.loader.exec_module(module)
    return module


def pymanoid_modules(root):
    package = stub("pymanoid")
    package.__path__ = [f"{root}/pymanoid"]
    stub("openravepy", quatFromRotationMatrix=None, rotationMatrixFromQuat=rotation_from_quaternion,
         axisAngleFromQuat=None)
    stub("simplejson")
    stub("pymanoid.body", Box=Box, PointMass=Nothing)
    stub("pymanoid.sim", gravity=np.array([0.0, 0.0, -9.81]), Process=Nothing)
    stub("pymanoid.tasks", COMTask=Nothing, ContactTask=Nothing, DOFTask=Nothing,
         MinVelTask=Nothing, PostureTask=Nothing)
    stub("pymanoid.qpsolvers", solve_qp=None)
    sys.modules["pymanoid.pypoman"] = pypoman
    load(root, "misc")
    transformations = load(root, "transformations")
    contact = load(root, "contact")
    stance = load(root, "stance")
    return transformations, contact, stance


CASES = [
    # (contacts [(shape, pos, rpy, friction)], com, ZMP heights)
    ([([0.11, 0.05], [0.0, 0.15, 0.0], [0.0, 0.0, 0.0], 0.7),
      ([0.11, 0.05], [0.0, -0.15, 0.0], [0.0, 0.0, 0.0], 0.7)],
     [0.0, 0.0, 0.8], [0.0, 0.4]),
    ([([0.11, 0.05], [0.05, 0.2, 0.02], [0.2, 0.0, 0.3], 0.6),
      ([0.11, 0.05], [-0.1, -0.12, 0.0], [0.0, -0.15, -0.2], 0.8)],
     [0.02, 0.03, 0.75], [0.0, 0.3, 1.2]),
    ([([0.11, 0.05], [0.0, 0.15, 0.0], [0.0, 0.0, 0.0], 0.7),
      ([0.11, 0.05], [0.0, -0.15, 0.0], [0.0, 0.0, 0.0], 0.7),
      ([0.04, 0.04], [0.45, 0.3, 1.1], [0.0, -np.pi / 2, 0.0], 0.5),
      ([0.04, 0.04], [0.45, -0.3, 1.1], [0.0, -np.pi / 2, 0.0], 0.5)],
     [0.1, 0.0, 0.8], [0.0, 0.5]),
    ([([0.1, 0.06], [0.3, 0.1, 0.1], [0.25, 0.1, 0.0], 0.9),
      ([0.08, 0.05], [-0.2, 0.05, 0.0], [-0.1, 0.2, 0.5], 0.5),
      ([0.09, 0.04], [0.05, -0.25, 0.05], [0.0, 0.0, -0.4], 0.7)],
     [0.05, -0.02, 0.9], [0.05, 0.6]),
]


def main():
    root, out = sys.argv[1], sys.argv[2]
    transformations, contact_module, stance_module = pymanoid_modules(root)
    cases = []
    for contacts_in, com, heights in CASES:
        contacts = []
        for shape, pos, rpy, friction in contacts_in:
            c = contact_module.Contact.__new__(contact_module.Contact)
            c.shape, c.friction, c.max_pressure = shape, friction, None
            c.place(pos, transformations.rotation_matrix_from_rpy(rpy))
            contacts.append(c)
        stance = stance_module.Stance.__new__(stance_module.Stance)
        # Stance.contacts lists these four slots (in this order), skipping empty ones.
        slots = ["left_foot", "left_hand", "right_foot", "right_hand"]
        for slot, c in zip(slots, contacts + [None] * (4 - len(contacts))):
            setattr(stance, slot, c)
        point = Nothing()
        point.p = np.array(com)
        point.x, point.y, point.z = com
        stance.com = point
        areas = []
        for height in heights:
            area = {"height": height}
            # Bretl's method only: through pypoman 1.2, method "cdd" returns hundreds of
            # projected points (most inside the area) rather than its vertices, and takes
            # minutes beyond two contacts.
            vertices = stance.compute_zmp_support_area(height, method="bretl")
            area["bretl"] = [list(map(float, v)) for v in vertices]
            areas.append(area)
        reduced = stance.compute_pendular_accel_cone(reduced=True)
        cone = stance.compute_pendular_accel_cone()
        cases.append({
            "contacts": [{"shape": s, "pos": p, "rpy": list(r), "friction": f}
                         for s, p, r, f in contacts_in],
            "com": com,
            "zmp_areas": areas,
            "accel_reduced": [list(map(float, v)) for v in reduced],
            "accel_cone": [list(map(float, v)) for v in cone],
        })
    with open(out, "w") as f:
        f.write('{"peer": "pymanoid (stance.py, contact.py) with pypoman %s", "cases": [\n'
                % pypoman.__version__)
        f.write(",\n".join(json.dumps(case) for case in cases))
        f.write("\n]}\n")


if __name__ == "__main__":
    main()
