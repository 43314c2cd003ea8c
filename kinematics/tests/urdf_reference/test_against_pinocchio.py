"""URDF loading against Pinocchio (pytest; needs `pin` (Pinocchio), `numpy` and a built `morsel`
binary: `.ci/mujoco.sh` installs them and runs this folder).

Each URDF of `MODELS` (the bundled Solo-12, Panda and UR5, and the small models beside this file:
every joint kind, a mimic with multiplier and offset, a mimic on a fixed joint, a mimic of an
unknown joint, empty textures) is loaded by Pinocchio (`buildModelFromUrdf`, fixed base) and, in a
Rhai script, by the `morsel` binary (`urdf`, `get_joints`, `fk`, `com`, `mass`). Compared:
- the frames: Morsel's `fk` map has exactly Pinocchio's BODY frames (one per link);
- the joints: Morsel's `get_joints` are Pinocchio's joints less the mimic joints Morsel follows
  (Pinocchio's default reading keeps a mimic joint as a joint of its own; its value is set here to
  multiplier * leader + offset, which is what the URDF asks for);
- at 20 seeded random configurations, every link's pose (1e-9), and the centre of mass (1e-9 m),
  computed here from Pinocchio's joint placements and body inertias, the root link's included;
- the total mass (1e-12 relative), the sum of Pinocchio's body inertias, the root link's included
  (Pinocchio keeps it on the universe joint, which its own `computeTotalMass` leaves out).
"""
import json
import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

pin = pytest.importorskip("pinocchio")

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from morsel_cli import rhai_value, run_script  # noqa: E402  (shared with mjcf_reference, corpus)

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent
POSE_TOL = 1e-9
COM_TOL = 1e-9
MASS_REL_TOL = 1e-12
CONFIGS = 20

MODELS = {
    "solo12": ROOT / "assets/robots/solo12/solo12.urdf",
    "panda": ROOT / "assets/robots/panda/panda.urdf",
    "ur5": ROOT / "assets/robots/ur5/ur5_robot.urdf",
    "features": HERE / "models/features.urdf",
    "mimic_on_fixed": HERE / "models/mimic_on_fixed.urdf",
    "unknown_mimic": HERE / "models/unknown_mimic.urdf",
    "empty_texture": HERE / "models/empty_texture.urdf",
}


def urdf_joints(path):
    """name -> (type, lower, upper, mimic) from the URDF text, read with ElementTree."""
    joints = {}
    for j in ET.parse(path).getroot().findall("joint"):
        limit = j.find("limit")
        lower = float(limit.get("lower", "0")) if limit is not None else 0.0
        upper = float(limit.get("upper", "0")) if limit is not None else 0.0
        mimic = j.find("mimic")
        if mimic is not None:
            mimic = (mimic.get("joint"), float(mimic.get("multiplier", "1")),
                     float(mimic.get("offset", "0")))
        joints[j.get("name")] = (j.get("type"), lower, upper, mimic)
    return joints


def followed_mimics(joints):
    """The mimic joints a URDF reader follows: a moving joint whose leader exists."""
    return {name: m for name, (kind, _, _, m) in joints.items()
            if m is not None and kind != "fixed" and m[0] in joints}


def random_values(joints, independent, rng):
    values = {}
    for name in independent:
        kind, lower, upper, _ = joints[name]
        if kind == "continuous" or lower >= upper:
            lower, upper = -np.pi, np.pi
        values[name] = float(rng.uniform(lower, upper))
    return values


def pinocchio_q(model, joints, values):
    """Pinocchio's q for Morsel's joint values, the followed mimics set from their leaders."""
    mimics = followed_mimics(joints)
    q = pin.neutral(model)
    for j in range(1, model.njoints):
        name = model.names[j]
        if name in mimics:
            leader, multiplier, offset = mimics[name]
            value = multiplier * values[leader] + offset
        else:
            value = values[name]
        at, nq = model.joints[j].idx_q, model.joints[j].nq
        if nq == 1:
            q[at] = value
        elif nq == 2:  # continuous: (cos, sin)
            q[at], q[at + 1] = np.cos(value), np.sin(value)
        else:
            raise AssertionError(f"joint {name} has nq {nq}")
    return q


def pinocchio_mass_and_com(model, data):
    """Total mass and CoM from Pinocchio's body inertias placed by its joint poses (after
    forwardKinematics), the universe's (root link's) inertia included."""
    mass, moment = 0.0, np.zeros(3)
    for j in range(model.njoints):
        inertia = model.inertias[j]
        placement = data.oMi[j] if j > 0 else pin.SE3.Identity()
        mass += inertia.mass
        moment += inertia.mass * placement.act(inertia.lever)
    return mass, moment / mass


