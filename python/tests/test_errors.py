"""Bad input from Python raises a Morsel exception (never a crash, a hang or a silent NaN)."""

import math

import numpy as np
import pytest

import morsel
from conftest import MIMO_V1, ROBOTS


def test_exception_hierarchy():
    assert issubclass(morsel.InvalidValueError, morsel.MorselError)
    assert issubclass(morsel.InvalidValueError, ValueError)
    assert issubclass(morsel.WrongTypeError, TypeError)
    assert issubclass(morsel.MissingFileError, FileNotFoundError)
    assert issubclass(morsel.UnknownNameError, KeyError)


def test_mjcf_of_a_number_is_a_type_error():
    with pytest.raises(morsel.WrongTypeError):
        morsel.mjcf(12345)


def test_missing_files(tmp_path):
    with pytest.raises(morsel.MissingFileError):
        morsel.mjcf(tmp_path / "nope.xml")
    with pytest.raises(FileNotFoundError):
        morsel.urdf(str(tmp_path / "nope.urdf"))
    with pytest.raises(morsel.MissingFileError):
        morsel.mesh(tmp_path / "nope.stl")


def test_malformed_mjcf_names_the_line(tmp_path):
    f = tmp_path / "bad.xml"
    f.write_text("<mujoco>\n<worldbody>\n<body name='a'>\n</worldbody></mujoco>")
    with pytest.raises(morsel.InvalidValueError, match="bad.xml:"):
        morsel.mjcf(f)


def test_unknown_joint_and_nan_joint(mimo):
    with pytest.raises(morsel.UnknownNameError, match="no_such_joint"):
        morsel.fk(mimo, {"no_such_joint": 0.1})
    with pytest.raises(morsel.InvalidValueError):
        morsel.fk(mimo, {"robot:hip_lean1": math.nan})
    with pytest.raises(morsel.InvalidValueError):
        morsel.fk(mimo, [0.0] * (mimo.nq - 1))
    with pytest.raises(morsel.WrongTypeError):
        morsel.fk(mimo, {"robot:hip_lean1": "a"})
    with pytest.raises(morsel.WrongTypeError):
        morsel.fk("robot", {})
    with pytest.raises(morsel.UnknownNameError):
        morsel.fk(mimo, {}, "no_such_frame")


def test_fk_batch_bad_shapes_and_values(mimo):
    joints = ["robot:hip_lean1", "robot:hip_rot1"]
    with pytest.raises(morsel.InvalidValueError, match="2 columns"):
        morsel.fk_batch(mimo, np.zeros((4, 3)), joints)
    with pytest.raises(morsel.InvalidValueError):
        morsel.fk_batch(mimo, np.zeros(4), joints)
    bad = np.zeros((4, 2))
    bad[2, 1] = np.inf
    with pytest.raises(morsel.InvalidValueError, match="finite"):
        morsel.fk_batch(mimo, bad, joints)
    with pytest.raises(morsel.UnknownNameError):
        morsel.fk_batch(mimo, np.zeros((4, 2)), ["robot:hip_lean1", "nope"])
    # A result above the 1 GiB batch limit is refused before anything is allocated (the rows are
    # a broadcast view: no memory behind them either).
    rows = np.broadcast_to(np.zeros(2), (10**8, 2))
    with pytest.raises(morsel.InvalidValueError, match="GiB limit"):
        morsel.fk_batch(mimo, rows, joints)


def test_bad_shapes():
    with pytest.raises(morsel.InvalidValueError):
        morsel.sphere(-1)
    with pytest.raises(morsel.InvalidValueError):
        morsel.sphere(math.nan)
    with pytest.raises(morsel.WrongTypeError):
        morsel.box("a", 1, 1)
    with pytest.raises(morsel.WrongTypeError):
        morsel.sphere(True)
    with pytest.raises(morsel.InvalidValueError):
        morsel.halfspace([0, 0, 0])
    with pytest.raises(morsel.InvalidValueError):
        morsel.pose([1, 2])
    with pytest.raises(morsel.InvalidValueError):
        morsel.pose([1, 2, math.inf])


