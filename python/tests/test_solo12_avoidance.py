"""The Python avoidance example (python/examples/solo12_avoidance.py, issue 38), run small: the
leg driven at a colliding configuration collides without the model's repulsion and never with
it, both judged by Morsel's exact mesh distance at every step (not by the model)."""

import importlib.util
import pathlib

import numpy as np

EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "solo12_avoidance.py"


def load_example():
    spec = importlib.util.spec_from_file_location("solo12_avoidance", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_repulsion_keeps_the_leg_out_of_collision(tmp_path, capsys):
    ex = load_example()
    assert ex.main(["--small", "--out", str(tmp_path)]) == 0
    text = capsys.readouterr().out
    assert "without repulsion" in text and "with repulsion: 0 of 600 steps in collision" in text
    header = (tmp_path / "solo12_avoidance_model.h").read_text()
    assert "solo12_avoidance_model_distance(const double *q)" in header
    assert "#define SOLO12_AVOIDANCE_MODEL_JOINTS 2" in header
    assert "OFFSET is a SOUND certificate" in header


def test_the_runs_are_judged_by_the_exact_mesh_distance(tmp_path):
    ex = load_example()
    import morsel

    solo = morsel.urdf(ex.SOLO12)
    sampler = morsel.collision_sampler(solo, {"joints": ex.JOINTS, "ranges": [-np.pi, np.pi],
                                              "pairs": ex.PAIRS})
    model, train, checked, c = ex.fit_model(sampler, ex.SMALL)
    assert checked["certificate"] == "empirical" and checked["false_free"] == 0
    # The model carries the sound offset, which covers every colliding configuration of the box,
    # so at least the sampled ones that set the empirical offset.
    assert c["certificate"] == "sound" and c["sample_false_free"] == 0
    assert model.offset == c["offset"] >= checked["offset"] >= 0.0
    rows = train.rows
    start, target = rows[np.argmax(rows[:, 2]), :2], rows[np.argmin(rows[:, 2]), :2]
    # The target collides and the start is free, by the exact distance.
    assert sampler.distance(target) < 0.0 < sampler.distance(start)
    free, _, _ = ex.drive(sampler, model, start, target, repel=False)
    safe, active, end = ex.drive(sampler, model, start, target, repel=True)
    assert np.sum(free <= 0.0) > 100
    assert np.all(safe > 0.0) and active > 0
    # The repelled leg stops where the certified model says it is free.
    assert model.distance(end) - model.offset > 0.0
