"""Reference data from real MIMo (trieschlab/MIMo) for Morsel's MIMo touch tests.

Run with a MIMo checkout installed in its own venv (see README.md in this folder for the pinned
versions and the exact commands):

    python make_reference.py --mimo /path/to/MIMo [--steps 200] [--seed 0]

For MIMo v1 and v2 (their benchmark scenes, MIMo's default touch parameters from
`assets/robots/mimo/touch_params.json`) it writes, next to this script:

- `mimo_<v>_layout.npz`: MIMo's TrimeshTouch sensor meshes, built after `mj_forward` (per sensing
  body: vertices in the body frame, faces, active mask, vertex count of each geom's mesh and the
  geom ids), the active masks again under other ray-direction seeds (MIMo's inside test shoots 10
  random rays), and DiscreteTouch's sensor points per geom (geom frame).
- `mimo_<v>_outputs.npz`: `--steps` MuJoCo steps of seeded uniform random controls. Per step, the
  contacts (geoms, position, frame, dist, MuJoCo's contact force in the contact frame), the
  world poses of all bodies, and for every touch function × response function of TrimeshTouch and
  DiscreteTouch the output of MIMo's own `get_touch_obs`, stored sparse (rows with a non-zero
  value).

Choices that make MIMo's output a function of the current state only (all documented in README):
the contact frames are restored after each `get_touch_obs` (MIMo flips contact normals in MuJoCo's
data in place), TrimeshTouch's search cache is cleared before each call, and the outputs are
accumulated in float64 (MIMo allocates float32 arrays; the code that fills them is MIMo's own).
"""
import argparse
import json
import pathlib
import subprocess
import sys
import traceback
from types import SimpleNamespace

import mujoco
import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
PARAMS = ROOT / "assets" / "robots" / "mimo" / "touch_params.json"
SCENES = {"v1": "benchmark_scene.xml", "v2": "benchmarkv2_scene.xml"}
TRIMESH_TOUCH = ["force_vector", "force_vector_global", "normal_force"]
DISCRETE_TOUCH = ["normal", "force_vector", "force_vector_global"]
RESPONSES = ["nearest", "spread_linear"]
# Seed of the 10 ray directions of MIMo's inside test (MIMo draws them unseeded at import).
RAY_SEED = 0
OTHER_RAY_SEEDS = [1, 2, 3, 4]


def text(strings):
    """Strings as one newline-separated UTF-8 byte array (readable without a string dtype)."""
    return np.frombuffer("\n".join(strings).encode(), dtype=np.uint8)


def params_for(version):
    params = json.loads(PARAMS.read_text())
    key = next(k for k in params if k.startswith(version + " "))
    return params[key]


def float64_outputs(cls):
    """MIMo's class with its output arrays allocated as float64 instead of float32."""

    class Wide(cls):
        def get_empty_sensor_dict(self, size):
            out = super().get_empty_sensor_dict(size)
            return {k: v.astype(np.float64) for k, v in out.items()}

    Wide.__name__ = cls.__name__
    return Wide


def ray_directions(seed):
    import mimoEnv.utils as env_utils
    rng = np.random.default_rng(seed)
    return env_utils.normalize_vectors(rng.normal(size=(10, 3)))


def configure(touch, touch_function, response_function, sizes):
    touch.touch_type = touch_function
    touch.touch_function = getattr(touch, touch_function)
    touch.touch_size = sizes[touch_function]
    touch.response_type = response_function
    touch.response_function = getattr(touch, response_function)


def layout(env, model, params, out):
    import mimoEnv  # noqa: F401  (mimoTouch and mimoEnv import each other; mimoEnv first)
    import mimoTouch.touch as mt
    mt._vectors = ray_directions(RAY_SEED)
    tt = float64_outputs(mt.TrimeshTouch)(env, params)
    names = []
    for body_id in sorted(tt.meshes):
        name = model.body(body_id).name
        names.append(name)
        mesh = tt.meshes[body_id]
        subs = tt._submeshes[body_id]
        out[f"mesh/{name}/vertices"] = np.asarray(mesh.vertices, dtype=np.float64)
        faces = np.asarray(getattr(mesh, "faces", np.zeros((0, 3))), dtype=np.int64)
        out[f"mesh/{name}/faces"] = faces.reshape(-1, 3)
        out[f"mesh/{name}/active"] = np.asarray(tt.active_vertices[body_id], dtype=bool)
        out[f"mesh/{name}/submesh_sizes"] = np.array([s.vertices.shape[0] for s in subs], dtype=np.int64)
        geoms = [g for g in range(model.body_geomadr[body_id], model.body_geomadr[body_id] + model.body_geomnum[body_id])
                 if not (model.geom_contype[g] == 0 and model.geom_conaffinity[g] == 0)]
        out[f"mesh/{name}/geoms"] = np.array(geoms, dtype=np.int64)
        # The active masks under other ray directions: where they differ, MIMo's layout depends on
        # its random rays.
        for seed in OTHER_RAY_SEEDS:
            dirs = ray_directions(seed)
            masks = []
            for m_i in subs:
                mask = np.ones(m_i.vertices.shape[0], dtype=bool)
                for other in subs:
                    if other is m_i or isinstance(other, mt.PointCloud):
                        continue
                    mask &= ~mt._contains(m_i.vertices, other, directions=dirs)
                masks.append(mask)
            out[f"mesh/{name}/active_seed{seed}"] = np.concatenate(masks)
    out["mesh_bodies"] = text(names)
    dt = float64_outputs(mt.DiscreteTouch)(env, params)
    geoms = sorted(dt.sensor_positions)
    out["point_geoms"] = np.array(geoms, dtype=np.int64)
    out["point_geom_bodies"] = text([model.body(model.geom_bodyid[g]).name for g in geoms])
    for g in geoms:
        out[f"points/{g}"] = np.asarray(dt.sensor_positions[g], dtype=np.float64)
    return tt, dt


