"""feasible_region on gymnasium's MuJoCo ant standing on its four foot tips: without effort
limits in the model it is the static polygon, weak hips and ankles shrink it (inside it),
zero limits empty it, and bad options are typed errors."""

import pathlib

import numpy as np
import pytest

import morsel

ANT = pathlib.Path(__file__).resolve().parents[2] / "assets" / "robots" / "gymnasium" / "ant.xml"


def ant_stance():
    ant = morsel.mjcf(ANT)
    feet = [("body4", 0.4, 0.4), ("body7", -0.4, 0.4), ("body10", -0.4, -0.4),
            ("body13", 0.4, -0.4)]
    contacts = [morsel.contact({"shape": [0.02, 0.02], "friction": 0.7, "link": f,
                                "pos": [x, y, 0.0], "orientation": "world"}) for f, x, y in feet]
    return ant, morsel.stance(ant, {"contacts": contacts})


def weak(limit):
    return {f"{j}_{i}": limit for i in range(1, 5) for j in ["hip", "ankle"]}


def test_torque_limits_shrink_the_ants_region():
    ant, st = ant_stance()
    static = st.static_polygon()
    own = morsel.feasible_region(st)
    assert own["status"] == "bounded"
    assert abs(own["area"] - static["area"]) < 1e-12 * static["area"]
    assert own["names"] == morsel.velocity_names(ant)
    assert np.isinf(own["limits"]).all()
    small = st.feasible_region({"torque_limits": weak(2.0)})
    assert 0.1 * static["area"] < small["area"] < 0.5 * static["area"]
    assert morsel.feasible_region(st, {"torque_limits": weak(0.0)})["status"] == "empty"


def test_bad_feasible_region_options():
    _, st = ant_stance()
    with pytest.raises(KeyError, match="nope"):
        morsel.feasible_region(st, {"torque_limits": {"nope": 1.0}})
    with pytest.raises(ValueError, match="torque limit"):
        morsel.feasible_region(st, {"torque_limits": {"hip_1": -1.0}})
    with pytest.raises(TypeError, match="torque_limits"):
        morsel.feasible_region(st, {"torque_limits": 3})
    with pytest.raises(KeyError, match="torqe_limits"):
        morsel.feasible_region(st, {"torqe_limits": {}})
