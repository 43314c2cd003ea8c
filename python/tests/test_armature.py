"""Armatures, simulations, IK and trajectories from Python.

Numbers are checked against closed forms (joint speeds, planar chain FK), against FK itself
(FK(IK(x)) = x), and against the `morsel` binary running the same calls in Rhai (bit for bit:
both front ends drive morsel-lab's shared robot and simulation)."""

import math

import numpy as np
import pytest

import morsel
from conftest import ROBOTS
from test_rhai_parity import run_rhai

SOLO12 = ROBOTS / "solo12" / "solo12.urdf"


def build_arm():
    """The arm of scripts/armature.rhai, joint by joint, mixing methods and module functions."""
    arm = (
        morsel.armature("arm")
        .revolute("waist", {"axis": [0, 0, 1], "origin": [0, 0, 0.3], "limits": [-2.9, 2.9]})
        .revolute("shoulder", {"axis": [0, 1, 0], "origin": [0, 0, 0.2]}, limits=[-2.0, 2.0])
        .revolute("elbow", axis=[0, 1, 0], origin=[0, 0, 0.4], limits=[-2.5, 2.5])
    )
    morsel.revolute(arm, "wrist", {"axis": [0, 1, 0], "origin": [0, 0, 0.3], "limits": [-2.0, 2.0]})
    arm.prismatic("telescope", {"axis": [0, 0, 1], "origin": [0, 0, 0.1], "limits": [0.0, 0.1]})
    arm.fixed("tool", {"origin": [0, 0, 0.1]})
    return arm


ARM_RHAI = """
let arm = armature("arm")
    .revolute("waist", #{ axis: [0, 0, 1], origin: [0, 0, 0.3], limits: [-2.9, 2.9] })
    .revolute("shoulder", #{ axis: [0, 1, 0], origin: [0, 0, 0.2], limits: [-2.0, 2.0] })
    .revolute("elbow", #{ axis: [0, 1, 0], origin: [0, 0, 0.4], limits: [-2.5, 2.5] })
    .revolute("wrist", #{ axis: [0, 1, 0], origin: [0, 0, 0.3], limits: [-2.0, 2.0] })
    .prismatic("telescope", #{ axis: [0, 0, 1], origin: [0, 0, 0.1], limits: [0.0, 0.1] })
    .fixed("tool", #{ origin: [0, 0, 0.1] });
"""


def test_an_armature_built_joint_by_joint():
    arm = build_arm()
    assert arm.get_joints() == ["waist", "shoulder", "elbow", "wrist", "telescope"]
    assert morsel.get_joints(arm) == arm.get_joints()
    np.testing.assert_array_equal(morsel.get_IK_limits(arm, "elbow"), [-2.5, 2.5])
    assert arm.get_dofs()["waist"] == [False, False, True]
    assert arm.get_dofs()["shoulder"] == [False, True, False]
    conf = arm.get_configurations()
    assert conf["name"] == "arm"
    assert [j["kind"] for j in conf["joints"]] == ["revolute"] * 4 + ["prismatic"]
    assert morsel.to_map(arm)["joints"][4]["name"] == "telescope"
    # A revolute joint without limits gets [-pi, pi], a prismatic one [0, 1].
    a2 = morsel.armature("a2").revolute("r").prismatic("p")
    np.testing.assert_array_equal(a2.get_IK_limits("r"), [-math.pi, math.pi])
    np.testing.assert_array_equal(a2.get_IK_limits("p"), [0.0, 1.0])


def test_append_mounts_on_the_base_or_a_link():
    base = morsel.armature("base").prismatic("rail", axis=[1, 0, 0])
    base.place(morsel.pose([1.0, 0.0, 0.0]))
    a = morsel.armature("a").revolute("j")
    assert base.append(a, morsel.pose([0.0, 0.0, 0.5])) is base
    np.testing.assert_allclose(a.placement.position, [1.0, 0.0, 0.5], atol=1e-15)
    b = morsel.armature("b").revolute("j")
    morsel.append(base, b, link="rail", offset=morsel.pose([0.0, 0.0, 0.1]))
    base.set_translation("rail", 0.3)
    np.testing.assert_allclose(b.placement.position, [1.3, 0.0, 0.1], atol=1e-12)
    np.testing.assert_allclose(a.placement.position, [1.0, 0.0, 0.5], atol=1e-15)
    with pytest.raises(morsel.WrongTypeError):
        base.append(b, "rail")


