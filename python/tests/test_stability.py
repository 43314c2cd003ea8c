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
