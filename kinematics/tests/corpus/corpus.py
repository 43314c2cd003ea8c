"""The robot corpus: every robot model that four PyPI packages ship, loaded by Morsel and by its
peer (real MuJoCo for MJCF, real Pinocchio for URDF), and the two compared.

Packages and what is taken from each:
- `example-robot-data`: every `*.urdf` under its `share/example-robot-data` (cmeel prefix);
- `pybullet`: every `*.urdf` and `*.xml` (MJCF) under `pybullet_data`;
- `dm-control`: every `*.xml` under `dm_control/suite`, except `suite/common/` (material, skybox and
  visual fragments that the suite's models include, not models);
- `gymnasium`: every `*.xml` under `gymnasium/envs/mujoco/assets`;
- `menagerie` (no package: the repository's assets/robots/menagerie): the MuJoCo Menagerie's robot
  models as mesh-free dynamics twins (make_menagerie_twins.py), every `*.xml`.

A model's key is its package name and its path inside the package's folder, e.g.
`pybullet_data/mjcf/ant.xml`. The peer's numbers come from its own compile (MuJoCo: `mj_kinematics`
and `mj_comPos`; Pinocchio: `forwardKinematics` and `updateFramePlacements`); Morsel's from one
`morsel run` of a generated Rhai script that loads every model with `mjcf()` / `urdf()` and reports
`get_joints`, `fk`, `mass` and `com` at the same configurations.
"""
import importlib.metadata
import json
import math
import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT / "kinematics" / "tests" / "mjcf_reference"))
sys.path.insert(0, str(ROOT / "kinematics" / "tests"))
from morsel_cli import morsel_binary, rhai_value, run_script  # noqa: E402, F401  (shared with the peer tests; morsel_binary for benches/corpus_load.py)

import make_reference as mj_ref  # noqa: E402

CONFIGS_PER_MODEL = 3
POSE_TOL = 1e-9
REL_TOL = 1e-9
KNOWN_GAPS = HERE / "known_gaps.txt"


# ---------------------------------------------------------------------------------------------
# The corpus


def package_roots():
    """package name -> (folder the keys are relative to, [model folders], file suffixes)."""
    import dm_control
    import gymnasium
    import pybullet_data

    erd = Path(importlib.metadata.distribution("example-robot-data").locate_file(
        "cmeel.prefix/share/example-robot-data"))
    pyb = Path(pybullet_data.getDataPath())
    dmc = Path(dm_control.__file__).parent
    gym = Path(gymnasium.__file__).parent
    twins = ROOT / "assets" / "robots" / "menagerie"
    return {
        "example-robot-data": (erd, [erd], (".urdf",)),
        "pybullet_data": (pyb, [pyb], (".urdf", ".xml")),
        "dm_control": (dmc, [dmc / "suite"], (".xml",)),
        "gymnasium": (gym, [gym / "envs" / "mujoco" / "assets"], (".xml",)),
        # Not a package: the mesh-free dynamics twins of the MuJoCo Menagerie's robots that the
        # repository holds (assets/robots/menagerie/README.md).
        "menagerie": (twins, [twins], (".xml",)),
    }


def models():
    """Every model of the corpus: [(key, absolute path, "urdf" | "mjcf")], sorted by key."""
    out = []
    for package, (base, folders, suffixes) in package_roots().items():
        for folder in folders:
            for path in folder.rglob("*"):
                if path.suffix not in suffixes or not path.is_file():
                    continue
                rel = path.relative_to(base)
                if package == "dm_control" and rel.parts[:2] == ("suite", "common"):
                    continue
                kind = "urdf" if path.suffix == ".urdf" else "mjcf"
                out.append((f"{package}/{rel.as_posix()}", path, kind))
    return sorted(out)


def known_gaps():
    """key -> reason, from known_gaps.txt (`key: reason` lines; `#` comments)."""
    gaps = {}
    for line in KNOWN_GAPS.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, reason = line.partition(": ")
        gaps[key.strip()] = reason.strip()
    return gaps


# ---------------------------------------------------------------------------------------------
# The peers


def mujoco_peer(path, seed=0):
    """MuJoCo's compile: joints, body and site poses, CoM at CONFIGS_PER_MODEL configurations
    (the first qpos0), total mass. Raises what MuJoCo raises on a model it refuses."""
    import mujoco

    try:
        mujoco.MjModel.from_xml_path(str(path))
    except Exception as e:
        raise PeerRefusal(str(e)) from e
    ref = mj_ref.reference(path, seed=seed, n_configs=CONFIGS_PER_MODEL)
    configs = [
        {"q": c["q"], "frames": {**c["bodies"], **c["sites"]}, "com": c["com"]}
        for c in ref["configs"]
    ]
    # Morsel names a free joint's seven values J.x ... J.qz and a ball joint's four J.qw ... J.qz.
    joints = []
    for name, value in ref["configs"][0]["q"].items():
        if isinstance(value, list):
            parts = ["x", "y", "z", "qw", "qx", "qy", "qz"][-len(value):]
            joints += [f"{name}.{p}" for p in parts]
        else:
            joints.append(name)
    return {"joints": joints, "mass": ref["total_mass"], "configs": configs}