def test_instant_services_match_closed_form_fk():
    arm = build_arm()
    a, b, c = 0.3, -0.7, 0.5
    arm.set_rotations([0.0, a, b, c])
    arm.set_translation("telescope", 0.04)
    # Planar chain in the x-z plane (rotations about y; positive angle tips z toward +x).
    z0 = 0.3 + 0.2
    x = 0.4 * math.sin(a) + 0.3 * math.sin(a + b) + 0.24 * math.sin(a + b + c)
    z = z0 + 0.4 * math.cos(a) + 0.3 * math.cos(a + b) + 0.24 * math.cos(a + b + c)
    p = arm.frame_pose("tool").position
    np.testing.assert_allclose(p, [x, 0.0, z], atol=1e-12)
    # The mirrored q and fk() agree with the armature.
    np.testing.assert_allclose(morsel.fk(arm, arm.q, "tool").position, p, atol=1e-15)
    # set_rotation clamps into the limits.
    arm.set_rotation("elbow", 10.0)
    assert arm.get_configurations()["joints"][2]["position"] == 2.5


def test_properties_and_speeds():
    arm = build_arm()
    out = arm.properties({"RotationSpeed": 0.8}, LinearSpeed=0.05)
    assert out is arm
    props = arm.get_properties()
    assert props["RotationSpeed"] == 0.8 and props["LinearSpeed"] == 0.05
    morsel.set_property(arm, "AngleTolerance", 0.02)
    assert arm.get_properties()["AngleTolerance"] == 0.02


def test_rotate_at_speed_over_simulation_time():
    arm = build_arm()
    arm.properties(RotationSpeed=0.8)
    sim = morsel.simulation(dt=0.01)
    morsel.add(sim, arm)
    arm.rotate("waist", 1.0)
    assert arm.is_moving
    assert morsel.run(sim, 0.5) == 50
    # 0.8 rad/s for 0.5 s
    assert abs(arm.get_configurations()["joints"][0]["position"] - 0.4) < 1e-12
    steps = 50
    while arm.is_moving:
        sim.step()
        steps += 1
    # 1 rad at 0.8 rad/s: done after 1.25 s (125 steps), give or take the tolerance step
    assert 124 <= steps <= 126
    assert any(e["kind"] == "completed" and e["detail"] == "joints" for e in sim.events)
    assert abs(sim.time - steps * 0.01) < 1e-12
    assert sim.to_map()["dt"] == 0.01


def test_stop_leaves_joints_where_they_are():
    arm = build_arm()
    sim = morsel.simulation({"dt": 0.01})
    sim.add(arm)
    arm.rotate("waist", 2.0, 0.5)
    sim.run(0.2)
    morsel.stop(arm)
    q = arm.q.copy()
    sim.run(0.2)
    assert not arm.is_moving
    np.testing.assert_array_equal(arm.q, q)
    assert abs(q[0] - 0.1) < 1e-12


PARITY_DRIVE_RHAI = """
let platform = armature("platform").prismatic("rail", #{ axis: [1, 0, 0], limits: [0.0, 1.0] });
platform.place(pose([-0.5, 0.0, 0.0]));
arm.properties(#{ RotationSpeed: 0.8, LinearSpeed: 0.05 });
platform.append(arm, "rail", pose([0.0, 0.0, 0.1]));
let sim = simulation(#{ dt: 0.01 });
sim.add(platform);
sim.add(arm);
let pose_rec = sim.record(pose_sensor(arm));
let tool_rec = sim.record(arm, "tool");
arm.rotate("waist", 1.0);
while arm.is_moving { sim.step(); }
arm.trajectory(#{ starttime: sim.time + 0.5, points: [
    #{ positions: [1.0, 0.3, 0.6], velocities: [0.0, 0.3, 0.6], time_from_start: 1.0 },
    #{ positions: [1.0, 0.6, 1.2], velocities: [0.0, 0.0, 0.0], time_from_start: 2.0 } ] });
while arm.is_moving { sim.step(); }
arm.translate("telescope", 0.05);
while arm.is_moving { sim.step(); }
arm.rotate_joints(#{ wrist: -0.4, elbow: 1.0 }, 0.6);
sim.run(0.3);
arm.translate_joints(#{ telescope: 0.02 });
sim.run(1.0);
let target = arm.create_ik_targets(["tool"])[0];
let t0 = sim.time;
arm.move_IK_target(target, [0.0, 0.0, -0.1], [0.0, 0.0, 0.0], true, 0.1, ());
while arm.is_moving && sim.time - t0 < 3.0 { sim.step(); }
platform.set_property("LinearSpeed", 0.2);
platform.translate("rail", 0.2);
while platform.is_moving { sim.step(); }
pose_rec.save("pose.csv");
tool_rec.save("tool.npy");
let events = [];
for e in sim.events { events.push([e.time, e.robot, e.kind, e.detail]); }
save("out.json", #{ pose: pose_rec.to_map(), tool: tool_rec.to_map(), columns: pose_rec.columns,
                    events: events, tool_now: arm.frame_pose("tool").position,
                    target_pose: arm.ik_target_pose(target).position, placement: arm.placement.position });
"""