def _pad_scene():
    sc = morsel.scene()
    sc.add_body("pad", morsel.box(0.05, 0.05, 0.01), morsel.pose([0, 0, 0]))
    sc.add_body("ball", morsel.sphere(0.02), morsel.pose([0, 0, 0.0295]))
    return sc


def test_unknown_body_and_bad_touch_options():
    sc = _pad_scene()
    with pytest.raises(morsel.UnknownNameError):
        sc.set_pose("nobody", morsel.pose())
    with pytest.raises(morsel.UnknownNameError):
        morsel.touch(sc, {"scales": {"nobody": 0.01}})
    with pytest.raises(morsel.InvalidValueError):
        morsel.touch(sc, {"scales": {"pad": 0.0}})
    with pytest.raises(morsel.InvalidValueError):
        morsel.touch(sc, {"scales": {"pad": -0.01}})
    with pytest.raises(morsel.UnknownNameError, match="colour"):
        morsel.touch(sc, {"scales": {"pad": 0.01}, "colour": "red"})
    with pytest.raises(morsel.InvalidValueError):
        morsel.touch(sc, {"scales": {"pad": 0.01}, "touch_function": "tickle"})
    with pytest.raises(morsel.InvalidValueError):
        morsel.touch(sc, {})
    with pytest.raises(morsel.WrongTypeError):
        morsel.touch(sc, {"scales": [0.01]})
    t = morsel.touch(sc, {"scales": {"pad": 0.01}})
    with pytest.raises(morsel.UnknownNameError):
        t.body_output("ball")


def test_observe_malformed_contacts():
    sc = _pad_scene()
    t = morsel.touch(sc, {"scales": {"pad": 0.01}})
    good = {
        "body_a": ["ball"],
        "body_b": ["pad"],
        "position": np.array([[0.0, 0.0, 0.01]]),
        "normal": np.array([[0.0, 0.0, -1.0]]),
        "depth": np.array([0.0005]),
        "force": np.array([[0.0, 0.0, -5.0]]),
    }
    t.observe(good)
    for change, error in [
        ({"position": np.zeros((1, 2))}, morsel.InvalidValueError),
        ({"force": np.zeros((2, 3))}, morsel.InvalidValueError),
        ({"normal": np.zeros((1, 3))}, morsel.InvalidValueError),
        ({"depth": np.array([-1.0])}, morsel.InvalidValueError),
        ({"force": np.array([[0.0, np.nan, 1.0]])}, morsel.InvalidValueError),
        ({"body_a": ["nobody"]}, morsel.UnknownNameError),
        ({"body_a": ["pad"]}, morsel.InvalidValueError),
        ({"body_a": "ball"}, morsel.WrongTypeError),
        ({"body_a": [True]}, morsel.WrongTypeError),   # not body 1
        ({"extra": 1}, morsel.UnknownNameError),
        ({"position": "abc"}, morsel.MorselError),
    ]:
        bad = dict(good, **change)
        with pytest.raises(error):
            t.observe(bad)
    # The message names the faulty contact once, by its position in the batch.
    two = {k: np.concatenate([v, v]) if isinstance(v, np.ndarray) else v * 2 for k, v in good.items()}
    two["normal"] = np.array([[0.0, 0.0, -1.0], [0.0, 0.0, 0.0]])
    with pytest.raises(morsel.InvalidValueError, match=r"^contact 1: the normal is the zero vector"):
        t.observe(two)
    missing = dict(good)
    del missing["force"]
    with pytest.raises(morsel.InvalidValueError, match="force"):
        t.observe(missing)
    with pytest.raises(morsel.WrongTypeError):
        t.observe(42)
    with pytest.raises(morsel.MorselError):
        t.observe([{"body_a": "ball"}])


