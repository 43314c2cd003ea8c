"""dm_control's humanoid feels its own balance: standing, pushed, recovering or falling.

    python python/examples/humanoid_balance.py [--out DIR] [--push N ...] [--seconds S]

The humanoid of ``dm_control.suite`` (PyPI ``dm-control``; its humanoid.xml, unchanged but for
damping) stands on its feet and holds its initial posture: a joint-space PD through its motors
(the P term in ``ctrl``, clipped to the motors' range; the D term as joint damping, which
MuJoCo's Euler integrator treats implicitly) with an ankle strategy (the ankle pitch targets
lean against the CoM's offset and velocity). At 1 s a horizontal force pushes the torso
forward for 0.1 s. ``morsel.mujoco.BalanceMonitor`` reads, every step, the wrenches on the two
feet, the centre of pressure, the support polygon (the hull of the feet's contact points) and
the margin of the CoM's ground projection. A small push (50 N) is recovered: the margin stays
positive. A large one (150 N) first lifts the heels (the support shrinks to the toes' line, the
margin dips below zero and returns when the heels land), then the CoM passes the toes: the
margin crosses zero for good well before the torso falls below ``FALLEN`` (m). The margin over
time goes to ``DIR/humanoid_balance.svg``.
"""

import argparse
import pathlib

import numpy as np

from morsel.mujoco import BalanceMonitor

FEET = ["right_foot", "left_foot"]
FOOT_GEOMS = ["right_right_foot", "left_right_foot", "left_left_foot", "right_left_foot"]
PUSH_START, PUSH_DURATION = 1.0, 0.1
SETTLED = 0.25  # s: the feet are flat on the floor (at first only the heels touch)
FALLEN = 0.9  # torso height (m) below which the robot has fallen (standing: about 1.28 m)
KP, KD = 1000.0, 10.0  # posture stiffness and damping, per 20 units of motor gear
ANKLE_LEAN, ANKLE_VELOCITY = 1.0, 0.3  # ankle pitch target per m of CoM offset, per m/s


def humanoid():
    """(model, data) of dm_control's humanoid, its feet on the floor, with the PD's damping."""
    import mujoco
    from dm_control.suite import humanoid as suite_humanoid

    xml, assets = suite_humanoid.get_model_and_assets()
    m = mujoco.MjModel.from_xml_string(xml, assets)
    d = mujoco.MjData(m)
    mujoco.mj_forward(m, d)
    lowest = min(d.geom_xpos[m.geom(g).id][2] - m.geom_size[m.geom(g).id][0] for g in FOOT_GEOMS)
    d.qpos[2] -= lowest - 5e-4
    mujoco.mj_forward(m, d)
    joints = m.actuator_trnid[:, 0]
    m.dof_damping[m.jnt_dofadr[joints]] += KD * m.actuator_gear[:, 0] / 20.0
    return m, d


class Standing:
    """The posture controller: holds the initial joint angles, ankles leaning against the CoM."""

    def __init__(self, m, d):
        joints = m.actuator_trnid[:, 0]
        self.qadr = m.jnt_qposadr[joints]
        self.target = d.qpos[self.qadr].copy()
        self.kp = KP * m.actuator_gear[:, 0] / 20.0
        self.gear = m.actuator_gear[:, 0]
        self.ankles = [i for i in range(m.nu) if "ankle_y" in m.actuator(i).name]
        self.feet = [m.body(f).id for f in FEET]
        self.root = m.body("torso").id

    def control(self, d):
        target = self.target.copy()
        centre = np.mean([d.xpos[f][0] for f in self.feet]) + 0.035  # mid-foot, ahead of ankles
        com_x, com_vx = d.subtree_com[self.root][0], d.subtree_linvel[self.root][0]
        target[self.ankles] += ANKLE_LEAN * (com_x - centre) + ANKLE_VELOCITY * com_vx
        d.ctrl[:] = np.clip(self.kp * (target - d.qpos[self.qadr]) / self.gear, -1.0, 1.0)


