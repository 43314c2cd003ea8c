"""Ctrl-C stops native work (issue 51): a long grid, fit, hull or simulation run, interrupted
after it started, raises KeyboardInterrupt soon after the signal (the native loop stops at its
next check, as the shell's first Ctrl-C does), and the next call runs normally.

Each case runs in a fresh interpreter (a call that ignored the signal would run for minutes:
the subprocess's cap turns that into a failure instead of a hung test run). The interrupt is
a real SIGINT (os.kill) or `_thread.interrupt_main()`, sent from a timer thread once the call
has begun. The bound on the stop is relative to work measured in the same process: twice the
setup's time (loading Solo-12, building the sampler, sampling) plus two seconds.
"""

import os
import signal
import subprocess
import sys
import threading
import time
import _thread
import pathlib

import pytest

import morsel

HERE = pathlib.Path(__file__).resolve().parent
ROBOTS = HERE.parents[1] / "assets" / "robots"
# A bound for a hang (each uninterrupted call runs for minutes), not a guess of speed.
CAP = 120
DELAY = 0.3


def sampler():
    solo = morsel.urdf(ROBOTS / "solo12" / "solo12.urdf")
    return morsel.collision_sampler(solo, {"joints": ["FL_HAA", "FL_HFE"],
                                           "ranges": [[-3.0, 3.0], [-3.0, 3.0]],
                                           "pairs": [["base_link", "FL_UPPER_LEG"]]})


def setup(case):
    """(long call, short call of the same kind): both without arguments."""
    if case == "grid":
        cs = sampler()
        return (lambda: morsel.grid(cs, [3000, 3000]), lambda: morsel.grid(cs, [5, 5]))
    if case == "fit":
        cs = sampler()
        train = morsel.to_jointspace(morsel.grid(cs, [30, 30], {"distance": False}),
                                     morsel.boundary(cs, 200, {"seed": 1}))
        # A small network: the fit checks once per Levenberg-Marquardt iteration, and one
        # iteration of a [32, 32] network takes seconds by itself.
        return (lambda: morsel.jointspace_model(train, {"hidden": [8, 8], "epochs": 1_000_000,
                                                        "seed": 1}),
                lambda: morsel.jointspace_model(train, {"hidden": [4], "epochs": 2, "seed": 1}))
    if case == "hull":
        import numpy as np
        n = 3_000_000
        i = np.arange(n) + 0.5
        z = 1.0 - 2.0 * i / n
        r = np.sqrt(1.0 - z * z)
        t = np.pi * (3.0 - np.sqrt(5.0)) * i
        pts = np.column_stack([r * np.cos(t), r * np.sin(t), z])  # every point a hull vertex
        return (lambda: morsel.convex_hull(pts), lambda: morsel.convex_hull(pts[:100]))
    if case == "simulation":
        arm = morsel.revolute(morsel.armature("arm"), "waist",
                              {"axis": [0.0, 0.0, 1.0], "origin": [0.0, 0.0, 0.3]})
        sim = morsel.simulation(dt=0.001)
        morsel.add(sim, arm)
        arm.rotate("waist", 1.0)
        # 1e8 steps (the most run() takes): minutes, however fast a step is.
        return (lambda: morsel.run(sim, 1e5), lambda: morsel.run(sim, 0.01))
    raise ValueError(case)


def interrupted(case, how):
    """Runs in the subprocess: prints how long the stop took; fails loudly otherwise."""
    t0 = time.monotonic()
    long_call, short_call = setup(case)
    setup_time = time.monotonic() - t0
    sent = []

    def fire():
        sent.append(time.monotonic())
        if how == "signal":
            os.kill(os.getpid(), signal.SIGINT)
        else:
            _thread.interrupt_main()

    timer = threading.Timer(DELAY, fire)
    started = time.monotonic()
    timer.start()
    try:
        long_call()
    except KeyboardInterrupt:
        ended = time.monotonic()
    else:
        raise AssertionError(f"{case}: ran to the end ({time.monotonic() - started:.1f} s) "
                             "although interrupted")
    timer.join()
    assert sent, f"{case}: KeyboardInterrupt before the timer fired"
    took = ended - sent[0]
    bound = 2.0 + 2.0 * setup_time
    assert took < bound, f"{case}: stopped {took:.3f} s after the signal (bound {bound:.3f} s)"
    # The stop flag is down again: the same kind of work runs to the end.
    short_call()
    print(f"{case} ({how}): stopped {took:.3f} s after the signal, {ended - started:.3f} s "
          f"into the call; setup {setup_time:.3f} s")


@pytest.mark.parametrize("how", ["signal", "interrupt_main"])
@pytest.mark.parametrize("case", ["grid", "fit", "hull", "simulation"])
def test_ctrl_c_stops_native_work(case, how):
    if how == "signal" and not hasattr(os, "kill"):
        pytest.skip("no os.kill")
    code = f"import test_interrupt as T; T.interrupted({case!r}, {how!r})"
    try:
        r = subprocess.run([sys.executable, "-c", code], cwd=HERE, capture_output=True,
                           text=True, timeout=CAP)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{case}: still running {CAP} s after it was interrupted")
    assert r.returncode == 0, r.stderr[-3000:]
    print(r.stdout.strip())
