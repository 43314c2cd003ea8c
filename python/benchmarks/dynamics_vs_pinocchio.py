"""Morsel's dynamics beside Pinocchio's in one run (issue 48's speed figures; not a timed test):
Solo-12, Panda and Talos from example-robot-data (fixed base, as Pinocchio's
`buildModelFromUrdf` loads them; Panda's finger <mimic> removed for both, since Pinocchio's
batches take no mimic joints), N random states each.

- `morsel.rnea_batch` / `morsel.aba_batch` against Pinocchio's C++ batch
  `pin.rneaInParallel` / `pin.abaInParallel` over a `pin.ModelPool`, both on THREADS threads
  (Morsel's through RAYON_NUM_THREADS, set before import);
- `morsel.mass_matrix_batch` against a Python loop of `pin.crba`;
- one `morsel.rnea` call from Python against one `pin.rnea` call;
- Pinocchio's C++ time per state on one thread (`rneaInParallel(1, ...)`, `abaInParallel(1,
  ...)`), the figure that one Rust call (`cargo bench -p morsel-kinematics --bench dynamics`)
  is held to.

Needs a venv with `pin`, `example-robot-data`, numpy and morsel (`pip install ./python`):

    python python/benchmarks/dynamics_vs_pinocchio.py [--n 20000] [--repeats 5] [--threads 2]

Prints the least wall time over the repeats (µs per state) and the ratios (> 1: Morsel faster).
Both sides get the same states; the results are compared too (max difference).
"""

import argparse
import importlib.metadata
import os
import pathlib
import sys
import time

import numpy as np


def parse():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--single", type=int, default=2000, help="states for the one-call timings")
    return parser.parse_args()


ARGS = parse()
os.environ.setdefault("RAYON_NUM_THREADS", str(ARGS.threads))

import morsel  # noqa: E402
import pinocchio as pin  # noqa: E402


def erd(relative):
    base = pathlib.Path(importlib.metadata.distribution("example-robot-data").locate_file(
        "cmeel.prefix/share/example-robot-data/robots"))
    return base / relative


ROBOTS = {
    "solo12": erd("solo_description/robots/solo12.urdf"),
    "panda": erd("panda_description/urdf/panda.urdf"),
    "talos": erd("talos_data/robots/talos_reduced.urdf"),
}


def without_mimics(path):
    """A copy of the URDF at `path` without its <mimic> elements (a temporary file)."""
    import re
    import tempfile

    text = re.sub(r"<mimic\b[^>]*/>", "", pathlib.Path(path).read_text())
    out = pathlib.Path(tempfile.mkdtemp()) / pathlib.Path(path).name
    out.write_text(text)
    return out


