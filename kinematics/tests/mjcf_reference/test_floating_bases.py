"""Free and ball joints through the script API, against MuJoCo's qpos (pytest; needs `mujoco`,
`numpy` and a built `morsel` binary, as test_against_mujoco.py).

For a model with a free joint (Gymnasium's humanoid, MIMo's scene with three free bodies) and a
small model with ball joints, MuJoCo draws random configurations (unit quaternions) and poses the
bodies with mj_kinematics. A Rhai script run by `morsel run` then sets each configuration with
`set_q(#{name: value})`, one entry per name of `get_joints` (MuJoCo's qpos order: a free joint
`J` is `J.x J.y J.z J.qw J.qx J.qy J.qz`, a ball joint `J.qw .. J.qz`), and reports
`get_joints`, the `joints` map, `get_configurations` and `frame_pose` of every body. The names
must follow MuJoCo's qpos layout, the values must read back as the qpos, and the bodies must sit
where MuJoCo puts them (1e-9).
"""
import json
import os

import numpy as np
import pytest

from test_against_mujoco import ROOT, quat_to_matrix, rhai_value, run_script

mujoco = pytest.importorskip("mujoco")

BALLS = """<mujoco model="balls">
  <worldbody>
    <body name="torso" pos="0 0 1">
      <freejoint name="float"/>
      <geom type="box" size="0.1 0.2 0.3"/>
      <body name="head" pos="0 0 0.4">
        <joint name="neck" type="ball"/>
        <geom type="sphere" size="0.1" pos="0 0 0.1"/>
        <body name="hat" pos="0.1 0 0.2" euler="0.3 0 0">
          <joint name="tilt" type="hinge" axis="0 1 0"/>
          <joint name="swivel" type="ball" pos="0 0.05 0"/>
          <geom type="capsule" size="0.02 0.1"/>
        </body>
      </body>
    </body>
  </worldbody>
</mujoco>
"""

MODELS = {
    "humanoid": "assets/robots/gymnasium/humanoid.xml",
    "mimo": "assets/robots/mimo/benchmarkv2_scene.xml",
    "balls": None,
}


def qpos_names(m):
    """The names Morsel documents for MuJoCo's qpos, built from MuJoCo's own joint table."""
    names = []
    for j in range(m.njnt):
        # Morsel calls an unnamed joint `joint<id>`, its MuJoCo id.
        name = mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_JOINT, j) or f"joint{j}"
        kind = m.jnt_type[j]
        if kind == mujoco.mjtJoint.mjJNT_FREE:
            names += [f"{name}.{c}" for c in ("x", "y", "z", "qw", "qx", "qy", "qz")]
        elif kind == mujoco.mjtJoint.mjJNT_BALL:
            names += [f"{name}.{c}" for c in ("qw", "qx", "qy", "qz")]
        else:
            names.append(name)
    return names


def random_qpos(m, rng):
    q = m.qpos0.copy()
    for j in range(m.njnt):
        a = m.jnt_qposadr[j]
        kind = m.jnt_type[j]
        if kind == mujoco.mjtJoint.mjJNT_FREE:
            q[a:a + 3] = rng.uniform(-1, 1, 3)
            quat = rng.normal(size=4)
            q[a + 3:a + 7] = quat / np.linalg.norm(quat)
        elif kind == mujoco.mjtJoint.mjJNT_BALL:
            quat = rng.normal(size=4)
            q[a:a + 4] = quat / np.linalg.norm(quat)
        else:
            lo, hi = (m.jnt_range[j] if m.jnt_limited[j] else (-1.0, 1.0))
            q[a] = rng.uniform(lo, hi)
    return q


@pytest.mark.parametrize("name", list(MODELS))
def test_free_and_ball_joints_follow_mujocos_qpos(name, tmp_path):
    work = ROOT / "target" / "floating_bases" / name
    work.mkdir(parents=True, exist_ok=True)
    if MODELS[name] is None:
        (work / "balls.xml").write_text(BALLS)
        model_file, rel = work / "balls.xml", "balls.xml"
    else:
        model_file = ROOT / MODELS[name]
        rel = os.path.relpath(model_file, work)
    m = mujoco.MjModel.from_xml_path(str(model_file))
    d = mujoco.MjData(m)
    names = qpos_names(m)
    assert any(m.jnt_type[j] != mujoco.mjtJoint.mjJNT_HINGE for j in range(m.njnt))
    rng = np.random.default_rng(36)
    qs = [random_qpos(m, rng) for _ in range(3)]
    bodies = [mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_BODY, b) or f"body{b}" for b in range(1, m.nbody)]
    maps = [{n: float(v) for n, v in zip(names, q)} for q in qs]
    script = work / "floating.rhai"
    script.write_text(
        f"let r = mjcf({json.dumps(rel)});\n"
        f"let out = [];\n"
        f"for q in {rhai_value(maps)} {{\n"
        f"    r.set_q(q);\n"
        f"    let poses = #{{}};\n"
        f"    for b in {json.dumps(bodies)} {{ poses[b] = r.frame_pose(b); }}\n"
        f"    let conf = r.get_configurations().joints.map(|j| #{{ name: j.name, position: j.position }});\n"
        f"    out.push(#{{ joints: r.joints, conf: conf, poses: poses }});\n"
        f"}}\n"
        f"save(\"result.json\", #{{ names: r.get_joints(), configs: out }});\n"
    )
    out = tmp_path / "out"
    run_script(script, out, ROOT)
    got = json.loads((out / "result.json").read_text())
    assert got["names"] == names
    for q, res in zip(qs, got["configs"]):
        assert [res["joints"][n] for n in names] == pytest.approx(list(q), abs=1e-15)
        listed = res["conf"]
        assert [j["name"] for j in listed] == names
        assert [j["position"] for j in listed] == pytest.approx(list(q), abs=1e-15)
        d.qpos[:] = q
        mujoco.mj_kinematics(m, d)
        for b, body in enumerate(bodies, start=1):
            pose = res["poses"][body]
            pos_err = np.abs(np.array(pose["position"]) - d.xpos[b]).max()
            rot_err = np.abs(quat_to_matrix(pose["quaternion"]) - d.xmat[b].reshape(3, 3)).max()
            assert pos_err <= 1e-9, f"{name}, body {body}: position off by {pos_err:.3g}"
            assert rot_err <= 1e-9, f"{name}, body {body}: rotation off by {rot_err:.3g}"
