"""Morsel's `taxel_depths` against MuJoCo's native `tactile` sensor on the same press (see
tactile_side_by_side.py for the scene and for what each sensor reports), and both against the
closed forms: depth max(0, R - |p - c|), sliding velocity v + w x (p - c) at the taxel."""
import numpy as np

import tactile_side_by_side as side
from test_against_mujoco import ROOT, morsel_binary

TOL = 1e-12


def test_depth_and_slip_match_mujoco_tactile(tmp_path):
    mj = side.mujoco_press(steps=10)
    work = ROOT / "target" / "mjcf_reference" / tmp_path.name
    mo = side.morsel_press(mj["taxels"], work, tmp_path / "out", morsel_binary(), reads=10)
    depth, velocity = side.closed_form(mj["taxels"])
    touching = depth > 0
    assert touching.sum() >= 4, "the press should reach several taxels"
    # MuJoCo's plate frames: (x, y, z) in the world, the normal third.
    assert np.allclose(mj["frames"][:, 2], [0, 0, 1], atol=TOL)
    assert np.allclose(mj["frames"][:, 1], [0, 1, 0], atol=TOL)

    assert np.abs(mj["depth"] - depth).max() <= TOL
    assert np.abs(mo["depth"] - depth).max() <= TOL

    # MuJoCo: |v . y| and |v . z| where touching, zero elsewhere.
    assert np.abs(mj["slip"][:, 0] - np.where(touching, np.abs(velocity[:, 1]), 0)).max() <= TOL
    assert np.abs(mj["slip"][:, 1] - np.where(touching, np.abs(velocity[:, 2]), 0)).max() <= TOL
    # Morsel: signed (v . x, v . y) along the tangents of its +z normal.
    assert np.abs(mo["slip"] - np.where(touching[:, None], velocity[:, :2], 0)).max() <= TOL
    assert np.abs(np.abs(mo["slip"][:, 1]) - mj["slip"][:, 0]).max() <= TOL
