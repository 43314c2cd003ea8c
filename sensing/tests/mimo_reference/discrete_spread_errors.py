"""What MIMo's own ``DiscreteTouch`` with ``spread_linear`` raises inside MIMo's environments,
and at which steps (``docs/mimo.md``, MIMo's bugs).

Run in MIMo's venv (README.md in this folder):

    python discrete_spread_errors.py --mimo /path/to/MIMo [--steps 200] [--seed 0]

For v1 (``MIMoDummyEnv``) and v2 (``MIMoV2DummyEnv``), set up as ``check_mimo_env.py`` sets
them up (vision off, reset with the seed, ``mj_forward``, MIMo's ``touch_setup`` again), and
each touch function of ``DiscreteTouch`` (``normal``, ``force_vector``,
``force_vector_global``), it builds MIMo's ``DiscreteTouch`` with ``spread_linear`` (when its
constructor, which calls ``get_touch_obs`` once, fails, it says so and builds it with
``nearest`` and switches the response function after), steps the environment with MIMo's
``do_simulation`` and seeded random actions and calls ``get_touch_obs`` at every step. It
prints the constructor's error, and per exception type the first step, the number of steps
and the first message with MIMo's line, and the steps that gave a non-zero output without an
error. MuJoCo's contact frames are restored after each call (MIMo flips them in place).
"""
import argparse
import pathlib
import sys
import traceback

import mujoco
import numpy as np


def run(version, steps, seed):
    import mimoEnv.envs.dummy as dummy
    import mimoEnv.envs.mimo_env as mimo_env
    import mimoTouch.touch as mt

    if version == "v1":
        params = mimo_env.DEFAULT_TOUCH_PARAMS
        env = dummy.MIMoDummyEnv(touch_params=params, vision_params=None)
    else:
        params = mimo_env.DEFAULT_TOUCH_PARAMS_V2
        env = dummy.MIMoV2DummyEnv(vision_params=None)
    m, d = env.model, env.data
    for tf in ["normal", "force_vector", "force_vector_global"]:
        env.reset(seed=seed)
        mujoco.mj_forward(m, d)
        env.touch_setup(params)
        p = dict(params, touch_function=tf, response_function="spread_linear")
        try:
            touch = mt.DiscreteTouch(env, p)
            built = "built"
        except Exception as e:  # noqa: BLE001 - MIMo's own failure is what is reported
            built = f"constructor raised {type(e).__name__}: {e}"
            touch = mt.DiscreteTouch(env, dict(p, response_function="nearest"))
            touch.response_type = "spread_linear"
            touch.response_function = touch.spread_linear
        errors, silent = {}, []
        rng = np.random.default_rng(seed)
        lo, hi = env.action_space.low, env.action_space.high
        for step in range(steps):
            env.do_simulation(rng.uniform(lo, hi), env.frame_skip)
            n = d.ncon
            frames = d.contact.frame[:n].copy()
            try:
                if np.any(touch.get_touch_obs()):
                    silent.append(step)
            except Exception as e:  # noqa: BLE001
                name = type(e).__name__
                if name not in errors:
                    where = traceback.extract_tb(e.__traceback__)[-1]
                    errors[name] = [step, 0, f"{e} (touch.py:{where.lineno}: {where.line})"]
                errors[name][1] += 1
            d.contact.frame[:n] = frames
        print(f"{version} {tf}: {built}")
        for name, (first, count, message) in errors.items():
            print(f"  {name}: first at step {first}, {count} of {steps} steps; {message}")
        print(f"  no error but a non-zero output: {len(silent)} steps {silent}")
    env.close()


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--mimo", required=True, help="a MIMo checkout (installed in this venv)")
    p.add_argument("--steps", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    sys.path.insert(0, str(pathlib.Path(args.mimo).resolve()))
    import mimoEnv  # noqa: F401  (mimoTouch and mimoEnv import each other; mimoEnv first)
    for version in ["v1", "v2"]:
        run(version, args.steps, args.seed)


if __name__ == "__main__":
    main()
