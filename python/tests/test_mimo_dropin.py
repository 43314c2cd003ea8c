"""``morsel.mimo``, the drop-in for MIMo's touch classes, against real MIMo's outputs.

The reference data (``sensing/tests/mimo_reference``, made by running MIMo's own TrimeshTouch
and DiscreteTouch on MIMo v1 and v2) holds, per step, MuJoCo's body poses and contacts and
MIMo's ``get_touch_obs``. Here the drop-in reads a real ``MjModel`` of the same scene and an
``env.data`` that replays those recorded steps (MIMo's own data: the live simulation of this
MuJoCo version would take another path), and must give MIMo's outputs sensor by sensor.
"""

import json
import pathlib
from types import SimpleNamespace

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

from morsel.mimo import DiscreteTouch, TrimeshTouch  # noqa: E402

REPO = pathlib.Path(__file__).resolve().parents[2]
ASSETS = REPO / "assets" / "robots" / "mimo"
REFERENCE = REPO / "sensing" / "tests" / "mimo_reference"
SCENES = {"v1": "benchmark_scene.xml", "v2": "benchmarkv2_scene.xml"}
# MIMo's per-sensor outputs, in newtons (float64 on both sides).
TOLERANCE = 1e-9


def touch_params(version, touch_function, response_function):
    params = json.loads((ASSETS / "touch_params.json").read_text())
    entry = next(v for k, v in params.items() if k.startswith(version + " "))
    return {"scales": entry["scales"], "touch_function": touch_function,
            "response_function": response_function}


def strings(a):
    return bytes(a).decode().split("\n")


class Replay:
    """Stands in for ``MjData``: MuJoCo's poses and contacts of a recorded step, with each
    contact's recorded force (``mj_contactForce``, contact frame) as an elliptic cone's
    ``efc_force``, so that decoding it gives the recorded force back."""

    def __init__(self, z, nbody):
        self.z = z
        self.xpos = np.zeros((nbody, 3))
        self.xquat = np.zeros((nbody, 4))
        self.xquat[:, 0] = 1.0
        self.ptr = z["contact_ptr"]
        self.load(0)

    def load(self, step):
        pose = self.z["body_pose"][step]
        self.xpos[:] = pose[:, :3]
        self.xquat[:] = pose[:, 3:]
        a, b = self.ptr[step], self.ptr[step + 1]
        n = b - a
        geoms = self.z["contact_geoms"][a:b].astype(np.int32)
        self.contact = SimpleNamespace(
            geom1=geoms[:, 0].copy(), geom2=geoms[:, 1].copy(),
            pos=self.z["contact_pos"][a:b], frame=self.z["contact_frame"][a:b],
            dist=self.z["contact_dist"][a:b], dim=np.full(n, 3, dtype=np.int32),
            efc_address=np.arange(0, 3 * n, 3, dtype=np.int32), friction=np.zeros((n, 5)),
        )
        self.efc_force = np.ascontiguousarray(self.z["contact_force"][a:b, :3]).ravel()


@pytest.fixture(scope="module", params=["v1", "v2"])
def recording(request):
    version = request.param
    m = mujoco.MjModel.from_xml_path(str(ASSETS / SCENES[version]))
    m.opt.cone = mujoco.mjtCone.mjCONE_ELLIPTIC
    z = np.load(REFERENCE / f"mimo_{version}_outputs.npz")
    z = {k: z[k] for k in z.files}
    layout = np.load(REFERENCE / f"mimo_{version}_layout.npz")
    layout = {k: layout[k] for k in layout.files}
    return version, m, z, layout


