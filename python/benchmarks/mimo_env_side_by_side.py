"""``morsel.mimo`` beside MIMo's own touch classes inside MIMo's environments: speed, step by
step (issue 53; not a timed test).

Run in MIMo's venv (``sensing/tests/mimo_reference/README.md``) with Morsel installed there
(``pip install --no-deps ./python``), pinned to one core:

    taskset -c 1 python python/benchmarks/mimo_env_side_by_side.py --mimo /path/to/MIMo \\
        [--steps 200] [--seed 0] [--repeats 3] [--only v1|v2] [--json results/....json]

For MIMo v1 and v2 (``MIMoDummyEnv`` and ``MIMoV2DummyEnv``, vision off, the touch rebuilt by
MIMo's own ``touch_setup`` after ``mj_forward`` as ``check_mimo_env.py`` does) it steps the
environment with MIMo's ``do_simulation`` and seeded random actions and, at every step, for
each case (``TrimeshTouch`` ``spread_linear`` and ``nearest``, ``DiscreteTouch`` ``nearest``;
MIMo's default touch function ``force_vector``; float32 outputs as MIMo's), times one
``get_touch_obs()`` of MIMo's class and one of ``morsel.mimo``'s on the same environment,
MIMo's first on even steps and Morsel's first on odd ones. Between two calls of one class the
other class and MIMo's stepping run, so each call starts as it would in a MIMo training loop
(its data not in the caches). MuJoCo's contact frames, which MIMo's ``TrimeshTouch`` flips in
place, are restored after MIMo's call (untimed).

It prints per case the medians and 90th percentiles of both and the ratios (MIMo / Morsel),
and the steps whose outputs differ by more than 1e-5 of the largest output (MIMo's search
cache is left on, as MIMo runs it, and v2's mesh ``nearest`` has ties, see the README), and
writes everything, with versions and load averages, to ``--json``.
"""

import argparse
import json
import os
import pathlib
import platform
import subprocess
import sys
import time

import mujoco
import numpy as np

CASES = [("TrimeshTouch", "spread_linear"), ("TrimeshTouch", "nearest"),
         ("DiscreteTouch", "nearest")]


def environment(version):
    """MIMo's dummy environment of ``version`` and its default touch parameters."""
    import mimoEnv.envs.dummy as dummy
    import mimoEnv.envs.mimo_env as mimo_env

    if version == "v1":
        params = mimo_env.DEFAULT_TOUCH_PARAMS
        env = dummy.MIMoDummyEnv(touch_params=params, vision_params=None)
    else:
        params = mimo_env.DEFAULT_TOUCH_PARAMS_V2
        env = dummy.MIMoV2DummyEnv(vision_params=None)
    return env, params


def run(version, steps, seed):
    """Per case: (MIMo's times, Morsel's times) in ms, steps with contacts, differing steps."""
    import mimoTouch.touch as mt
    import morsel.mimo as mm

    env, params = environment(version)
    env.reset(seed=seed)
    m, d = env.model, env.data
    mujoco.mj_forward(m, d)
    env.touch_setup(params)
    pairs = []
    for cls, response in CASES:
        p = dict(params, response_function=response)
        pairs.append((getattr(mt, cls)(env, p), getattr(mm, cls)(env, p)))
    times = np.zeros((len(CASES), 2, steps))
    differ = [[] for _ in CASES]
    ncon = np.zeros(steps, dtype=int)
    rng = np.random.default_rng(seed)
    lo, hi = env.action_space.low, env.action_space.high
    clock = time.perf_counter
    for step in range(steps):
        env.do_simulation(rng.uniform(lo, hi), env.frame_skip)
        n = d.ncon
        ncon[step] = n
        frames = d.contact.frame[:n].copy()
        for k, (theirs, ours) in enumerate(pairs):
            for who in ((0, 1) if step % 2 == 0 else (1, 0)):
                if who == 0:
                    t0 = clock()
                    t = theirs.get_touch_obs()
                    t1 = clock()
                    d.contact.frame[:n] = frames
                else:
                    t0 = clock()
                    o = ours.get_touch_obs()
                    t1 = clock()
                times[k, who, step] = (t1 - t0) * 1e3
            t = np.asarray(t, dtype=np.float64).reshape(o.shape)
            scale = max(1.0, float(np.max(np.abs(t))) if t.size else 1.0)
            if t.size and float(np.max(np.abs(o - t))) > 1e-5 * scale:
                differ[k].append(step)
    env.close()
    return times, ncon, differ


