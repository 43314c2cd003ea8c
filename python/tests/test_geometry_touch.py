"""Shapes, queries, scenes and touch through Python against closed forms."""

import math

import numpy as np
import pytest

import morsel


def test_sphere_distance_and_contact_closed_form():
    a, b = morsel.sphere(1.0), morsel.sphere(0.5)
    pa, pb = morsel.pose([0, 0, 0]), morsel.pose([3, 4, 0])
    assert morsel.distance(a, pa, b, pb) == pytest.approx(3.5, abs=1e-12)
    cp = morsel.closest_points(a, pa, b, pb)
    np.testing.assert_allclose(cp["points"][0], [0.6, 0.8, 0], atol=1e-12)
    assert morsel.contact(a, pa, b, pb) is None
    c = morsel.contact(a, pa, b, morsel.pose([1.2, 0, 0]))
    assert c["depth"] == pytest.approx(0.3, abs=1e-12)
    np.testing.assert_allclose(c["normal"], [1, 0, 0], atol=1e-12)
    assert morsel.intersects(a, pa, b, morsel.pose([1.2, 0, 0]))
    assert morsel.contains(a, pa, [0.5, 0.5, 0.5])
    pr = morsel.project(morsel.box(1, 1, 1), morsel.pose(), [0, 0, 3])
    assert pr["signed_distance"] == pytest.approx(2.0)


def test_pose_roundtrip():
    p = morsel.pose([1, 2, 3], [0, 0, math.pi / 2])
    np.testing.assert_allclose(p.transform_point([1, 0, 0]), [1, 3, 3], atol=1e-12)
    np.testing.assert_allclose((p * p.inverse()).matrix, np.eye(4), atol=1e-12)
    np.testing.assert_allclose(p.quaternion, [math.sqrt(0.5), 0, 0, math.sqrt(0.5)], atol=1e-12)
    np.testing.assert_allclose(p.rpy, [0, 0, math.pi / 2], atol=1e-12)
    q = morsel.Pose([1, 2, 3], [math.sqrt(0.5), 0, 0, math.sqrt(0.5)])
    np.testing.assert_allclose(q.matrix, p.matrix, atol=1e-12)
    assert morsel.sphere(0.1).to_map() == {"kind": "sphere", "radius": 0.1}


def _pad_and_ball(depth):
    sc = morsel.scene()
    sc.add_body("pad", morsel.box(0.05, 0.05, 0.01), morsel.pose([0, 0, 0]))
    sc.add_body("ball", {"shape": morsel.sphere(0.02), "pose": morsel.pose([0, 0, 0.03 - depth])})
    return sc


def test_penalty_contact_and_touch_total():
    # default law: 1e4 N/m x depth, at rest: a 0.5 mm press gives 5 N on the pad
    sc = _pad_and_ball(0.0005)
    cs = morsel.contacts(sc)
    assert len(cs) == 1
    on_pad = cs[0]["force"] if cs[0]["body_b"] == "pad" else -cs[0]["force"]
    np.testing.assert_allclose(on_pad, [0, 0, -5.0], atol=1e-9)
    # mimo_quirks False: Morsel's fixes (MIMo drops a press whose x component is zero)
    t = morsel.touch(sc, {"scales": {"pad": 0.01}, "touch_function": "force_vector_global",
                          "mimo_quirks": False})
    t.observe()
    np.testing.assert_allclose(t.body_output("pad").sum(axis=0), [0, 0, -5.0], atol=1e-9)
    # scalar touch function: (n,) rows
    t2 = morsel.touch(sc, scales={"pad": 0.01}, touch_function="normal", kind="points",
                      mimo_quirks=False)
    t2.observe()
    out = morsel.body_output(t2, "pad")
    assert out.ndim == 1 and out.shape[0] == t2.sensor_positions("pad").shape[0]
    assert out.sum() == pytest.approx(5.0, abs=1e-9)


def test_observe_given_contacts_batch_and_list_agree():
    sc = _pad_and_ball(0.0)
    t = morsel.touch(sc, {"scales": {"pad": 0.01}, "touch_function": "force_vector_global",
                          "response_function": "spread_linear", "mimo_quirks": False})
    batch = {
        "body_a": np.array(["ball", "ball"], dtype=object),
        "body_b": ["pad", "pad"],
        "position": np.array([[0.01, 0.0, 0.01], [-0.02, 0.01, 0.01]]),
        "normal": np.array([[0.0, 0.0, -1.0], [0.0, 0.0, -1.0]]),
        "depth": np.zeros(2),
        "force": np.array([[0.5, 0.0, -3.0], [0.0, -0.2, -1.0]]),
    }
    out1 = t.observe(batch).copy()
    np.testing.assert_allclose(t.body_output("pad").sum(axis=0), [0.5, -0.2, -4.0], atol=1e-12)
    listed = [
        {k: batch[k][i] for k in ("body_a", "body_b", "position", "normal", "depth", "force")}
        for i in range(2)
    ]
    out2 = morsel.observe(t, listed)
    np.testing.assert_allclose(out1, out2, atol=0)
    assert t.sensor_count * t.values_per_sensor == out1.shape[0]
    assert t.to_map()["touch_function"] == "force_vector_global"


def test_sensor_points_and_mesh_of_a_cube():
    cube = morsel.box(0.1, 0.1, 0.1)
    # ceil(2 * 0.1 / 0.08) = 3 coordinates per axis: 9 + 9 + 3 + 3 + 1 + 1 points
    sp = morsel.sensor_points(cube, 0.08)
    assert morsel.len(sp) == 26 and sp.points.shape == (26, 3)
    np.testing.assert_allclose(np.abs(sp.points).max(axis=1), 0.1, atol=1e-12)  # on the surface
    np.testing.assert_allclose(np.linalg.norm(sp.normals, axis=1), 1.0, atol=1e-12)
    sm = morsel.sensor_mesh(cube, 0.08)
    np.testing.assert_array_equal(sm.vertices, sp.points)
    faces = sm.faces
    # a closed triangulated sphere-like surface: V - E + F = 2 with E = 3F/2
    assert len(sm) - 3 * len(faces) // 2 + len(faces) == 2
    for i in range(len(sm)):
        for j in morsel.neighbours(sm, i):
            assert i in sm.neighbours(j)
    with pytest.raises(morsel.InvalidValueError):
        sm.neighbours(26)
    with pytest.raises(morsel.InvalidValueError):
        morsel.sensor_points(cube, 0.0)
    with pytest.raises(morsel.WrongTypeError):
        morsel.len([1, 2])