def urdf_mimics(path):
    """joint name -> (master, multiplier, offset) for every <mimic> of the URDF."""
    mimics = {}
    # Pinocchio's XML reader takes a declaration after blank lines, ElementTree does not.
    text = Path(path).read_text().lstrip()
    for joint in ET.fromstring(text).iter("joint"):
        mimic = joint.find("mimic")
        if mimic is not None and mimic.get("joint"):
            mimics[joint.get("name")] = (
                mimic.get("joint"),
                float(mimic.get("multiplier", "1")),
                float(mimic.get("offset", "0")),
            )
    return mimics


def _matrix(rotation):
    return [float(v) for v in np.asarray(rotation).reshape(9)]


def pinocchio_peer(path, seed=0):
    """Pinocchio's model (fixed base, mimics as Pinocchio reads them: independent joints): joints,
    every link (BODY frame) pose, CoM at CONFIGS_PER_MODEL configurations (the first all zeros),
    total mass. A joint that mimics a joint of the model takes multiplier * master + offset, as
    Morsel (and the URDF) couple it; the others get random values within their limits."""
    import pinocchio as pin

    try:
        model = pin.buildModelFromUrdf(str(path))
    except Exception as e:
        raise PeerRefusal(str(e)) from e
    data = model.createData()
    mimics = urdf_mimics(path)
    names = list(model.names)
    kinds = {}
    for i in range(1, model.njoints):
        joint = model.joints[i]
        kinds[names[i]] = (joint.shortname(), joint.idx_q, joint.nq)
    coupled = {n: m for n, m in mimics.items() if n in kinds and m[0] in kinds and m[0] not in mimics}
    free = [n for n in names[1:] if n not in coupled]
    rng = np.random.default_rng(seed)
    links = [(i, f.name) for i, f in enumerate(model.frames) if f.type == pin.FrameType.BODY]
    total = sum(model.inertias[i].mass for i in range(model.njoints))
    configs = []
    for k in range(CONFIGS_PER_MODEL):
        values = {}
        for n in free:
            short, idx, nq = kinds[n]
            if nq not in (1, 2):
                raise ValueError(f"joint {n!r} of kind {short} has no scalar value")
            # Within the limits and within [-pi, pi] rad or [-0.5, 0.5] m; continuous joints (cos, sin)
            # over [-pi, pi].
            span = 0.5 if short.startswith("JointModelP") else math.pi
            lo, hi = (-span, span) if nq == 2 else (model.lowerPositionLimit[idx], model.upperPositionLimit[idx])
            lo, hi = max(lo, -span), min(hi, span)
            if not lo < hi:
                lo, hi = -span, span
            values[n] = 0.0 if k == 0 else float(rng.uniform(lo, hi))
        for n, (master, mult, offset) in coupled.items():
            values[n] = mult * values[master] + offset
        q = pin.neutral(model)
        for n, v in values.items():
            short, idx, nq = kinds[n]
            if nq == 2:
                q[idx], q[idx + 1] = math.cos(v), math.sin(v)
            else:
                q[idx] = v
        pin.forwardKinematics(model, data, q)
        pin.updateFramePlacements(model, data)
        frames = {
            name: {
                "position": [float(v) for v in data.oMf[i].translation],
                "xmat": _matrix(data.oMf[i].rotation),
            }
            for i, name in links
        }
        weighted = np.zeros(3)
        for i in range(model.njoints):
            inertia = model.inertias[i]
            weighted += inertia.mass * (data.oMi[i].act(inertia.lever))
        com = weighted / total if total > 0 else np.zeros(3)
        configs.append({
            "q": {n: v for n, v in values.items() if n not in coupled},
            "frames": frames,
            "com": [float(v) for v in com],
        })
    return {"joints": free, "mass": float(total), "configs": configs}


class PeerRefusal(Exception):
    """The peer's own refusal of a model: what MuJoCo's compile or Pinocchio's buildModelFromUrdf
    raised."""


def peer(kind, path):
    """The peer's numbers for a model it loads."""
    return mujoco_peer(path) if kind == "mjcf" else pinocchio_peer(path)


# ---------------------------------------------------------------------------------------------
# Morsel


def _loader(kind, rel):
    if kind == "urdf":
        # Pinocchio's buildModelFromUrdf reads no meshes: neither does Morsel here.
        return f"urdf({json.dumps(rel)}, #{{geometry: false}})"
    return f"mjcf({json.dumps(rel)})"