def run(version, mimo_scene, steps, seed):
    import mimoEnv  # noqa: F401  (mimoTouch and mimoEnv import each other; mimoEnv first)
    import mimoTouch.touch as mt
    model = mujoco.MjModel.from_xml_path(str(mimo_scene))
    data = mujoco.MjData(model)
    mujoco.mj_forward(model, data)
    env = SimpleNamespace(model=model, data=data)
    params = params_for(version)
    lay = {}
    tt, dt = layout(env, model, params, lay)
    np.savez_compressed(HERE / f"mimo_{version}_layout.npz", **lay)

    rng = np.random.default_rng(seed)
    lo, hi = model.actuator_ctrlrange[:, 0], model.actuator_ctrlrange[:, 1]
    configs = [("mesh", tt, tf, rf, mt.TrimeshTouch.VALID_TOUCH_TYPES) for tf in TRIMESH_TOUCH for rf in RESPONSES]
    configs += [("points", dt, tf, rf, mt.DiscreteTouch.VALID_TOUCH_TYPES) for tf in DISCRETE_TOUCH for rf in RESPONSES]
    rec = {k: [] for k in ["geom", "pos", "frame", "dist", "force", "ptr"]}
    rec["ptr"].append(0)
    poses = []
    outs = {(kind, tf, rf): {"idx": [], "val": [], "ptr": [0], "error": []} for kind, _, tf, rf, _ in configs}
    for step in range(steps):
        data.ctrl[:] = rng.uniform(lo, hi)
        mujoco.mj_step(model, data)
        n = data.ncon
        frames = data.contact.frame[:n].copy()
        for i in range(n):
            c = data.contact[i]
            f6 = np.zeros(6)
            mujoco.mj_contactForce(model, data, i, f6)
            rec["geom"].append([c.geom1, c.geom2])
            rec["pos"].append(c.pos.copy())
            rec["frame"].append(c.frame.copy())
            rec["dist"].append(c.dist)
            rec["force"].append(f6)
        rec["ptr"].append(len(rec["geom"]))
        poses.append(np.concatenate([data.xpos, data.xquat], axis=1).copy())
        for kind, touch, tf, rf, sizes in configs:
            o = outs[(kind, tf, rf)]
            configure(touch, tf, rf, sizes)
            if kind == "mesh":
                touch._neighbour_cache.clear()
            try:
                obs = np.asarray(touch.get_touch_obs(), dtype=np.float64)
                err = ""
            except Exception as e:  # MIMo's own failure, recorded as such
                obs = None
                err = f"{type(e).__name__}: {e}"
            data.contact.frame[:n] = frames
            o["error"].append(err)
            if obs is not None:
                rows = obs.reshape(obs.shape[0], -1)
                nz = np.flatnonzero(np.any(rows != 0.0, axis=1))
                o["idx"].extend(nz.tolist())
                o["val"].extend(rows[nz].tolist())
            o["ptr"].append(len(o["idx"]))
    res = {
        "contact_geoms": np.array(rec["geom"], dtype=np.int64).reshape(-1, 2),
        "contact_pos": np.array(rec["pos"], dtype=np.float64).reshape(-1, 3),
        "contact_frame": np.array(rec["frame"], dtype=np.float64).reshape(-1, 9),
        "contact_dist": np.array(rec["dist"], dtype=np.float64),
        "contact_force": np.array(rec["force"], dtype=np.float64).reshape(-1, 6),
        "contact_ptr": np.array(rec["ptr"], dtype=np.int64),
        "body_pose": np.array(poses, dtype=np.float64),
        "body_names": text([model.body(b).name for b in range(model.nbody)]),
        "geom_body": np.array(model.geom_bodyid, dtype=np.int64),
    }
    for (kind, tf, rf), o in outs.items():
        key = f"{kind}/{tf}/{rf}"
        width = 1 if tf == "normal" else 3
        res[f"{key}/idx"] = np.array(o["idx"], dtype=np.int64)
        res[f"{key}/val"] = np.array(o["val"], dtype=np.float64).reshape(-1, width)
        res[f"{key}/ptr"] = np.array(o["ptr"], dtype=np.int64)
        res[f"{key}/error"] = text(o["error"])
    np.savez_compressed(HERE / f"mimo_{version}_outputs.npz", **res)
    errors = {k: sum(1 for e in o["error"] if e) for k, o in outs.items()}
    print(version, "sensors mesh", sum(tt.get_sensor_count(b) for b in tt.meshes),
          "points", dt.get_total_sensor_count(), "contacts", len(rec["geom"]), "steps with MIMo errors", errors)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--mimo", required=True, help="a MIMo checkout (installed in this venv)")
    p.add_argument("--steps", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--only", choices=list(SCENES))
    args = p.parse_args()
    mimo = pathlib.Path(args.mimo).resolve()
    sys.path.insert(0, str(mimo))
    try:
        commit = subprocess.run(["git", "-C", str(mimo), "rev-parse", "HEAD"], capture_output=True,
                                text=True).stdout.strip()
    except OSError:
        commit = ""
    print("MIMo at", mimo, commit or "(no git)", "mujoco", mujoco.__version__, "numpy", np.__version__)
    for version, scene in SCENES.items():
        if args.only and version != args.only:
            continue
        run(version, mimo / "mimoEnv" / "assets" / scene, args.steps, args.seed)


if __name__ == "__main__":
    try:
        main()
    except Exception:
        traceback.print_exc()
        sys.exit(1)