def test_robot_mjcf_mimo_loads():
    r = morsel.mjcf(str(MIMO_V1))
    assert r.nq == 68
    assert (ROBOTS / "solo12").is_dir()


def test_bad_collision_sampler_and_grid():
    solo = morsel.urdf(ROBOTS / "solo12" / "solo12.urdf")
    spec = {"joints": ["FL_HAA"], "ranges": [[-1, 1]], "pairs": [["base_link", "FL_UPPER_LEG"]]}
    with pytest.raises(morsel.UnknownNameError):
        morsel.collision_sampler(solo, dict(spec, joints=["nope"]))
    with pytest.raises(morsel.MorselError):
        morsel.collision_sampler(solo, dict(spec, pairs=[["base_link", "nope"]]))
    with pytest.raises(morsel.InvalidValueError):
        morsel.collision_sampler(solo, dict(spec, ranges=[[1, math.nan]]))
    cs = morsel.collision_sampler(solo, spec)
    with pytest.raises(morsel.InvalidValueError):
        morsel.grid(cs, 0)
    with pytest.raises(morsel.WrongTypeError):
        morsel.grid(cs, "ten")
    with pytest.raises(morsel.UnknownNameError):
        morsel.grid(cs, 4, {"colour": True})


def test_complex_and_bool_numpy_numbers_are_type_errors():
    # float() of a NumPy complex drops the imaginary part and of a NumPy bool gives 0 or 1:
    # both must be refused as Python's complex and bool are, not read as real numbers.
    c = morsel.contact({"shape": [0.1, 0.1], "friction": 0.5})
    with pytest.raises(morsel.WrongTypeError, match="complex128"):
        morsel.set_wrench(c, np.array([0, 0, 1 + 5j, 0, 0, 0]))
    with pytest.raises(morsel.WrongTypeError):
        morsel.pose(np.array([1 + 1j, 0, 0]))
    with pytest.raises(morsel.WrongTypeError):
        morsel.sphere(np.complex64(1))
    with pytest.raises(morsel.WrongTypeError):
        morsel.sphere(np.bool_(True))
    with pytest.raises(morsel.WrongTypeError):
        morsel.pose(np.array([True, False, True]))
    with pytest.raises(morsel.WrongTypeError, match="real numbers"):
        morsel.convex_hull(np.ones((5, 3), dtype=complex))
    with pytest.raises(morsel.WrongTypeError, match="real numbers"):
        morsel.convex_hull([[1 + 0j, 0, 0]] * 4)
    # real NumPy numbers of any width stay accepted
    assert morsel.sphere(np.float32(0.5)).to_map()["radius"] == 0.5
    assert morsel.sphere(np.int64(2)).to_map()["radius"] == 2.0
    np.testing.assert_array_equal(morsel.pose(np.arange(3)).position, [0, 1, 2])


def test_wrench_span_at_a_non_finite_point():
    # a single contact's span at a NaN/inf point was a matrix of NaNs (the set's was checked)
    c = morsel.contact({"shape": [0.1, 0.1], "friction": 0.5})
    for bad in ([math.nan, 0, 0], [0, math.inf, 0]):
        with pytest.raises(morsel.InvalidValueError, match="non-finite"):
            morsel.wrench_span(c, bad)
    assert np.isfinite(morsel.wrench_span(c, [0.1, 0.2, 0.3])).all()


def test_transform_point_of_a_non_finite_point():
    p = morsel.pose([0.1, 0.2, 0.3], [0.1, 0.2, 0.3])
    for bad in ([math.nan, 0, 0], [0, 0, -math.inf]):
        with pytest.raises(morsel.InvalidValueError, match="finite"):
            morsel.transform_point(p, bad)
        with pytest.raises(morsel.InvalidValueError, match="finite"):
            p.transform_point(bad)


