"""Sample maps, boundaries and joint-space models as Python objects (issues 37 and 38): NumPy
properties shaped as documented, the grid against the sampling rule, the model's gradient
against central finite differences, its files, the notebook views and typed errors that name
the argument."""

import json

import numpy as np
import pytest

import morsel
from conftest import ROBOTS

SOLO12 = ROBOTS / "solo12" / "solo12.urdf"


@pytest.fixture(scope="module")
def shoulder():
    solo = morsel.urdf(SOLO12)
    cs = solo.collision_sampler({
        "joints": ["FL_HAA", "FL_HFE"],
        "ranges": [[-np.pi, np.pi], [-2.0, 2.0]],
        "pairs": [["base_link", "FL_UPPER_LEG"], ["base_link", "FL_LOWER_LEG"]],
    })
    grid = cs.grid([24, 18])
    boundary = cs.boundary(150, seed=1)
    js = grid.to_jointspace(boundary)
    model = js.jointspace_model(hidden=[8], epochs=150, seed=0)
    return solo, cs, grid, boundary, js, model


def test_grid_properties_follow_the_sampling_rule(shoulder):
    _, _, grid, _, _, _ = shoulder
    assert len(grid) == 24 * 18 and grid.steps == [24, 18]
    assert grid.ranges == [[-np.pi, np.pi], [-2.0, 2.0]]
    for a in (grid.rows, grid.values, grid.grid):
        assert a.dtype == np.float64
    assert grid.rows.shape == (24 * 18, 3) and grid.values.shape == (24 * 18,)
    assert grid.grid.shape == (24, 18)
    # grid[i, j] is the sample at q = (lo_0 + i (hi_0 - lo_0) / 24, lo_1 + j (hi_1 - lo_1) / 18)
    rows = {(round(r[0], 12), round(r[1], 12)): r[2] for r in grid.rows}
    for i, j in [(0, 0), (5, 17), (23, 3), (12, 9)]:
        q = (-np.pi + i * 2 * np.pi / 24, -2.0 + j * 4.0 / 18)
        assert grid.grid[i, j] == rows[(round(q[0], 12), round(q[1], 12))]
    assert grid.collisions == int(np.sum(grid.values <= 0)) > 0
    assert morsel.random(shoulder[1], 10).grid is None


def test_jacobian_rows_are_unit_vectors_away_from_the_nearest_boundary_point(shoulder):
    _, _, grid, boundary, js, _ = shoulder
    J = morsel.jacobian(grid, boundary)
    assert J.shape == (len(grid), 4) and J.dtype == np.float64
    np.testing.assert_array_equal(J, grid.jacobian(boundary))
    np.testing.assert_array_equal(J[:, :2], grid.rows[:, :2])
    np.testing.assert_allclose(np.linalg.norm(J[:, 2:], axis=1), 1.0, rtol=1e-12)
    pts = boundary.points
    assert pts.shape == (150, 2) and pts.dtype == np.float64
    assert morsel.to_map(grid)["steps"] == [24, 18]
    assert set(boundary.to_map()) == {"joints", "ranges", "precision", "periodic", "points"}


def test_model_batches_and_its_gradient_against_finite_differences(shoulder):
    *_, model = shoulder
    rng = np.random.default_rng(3)
    Q = np.column_stack([rng.uniform(-3, 3, 20), rng.uniform(-2, 2, 20)])
    d = model.distance(Q)
    g = model.gradient(Q)
    assert d.shape == (20,) and g.shape == (20, 2) and d.dtype == g.dtype == np.float64
    h = 1e-6
    for q, di, gi in zip(Q, d, g):
        assert model.distance(q) == di
        np.testing.assert_array_equal(model.gradient(list(q)), gi)
        fd = [(model.distance(q + h * e) - model.distance(q - h * e)) / (2 * h) for e in np.eye(2)]
        np.testing.assert_allclose(gi, fd, rtol=1e-5, atol=1e-7)
    assert morsel.distance(model, Q[0]) == d[0]
    assert model.joints == ["FL_HAA", "FL_HFE"] and model.parameters == (3 * 8 + 8) + (8 + 1)
    # inputs: FL_HAA spans a full turn (cos, sin), FL_HFE does not (one input): 3 -> 8 -> 1


