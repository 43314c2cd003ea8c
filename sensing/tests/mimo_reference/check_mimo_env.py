"""``morsel.mimo`` inside a real MIMo environment, step by step against MIMo's own classes.

Run in MIMo's venv (README.md in this folder) with Morsel installed there too
(``pip install --no-deps ./python``):

    python check_mimo_env.py --mimo /path/to/MIMo [--steps 200] [--seed 0] [--only v1|v2]

For MIMo v1 and v2 (``MIMoDummyEnv`` and ``MIMoV2DummyEnv`` on their benchmark scenes, MIMo's
default touch parameters) it steps the environment with seeded random actions
(``env.do_simulation``, MIMo's own stepping with its actuation model) and at each step compares,
for every touch function × response function:

- ``morsel.mimo.TrimeshTouch(env, params)`` (float64) with MIMo's ``TrimeshTouch(env, params)``
  built on the same environment after ``mj_forward``, its outputs accumulated in float64, its
  search cache cleared before each call and MuJoCo's contact frames restored after it (MIMo
  flips them in place); ``DiscreteTouch`` likewise (``nearest`` only: MIMo's ``spread_linear``
  fails);
- ``morsel.mimo.TrimeshTouch`` in its default float32 with the environment's own
  ``env.get_touch_obs()`` (its ``env.touch`` made again by MIMo's ``touch_setup`` after
  ``mj_forward``), as MIMo users would call it.

It prints, per configuration, the steps compared, the steps with a non-zero output, the steps
where some sensor differs by more than 1e-9 N (float64), the worst difference, and the steps
where some body's (geom's) force sum differs.

For mesh ``nearest`` it also examines every differing step: for each contact MIMo senses on a
body whose outputs differ, the contact point in the body frame as MIMo computes it
(``get_contact_position_relative``) and its distances to the body's active sensors. A step is a
**tie** when each differing sensor, Morsel's pick and MIMo's, lies within ``TIE`` (1e-12 m) of
the nearest distance of one such contact: both sensors are nearest, and which one wins depends
on the last bits of the rounding (MIMo turns the point into the body frame with ``xmat`` and
searches a scipy k-d tree, Morsel uses ``xquat`` and its own k-d tree). Each tie is listed with
its body, the two sensors and the difference of their distances.
"""
import argparse
import pathlib
import sys

import mujoco
import numpy as np

# Two distances closer than this (m) are a tie: either sensor is nearest.
TIE = 1e-12

TRIMESH_TOUCH = ["force_vector", "force_vector_global", "normal_force"]
DISCRETE_TOUCH = ["normal", "force_vector", "force_vector_global"]
RESPONSES = ["nearest", "spread_linear"]


def wide(cls):
    """MIMo's class with float64 outputs (the code filling them is MIMo's)."""

    class Wide(cls):
        def get_empty_sensor_dict(self, size):
            return {k: v.astype(np.float64) for k, v in super().get_empty_sensor_dict(size).items()}

    return Wide


def ties(theirs, ours, d, frames):
    """For a mesh ``nearest`` step whose outputs differ: ``(all_ties, found)``, ``found`` a list
    of (body name, MIMo's sensor, Morsel's sensor, |distance difference|) for each differing
    body, ``all_ties`` whether every differing sensor is a nearest sensor (within ``TIE``) of
    some contact MIMo senses on that body."""
    n = d.ncon
    so, st = ours.sensor_outputs, theirs.sensor_outputs
    found, all_ties = [], True
    for body in st:
        diff = np.max(np.abs(so[body] - np.asarray(st[body])), axis=1) > 1e-9
        if not diff.any():
            continue
        sensors = theirs.sensor_positions[body]
        nearest_sets = []
        for contact_id, body_id, _ in theirs.contact_tuples:
            if body_id != body:
                continue
            p = theirs.get_contact_position_relative(contact_id, body)
            d.contact.frame[:n] = frames  # MIMo flips the normal in place
            dist = np.linalg.norm(sensors - p, axis=1)
            nearest_sets.append((dist, np.flatnonzero(dist <= dist.min() + TIE)))
        rows = set(np.flatnonzero(diff).tolist())
        covered = [t for dist, t in nearest_sets if len(t) > 1 and rows & set(t.tolist())]
        tied = set().union(*[set(t.tolist()) for t in covered]) if covered else set()
        if not rows <= tied:
            all_ties = False
        name = mujoco.mj_id2name(theirs.m_model, mujoco.mjtObj.mjOBJ_BODY, body)
        mimo_pick = [r for r in rows if np.any(np.asarray(st[body])[r])]
        morsel_pick = [r for r in rows if np.any(so[body][r])]
        gap = max((float(np.ptp(dist[t])) for dist, t in nearest_sets if len(t) > 1
                   and rows & set(t.tolist())), default=float("nan"))
        found.append((name, mimo_pick, morsel_pick, gap))
    return all_ties, found