def compare(version, m, z, cls, kind, touch_function, response_function):
    """Steps compared and steps where MIMo itself failed; asserts agreement on the others."""
    replay = Replay(z, m.nbody)
    env = SimpleNamespace(model=m, data=replay)
    touch = cls(env, touch_params(version, touch_function, response_function), dtype=np.float64)
    key = f"{kind}/{touch_function}/{response_function}"
    idx, val, ptr = z[f"{key}/idx"], z[f"{key}/val"], z[f"{key}/ptr"]
    errors = strings(z[f"{key}/error"])
    n = touch.get_total_sensor_count()
    compared, failed, responding = 0, 0, 0
    for step in range(len(ptr) - 1):
        if step < len(errors) and errors[step]:
            failed += 1
            continue
        replay.load(step)
        obs = touch.get_touch_obs()
        assert obs.shape == (n, touch.touch_size) and obs.dtype == np.float64
        expected = np.zeros_like(obs)
        expected[idx[ptr[step]:ptr[step + 1]]] = val[ptr[step]:ptr[step + 1]]
        worst = np.max(np.abs(obs - expected)) if n else 0.0
        assert worst <= TOLERANCE, f"{version} {key} step {step}: worst {worst:.3e} N"
        # The per-body (per-geom) dicts are views of the same output, in MIMo's order.
        keys = sorted(touch.sensor_outputs)
        assert np.array_equal(np.concatenate([touch.sensor_outputs[k] for k in keys]), obs)
        compared += 1
        responding += bool(np.any(expected))
    return compared, failed, responding


@pytest.mark.parametrize("touch_function", ["force_vector", "force_vector_global", "normal_force"])
@pytest.mark.parametrize("response_function", ["nearest", "spread_linear"])
def test_trimesh_touch_gives_mimos_outputs(recording, touch_function, response_function):
    version, m, z, _ = recording
    compared, failed, responding = compare(version, m, z, TrimeshTouch, "mesh", touch_function,
                                           response_function)
    assert failed == 0 and compared == 200
    assert responding > 50, "the recording has steps with contacts on sensing bodies"


@pytest.mark.parametrize("touch_function", ["normal", "force_vector", "force_vector_global"])
def test_discrete_touch_gives_mimos_outputs(recording, touch_function):
    version, m, z, _ = recording
    compared, failed, responding = compare(version, m, z, DiscreteTouch, "points", touch_function,
                                           "nearest")
    assert failed == 0 and compared == 200 and responding > 50


def test_layouts_are_mimos(recording):
    version, m, _, layout = recording
    env = SimpleNamespace(model=m, data=mujoco.MjData(m))
    mujoco.mj_forward(env.model, env.data)
    tt = TrimeshTouch(env, touch_params(version, "force_vector", "nearest"))
    names = strings(layout["mesh_bodies"])
    assert sorted(tt.meshes) == sorted(m.body(n).id for n in names)
    for name in names:
        b = m.body(name).id
        vertices = layout[f"mesh/{name}/vertices"]
        active = layout[f"mesh/{name}/active"]
        assert tt.meshes[b].vertices.shape == vertices.shape, name
        assert np.max(np.abs(tt.meshes[b].vertices - vertices)) <= 1e-9, name
        assert np.array_equal(tt.active_vertices[b], active), name
        assert np.allclose(tt.sensor_positions[b], vertices[active], atol=1e-9, rtol=0), name
        assert tt.sensor_scales[b] == touch_params(version, "", "")["scales"][name]
    dt = DiscreteTouch(env, touch_params(version, "normal", "nearest"))
    geoms = list(layout["point_geoms"])
    assert dt.sensing_geoms() == geoms
    for g in geoms:
        assert np.allclose(dt.sensor_positions[g], layout[f"points/{g}"], atol=1e-9, rtol=0)


def test_live_mujoco_sums_equal_mujocos_contact_forces():
    # A real MjData stepped by this MuJoCo: with force_vector_global and nearest, a body's
    # outputs sum to the forces MuJoCo's own mj_contactForce gives on it (an independent check
    # of the contact reading, frames and cone decoding included), in float32 as MIMo's.
    m = mujoco.MjModel.from_xml_path(str(ASSETS / SCENES["v1"]))
    d = mujoco.MjData(m)
    mujoco.mj_forward(m, d)
    env = SimpleNamespace(model=m, data=d)
    params = touch_params("v1", "force_vector_global", "nearest")
    touch = TrimeshTouch(env, params)
    wide = TrimeshTouch(env, params, dtype=np.float64)
    sensing = set(touch.meshes)
    rng = np.random.default_rng(3)
    lo, hi = m.actuator_ctrlrange[:, 0], m.actuator_ctrlrange[:, 1]
    checked = 0
    for _ in range(150):
        d.ctrl[:] = rng.uniform(lo, hi)
        mujoco.mj_step(m, d)
        obs = touch.get_touch_obs()
        exact = wide.get_touch_obs()
        assert obs.dtype == np.float32 and obs.shape == exact.shape
        assert np.allclose(obs, exact, rtol=1e-6, atol=1e-6)
        expected = {b: np.zeros(3) for b in sensing}
        f6 = np.zeros(6)
        for i in range(d.ncon):
            c = d.contact[i]
            mujoco.mj_contactForce(m, d, i, f6)
            if f6[0] < 1e-9:
                continue
            world = c.frame.reshape(3, 3).T @ f6[:3]
            for geom, sign in ((c.geom1, -1.0), (c.geom2, 1.0)):
                body = m.geom_bodyid[geom]
                if body in sensing:
                    expected[body] += sign * world
        for b in sensing:
            got = wide.sensor_outputs[b].sum(axis=0)
            assert np.allclose(got, expected[b], rtol=0, atol=1e-9), (b, got, expected[b])
        checked += d.ncon > 0
    assert checked > 50


