"""Python objects shared between threads: no deadlock, no race, the serial run's results.

Every pairing of observe / read / read_batch / contacts / set_pose / set_q / body_output / fk
runs from four threads at once (two threads per operation) on one scene, one touch sensor, one
taxel array and one robot, under a time bound. The writers (set_pose, set_q) write the values
the objects already hold, so that whatever the interleaving every reader must see exactly what
a serial run sees; a deadlock shows as threads still alive when the bound expires.
"""

import itertools
import pathlib
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

import morsel

# Each thread repeats its operation this many times; a pairing must finish within BOUND s.
REPEATS = 200
BOUND = 20.0
HERE = pathlib.Path(__file__).resolve().parent
Q = {"shoulder": 0.4, "elbow": -0.3}
BALL = morsel.pose([0.0, 0.0, 0.028])


def build():
    """The shared objects: a scene with a pad, a ball on it, a fingertip pressing a block and
    a two-joint arm mirrored as link bodies; a touch sensor on the pad, taxels on the
    fingertip."""
    arm = (
        morsel.armature("arm")
        .revolute("shoulder", axis=[0, 0, 1], origin=[0.5, 0, 0.3], limits=[-2.9, 2.9])
        .revolute("elbow", axis=[0, 1, 0], origin=[0, 0, 0.4], limits=[-2.0, 2.0])
    )
    arm.set_q(Q)
    sc = morsel.scene()
    sc.add_body("pad", morsel.box(0.05, 0.05, 0.01), morsel.pose([0, 0, 0]))
    sc.add_body("ball", {"shape": morsel.sphere(0.02), "pose": BALL})
    sc.add_body("fingertip", {"pose": morsel.pose([0.3, 0, 0.003])})
    sc.add_body("block", {"colliders": [[morsel.box(0.1, 0.1, 0.05), morsel.pose([0.3, 0, -0.05])]]})
    sc.add_robot(arm)
    touch = morsel.touch(sc, {"scales": {"pad": 0.01}, "touch_function": "force_vector_global",
                              "response_function": "spread_linear"})
    touch.observe()
    taxels = morsel.taxels({"link_name": "fingertip",
                            "probe_local_pos": [[0, 0, 0], [0.004, 0.001, 0]]})
    return sc, touch, taxels, arm


def contact_values(contacts):
    """Scene contacts as comparable tuples (names, then rounded-free numbers)."""
    out = []
    for c in contacts:
        row = []
        for k in sorted(c):
            v = c[k]
            row.append((k, tuple(np.ravel(v)) if not isinstance(v, str) else v))
        out.append(tuple(row))
    return out


def operations(sc, touch, taxels, arm):
    """name -> a call returning a comparable value (None for the writers)."""

    def reading(r):
        return {k: np.array(v) for k, v in r.items()}

    return {
        "observe": lambda: touch.observe().copy(),
        "read": lambda: reading(taxels.read(sc)),
        "read_batch": lambda: reading(taxels.read_batch([sc, sc])),
        "contacts": lambda: contact_values(sc.contacts()),
        "set_pose": lambda: sc.set_pose("ball", BALL),
        "set_q": lambda: arm.set_q(Q),
        "body_output": lambda: touch.body_output("pad").copy(),
        "fk": lambda: {k: tuple(v.position) for k, v in morsel.fk(arm, Q).items()},
    }


def same(a, b):
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, np.ndarray):
        return a.shape == b.shape and np.array_equal(a, b)
    return a == b


NAMES = ["observe", "read", "read_batch", "contacts", "set_pose", "set_q", "body_output", "fk"]


def serial_results():
    objs = build()
    ops = operations(*objs)
    first = {n: ops[n]() for n in NAMES}
    # a second serial pass gives the same values: the operations have no drift of their own
    again = {n: ops[n]() for n in NAMES}
    for n in NAMES:
        assert same(first[n], again[n]), n
    return first


def run_pair(first, second):
    """Runs one pairing from four threads and raises on any error or difference; the caller
    bounds its time (a deadlocked thread may hold the interpreter, so the bound is outside)."""
    expected = serial_results()
    ops = operations(*build())
    errors, wrong = [], []
    start = threading.Barrier(4)

    def worker(name):
        try:
            start.wait()
            for _ in range(REPEATS):
                if not same(ops[name](), expected[name]):
                    wrong.append(name)
        except Exception as e:  # noqa: BLE001 (reported below with the operation's name)
            errors.append((name, repr(e)))

    threads = [threading.Thread(target=worker, args=(n,)) for n in (first, first, second, second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert not wrong, f"results differ from the serial run: {sorted(set(wrong))}"


@pytest.mark.parametrize("pair", list(itertools.combinations_with_replacement(NAMES, 2)),
                         ids=lambda p: f"{p[0]}+{p[1]}")
def test_four_threads_agree_with_a_serial_run(pair):
    bounded(f"import test_threads as T; T.run_pair({pair[0]!r}, {pair[1]!r})")


def bounded(code):
    """Runs `code` in a fresh interpreter (in this folder) within BOUND seconds."""
    try:
        r = subprocess.run([sys.executable, "-c", code], cwd=HERE, capture_output=True,
                           text=True, timeout=BOUND)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{code}: still running after {BOUND} s (deadlock)")
    assert r.returncode == 0, r.stderr[-3000:]


def test_background_observe_beside_set_pose_on_the_main_thread():
    """The issue's simplest case: a background thread observes while the main thread moves a
    body; the sensor's last output is the serial one for the final pose."""
    bounded("import test_threads as T; T.background_observe()")


def background_observe():
    sc, touch, _, _ = build()
    done = threading.Event()

    def observe():
        while not done.is_set():
            touch.observe()

    t = threading.Thread(target=observe, daemon=True)
    t.start()
    for i in range(200):
        sc.set_pose("ball", morsel.pose([0.0, 0.0, 0.028 + 0.001 * (i % 3)]))
    sc.set_pose("ball", BALL)
    done.set()
    t.join(timeout=BOUND)
    assert not t.is_alive(), "the observing thread did not finish"
    serial, touch2, _, _ = build()
    assert np.array_equal(touch.observe(), touch2.observe())


def test_convex_hull_releases_the_interpreter():
    """A long hull leaves other Python threads running (the call is detached)."""
    rng = np.random.default_rng(1)
    pts = rng.normal(size=(400_000, 3))
    pts /= np.linalg.norm(pts, axis=1)[:, None]
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.001)

    t = threading.Thread(target=count, daemon=True)
    t.start()
    # The counter's own rate with nothing native running, measured now: on a busy machine a
    # 1 ms sleep takes longer, so the bar below is relative to this, not to a guessed 2 ms.
    time.sleep(0.01)
    n0, c0 = len(ticks), time.monotonic()
    time.sleep(0.2)
    idle_rate = (len(ticks) - n0) / (time.monotonic() - c0)
    before = len(ticks)
    t0 = time.monotonic()
    morsel.convex_hull(pts)
    elapsed = time.monotonic() - t0
    done.set()
    t.join(timeout=BOUND)
    during = len(ticks) - before
    # a thread held out for the whole call would tick about once (at the interpreter's switch
    # interval only if the call released the interpreter); expect ticks through most of it
    assert during > 0.3 * elapsed * idle_rate, (during, elapsed, idle_rate)
