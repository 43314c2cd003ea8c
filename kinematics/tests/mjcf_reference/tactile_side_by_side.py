#!/usr/bin/env python3
"""MuJoCo's native `tactile` sensor and Morsel's `taxel_depths` on the same press, side by side.

MuJoCo 4.0's `<sensor><tactile geom=... mesh=...>` reports, for every vertex (taxel) of a sensor
mesh, the penetration depth d >= 0 of the other geoms at the taxel, then two tangential sliding
speeds (absolute values) along the mesh's per-vertex frame vectors 2 and 3. On the builtin `plate`
mesh, that frame is, in the world, (x, y, z) with the plate's normal z third (observed with
MuJoCo 4.0.0), so the two "slip" blocks are |v . y| and |v . z|: the x component of the sliding
velocity is not reported and the second block is the normal speed. Morsel's `taxel_depths` reports
the depth max(0, R - sd) (here R = 0) and the signed slip along the probe's tangents (x, y for a
+z normal). Comparable: the depth, and |slip . y| against MuJoCo's first slip block.

The scene: a 80 x 80 x 10 mm pad whose top face carries a 9 x 9 plate of taxels, a ball of radius
3 cm pressed 3 mm into it, off-centre, sliding at (0.1, 0.05, 0) m/s and spinning at 2 rad/s
about z (an in-plane sliding velocity at every taxel). Usage: tactile_side_by_side.py prints
both sensors' values, the closed forms and the time per step of each; test_tactile.py checks them.
"""
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import mujoco
import numpy as np

ROOT = Path(__file__).resolve().parents[3]
RADIUS = 0.03
CENTRE = np.array([0.004, -0.003, 0.005 + RADIUS - 0.003])
VELOCITY = np.array([0.1, 0.05, 0.0])
SPIN = np.array([0.0, 0.0, 2.0])

XML = f"""
<mujoco>
  <option gravity="0 0 0"/>
  <asset><mesh name="plate" builtin="plate" params="9 9" scale="0.04 0.04 0.005"/></asset>
  <worldbody>
    <body name="pad">
      <geom type="box" size="0.04 0.04 0.005"/>
      <geom name="skin" type="mesh" mesh="plate" pos="0 0 0.01" contype="0" conaffinity="0"/>
    </body>
    <body name="ball">
      <freejoint/>
      <geom type="sphere" size="{RADIUS}"/>
    </body>
  </worldbody>
  <sensor><tactile name="tactile" geom="skin" mesh="plate"/></sensor>
</mujoco>"""


def mujoco_press(steps=2000):
    """MuJoCo's reading: taxel world positions, frames, depth and both slip blocks, and the time
    of one mj_forward (which evaluates the sensor) averaged over `steps`."""
    m = mujoco.MjModel.from_xml_string(XML)
    d = mujoco.MjData(m)
    d.qpos[:3] = CENTRE
    d.qpos[3:7] = [1, 0, 0, 0]
    # A free joint's angular velocity is in the body frame (identity here).
    d.qvel[:] = np.concatenate([VELOCITY, SPIN])
    mujoco.mj_forward(m, d)
    g = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_GEOM, "skin")
    n = m.mesh_vertnum[0]
    rot = d.geom_xmat[g].reshape(3, 3)
    taxels = d.geom_xpos[g] + m.mesh_vert[:n] @ rot.T
    frames = m.mesh_normal[: 3 * n].reshape(n, 3, 3) @ rot.T
    data = d.sensordata.reshape(3, n).copy()
    start = time.perf_counter()
    for _ in range(steps):
        mujoco.mj_forward(m, d)
    per_step = (time.perf_counter() - start) / steps
    return {"taxels": taxels, "frames": frames, "depth": data[0], "slip": data[1:].T, "seconds": per_step}


def closed_form(taxels):
    """Depth max(0, R - |p - c|) and the ball's velocity at each taxel, v + w x (p - c)."""
    depth = np.maximum(0.0, RADIUS - np.linalg.norm(taxels - CENTRE, axis=1))
    velocity = VELOCITY + np.cross(SPIN, taxels - CENTRE)
    return depth, velocity


def rhai(v):
    """A list of floats (or of lists) as a Rhai literal."""
    if isinstance(v, (list, tuple, np.ndarray)):
        return "[" + ", ".join(rhai(x) for x in v) + "]"
    return repr(float(v))


def morsel_press(taxels, work, out, binary, reads=2000):
    """Morsel's `taxel_depths` with one probe per MuJoCo taxel (R = 0): depth, slip and the time
    of one read averaged over `reads` (timed inside the script)."""
    work.mkdir(parents=True, exist_ok=True)
    script = work / "tactile_side_by_side.rhai"
    script.write_text(
        "let sc = scene();\n"
        "sc.add_body(\"pad\", #{ colliders: [[box(0.04, 0.04, 0.005), pose([0, 0, 0])]] });\n"
        f"sc.add_body(\"ball\", #{{ colliders: [[sphere({RADIUS}), pose([0, 0, 0])]], pose: pose({rhai(CENTRE)}),\n"
        f"    velocity: {rhai(VELOCITY)}, angular_velocity: {rhai(SPIN)} }});\n"
        f"let t = taxel_depths(#{{ link_name: \"pad\", probe_local_pos: {rhai(taxels)},\n"
        "    probe_local_normal: [0.0, 0.0, 1.0], probe_radius: 0.0 });\n"
        "let r = t.read(sc);\n"
        "let start = timestamp();\n"
        f"for i in 0..{reads} {{ t.read(sc); }}\n"
        f"let seconds = start.elapsed / {reads}.0;\n"
        "save(\"tactile.json\", #{ depth: r.depth, slip: r.slip, seconds: seconds });\n"
    )
    run = subprocess.run(
        [str(binary), "run", str(script), "--out", str(out), "--root", str(ROOT)],
        capture_output=True, text=True, timeout=600,
    )
    if run.returncode != 0:
        raise RuntimeError(f"morsel failed:\n{run.stdout}\n{run.stderr}")
    got = json.loads((out / "tactile.json").read_text())
    return {"depth": np.array(got["depth"]), "slip": np.array(got["slip"]), "seconds": got["seconds"]}


def main():
    binary = Path(os.environ.get("MORSEL_BIN", ROOT / "target/release/morsel"))
    mj = mujoco_press()
    work = ROOT / "target" / "tactile_side_by_side"
    mo = morsel_press(mj["taxels"], work, work / "out", binary)
    depth, velocity = closed_form(mj["taxels"])
    touching = depth > 0
    print(f"{len(depth)} taxels, {touching.sum()} in contact")
    print(f"depth: max |MuJoCo - closed form| {np.abs(mj['depth'] - depth).max():.3g} m, "
          f"max |Morsel - closed form| {np.abs(mo['depth'] - depth).max():.3g} m")
    print(f"slip along y: max |MuJoCo - Morsel| {np.abs(mj['slip'][:, 0] - np.abs(mo['slip'][:, 1]))[touching].max():.3g} m/s")
    print(f"time per step: MuJoCo mj_forward with the sensor {mj['seconds'] * 1e6:.1f} us, "
          f"Morsel taxel_depths read {mo['seconds'] * 1e6:.1f} us")
    for i in np.flatnonzero(touching):
        print(f"  taxel {i:2d} depth MuJoCo {mj['depth'][i]:.6f} Morsel {mo['depth'][i]:.6f}  "
              f"slip MuJoCo {mj['slip'][i]} Morsel {mo['slip'][i]} closed form {velocity[i]}")


if __name__ == "__main__":
    sys.exit(main())