def best(function, repeats):
    """The least wall time of `function()` over `repeats` runs (s)."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        function()
        times.append(time.perf_counter() - t0)
    return min(times)


def states(model, robot, n, rng):
    """n random states within the limits: Pinocchio's q (nq, n), v, a (nv, n); Morsel's q
    (n, nq') in its own joint order (continuous joints as one angle), and the permutation
    `order` with Morsel's velocity value k = Pinocchio's order[k] (Pinocchio sorts a link's
    children by name, Morsel keeps the file's order)."""
    index = {model.names[i]: i for i in range(1, model.njoints)}
    names = morsel.velocity_names(robot)
    order = [model.joints[index[name]].idx_v for name in names]
    q_pin = np.empty((model.nq, n))
    q_mine = np.empty((n, len(names)))
    for k in range(n):
        q = pin.randomConfiguration(model, np.maximum(model.lowerPositionLimit, -np.pi),
                                    np.minimum(model.upperPositionLimit, np.pi))
        q_pin[:, k] = q
        for c, name in enumerate(names):
            j = model.joints[index[name]]
            q_mine[k, c] = np.arctan2(q[j.idx_q + 1], q[j.idx_q]) if j.nq == 2 else q[j.idx_q]
    v = rng.uniform(-1, 1, (model.nv, n))
    a = rng.uniform(-1, 1, (model.nv, n))
    return q_pin, q_mine, v, a, order


def main():
    rng = np.random.default_rng(48)
    print(f"morsel {morsel.__version__ if hasattr(morsel, '__version__') else ''} pinocchio {pin.__version__}, "
          f"{ARGS.n} states, {ARGS.threads} threads, best of {ARGS.repeats}")
    for name, path in ROBOTS.items():
        model = pin.buildModelFromUrdf(str(path))
        robot = morsel.urdf(str(path), geometry=False)
        if robot.nv != model.nv:
            # Panda's fingers: a URDF mimic joint, coupled in Morsel, independent in Pinocchio's
            # default model (and its mimic=True model has no ABA, so no abaInParallel). Both
            # load a copy without the <mimic> element instead: the same system, fingers free.
            path = without_mimics(path)
            model = pin.buildModelFromUrdf(str(path))
            robot = morsel.urdf(str(path), geometry=False)
            print(f"\n{name}: its <mimic> removed for both (Pinocchio's batches take no mimic joints)")
        n = ARGS.n
        q_pin, q_mine, v, a, order = states(model, robot, n, rng)
        vt, at = np.ascontiguousarray(v.T[:, order]), np.ascontiguousarray(a.T[:, order])
        pool = pin.ModelPool(model, ARGS.threads)
        tau = np.empty((model.nv, n))
        print(f"\n{name}: nq {model.nq}, nv {model.nv}")
        rows = []

        t_pin = best(lambda: pin.rneaInParallel(ARGS.threads, pool, q_pin, v, a, tau), ARGS.repeats)
        t_mine = best(lambda: morsel.rnea_batch(robot, q_mine, vt, at), ARGS.repeats)
        diff = np.abs(morsel.rnea_batch(robot, q_mine, vt, at) - tau.T[:, order]).max()
        rows.append(("rnea batch", t_mine, t_pin, diff))

        qdd = np.empty((model.nv, n))
        t_pin = best(lambda: pin.abaInParallel(ARGS.threads, pool, q_pin, v, a, qdd), ARGS.repeats)
        t_mine = best(lambda: morsel.aba_batch(robot, q_mine, vt, at), ARGS.repeats)
        diff = np.abs(morsel.aba_batch(robot, q_mine, vt, at) - qdd.T[:, order]).max()
        rows.append(("aba batch", t_mine, t_pin, diff))

        data = model.createData()
        m = ARGS.single

        def crba_loop():
            for k in range(m):
                pin.crba(model, data, q_pin[:, k])

        t_pin = best(crba_loop, ARGS.repeats) * n / m
        t_mine = best(lambda: morsel.mass_matrix_batch(robot, q_mine), ARGS.repeats)
        mm = pin.crba(model, data, q_pin[:, 0])
        mm = np.triu(mm) + np.triu(mm, 1).T
        diff = np.abs(morsel.mass_matrix_batch(robot, q_mine[:1])[0] - mm[np.ix_(order, order)]).max()
        rows.append(("mass_matrix batch vs pin.crba loop", t_mine, t_pin, diff))

        def pin_calls():
            for k in range(m):
                pin.rnea(model, data, q_pin[:, k], v[:, k], a[:, k])

        qs = [q_mine[k] for k in range(m)]
        vs = [vt[k] for k in range(m)]
        as_ = [at[k] for k in range(m)]

        def mine_calls():
            for k in range(m):
                morsel.rnea(robot, qs[k], vs[k], as_[k])

        t_pin = best(pin_calls, ARGS.repeats) * n / m
        t_mine = best(mine_calls, ARGS.repeats) * n / m
        rows.append(("one rnea call from Python", t_mine, t_pin, float("nan")))

        pool1 = pin.ModelPool(model, 1)
        t1r = best(lambda: pin.rneaInParallel(1, pool1, q_pin, v, a, tau), ARGS.repeats)
        t1a = best(lambda: pin.abaInParallel(1, pool1, q_pin, v, a, qdd), ARGS.repeats)
        for label, t_mine, t_pin, d in rows:
            print(f"  {label:38s} morsel {1e6 * t_mine / n:8.3f} µs   pinocchio {1e6 * t_pin / n:8.3f} µs"
                  f"   ratio {t_pin / t_mine:6.2f}   max diff {d:.2e}")
        print(f"  pinocchio C++ one thread per state: rnea {1e6 * t1r / n:.3f} µs, aba {1e6 * t1a / n:.3f} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