def test_a_driven_armature_records_the_same_poses_as_rhai(tmp_path):
    rhai = run_rhai(tmp_path, ARM_RHAI + PARITY_DRIVE_RHAI)
    arm = build_arm()
    platform = morsel.armature("platform").prismatic("rail", {"axis": [1, 0, 0], "limits": [0.0, 1.0]})
    platform.place(morsel.pose([-0.5, 0.0, 0.0]))
    arm.properties({"RotationSpeed": 0.8, "LinearSpeed": 0.05})
    platform.append(arm, "rail", morsel.pose([0.0, 0.0, 0.1]))
    sim = morsel.simulation({"dt": 0.01})
    sim.add(platform)
    sim.add(arm)
    pose_rec = sim.record(morsel.pose_sensor(arm))
    tool_rec = morsel.record(sim, arm, "tool")
    arm.rotate("waist", 1.0)
    while arm.is_moving:
        sim.step()
    arm.trajectory({"starttime": sim.time + 0.5, "points": [
        {"positions": [1.0, 0.3, 0.6], "velocities": [0.0, 0.3, 0.6], "time_from_start": 1.0},
        {"positions": [1.0, 0.6, 1.2], "velocities": [0.0, 0.0, 0.0], "time_from_start": 2.0}]})
    while arm.is_moving:
        sim.step()
    arm.translate("telescope", 0.05)
    while arm.is_moving:
        sim.step()
    morsel.rotate_joints(arm, {"wrist": -0.4, "elbow": 1.0}, 0.6)
    sim.run(0.3)
    arm.translate_joints({"telescope": 0.02})
    sim.run(1.0)
    target = arm.create_ik_targets(["tool"])[0]
    t0 = sim.time
    arm.move_IK_target(target, [0.0, 0.0, -0.1], [0.0, 0.0, 0.0], True, 0.1, None)
    while arm.is_moving and sim.time - t0 < 3.0:
        sim.step()
    platform.set_property("LinearSpeed", 0.2)
    platform.translate("rail", 0.2)
    while platform.is_moving:
        sim.step()

    assert pose_rec.columns == rhai["columns"] == ["time", "waist", "shoulder", "elbow", "wrist", "telescope"]
    assert len(pose_rec) > 500
    for name, rec in [("pose", pose_rec), ("tool", tool_rec)]:
        py = rec.to_map()
        assert set(py) == set(rhai[name])
        for col, values in rhai[name].items():
            np.testing.assert_array_equal(np.array(values), py[col], err_msg=f"{name}.{col}")
    rows = pose_rec.rows
    assert rows.shape == (len(pose_rec), 6) and rows.dtype == np.float64
    events = [[e["time"], e["robot"], e["kind"], e["detail"]] for e in sim.events]
    assert events == rhai["events"]
    assert [e[3] for e in events if e[2] == "completed"][:3] == ["joints", "trajectory", "joints"]
    np.testing.assert_array_equal(arm.frame_pose("tool").position, rhai["tool_now"])
    np.testing.assert_array_equal(arm.ik_target_pose(target).position, rhai["target_pose"])
    np.testing.assert_array_equal(arm.placement.position, rhai["placement"])
    # save(recorder, path) writes the same bytes as the script's.
    pose_rec.save(tmp_path / "py_pose.csv")
    morsel.Recorder.save(tool_rec, str(tmp_path / "py_tool.npy"))
    assert (tmp_path / "py_pose.csv").read_bytes() == (tmp_path / "out" / "pose.csv").read_bytes()
    assert (tmp_path / "py_tool.npy").read_bytes() == (tmp_path / "out" / "tool.npy").read_bytes()
    assert (tmp_path / "py_pose.csv").read_text().splitlines()[0] == "time,waist,shoulder,elbow,wrist,telescope"
    np.testing.assert_array_equal(np.load(tmp_path / "py_tool.npy"), tool_rec.rows)
    # The platform carried the arm: its base is 0.2 m further along x, on top of the rail.
    np.testing.assert_allclose(arm.placement.position, [-0.3, 0.0, 0.1], atol=1e-12)


