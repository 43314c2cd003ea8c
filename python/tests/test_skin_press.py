"""Skins read the geometry, not the solver's contact points (issue 22).

A fingertip pad (python/examples/skin_press.xml) is pushed flat onto a block in a real MuJoCo
loop; MuJoCo reports four contact points (the corners of the patch). A Morsel skin on the pad,
synced with morsel.mujoco.sync every step, must read a force on every probe inside the contact
patch and none outside it.

The patch and the forces are derived here, independently of Morsel: the probes' world
positions come from MuJoCo's pose of the pad (d.xpos, d.xmat), the block's top face from the
model (geom_pos + geom_size); a probe of radius R centred a height h above the top face sinks
pen = R - h into the block (the block's nearest face is its top face for every probe, checked
below), and Genesis's law gives F = k·pen^α along the face normal (+z): sync hands Morsel
MuJoCo's qpos, so the scene's bodies are posed, not moving, and the damping and shear terms
vanish.
"""

import pathlib

import numpy as np
import pytest

import morsel
import morsel.mujoco as mm

mujoco = pytest.importorskip("mujoco")

MODEL = pathlib.Path(__file__).resolve().parents[1] / "examples" / "skin_press.xml"
R = 0.001         # probe radius (m)
K = 2000.0        # normal_stiffness (N/m^α)
ALPHA = 1.5       # normal_exponent (Hertzian)
SPACING = 0.002   # skin spacing (m)


def setup():
    m = mujoco.MjModel.from_xml_path(str(MODEL))
    d = mujoco.MjData(m)
    robot = morsel.mjcf(MODEL)
    scene = morsel.scene()
    scene.add_robot(robot)
    skin = morsel.taxel_skin(scene, {"body": "fingertip", "spacing": SPACING, "probe_radius": R,
                                     "normal_stiffness": K, "normal_exponent": ALPHA})
    return m, d, robot, scene, skin


def block_top(m):
    """(z of the block's top face, half extents in x and y), from the MuJoCo model."""
    g = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_GEOM, "block")
    assert m.geom_type[g] == mujoco.mjtGeom.mjGEOM_BOX
    np.testing.assert_array_equal(m.geom_quat[g], [1, 0, 0, 0])
    return m.geom_pos[g][2] + m.geom_size[g][2], m.geom_pos[g][:2], m.geom_size[g][:2]


def loop(steps=200):
    """Runs the press; yields (step, m, d, skin force, probes in the world, pad rotation)."""
    m, d, robot, scene, skin = setup()
    body = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_BODY, "fingertip")
    probes = skin.probes
    for step in range(steps):
        d.ctrl[0] = -20.0 * min(1.0, step / 100)
        mujoco.mj_step(m, d)
        # mj_step leaves poses and contacts of the qpos before its integration: recompute them
        # at the new qpos (the one sync hands to Morsel), so that both sides see one state.
        mujoco.mj_forward(m, d)
        mm.sync(robot, m, d)
        rot = d.xmat[body].reshape(3, 3)
        world = d.xpos[body] + probes @ rot.T
        yield step, m, d, skin.read(scene)["force"], world, rot


def test_every_probe_in_the_patch_reads_the_closed_form_force():
    pressed_steps = 0
    for step, m, d, force, world, rot in loop():
        top, centre, half = block_top(m)
        # Every probe is over the block's top face, well inside its rim, and less deep than
        # the block is thick: the block's nearest face to any probe is its top face.
        assert (np.abs(world[:, :2] - centre) < half - 2 * R).all()
        assert (world[:, 2] > top - 0.01).all()
        pen = R - (world[:, 2] - top)
        inside = pen > 0
        expected = np.zeros_like(force)
        expected[inside] = (K * pen[inside] ** ALPHA)[:, None] * (rot.T @ [0.0, 0.0, 1.0])
        # no probe outside the patch reads anything; every probe inside reads the closed form
        assert not force[~inside].any(), f"step {step}"
        err = np.linalg.norm(force - expected, axis=1)
        assert (err <= 1e-9 * np.linalg.norm(expected, axis=1)).all(), (
            f"step {step}: worst relative error "
            f"{(err[inside] / np.linalg.norm(expected[inside], axis=1)).max()}")
        reading = np.linalg.norm(force, axis=1) > 0
        np.testing.assert_array_equal(reading, inside)
        if d.ncon == 0:
            # Before the pad touches, probes within R of the block already read (they are
            # spheres of radius R), but none sinks deeper than R.
            assert (pen <= R + 1e-12).all(), f"step {step}: MuJoCo sees no contact"
            continue
        pressed_steps += 1
        # The pad's bottom face lies `depth` below the top face: MuJoCo's own contact depth.
        depth = -np.asarray(d.contact.dist)
        bottom = np.isclose(skin_local_z(world, d, m), -pad_half_height(m), atol=1e-12)
        assert bottom.sum() >= 100
        np.testing.assert_allclose(pen[bottom], R + depth.max(), rtol=0, atol=1e-12)
        np.testing.assert_allclose(depth, depth.max(), rtol=0, atol=1e-12)
        # The geometry, not the solver's points: a force on every one of the >= 100 probes
        # under the pad, where MuJoCo reports a handful of points.
        n = int(reading.sum())
        assert n >= 20 and n >= 10 * d.ncon, f"step {step}: {n} probes, {d.ncon} contacts"
        assert reading[bottom].all()
    assert pressed_steps >= 150


def pad_half_height(m):
    g = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_GEOM, "pad")
    return m.geom_size[g][2]


def skin_local_z(world, d, m):
    """The probes' heights in the pad's frame, from their world positions."""
    body = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_BODY, "fingertip")
    return ((world - d.xpos[body]) @ d.xmat[body].reshape(3, 3))[:, 2]


def test_mujoco_reports_only_the_corners():
    """The premise: MuJoCo's box-box contact gives four points, at the pad's corners."""
    for step, m, d, force, world, rot in loop(150):
        pass
    assert d.ncon == 4
    g = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_GEOM, "pad")
    corners = np.abs(np.asarray(d.contact.pos)[:, :2])
    np.testing.assert_allclose(corners, np.broadcast_to(m.geom_size[g][:2], (4, 2)), atol=1e-9)
    # whereas the skin reads all over the patch
    assert np.count_nonzero(np.linalg.norm(force, axis=1)) >= 25 * d.ncon


def test_total_force_is_the_sum_of_the_closed_forms():
    """Summed over the skin: Σ k·pen^α along +z."""
    for step, m, d, force, world, rot in loop(160):
        pass
    top = block_top(m)[0]
    pen = np.clip(R - (world[:, 2] - top), 0.0, None)
    total = force.sum(axis=0)
    assert total[2] == pytest.approx((K * pen ** ALPHA).sum(), rel=1e-12)
    assert abs(total[0]) < 1e-12 and abs(total[1]) < 1e-12
