"""Equilibrium robustness against hpp-centroidal-dynamics, run side by side when it is installed
(CI installs it in the peers' venv, `.ci/python.sh`); the Rust test holds committed reference
data of the same peer (stability/tests/data/hpp_robustness.json)."""

import json
import os
import pathlib

import numpy as np
import pytest

import morsel

DATA = pathlib.Path(__file__).resolve().parents[2] / "stability/tests/data/hpp_robustness.json"


def stance():
    feet = [morsel.contact({"shape": [0.11, 0.05], "pos": [0.0, y, 0.0], "friction": 0.7})
            for y in (0.15, -0.15)]
    return morsel.stance({"com": [0.02, 0.01, 0.8], "mass": 38.0, "contacts": feet})


def test_committed_reference_data():
    cases = json.loads(DATA.read_text())["cases"]
    for case in cases[:40]:
        expected = case.pop("robustness")
        got = morsel.equilibrium_robustness(case)
        assert got == pytest.approx(expected, rel=1e-6, abs=1e-6)


def test_stance_form_and_methods():
    st = stance()
    points = np.concatenate([morsel.vertices(c) for c in st.contacts])
    value = morsel.equilibrium_robustness(
        {"points": points, "normals": [[0.0, 0.0, 1.0]] * 8, "friction": 0.7, "mass": 38.0,
         "com": [0.02, 0.01, 0.8]})
    assert st.equilibrium_robustness() == pytest.approx(value, rel=1e-12)
    assert value > 0
    full = st.robust_static_polygon(0.0)
    static = morsel.static_polygon(st, "hull")
    assert full["status"] == "bounded"
    assert full["area"] == pytest.approx(static["area"], rel=1e-9)
    assert st.robust_static_polygon(0.5 * value)["area"] < full["area"]
    assert morsel.robust_static_polygon(st, 2.0 * value)["status"] == "empty"


def test_bad_input_is_an_error():
    ok = {"points": [[0.0, 0.0, 0.0]] * 3, "normals": [[0.0, 0.0, 1.0]] * 3, "friction": 0.5,
          "mass": 10.0, "com": [0.0, 0.0, 1.0]}
    with pytest.raises(ValueError, match="normal 0 has norm 2"):
        morsel.equilibrium_robustness({**ok, "normals": [[0.0, 0.0, 2.0]] * 3})
    with pytest.raises(ValueError, match="friction"):
        morsel.equilibrium_robustness({**ok, "friction": 0.0})
    with pytest.raises(ValueError, match="at least one contact"):
        morsel.equilibrium_robustness({**ok, "points": np.zeros((0, 3)), "normals": np.zeros((0, 3))})
    with pytest.raises(ValueError, match="generators"):
        morsel.equilibrium_robustness(ok, generators=2)
    with pytest.raises(ValueError, match="margin"):
        morsel.robust_static_polygon(stance(), -1.0)


def test_equals_hpp_centroidal_dynamics_side_by_side():
    hpp = pytest.importorskip("hpp_centroidal_dynamics")
    rng = np.random.default_rng(7)
    worst = 0.0
    for trial in range(60):
        points, normals = [], []
        for _ in range(int(rng.integers(2, 5))):
            normal = rng.normal(size=3) * [0.3, 0.3, 0.0] + [0.0, 0.0, 1.0]
            normal /= np.linalg.norm(normal)
            centre = rng.uniform([-0.4, -0.4, 0.0], [0.4, 0.4, 0.3])
            tangent = np.cross(normal, [1.0, 0.0, 0.0])
            tangent /= np.linalg.norm(tangent)
            other = np.cross(normal, tangent)
            for sx, sy in [(1, 1), (1, -1), (-1, -1), (-1, 1)]:
                points.append(centre + 0.08 * sx * tangent + 0.05 * sy * other)
                normals.append(normal)
        points, normals = np.array(points), np.array(normals)
        com = points.mean(axis=0) + rng.uniform([-0.1, -0.1, 0.5], [0.1, 0.1, 1.0])
        acc = rng.uniform(-2, 2, size=3) if trial % 2 else np.zeros(3)
        friction, mass, k = float(rng.uniform(0.3, 1.0)), float(rng.uniform(20, 80)), int(rng.integers(3, 9))
        eq = hpp.Equilibrium("morsel", mass, k)
        eq.setNewContacts(points, normals, friction, hpp.EquilibriumAlgorithm.EQUILIBRIUM_ALGORITHM_LP)
        status, expected = eq.computeEquilibriumRobustness(com, acc)
        if status != hpp.LP_STATUS_OPTIMAL:
            continue
        got = morsel.equilibrium_robustness(
            {"points": points, "normals": normals, "friction": friction, "mass": mass, "com": com,
             "generators": k, "acceleration": acc})
        worst = max(worst, abs(got - expected) / max(abs(expected), 1.0))
    assert worst < 1e-6
