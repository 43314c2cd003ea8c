"""Contacts, stances and polygons through Python against closed forms."""

import math

import numpy as np
import pytest

import morsel


def two_feet():
    left = morsel.contact({"shape": [0.11, 0.05], "pos": [0.0, 0.15, 0.0], "friction": 0.7})
    right = morsel.contact(shape=[0.11, 0.05], pos=[0.0, -0.15, 0.0], friction=0.7)
    return morsel.stance({"com": [0.02, 0.0, 0.8], "mass": 38.0, "contacts": [left, right]})


@pytest.mark.parametrize("method", ["bretl", "hull", "cdd"])
def test_flat_feet_polygon_is_the_hull_of_the_soles(method):
    # coplanar flat contacts: the polygon is the convex hull of the two rectangles
    p = morsel.static_polygon(two_feet(), method)
    assert p["status"] == "bounded" and p["method"] == method
    assert p["area"] == pytest.approx(0.22 * 0.40, abs=1e-9)
    v = p["vertices"]
    assert v.shape[1] == 2
    np.testing.assert_allclose(np.sort(np.abs(v[:, 0])), [0.11] * len(v), atol=1e-9)
    np.testing.assert_allclose(np.abs(v[:, 1]).max(), 0.20, atol=1e-9)


def test_margin_inside_and_gravity_wrench():
    st = two_feet()
    # CoM at x = 0.02: nearest edge x = 0.11, 0.09 away
    assert morsel.com_margin(st) == pytest.approx(0.09, abs=1e-9)
    assert morsel.com_inside(st, morsel.static_polygon(st, "hull"))
    np.testing.assert_allclose(morsel.gravity_wrench(st), [0, 0, 38.0 * 9.81, 0, 0, 0])
    c = st.contacts[0]
    v = morsel.vertices(c)
    assert v.shape == (4, 3)
    np.testing.assert_allclose(sorted(set(np.round(v[:, 1], 12))), [0.10, 0.20])


def test_tilted_contact_normal_and_errors():
    c = morsel.contact({"shape": [0.1, 0.1], "rpy": [math.pi / 2, 0, 0], "friction": 0.5})
    np.testing.assert_allclose(c.normal, [0, -1, 0], atol=1e-12)
    with pytest.raises(morsel.InvalidValueError):
        morsel.contact({"shape": [0.1, -0.1], "friction": 0.5})
    with pytest.raises(morsel.InvalidValueError):
        morsel.contact({"shape": [0.1, 0.1], "friction": math.nan})
    with pytest.raises(morsel.UnknownNameError):
        morsel.contact({"shape": [0.1, 0.1], "friction": 0.5, "colour": 1})
    with pytest.raises(morsel.InvalidValueError):
        morsel.contact({"shape": [0.1, 0.1], "friction": 0.5, "rpy": [0, 0, 0], "quat": [1, 0, 0, 0]})
    with pytest.raises(morsel.InvalidValueError):
        morsel.stance({"com": [0, 0, 1], "mass": -1.0, "contacts": [c]})
    with pytest.raises(morsel.WrongTypeError):
        morsel.stance({"com": [0, 0, 1], "mass": 1.0, "contacts": [1, 2]})
    with pytest.raises(morsel.InvalidValueError):
        morsel.static_polygon(two_feet(), "magic")


def test_cone_matrices_agree_with_each_other():
    c = morsel.contact({"shape": [0.1, 0.05], "pos": [0.3, -0.2, 0.1], "rpy": [0.2, -0.1, 0.5],
                        "friction": 0.6})
    S, F = morsel.force_span(c), morsel.force_inequalities(c)
    assert S.shape == (3, 4) and F.shape == (4, 3)
    prod = F @ S
    assert (prod <= 1e-12).all()                       # every ray is a valid force
    assert (np.abs(prod) < 1e-12).sum() >= 4           # each ray lies on faces of the cone
    assert (F @ c.normal < 0).all()                    # pushing along the normal is valid
    tangent = np.cross(c.normal, [1.0, 0.0, 0.0])
    assert (F @ (0.01 * c.normal + tangent) > 0).any()  # mostly sideways is not
    W, H = morsel.wrench_span(c), morsel.wrench_inequalities(c)
    assert W.shape == (6, 16) and H.shape == (16, 6)
    assert (H @ W <= 1e-9).all()
    assert morsel.local_wrench_inequalities(c).shape == (16, 6)
    hrep = morsel.wrench_hrep(c)
    np.testing.assert_allclose(hrep["F"], H, atol=1e-12)
    np.testing.assert_allclose(hrep["g"], 0.0)
    # G moves a wrench at the contact point to `point`: torque += (p_c - point) x f
    point = np.array([0.0, 0.1, -0.2])
    G = morsel.grasp_matrix(c, point)
    f = np.array([1.0, -2.0, 3.0])
    moved = G @ np.concatenate([f, [0.1, 0.2, 0.3]])
    np.testing.assert_allclose(moved[:3], f, atol=1e-12)
    np.testing.assert_allclose(moved[3:], [0.1, 0.2, 0.3] + np.cross(c.position - point, f), atol=1e-12)
    np.testing.assert_allclose(morsel.wrench_span(c, point), G @ W, atol=1e-12)


def test_distribute_symmetric_feet_carry_half_the_weight_each():
    left = morsel.contact({"shape": [0.11, 0.05], "pos": [0.0, 0.15, 0.0], "friction": 0.7})
    right = morsel.contact({"shape": [0.11, 0.05], "pos": [0.0, -0.15, 0.0], "friction": 0.7})
    st = morsel.stance({"com": [0.0, 0.0, 0.8], "mass": 38.0, "contacts": [left, right]})
    d = morsel.distribute(st)
    assert d["status"] == "solved" and d["reason"] is None
    mg = 38.0 * 9.81
    assert len(d["wrenches"]) == 2
    for w in d["wrenches"]:
        assert w["normal_force"] == pytest.approx(mg / 2, rel=1e-6)
        np.testing.assert_allclose(w["world"][:3], [0, 0, mg / 2], atol=1e-5 * mg)
    # the same through find_supporting_wrenches, over a list and over the stance
    g = morsel.gravity_wrench(st)
    for contacts in ([left, right], st):
        e = morsel.find_supporting_wrenches(contacts, g, [0.0, 0.0, 0.8])
        for a, b in zip(d["wrenches"], e["wrenches"]):
            np.testing.assert_allclose(a["world"], b["world"], atol=1e-9)
    # pulling sideways harder than friction allows is infeasible, not an error
    f = morsel.find_supporting_wrenches([left, right], [mg, 0, mg, 0, 0, 0], [0, 0, 0.8])
    assert f["status"] in ("infeasible", "failed") and f["reason"]
    with pytest.raises(morsel.InvalidValueError):
        morsel.find_supporting_wrenches([left], [1, 2, 3], [0, 0, 0])
    with pytest.raises(morsel.UnknownNameError):
        morsel.distribute(st, {"speed": 1.0})
    with pytest.raises(morsel.InvalidValueError):
        morsel.distribute(st, {"cop": -1.0})