def run(push, seconds=3.0, monitor_options=None, callback=None):
    """Stands, pushes the torso with `push` N along x, and records every step
    (``callback(m, d, reading)`` after each reading, if given).

    Returns {time, margin (NaN without a polygon), torso_height, readings (BalanceMonitor's
    dicts), model, data, push_window}."""
    import mujoco

    m, d = humanoid()
    controller = Standing(m, d)
    monitor = BalanceMonitor(m, d, FEET, **(monitor_options or {}))
    torso = m.body("torso").id
    times, margins, heights, readings = [], [], [], []
    for _ in range(int(round(seconds / m.opt.timestep))):
        controller.control(d)
        d.xfrc_applied[torso, :] = 0.0
        if PUSH_START <= d.time < PUSH_START + PUSH_DURATION:
            d.xfrc_applied[torso, 0] = push
        mujoco.mj_step(m, d)
        r = monitor.read()  # the contacts and CoM of the state the step started from
        readings.append(r)
        if callback is not None:
            callback(m, d, r)
        times.append(r["time"] - m.opt.timestep)
        margins.append(np.nan if r["margin"] is None else r["margin"])
        heights.append(float(d.xpos[torso][2]))
    return {"time": np.array(times), "margin": np.array(margins),
            "torso_height": np.array(heights), "readings": readings, "model": m, "data": d,
            "push_window": (PUSH_START, PUSH_START + PUSH_DURATION)}


def fall_time(record):
    """The first time the torso is below FALLEN, or None."""
    fallen = np.nonzero(record["torso_height"] < FALLEN)[0]
    return None if len(fallen) == 0 else float(record["time"][fallen[0]])


def first_negative_time(record):
    """The first time after the push starts that the margin is negative, or None."""
    t, margin = record["time"], record["margin"]
    below = np.nonzero((t >= PUSH_START) & (margin < 0.0))[0]
    return None if len(below) == 0 else float(t[below[0]])


def crossing_time(record):
    """When balance was lost for good: the time from which the margin stays negative (or
    undefined, no support) until the fall; None without a fall."""
    fell = fall_time(record)
    if fell is None:
        return None
    t, margin = record["time"], record["margin"]
    ok = np.nonzero((t < fell) & (margin >= 0.0))[0]
    return float(t[ok[-1] + 1]) if len(ok) else float(t[0])


def plot(records, path):
    """Margin over time, one line per push, the push window shaded, the final crossing of zero
    and the fall marked."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4))
    for push, record in records.items():
        line, = ax.plot(record["time"], 100.0 * record["margin"], label=f"push {push:g} N")
        fell = fall_time(record)
        if fell is not None:
            ax.axvline(fell, color=line.get_color(), linestyle=":",
                       label=f"torso below {FALLEN} m ({fell:.2f} s)")
            crossed = crossing_time(record)
            ax.axvline(crossed, color=line.get_color(), linestyle="--",
                       label=f"margin < 0 until the fall ({crossed:.2f} s)")
    ax.axvspan(PUSH_START, PUSH_START + PUSH_DURATION, color="0.85", label="push")
    ax.axhline(0.0, color="k", linewidth=0.8)
    ax.set_xlabel("time (s)")
    ax.set_ylabel("CoM margin to the support polygon (cm)")
    ax.set_title("dm_control humanoid: balance margin (morsel.mujoco.BalanceMonitor)")
    ax.legend(loc="lower left")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=".", help="folder of humanoid_balance.svg")
    parser.add_argument("--push", type=float, nargs="+", default=[50.0, 150.0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args(argv)
    records = {}
    for push in args.push:
        record = run(push, args.seconds)
        records[push] = record
        crossed, fell = crossing_time(record), fall_time(record)
        first = first_negative_time(record)
        t = record["time"]
        margin = record["margin"][(t >= SETTLED) & (t < PUSH_START)]
        print(f"push {push:g} N: margin from {SETTLED} s to the push >= {np.nanmin(margin):.4f} m; "
              f"after it min {np.nanmin(record['margin'][record['time'] >= PUSH_START]):.4f} m; "
              f"first < 0 at {'never' if first is None else f'{first:.3f} s'}; "
              f"< 0 for good from {'never' if crossed is None else f'{crossed:.3f} s'}; "
              f"fell at {'never' if fell is None else f'{fell:.3f} s'}")
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    plot(records, out / "humanoid_balance.svg")
    print(f"wrote {out / 'humanoid_balance.svg'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