def test_fk_of_ik_is_the_target():
    arm = build_arm()
    goal = [0.25, 0.1, 0.9]
    r = morsel.ik(arm, "tool", goal)
    assert r["converged"] and r["status"] == "converged"
    assert r["q"].dtype == np.float64
    np.testing.assert_allclose(morsel.fk(arm, r["q"], "tool").position, goal, atol=1e-6)
    # A full pose target, through the method and keyword options.
    target = morsel.pose([0.2, -0.1, 0.8], [0.0, 1.2, -0.4])
    r = arm.ik("tool", target, random_seed=3)
    got = morsel.fk(arm, r["q"], "tool")
    if r["converged"]:
        np.testing.assert_allclose(got.position, target.position, atol=1e-6)
        np.testing.assert_allclose(abs(np.dot(got.quaternion, target.quaternion)), 1.0, atol=1e-9)
    # Solo-12's foot, position only.
    solo = morsel.urdf(SOLO12)
    foot = morsel.fk(solo, {"FL_HFE": 0.6, "FL_KFE": -1.2}, "FL_FOOT").position
    r = morsel.ik(solo, "FL_FOOT", foot, {"position_only": True})
    assert r["converged"]
    np.testing.assert_allclose(morsel.fk(solo, r["q"], "FL_FOOT").position, foot, atol=1e-6)


def test_ik_matches_rhai(tmp_path):
    rhai = run_rhai(tmp_path, """
let r = urdf("@model@");
let a = ik(r, "FL_FOOT", [0.2, 0.15, -0.2]);
let b = ik(r, "HR_FOOT", pose([-0.15, -0.1, -0.25], [0.0, 0.0, 0.0]), #{ position_only: true, random_seed: 5, max_restarts: 3 });
save("out.json", #{ a: a, b: b });
""", model=SOLO12)
    solo = morsel.urdf(SOLO12)
    a = morsel.ik(solo, "FL_FOOT", [0.2, 0.15, -0.2])
    b = morsel.ik(solo, "HR_FOOT", morsel.pose([-0.15, -0.1, -0.25], [0.0, 0.0, 0.0]),
                  position_only=True, random_seed=5, max_restarts=3)
    for name, py in [("a", a), ("b", b)]:
        ref = rhai[name]
        np.testing.assert_array_equal(np.array(ref["q"]), py["q"], err_msg=name)
        for k in ["status", "converged", "iterations", "restarts"]:
            assert ref[k] == py[k], (name, k)
        assert [e["position"] for e in ref["errors"]] == [e["position"] for e in py["errors"]]


def test_place_ik_target_reaches_the_target():
    arm = build_arm()
    arm.set_rotations([0.2, 0.3, 0.4, 0.2])
    names = morsel.create_ik_targets(arm, ["tool"], kind="position")
    assert names == arm.list_IK_targets() == ["ik_target.arm.tool"]
    before = arm.frame_pose("tool").position
    r = arm.place_IK_target(names[0], [0.05, 0.0, -0.05], [0.0, 0.0, 0.0])  # relative by default
    assert r["converged"]
    after = arm.frame_pose("tool").position
    np.testing.assert_allclose(after, before + [0.05, 0.0, -0.05], atol=1e-6)
    np.testing.assert_allclose(arm.ik_target_pose(names[0]).position, after, atol=1e-6)


def test_set_q_moves_the_armature():
    solo = morsel.urdf(SOLO12)
    solo.set_q({"FL_KFE": -1.0})
    assert solo.get_configurations()["joints"][2]["position"] == -1.0
    solo.set_rotation("FL_HAA", 0.2)
    assert solo.q[0] == 0.2