def check(version, steps, seed):
    import mimoEnv.envs.dummy as dummy
    import mimoEnv.envs.mimo_env as mimo_env
    import mimoTouch.touch as mt
    from morsel.mimo import DiscreteTouch, TrimeshTouch

    # No vision: it needs an OpenGL context, and touch does not read it.
    if version == "v1":
        env = dummy.MIMoDummyEnv(touch_params=mimo_env.DEFAULT_TOUCH_PARAMS, vision_params=None)
        params = mimo_env.DEFAULT_TOUCH_PARAMS
    else:
        env = dummy.MIMoV2DummyEnv(vision_params=None)
        params = mimo_env.DEFAULT_TOUCH_PARAMS_V2
    env.reset(seed=seed)
    m, d = env.model, env.data
    mujoco.mj_forward(m, d)
    # MIMo's environment builds its touch before the first mj_forward (every geom then sits at
    # its body's origin, so MIMo's inside test sees other layouts); its own touch_setup, run
    # again now, builds it as MIMo would with that fixed.
    before = sum(env.touch.get_sensor_count(b) for b in env.touch.meshes)
    env.touch_setup(params)
    configs = []
    for tf in TRIMESH_TOUCH:
        for rf in RESPONSES:
            p = dict(params, touch_function=tf, response_function=rf)
            configs.append(("mesh", tf, rf, wide(mt.TrimeshTouch)(env, p),
                            TrimeshTouch(env, p, dtype=np.float64)))
    for tf in DISCRETE_TOUCH:
        p = dict(params, touch_function=tf, response_function="nearest")
        configs.append(("points", tf, "nearest", wide(mt.DiscreteTouch)(env, p),
                        DiscreteTouch(env, p, dtype=np.float64)))
    # Per configuration: steps, steps with output, steps differing by > 1e-9 N, worst
    # difference, and steps whose per-body (per-geom) sums differ by > 1e-9 N.
    stats = {c[:3]: [0, 0, [], 0.0, []] for c in configs}
    # Mesh `nearest` steps that differ: per configuration, the ties found and the steps
    # that are not ties.
    tie_log = {c[:3]: ([], []) for c in configs if c[0] == "mesh" and c[2] == "nearest"}
    own = TrimeshTouch(env, params)
    own_stats = [0, 0.0, 0]
    rng = np.random.default_rng(seed)
    lo, hi = env.action_space.low, env.action_space.high
    for step in range(steps):
        env.do_simulation(rng.uniform(lo, hi), env.frame_skip)
        n = d.ncon
        frames = d.contact.frame[:n].copy()
        for kind, tf, rf, theirs, ours in configs:
            o = ours.get_touch_obs().copy()
            if kind == "mesh":
                theirs._neighbour_cache.clear()
            t = np.asarray(theirs.get_touch_obs(), dtype=np.float64).reshape(o.shape)
            d.contact.frame[:n] = frames
            s = stats[(kind, tf, rf)]
            worst = float(np.max(np.abs(o - t))) if o.size else 0.0
            s[0] += 1
            s[1] += bool(np.any(t))
            if worst > 1e-9:
                s[2].append(step)
                so, st = ours.sensor_outputs, theirs.sensor_outputs
                if any(np.max(np.abs(so[k].sum(axis=0) - np.asarray(st[k]).sum(axis=0))) > 1e-9
                       for k in st):
                    s[4].append(step)
                if (kind, tf, rf) in tie_log:
                    all_ties, found = ties(theirs, ours, d, frames)
                    log = tie_log[(kind, tf, rf)]
                    (log[0] if all_ties else log[1]).append((step, found))
            s[3] = max(s[3], worst)
        # The environment's own instance, as a MIMo user calls it (float32, its cache as is).
        o = own.get_touch_obs()
        t = env.get_touch_obs()
        d.contact.frame[:n] = frames
        worst = float(np.max(np.abs(o.astype(np.float64) - t))) if o.size else 0.0
        scale = max(1.0, float(np.max(np.abs(t))) if t.size else 1.0)
        own_stats[0] += 1
        own_stats[1] = max(own_stats[1], worst / scale)
        own_stats[2] += worst / scale > 1e-5
    print(f"{version}: {steps} steps, mujoco {mujoco.__version__}, "
          f"{own.get_total_sensor_count()} mesh sensors (MIMo: "
          f"{sum(env.touch.get_sensor_count(b) for b in env.touch.meshes)} after mj_forward, "
          f"{before} as the environment first built them)")
    for (kind, tf, rf), (n, responding, differing, worst, sums) in stats.items():
        print(f"  {kind:6} {tf:19} {rf:13}: {n} steps, {responding} with output, "
              f"{len(differing)} differing > 1e-9 N {differing[:10]}, worst {worst:.2e} N; "
              f"{len(sums)} with different per-body sums")
    for (kind, tf, rf), (tied, other) in tie_log.items():
        print(f"  {kind} {tf} {rf}: {len(tied)} differing steps are ties (sensors equidistant "
              f"to {TIE:g} m), {len(other)} are not {[s for s, _ in other]}")
    first = next(iter(tie_log.values()), ([], []))
    for step, found in first[0] + first[1]:
        for name, mimo_pick, morsel_pick, gap in found:
            print(f"    step {step}: {name}, MIMo sensor {mimo_pick}, Morsel sensor {morsel_pick}, "
                  f"distances differ by {gap:.1e} m")
    print(f"  env.touch ({params['touch_function']}, {params['response_function']}, float32): "
          f"{own_stats[0]} steps, {own_stats[2]} differing by > 1e-5 of the largest output, "
          f"worst relative {own_stats[1]:.2e}")
    env.close()


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--mimo", required=True, help="a MIMo checkout (installed in this venv)")
    p.add_argument("--steps", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--only", choices=["v1", "v2"])
    args = p.parse_args()
    sys.path.insert(0, str(pathlib.Path(args.mimo).resolve()))
    import mimoEnv  # noqa: F401  (mimoTouch and mimoEnv import each other; mimoEnv first)
    for version in ["v1", "v2"]:
        if args.only in (None, version):
            check(version, args.steps, args.seed)


if __name__ == "__main__":
    main()
