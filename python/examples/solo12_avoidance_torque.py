"""Solo-12 front-left leg at the torque level, from Python: a joint-space collision model as a
repulsive torque in a torque-driven simulation.

    python python/examples/solo12_avoidance_torque.py [--small]

The Python form of scripts/solo12_avoidance_torque.rhai. The shoulder model of
solo12_avoidance.py (FL_HAA, FL_HFE; the body against the upper and lower leg) is fitted and
certified soundly over the whole box of joint ranges. Then every joint is driven by torques
(Morsel's forward dynamics, RK4 at each 1 ms step): PD with gravity compensation holds the
other legs and pulls the shoulder along a path from its freest configuration to its most deeply colliding one, once alone and once with the
model's gradient added as a repulsive torque (gain * (threshold - m) along the model's unit
gradient, m = distance - offset, active below the threshold). At every step Morsel's exact mesh
distance says whether the leg collides: without the repulsive torque it does, with it it never
does.

`--small` uses the coarser model and a shorter motion (what the test runs).
"""

import argparse
import importlib.util
import pathlib
import sys

import numpy as np

import morsel

HERE = pathlib.Path(__file__).resolve().parent


def velocity_example():
    """The velocity-level example, for its model fit (one fit, two controllers)."""
    spec = importlib.util.spec_from_file_location("solo12_avoidance", HERE / "solo12_avoidance.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def drive(solo, sampler, model, slots, start, target, repel, seconds, dt=0.001, gain=60.0):
    """One torque-driven run. Returns the exact mesh distance (m) after every step, how often the
    repulsive torque acted, its peak (N m) and where the shoulder ended."""
    stand = solo.q.copy()
    q = stand.copy()
    q[slots] = start
    solo.set_q(q)
    sim = morsel.simulation({"dt": dt})
    morsel.add(sim, solo)
    v = np.zeros(len(q))
    steps = int(round(seconds / dt))
    distances, active, peak = [], 0, 0.0
    for i in range(steps):
        s = min(1.0, 2.0 * i / steps)
        goal = stand.copy()
        goal[slots] = start + s * (target - start)
        tau = np.zeros(len(q))
        if repel:
            push = model.repulsion(solo.q[slots], threshold=0.3, gain=gain)
            active += int(np.linalg.norm(push) > 0.0)
            peak = max(peak, float(np.linalg.norm(push)))
            tau[slots] = push
        morsel.drive_torques(solo, {"kp": 4.0, "kd": 0.1, "target": goal,
                                    "gravity_compensation": True, "tau": tau, "v": v})
        sim.step()
        v = morsel.joint_velocities(solo)
        distances.append(sampler.distance(solo.q[slots]))
    end = solo.q[slots].copy()
    solo.set_q(stand)
    return np.array(distances), active, peak, end


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", action="store_true", help="coarser model, shorter motion")
    args = parser.parse_args(argv)
    ex = velocity_example()
    size, seconds = (ex.SMALL, 0.6) if args.small else (ex.FULL, 2.0)

    solo = morsel.urdf(ex.SOLO12)
    sampler = morsel.collision_sampler(solo, {"joints": ex.JOINTS, "ranges": [-np.pi, np.pi],
                                              "pairs": ex.PAIRS})
    model, train, checked, c = ex.fit_model(sampler, size)
    print(f"checked: p99 error {checked['p99_error']:.4f} rad; certified soundly "
          f"({c['certificate']}): offset {c['offset']:.4f} rad")
    rows = train.rows
    start, target = rows[np.argmax(rows[:, 2]), :2], rows[np.argmin(rows[:, 2]), :2]
    names = morsel.velocity_names(solo)
    slots = np.array([names.index(j) for j in ex.JOINTS])

    free, _, _, free_end = drive(solo, sampler, model, slots, start, target, False, seconds)
    safe, active, peak, end = drive(solo, sampler, model, slots, start, target, True, seconds)
    print(f"PD alone: {int(np.sum(free <= 0))} of {len(free)} steps in collision, "
          f"ended at {np.round(free_end, 3)}")
    print(f"with the repulsive torque: {int(np.sum(safe <= 0))} of {len(safe)} steps in collision, "
          f"closest {safe.min():.5f} m, active in {active} steps, peak {peak:.3f} N m, "
          f"ended at {np.round(end, 3)}")
    if np.sum(free <= 0) == 0 or np.sum(safe <= 0) != 0:
        print("the repulsive torque did not make the difference it should", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
