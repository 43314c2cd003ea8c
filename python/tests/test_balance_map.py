"""balance_map from Python on gymnasium's MuJoCo ant standing on its four foot tips: the static
margin is the signed distance to static_polygon's polygon (checked by brute force), the robust
margin equals equilibrium_robustness of the same point contacts, saves hold the rows, and bad
options are typed errors."""

import json
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


def brute_signed_distance(vertices, p):
    v = np.asarray(vertices, dtype=float)
    best, inside = np.inf, True
    for a, b in zip(v, np.roll(v, -1, axis=0)):
        e, w = b - a, np.asarray(p) - a
        inside &= e[0] * w[1] - e[1] * w[0] >= 0.0
        t = np.clip(w @ e / (e @ e), 0.0, 1.0)
        best = min(best, float(np.linalg.norm(w - t * e)))
    return best if inside else -best


def test_static_map_is_the_signed_distance_to_the_polygon(tmp_path):
    _, st = ant_stance()
    m = st.balance_map(x=[-1.2, 1.2, 25], y=[-1.0, 1.0, 21])
    assert (m.kind, m.unit, m.steps, len(m)) == ("static", "m", [25, 21], 25 * 21)
    vertices = st.static_polygon()["vertices"]
    grid = m.grid
    xs, ys = np.linspace(-1.2, 1.2, 25), np.linspace(-1.0, 1.0, 21)
    for i, x in enumerate(xs):
        for j, y in enumerate(ys):
            assert abs(grid[i, j] - brute_signed_distance(vertices, (x, y))) < 1e-9
    assert (grid > 0).any() and (grid < 0).any()
    m.save(str(tmp_path / "m.npy"))
    np.testing.assert_array_equal(np.load(tmp_path / "m.npy"), m.rows)
    morsel.save(str(tmp_path / "m.json"), m)
    data = json.loads((tmp_path / "m.json").read_text())
    assert data["columns"] == ["x", "y", "z"] and data["values"] == list(m.values)
    morsel.plot_map(str(tmp_path / "m.svg"), m)
    assert (tmp_path / "m.svg").read_text().startswith("<svg")


def test_robust_map_equals_equilibrium_robustness_at_each_com():
    _, st = ant_stance()
    coms = np.array([[0.0, 0.0, 0.6], [0.2, -0.1, 0.7], [0.5, 0.5, 0.6], [1.5, 0.0, 0.6]])
    m = morsel.balance_map(st, {"kind": "robust", "coms": coms, "generators": 4})
    points, normals = [], []
    for c in st.contacts:
        for v in morsel.vertices(c):
            points.append(list(v))
            normals.append([0.0, 0.0, 1.0])
    for com, value in zip(coms, m.values):
        one = morsel.equilibrium_robustness({"points": points, "normals": normals, "friction": 0.7,
                                             "mass": st.mass, "com": list(com)})
        assert abs(value - one) <= 1e-7 * max(1.0, abs(one))
    assert m.values[0] > 0 > m.values[3]
    np.testing.assert_array_equal(m.coms, coms)


def test_configuration_map_moves_the_feet_and_restores_the_robot():
    ant, st = ant_stance()
    q0 = np.array(ant.q)
    qs = np.tile(q0, (4, 1))
    qs[:, 7] = [-0.4, -0.1, 0.2, 0.5]
    m = morsel.balance_map(st, {"kind": "static", "configurations": qs})
    np.testing.assert_array_equal(ant.q, q0)
    assert len(m) == 4 and len(m.columns) == len(q0)
    assert len(set(np.round(m.values, 12))) > 1, m.values


def test_bad_balance_map_options():
    _, st = ant_stance()
    with pytest.raises(ValueError, match="tilt"):
        morsel.balance_map(st, {"kind": "tilt", "x": [0, 1, 3], "y": [0, 1, 3]})
    with pytest.raises(ValueError, match="exactly one"):
        morsel.balance_map(st, {"x": [0, 1, 3], "y": [0, 1, 3], "coms": [[0, 0, 0]]})
    with pytest.raises(ValueError, match="min <= max"):
        morsel.balance_map(st, x=[1, 0, 3], y=[0, 1, 3])
    with pytest.raises(ValueError, match="steps"):
        morsel.balance_map(st, x=[0, 1, 2.5], y=[0, 1, 3])
    with pytest.raises(KeyError, match="stride"):
        morsel.balance_map(st, x=[0, 1, 3], y=[0, 1, 3], stride=2)
    with pytest.raises(ValueError, match="configuration 0"):
        morsel.balance_map(st, configurations=[[0.0, 1.0]])
    with pytest.raises(ValueError, match="SVG"):
        morsel.plot_map("m.png", morsel.balance_map(st, x=[0, 1, 3], y=[0, 1, 3]))