def test_bad_input_raises():
    arm = build_arm()
    with pytest.raises(morsel.UnknownNameError):
        arm.rotate("nope", 1.0)
    with pytest.raises(morsel.InvalidValueError):
        arm.rotate("waist", 1.0, float("nan"))
    with pytest.raises(morsel.InvalidValueError):
        arm.set_joint_speed("waist", -1.0)
    with pytest.raises(morsel.MorselError):
        arm.set_rotation("waist", float("nan"))
    with pytest.raises(morsel.WrongTypeError):
        arm.rotate("waist", "far")
    with pytest.raises(morsel.WrongTypeError):
        arm.rotate(3, 1.0)
    with pytest.raises(morsel.WrongTypeError):
        morsel.rotate("arm", "waist", 1.0)
    with pytest.raises(morsel.MorselError):
        arm.translate("waist", 0.1)  # a revolute joint
    with pytest.raises(morsel.InvalidValueError):
        arm.revolute("late")  # the chain is built by now
    with pytest.raises(morsel.UnknownNameError):
        morsel.armature("x").revolute("j", {"axes": [0, 0, 1]})
    with pytest.raises(morsel.InvalidValueError):
        morsel.armature("x").revolute("j", limits=[1.0])
    with pytest.raises(morsel.WrongTypeError):
        morsel.armature("x").revolute("j", origin="up")
    with pytest.raises(morsel.InvalidValueError):
        morsel.simulation(dt=0.0)
    with pytest.raises(morsel.InvalidValueError):
        morsel.simulation(dt=float("nan"))
    with pytest.raises(morsel.UnknownNameError):
        morsel.simulation(step=0.1)
    sim = morsel.simulation()
    sim.add(arm)
    with pytest.raises(morsel.InvalidValueError):
        sim.add(arm)
    with pytest.raises(morsel.InvalidValueError):
        sim.run(-1.0)
    with pytest.raises(morsel.InvalidValueError):
        sim.run(float("inf"))
    with pytest.raises(morsel.UnknownNameError):
        sim.record(arm, "no_link")
    with pytest.raises(morsel.WrongTypeError):
        sim.record(arm)
    with pytest.raises(morsel.WrongTypeError):
        morsel.step(arm)
    with pytest.raises(morsel.WrongTypeError):
        morsel.add(arm, sim)
    with pytest.raises(morsel.InvalidValueError):
        arm.append(arm, morsel.pose())
    with pytest.raises(morsel.UnknownNameError):
        morsel.armature("y").revolute("j").append(arm, "no_link", morsel.pose())
    with pytest.raises(morsel.InvalidValueError):
        arm.trajectory({"points": []})
    with pytest.raises(morsel.InvalidValueError):
        arm.trajectory({"points": [{"positions": [0.1]}]})
    with pytest.raises(morsel.WrongTypeError):
        arm.trajectory(points=3)
    with pytest.raises(morsel.WrongTypeError):
        arm.create_ik_targets("tool")
    with pytest.raises(morsel.InvalidValueError):
        arm.create_ik_targets(["tool"], kind="axis")
    with pytest.raises(morsel.UnknownNameError):
        arm.ik_target_pose("ik_target.arm.nothing")
    with pytest.raises(morsel.WrongTypeError):
        arm.move_IK_target("t", [0, 0, 0], [0, 0, 0], "yes")
    with pytest.raises(morsel.UnknownNameError):
        morsel.ik(arm, "no_frame", [0.1, 0.0, 0.5])
    with pytest.raises(morsel.WrongTypeError):
        morsel.ik(arm, "tool", "there")
    with pytest.raises(morsel.InvalidValueError):
        morsel.ik(arm, "tool", [0.1, 0.0, 0.5], seed=[0.0])
    with pytest.raises(morsel.InvalidValueError):
        morsel.ik(arm, "tool", [0.1, 0.0, 0.5], max_iterations=-3)
    with pytest.raises(morsel.UnknownNameError):
        arm.properties(Speed=1.0)
    # A floating base lists its seven named components first, in MuJoCo's qpos order.
    floating = morsel.urdf(SOLO12, floating=True)
    names = floating.get_joints()
    assert names[:7] == [f"root_joint.{c}" for c in ("x", "y", "z", "qw", "qx", "qy", "qz")]
    assert len(names) == 7 + 12