def test_counts_out_of_range_are_value_errors_naming_the_value():
    solo = morsel.urdf(ROBOTS / "solo12" / "solo12.urdf")
    cs = morsel.collision_sampler(solo, {"joints": ["FL_HAA", "FL_HFE"],
                                         "ranges": [[-math.pi, math.pi], [-2.0, 2.5]],
                                         "pairs": [["base_link", "FL_UPPER_LEG"]]})
    for call in (
        lambda: morsel.grid(cs, -1),
        lambda: morsel.grid(cs, [4, -1]),
        lambda: morsel.grid(cs, np.int64(-1)),
        lambda: morsel.random(cs, -1),
        lambda: morsel.boundary(cs, -1),
    ):
        with pytest.raises(morsel.InvalidValueError, match=r"expected a count \(int >= 0\), got -1"):
            call()
    with pytest.raises(morsel.InvalidValueError, match="too large to hold"):
        morsel.random(cs, 10**400)
    with pytest.raises(morsel.WrongTypeError, match="got float"):
        morsel.grid(cs, 2.5)
    with pytest.raises(morsel.WrongTypeError, match="one str"):
        morsel.grid(cs, "44")
    # NumPy integers are counts too.
    assert len(morsel.grid(cs, np.int64(2), distance=False)) == 4
    # A vertex index goes through the same check.
    with pytest.raises(morsel.InvalidValueError, match=r"expected a vertex index, got -1"):
        morsel.sensor_mesh(morsel.sphere(0.05), 0.02).neighbours(-1)


def test_a_bool_is_not_a_count_nor_an_index():
    solo = morsel.urdf(ROBOTS / "solo12" / "solo12.urdf")
    cs = morsel.collision_sampler(solo, {"joints": ["FL_HAA", "FL_HFE"],
                                         "ranges": [[-math.pi, math.pi], [-2.0, 2.5]],
                                         "pairs": [["base_link", "FL_UPPER_LEG"]]})
    with pytest.raises(morsel.WrongTypeError, match="bool"):
        morsel.grid(cs, True)
    with pytest.raises(morsel.WrongTypeError, match="bool"):
        morsel.random(cs, True)
    with pytest.raises(morsel.WrongTypeError, match="bool"):
        morsel.boundary(cs, True)
    with pytest.raises(morsel.WrongTypeError, match="bool"):
        morsel.sensor_mesh(morsel.sphere(0.05), 0.02).neighbours(True)
    assert len(morsel.random(cs, 3)) == 3


def test_every_integer_argument_refuses_bools_and_floats_and_takes_numpy_ints():
    solo = morsel.urdf(ROBOTS / "solo12" / "solo12.urdf")
    spec = {"joints": ["FL_HAA", "FL_HFE"], "ranges": [[-math.pi, math.pi], [-2.0, 2.5]],
            "pairs": [["base_link", "FL_UPPER_LEG"]]}
    cs = morsel.collision_sampler(solo, spec)
    # a joint given by index: True is not joint 1, -1 is not the last joint
    with pytest.raises(morsel.WrongTypeError, match=r"joints.*\[0\].*bool"):
        morsel.collision_sampler(solo, dict(spec, joints=[True, "FL_HFE"]))
    with pytest.raises(morsel.InvalidValueError, match="got -1"):
        morsel.collision_sampler(solo, dict(spec, joints=[-1, "FL_HFE"]))
    # sampler seeds
    for seed in (True, 1.5):
        with pytest.raises(morsel.WrongTypeError, match="`seed` of random"):
            morsel.random(cs, 3, {"seed": seed})
    with pytest.raises(morsel.InvalidValueError, match="got -2"):
        morsel.boundary(cs, 3, {"seed": -2})
    assert len(morsel.random(cs, 3, {"seed": np.uint32(7)})) == 3
    # ik's counts and seed
    arm = morsel.urdf(ROBOTS / "panda" / "panda.urdf")
    tool = arm.frames[-1]
    for key, bad, error in [("max_iterations", 2.5, morsel.WrongTypeError),
                            ("max_iterations", True, morsel.WrongTypeError),
                            ("max_restarts", -1, morsel.InvalidValueError),
                            ("random_seed", True, morsel.WrongTypeError)]:
        with pytest.raises(error, match=f"`{key}` of ik"):
            morsel.ik(arm, tool, [0.3, 0.0, 0.5], **{key: bad})
    # a contact's index in a stance: NumPy ints are indices, bools and negatives are not
    left = morsel.contact({"shape": [0.11, 0.05], "pos": [0.0, 0.15, 0.0], "friction": 0.7})
    right = morsel.contact({"shape": [0.11, 0.05], "pos": [0.0, -0.15, 0.0], "friction": 0.7})
    st = morsel.stance({"com": [0.0, 0.0, 0.8], "mass": 38.0, "contacts": [left, right]})
    w = [0.0, 0.0, 170.0, 0.0, 0.0, 0.0]
    morsel.set_wrench(st, np.int64(1), w)
    with pytest.raises(morsel.WrongTypeError, match="bool"):
        morsel.set_wrench(st, True, w)
    with pytest.raises(morsel.InvalidValueError, match="got -1"):
        morsel.set_wrench(st, -1, w)
    st.unset_wrench(np.int64(1))