def test_a_spline_model_from_python(shoulder, tmp_path):
    _, cs, _, boundary, js, _ = shoulder
    # FL_HAA spans a full turn (periodic: 10 coefficients), FL_HFE does not (open: 6 + 3).
    model = js.jointspace_model(kind="spline", cells=[10, 6], smoothing=1e-3, validation=0.0)
    assert model.to_map()["kind"] == "spline" and model.to_map()["cells"] == [10, 6]
    assert model.to_map()["hidden"] == [] and model.parameters == 10 * 9
    assert morsel.jointspace_model(js, cells=8).to_map()["cells"] == [8, 8]
    rng = np.random.default_rng(4)
    Q = np.column_stack([rng.uniform(-3, 3, 12), rng.uniform(-2, 2, 12)])
    d, g = model.distance(Q), model.gradient(Q)
    h = 1e-6
    for q, di, gi in zip(Q, d, g):
        assert model.distance(q) == di
        fd = [(model.distance(q + h * e) - model.distance(q - h * e)) / (2 * h) for e in np.eye(2)]
        np.testing.assert_allclose(gi, fd, rtol=1e-5, atol=1e-7)
    # The spline is closer to the training distances than the small network of the fixture.
    assert model.report["train_rmse"] < shoulder[-1].report["train_rmse"]
    morsel.certify(model, cs.random(300, seed=9).to_jointspace(boundary))
    model.save(tmp_path / "s.npz")
    arrays = np.load(tmp_path / "s.npz")
    assert arrays["coefficients"].shape == (10, 9) and list(arrays["cells"]) == [10, 6]
    morsel.save(tmp_path / "s.json", model)
    assert "spline" in json.loads((tmp_path / "s.json").read_text())["model"]
    morsel.save(tmp_path / "s.h", model)
    assert "s_coef[90]" in (tmp_path / "s.h").read_text()
    with pytest.raises(morsel.InvalidValueError, match="tree"):
        js.jointspace_model(kind="tree")
    with pytest.raises(morsel.InvalidValueError, match="hidden"):
        js.jointspace_model(kind="spline", hidden=[4])
    with pytest.raises(morsel.InvalidValueError, match="cells"):
        js.jointspace_model(kind="network", cells=8)
    with pytest.raises(morsel.InvalidValueError, match="at least 4"):
        js.jointspace_model(cells=[3, 6])


def test_certify_stores_the_offset_and_saves_carry_it(shoulder, tmp_path):
    _, cs, _, boundary, _, model = shoulder
    fresh = cs.random(400, seed=9).to_jointspace(boundary)
    report = morsel.certify(model, fresh)
    assert report["false_free"] == 0 and report["samples"] == 400
    assert model.offset == report["offset"] >= 0
    lost = model.lost_motion(fresh)
    assert set(np.unique(lost.values)) <= {-1.0, 0.0, 1.0}
    assert int(np.sum(lost.values == 0)) == report["lost_free"]
    np.testing.assert_array_equal(model.predict(fresh).values, model.distance(fresh.rows[:, :2]))
    morsel.save(tmp_path / "leg.h", model)
    header = (tmp_path / "leg.h").read_text()
    assert "leg_distance" in header and "LEG_OFFSET" in header
    model.save(tmp_path / "m.h", prefix="shoulder")
    assert "shoulder_gradient" in (tmp_path / "m.h").read_text()
    morsel.save(tmp_path / "m.json", model)
    assert json.loads((tmp_path / "m.json").read_text())
    model.save(tmp_path / "m.npz")
    assert len(np.load(tmp_path / "m.npz").files) > 0
    with pytest.raises(morsel.InvalidValueError, match="prefix"):
        model.save(tmp_path / "m.json", prefix="x")
    morsel.save(tmp_path / "map.npy", fresh)
    np.testing.assert_array_equal(np.load(tmp_path / "map.npy"), fresh.rows)


def test_views_for_notebooks(shoulder):
    solo, _, _, boundary, _, _ = shoulder
    scene = morsel.add_body(morsel.scene(), "ball", morsel.sphere(0.1), morsel.pose())
    for obj in (solo, boundary, scene):
        html = obj._repr_html_()
        assert html.startswith("<iframe") and "srcdoc=" in html and "http://" not in html
    v = morsel.view(boundary)
    assert v._repr_html_() == boundary._repr_html_()
    assert "<html" in v.html.lower()
    with pytest.raises(morsel.WrongTypeError):
        morsel.view(5)


def test_bad_input_names_the_argument(shoulder):
    _, cs, grid, boundary, _, model = shoulder
    with pytest.raises(morsel.WrongTypeError, match="`q` of distance"):
        model.distance("q")
    with pytest.raises(morsel.InvalidValueError, match="2 columns"):
        model.distance(np.zeros((3, 3)))
    with pytest.raises(morsel.MorselError):
        model.gradient([0.1, 0.2, 0.3])
    with pytest.raises(morsel.InvalidValueError):
        model.distance([float("nan"), 0.0])
    with pytest.raises(morsel.WrongTypeError, match="`map` of certify"):
        model.certify(boundary)
    with pytest.raises(morsel.WrongTypeError, match="`samples` of jointspace_model"):
        morsel.jointspace_model(boundary)
    with pytest.raises(morsel.WrongTypeError, match="`boundary` of jacobian"):
        grid.jacobian(grid)
    with pytest.raises(morsel.UnknownNameError):
        morsel.jointspace_model(grid, layers=[3])
    with pytest.raises(morsel.WrongTypeError, match="fk"):
        morsel.fk(5, {})