def run_morsel_script(body, work, paths):
    """Writes `body` as a Rhai script in `work` and runs it with `morsel run`; the shell reads only
    below its --root, so the root is the folder that holds the script and every model."""
    work = Path(work).resolve()
    work.mkdir(parents=True, exist_ok=True)
    script = work / "corpus.rhai"
    script.write_text(body)
    out = work / "out"
    root = os.path.commonpath([str(work)] + [str(p) for p in paths])
    run_script(script, out, root, timeout=1200)
    return json.loads((out / "result.json").read_text())


def morsel_compile(entries, work):
    """entries: [(key, path, kind, [q maps])] -> key -> Morsel's result (#{joints, mass,
    configs: [#{fk, com}]}) or #{error}. One morsel process for the whole corpus."""
    work = Path(work).resolve()
    lines = ["let results = #{};"]
    for key, path, kind, qs in entries:
        rel = os.path.relpath(path, work)
        lines.append(
            f"try {{\n"
            f"    let r = {_loader(kind, rel)};\n"
            f"    let configs = [];\n"
            f"    for q in {rhai_value(qs)} {{\n"
            f"        let c = #{{ fk: fk(r, q) }};\n"
            f"        try {{ c.com = com(r, q); }} catch (e) {{ c.com_error = `${{e}}`; }}\n"
            f"        configs.push(c);\n"
            f"    }}\n"
            f"    results[{json.dumps(key)}] = #{{ joints: get_joints(r), mass: mass(r), configs: configs }};\n"
            f"}} catch (e) {{ results[{json.dumps(key)}] = #{{ error: `${{e}}` }}; }}"
        )
    lines.append('save("result.json", results);')
    return run_morsel_script("\n".join(lines) + "\n", work, [p for _, p, _, _ in entries])


# ---------------------------------------------------------------------------------------------
# Comparison


def quat_to_matrix(q):
    w, x, y, z = q
    n = math.sqrt(w * w + x * x + y * y + z * z)
    w, x, y, z = w / n, x / n, y / n, z / n
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
    ])


def differences(expected, got):
    """The ways Morsel's result differs from the peer's (empty when they agree)."""
    if "error" in got:
        return [f"Morsel refuses it: {got['error']}"]
    problems = []
    if sorted(got["joints"]) != sorted(expected["joints"]):
        missing = sorted(set(expected["joints"]) - set(got["joints"]))
        extra = sorted(set(got["joints"]) - set(expected["joints"]))
        problems.append(f"joints differ: peer only {missing[:5]}, Morsel only {extra[:5]}")
    mass = expected["mass"]
    if abs(got["mass"] - mass) > REL_TOL * max(abs(mass), 1e-300) and abs(got["mass"] - mass) > 0:
        problems.append(f"total mass {got['mass']!r} != peer's {mass!r}")
    for k, (exp, res) in enumerate(zip(expected["configs"], got["configs"])):
        for name, pose in exp["frames"].items():
            if name not in res["fk"]:
                problems.append(f"configuration {k}: fk has no frame {name!r}")
                continue
            mine = res["fk"][name]
            pos_err = np.abs(np.array(mine["position"]) - np.array(pose["position"])).max()
            rot_err = np.abs(quat_to_matrix(mine["quaternion"]) - np.array(pose["xmat"]).reshape(3, 3)).max()
            if pos_err > POSE_TOL or rot_err > POSE_TOL:
                problems.append(f"configuration {k}: {name!r} off by {pos_err:.3g} m, {rot_err:.3g} (rotation)")
        if "com_error" in res:
            # A massless model has no centre of mass: Morsel says so (Pinocchio's is 0/0).
            if mass > 0:
                problems.append(f"configuration {k}: com fails: {res['com_error']}")
        elif mass > 0:
            scale = max(1.0, float(np.abs(exp["com"]).max()))
            com_err = np.abs(np.array(res["com"]) - np.array(exp["com"])).max()
            if com_err > REL_TOL * scale:
                problems.append(f"configuration {k}: CoM off by {com_err:.3g} m")
        if len(problems) > 6:
            break
    return problems


def run_corpus(work):
    """Loads the whole corpus in both: returns (per key: "agree" | "peer refuses" | [problems],
    peer refusal messages, counts)."""
    entries, refused, peers = [], {}, {}
    for key, path, kind in models():
        try:
            peers[key] = peer(kind, path)
        except PeerRefusal as e:
            message = str(e).replace(str(path), key).strip()
            refused[key] = message.splitlines()[0][:200] if message else "refused"
            peers[key] = None
        qs = [c["q"] for c in peers[key]["configs"]] if peers[key] else [{}]
        entries.append((key, path, kind, qs))
    results = morsel_compile(entries, work)
    outcome = {}
    for key, path, kind, _ in entries:
        got = results.get(key, {"error": "no result"})
        if peers[key] is None:
            outcome[key] = ("peer refuses", "error" not in got)
        else:
            problems = differences(peers[key], got)
            outcome[key] = "agree" if not problems else problems
    return outcome, refused, entries