def test_qpos_errors_name_mujocos_indices():
    robot = morsel.mjcf(MIMO_V1)
    layout = robot.configuration_layout
    free = next(j for j in layout if j["kind"] == "floating")
    w = free["idx_q"] + 3              # MuJoCo's w; the model keeps it at idx_q + 6
    qpos = np.zeros(sum(j["nq"] for j in layout))
    for j in layout:                   # every quaternion the identity
        if j["kind"] == "ball":
            qpos[j["idx_q"]] = 1.0
        if j["kind"] == "floating":
            qpos[j["idx_q"] + 3] = 1.0
    robot.set_qpos(qpos)
    bad = qpos.copy()
    bad[w] = np.nan
    with pytest.raises(morsel.InvalidValueError, match=rf"qpos\[{w}\]"):
        robot.set_qpos(bad)
    bad[w] = 0.0
    with pytest.raises(morsel.InvalidValueError, match="w, x, y, z such as 1, 0, 0, 0"):
        robot.set_qpos(bad)


def test_an_int_beyond_the_float_range_is_a_value_error():
    with pytest.raises(morsel.InvalidValueError, match="too large for a float"):
        morsel.sphere(10**400)
    with pytest.raises(morsel.InvalidValueError, match="too large for a float"):
        morsel.pose([0, 0, -10**400])


def test_absurd_finite_lengths_are_refused_with_the_range():
    # finite, but beyond what f64 arithmetic downstream can hold (MuJoCo's mjMAXVAL is 1e10)
    for call in (lambda: morsel.sphere(1e300),
                 lambda: morsel.ellipsoid(1e-300, 1.0, 1.0),
                 lambda: morsel.box(1e11, 1.0, 1.0)):
        with pytest.raises(morsel.InvalidValueError, match=r"outside the accepted range \[1e-9, 1e10\]"):
            call()
    # the limits themselves give finite, exact answers: unit spheres 2e10 apart
    d = morsel.distance(morsel.sphere(1.0), morsel.pose([-1e10, 0, 0]),
                        morsel.sphere(1.0), morsel.pose([1e10, 0, 0]))
    assert d == 2e10 - 2.0


def _refused(call, what, *bad):
    # a name given as something else than a str: WrongTypeError naming the argument and the
    # function (PyO3's own TypeError named the argument only in a note)
    for value in bad or (5, None):
        with pytest.raises(morsel.WrongTypeError, match=f"{what}: expected a string, got {type(value).__name__}"):
            call(value)