def morsel_run(name, path, value_maps, tmp_path):
    work = ROOT / "target" / "urdf_reference" / name
    work.mkdir(parents=True, exist_ok=True)
    script = work / "urdf_against_pinocchio.rhai"
    rel = os.path.relpath(path, work)
    script.write_text(
        f"let r = urdf({json.dumps(rel)});\n"
        f"let out = [];\n"
        f"for q in {rhai_value(value_maps)} {{\n"
        f"    out.push(#{{ fk: fk(r, q), com: com(r, q) }});\n"
        f"}}\n"
        f"save(\"result.json\", #{{ joints: get_joints(r), mass: mass(r), configs: out }});\n"
    )
    out = tmp_path / "out"
    run = run_script(script, out, ROOT)
    return json.loads((out / "result.json").read_text()), run.stderr


def quat_to_matrix(q):
    w, x, y, z = np.asarray(q) / np.linalg.norm(q)
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
    ])


@pytest.mark.parametrize("name", list(MODELS))
def test_urdf_matches_pinocchio(name, tmp_path):
    path = MODELS[name]
    model = pin.buildModelFromUrdf(str(path))
    data = model.createData()
    joints = urdf_joints(path)
    mimics = followed_mimics(joints)
    pin_joints = [model.names[j] for j in range(1, model.njoints)]
    independent = [n for n in pin_joints if n not in mimics]
    rng = np.random.default_rng(36)
    value_maps = [random_values(joints, independent, rng) for _ in range(CONFIGS)]
    got, stderr = morsel_run(name, path, value_maps, tmp_path)

    # Joints: Pinocchio's, less the mimics Morsel follows, in the same order.
    assert got["joints"] == independent
    # A mimic Pinocchio ignores is reported on stderr, naming the line.
    ignored = [n for n, (_, _, _, m) in joints.items() if m is not None and n not in mimics]
    for joint in ignored:
        assert f'"{joint}"' in stderr and "line" in stderr, stderr

    body_frames = {f.name: i for i, f in enumerate(model.frames) if f.type == pin.FrameType.BODY}
    links = {link.get("name") for link in ET.parse(path).getroot().findall("link")}
    assert set(body_frames) == links
    assert set(got["configs"][0]["fk"]) == links

    mass, _ = pinocchio_mass_and_com(model, data)
    assert abs(got["mass"] - mass) <= MASS_REL_TOL * mass, f"mass {got['mass']} != {mass}"

    worst_pos = worst_rot = worst_com = 0.0
    for values, res in zip(value_maps, got["configs"]):
        q = pinocchio_q(model, joints, values)
        pin.forwardKinematics(model, data, q)
        pin.updateFramePlacements(model, data)
        for link, f in body_frames.items():
            expected = data.oMf[f]
            pose = res["fk"][link]
            pos_err = np.abs(np.array(pose["position"]) - expected.translation).max()
            rot_err = np.abs(quat_to_matrix(pose["quaternion"]) - expected.rotation).max()
            worst_pos, worst_rot = max(worst_pos, pos_err), max(worst_rot, rot_err)
            assert pos_err <= POSE_TOL, f"{name} {link}: position off by {pos_err:.3g} m"
            assert rot_err <= POSE_TOL, f"{name} {link}: rotation off by {rot_err:.3g}"
        _, com = pinocchio_mass_and_com(model, data)
        com_err = np.abs(np.array(res["com"]) - com).max()
        worst_com = max(worst_com, com_err)
        assert com_err <= COM_TOL, f"{name}: CoM off by {com_err:.3g} m"
    print(f"{name}: {len(links)} links, {len(independent)} joints, mass {mass:.6g} kg; "
          f"worst position {worst_pos:.2g} m, rotation {worst_rot:.2g}, CoM {worst_com:.2g} m")


def test_pinocchio_com_agrees_with_the_sum_used_here():
    """The CoM summed above equals Pinocchio's centerOfMass when the root link has no mass
    (Pinocchio's own function leaves the universe's inertia out), on the features model with
    its root's inertia dropped."""
    model = pin.buildModelFromUrdf(str(MODELS["features"]))
    model.inertias[0] = pin.Inertia.Zero()
    data = model.createData()
    q = pin.randomConfiguration(model)
    pin.forwardKinematics(model, data, q)
    _, com = pinocchio_mass_and_com(model, data)
    assert np.abs(pin.centerOfMass(model, data, q) - com).max() < 1e-14
