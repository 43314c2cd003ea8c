"""The torque-level avoidance example (python/examples/solo12_avoidance_torque.py, issue 48), run
small: PD with gravity compensation drives the shoulder into collision, and the model's
repulsive torque keeps it out, both judged by Morsel's exact mesh distance at every step."""

import importlib.util
import pathlib

import numpy as np

EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "solo12_avoidance_torque.py"


def load_example():
    spec = importlib.util.spec_from_file_location("solo12_avoidance_torque", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_repulsive_torque_keeps_the_leg_out_of_collision(capsys):
    ex = load_example()
    assert ex.main(["--small"]) == 0
    text = capsys.readouterr().out
    assert "with the repulsive torque: 0 of 600 steps in collision" in text


def test_the_torque_runs_move_the_leg_by_dynamics():
    import morsel

    ex = load_example()
    v = ex.velocity_example()
    solo = morsel.urdf(v.SOLO12)
    sampler = morsel.collision_sampler(solo, {"joints": v.JOINTS, "ranges": [-np.pi, np.pi],
                                              "pairs": v.PAIRS})
    model, train, _, _ = v.fit_model(sampler, v.SMALL)
    rows = train.rows
    start, target = rows[np.argmax(rows[:, 2]), :2], rows[np.argmin(rows[:, 2]), :2]
    names = morsel.velocity_names(solo)
    slots = np.array([names.index(j) for j in v.JOINTS])
    free, _, _, free_end = ex.drive(solo, sampler, model, slots, start, target, False, 0.6)
    safe, active, peak, end = ex.drive(solo, sampler, model, slots, start, target, True, 0.6)
    assert np.sum(free <= 0.0) > 100 and np.all(safe > 0.0) and active > 0 and peak > 0.0
    # PD alone ends near the colliding target; the repelled leg stops where the model says free.
    assert np.abs(free_end - target).max() < 0.05
    assert model.distance(end) - model.offset > 0.0