def test_a_name_of_another_type_is_a_wrong_type_error_naming_it(mimo, tmp_path):
    q = {}
    _refused(lambda v: morsel.fk(mimo, q, v), r"`frame` of fk\(\)", 5, 1.5)
    assert isinstance(morsel.fk(mimo, q, None), dict)  # None is "every frame"
    _refused(lambda v: morsel.frame_pose(mimo, v), r"`frame` of frame_pose\(\)")
    _refused(lambda v: mimo.frame_pose(v), r"`frame` of frame_pose\(\)")
    _refused(lambda v: morsel.jacobian(mimo, v, q, "world"), r"`frame` of jacobian\(\)")

    Q = np.zeros((2, 1))
    _refused(lambda v: morsel.fk_batch(mimo, Q, [v]), r"`joint_names` of fk_batch\(\), element 0")
    for bad in (5, None, "robot:hip_lean1"):
        with pytest.raises(morsel.WrongTypeError, match=r"`joint_names` of fk_batch\(\): expected a sequence of strings"):
            morsel.fk_batch(mimo, Q, bad)
    assert morsel.fk_batch(mimo, Q, ("robot:hip_lean1",)).shape[0] == 2

    sc = _pad_scene()
    box = morsel.box(0.01, 0.01, 0.01)
    _refused(lambda v: sc.add_body(v, box), r"`name` of Scene\.add_body\(\)")
    _refused(lambda v: sc.set_pose(v, morsel.pose()), r"`body` of Scene\.set_pose\(\)")
    _refused(lambda v: morsel.set_pose(sc, v, morsel.pose()), r"`body` of Scene\.set_pose\(\)")
    _refused(lambda v: sc.set_velocity(v, [0, 0, 0], [0, 0, 0]), r"`body` of Scene\.set_velocity\(\)")
    _refused(lambda v: sc.ignore(v, "pad"), r"`a` of Scene\.ignore\(\)")
    _refused(lambda v: sc.ignore("ball", v), r"`b` of Scene\.ignore\(\)")
    _refused(lambda v: sc.body_pose(v), r"`body` of Scene\.body_pose\(\)")
    assert sc.bodies == ["pad", "ball"]  # nothing was added by the refused calls

    t = morsel.touch(sc, {"scales": {"pad": 0.01}})
    _refused(lambda v: t.body_output(v), r"`body` of Touch\.body_output\(\)")
    _refused(lambda v: t.sensor_positions(v), r"`body` of Touch\.sensor_positions\(\)")
    svg = tmp_path / "sensors.svg"
    _refused(lambda v: morsel.plot_sensors(t, svg, v), r"`body` of plot_sensors\(\)")
    _refused(lambda v: t.plot_sensors(svg, v), r"`body` of plot_sensors\(\)")
    assert not svg.exists()

    c = morsel.contact({"shape": [0.1, 0.1], "friction": 0.5})
    _refused(lambda v: c.attach(mimo, v), r"`link` of Contact\.attach\(\)")
    _refused(lambda v: morsel.attach(c, mimo, v), r"`link` of (Contact\.)?attach\(\)")

    left = morsel.contact({"shape": [0.11, 0.05], "pos": [0.0, 0.15, 0.0], "friction": 0.7})
    right = morsel.contact({"shape": [0.11, 0.05], "pos": [0.0, -0.15, 0.0], "friction": 0.7})
    st = morsel.stance({"com": [0.0, 0.0, 0.8], "mass": 10.0, "contacts": [left, right]})
    _refused(lambda v: morsel.static_polygon(st, v), r"`method` of static_polygon\(\)", 5, 1.5)
    assert morsel.static_polygon(st, None)["method"] == "bretl"  # None is Bretl's
    cs = morsel.contact_set([left, right])
    _refused(lambda v: cs.static_polygon(v), r"`method` of ContactSet\.static_polygon\(\)")
    _refused(lambda v: morsel.static_polygon(cs, v), r"`method` of (ContactSet\.)?static_polygon\(\)", 5)

    floor = morsel.scene()
    floor.add_body("floor", morsel.box(1.0, 1.0, 0.1), morsel.pose([0, 0, -0.05]))
    _refused(lambda v: morsel.point_contacts(st, floor, v), r"`ground` of point_contacts\(\)")