def versions(mimo):
    def git(path):
        """The commit of the repository whose top is ``path`` (None when ``path`` is no
        repository's top, e.g. an unpacked archive inside another repository)."""
        def run(*args):
            return subprocess.run(["git", "-C", str(path), *args], capture_output=True,
                                  text=True, check=True).stdout.strip()
        try:
            if pathlib.Path(run("rev-parse", "--show-toplevel")) != pathlib.Path(path).resolve():
                return None
            return run("rev-parse", "--short", "HEAD")
        except (OSError, subprocess.CalledProcessError):
            return None

    import morsel
    return {"python": platform.python_version(), "mujoco": mujoco.__version__,
            "numpy": np.__version__, "mimo_commit": git(mimo),
            "morsel_commit": git(pathlib.Path(__file__).resolve().parents[2]),
            "morsel": getattr(morsel, "__version__", None), "machine": platform.machine(),
            "cpus": sorted(os.sched_getaffinity(0))}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--mimo", required=True, help="a MIMo checkout (installed in this venv)")
    p.add_argument("--steps", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--only", choices=["v1", "v2"])
    p.add_argument("--json", help="write the figures to this file")
    p.add_argument("--mimo-commit", help="MIMo's commit, recorded when --mimo is no git "
                   "checkout (an unpacked archive)")
    args = p.parse_args()
    sys.path.insert(0, str(pathlib.Path(args.mimo).resolve()))
    import mimoEnv  # noqa: F401  (mimoTouch and mimoEnv import each other; mimoEnv first)

    report = {"command": " ".join(sys.argv), "steps": args.steps, "seed": args.seed,
              "versions": versions(args.mimo), "runs": []}
    if report["versions"]["mimo_commit"] is None:
        report["versions"]["mimo_commit"] = args.mimo_commit
    print(report["versions"])
    for version in ["v1", "v2"]:
        if args.only not in (None, version):
            continue
        for r in range(args.repeats):
            load = os.getloadavg()
            times, ncon, differ = run(version, args.steps, args.seed)
            run_report = {"scene": version, "repeat": r, "load_before": list(load),
                          "load_after": list(os.getloadavg()),
                          "contacts_per_step_median": float(np.median(ncon)), "cases": []}
            print(f"{version} run {r} (load {load[0]:.2f}), {args.steps} steps, contacts/step "
                  f"median {int(np.median(ncon))}:")
            for (cls, response), t, diff in zip(CASES, times, differ):
                med, p90 = np.median(t, axis=1), np.percentile(t, 90, axis=1)
                case = {"class": cls, "response_function": response,
                        "mimo_median_ms": med[0], "morsel_median_ms": med[1],
                        "mimo_p90_ms": p90[0], "morsel_p90_ms": p90[1],
                        "ratio_median": med[0] / med[1], "ratio_p90": p90[0] / p90[1],
                        "steps_differing": diff}
                run_report["cases"].append(case)
                print(f"  {cls:13} {response:13}: MIMo median {med[0]:.4f} ms p90 {p90[0]:.4f}; "
                      f"Morsel median {med[1]:.4f} ms p90 {p90[1]:.4f}; ratio median "
                      f"{case['ratio_median']:.1f}x p90 {case['ratio_p90']:.1f}x; "
                      f"{len(diff)} steps differing {diff[:8]}", flush=True)
            report["runs"].append(run_report)
    if args.json:
        path = pathlib.Path(args.json)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