def test_bad_input_gets_clear_errors():
    m = mujoco.MjModel.from_xml_path(str(ASSETS / SCENES["v1"]))
    d = mujoco.MjData(m)
    env = SimpleNamespace(model=m, data=d)
    good = touch_params("v1", "force_vector", "nearest")
    with pytest.raises(KeyError, match="no body `nose`"):
        TrimeshTouch(env, {**good, "scales": {"nose": 0.01}})
    with pytest.raises(ValueError, match="unknown touch function `pressure`"):
        TrimeshTouch(env, {**good, "touch_function": "pressure"})
    with pytest.raises(ValueError, match="lacks `scales`"):
        TrimeshTouch(env, {"touch_function": "normal", "response_function": "nearest"})
    with pytest.raises(TypeError, match="env has no `data`"):
        TrimeshTouch(SimpleNamespace(model=m), good)
    with pytest.raises(ValueError, match="scale"):
        TrimeshTouch(env, {**good, "scales": {"hip": -1.0}})
    # The world body carries the floor plane: no sensors on an unbounded plane.
    with pytest.raises(ValueError, match="plane"):
        TrimeshTouch(env, {**good, "scales": {"world": 0.01}})


def test_mujoco_contacts_carry_the_contact_frame():
    # morsel.mujoco.contacts hands MuJoCo's contact frame to observe: MIMo's normal_force reads
    # the frame's tangents, so the scene-based touch then equals the drop-in (MIMo's values);
    # without the frame it cannot.
    import morsel
    import morsel.mujoco as mm

    scene_file = ASSETS / SCENES["v1"]
    m = mujoco.MjModel.from_xml_path(str(scene_file))
    d = mujoco.MjData(m)
    mujoco.mj_forward(m, d)
    params = touch_params("v1", "normal_force", "nearest")
    dropin = TrimeshTouch(SimpleNamespace(model=m, data=d), params, dtype=np.float64)
    robot = morsel.mjcf(scene_file)
    old = morsel.touch(morsel.scene().add_robot(robot), {**params, "kind": "mesh", "mimo_quirks": True})
    rng = np.random.default_rng(5)
    lo, hi = m.actuator_ctrlrange[:, 0], m.actuator_ctrlrange[:, 1]
    compared, frame_mattered = 0, 0
    for _ in range(120):
        d.ctrl[:] = rng.uniform(lo, hi)
        mujoco.mj_step(m, d)
        # After mj_step, xpos and the contacts are those of the state before the step's
        # integration, qpos the state after it; mj_forward makes them one state (sync reads
        # qpos, the drop-in xpos as MIMo does).
        mujoco.mj_forward(m, d)
        dropin.get_touch_obs()
        mm.sync(robot, m, d)
        contacts = mm.contacts(m, d)
        old.observe(contacts)
        with_frame = {b: old.body_output(m.body(b).name).copy() for b in dropin.meshes}
        for b, out in with_frame.items():
            assert np.allclose(out, dropin.sensor_outputs[b], rtol=0, atol=1e-9), m.body(b).name
        compared += d.ncon > 0
        without = dict(contacts)
        del without["frame"]
        old.observe(without)
        frame_mattered += any(
            not np.allclose(old.body_output(m.body(b).name), with_frame[b], rtol=0, atol=1e-9)
            for b in dropin.meshes
        )
    assert compared > 50 and frame_mattered > 10
