"""fk_batch against fk, configuration by configuration, on Solo-12: the same floats bit for bit,
whatever the layout of Q in memory, and a bad row named by its index."""

import pathlib

import numpy as np
import pytest

import morsel

SOLO12 = pathlib.Path(__file__).resolve().parents[2] / "assets" / "robots" / "solo12" / "solo12.urdf"


@pytest.fixture(scope="module")
def solo():
    return morsel.urdf(SOLO12)


def _row_by_row(robot, Q, joints):
    frames = robot.frames
    out = np.empty((len(Q), len(frames), 7))
    for i, row in enumerate(Q):
        poses = robot.fk(dict(zip(joints, row)))
        for k, f in enumerate(frames):
            out[i, k, :3] = poses[f].position
            out[i, k, 3:] = poses[f].quaternion
    return out


def test_fk_batch_equals_fk_bit_for_bit(solo):
    joints = list(morsel.get_joints(solo))[::-1]
    rng = np.random.default_rng(37)
    # enough rows to be shared out over threads
    Q = rng.uniform(-3.0, 3.0, size=(3000, len(joints)))
    out = morsel.fk_batch(solo, Q, joints)
    assert out.shape == (3000, len(solo.frames), 7) and out.dtype == np.float64
    picked = [0, 1, 1234, 2999]
    assert np.array_equal(out[picked], _row_by_row(solo, Q[picked], joints))
    # a Fortran-ordered copy and a strided view give the same floats
    assert np.array_equal(morsel.fk_batch(solo, np.asfortranarray(Q), joints), out)
    wide = np.zeros((3000, 2 * len(joints)))
    wide[:, ::2] = Q
    assert np.array_equal(morsel.fk_batch(solo, wide[:, ::2], joints), out)


def test_fk_batch_names_the_bad_row(solo):
    joints = list(morsel.get_joints(solo))
    Q = np.zeros((2000, len(joints)))
    Q[1500, 3] = np.nan
    Q[1900, 0] = np.nan
    with pytest.raises(morsel.InvalidValueError, match=r"`Q` of fk_batch\(\): row 1500 of the batch: column 3 \(joint \"" + joints[3]):
        morsel.fk_batch(solo, Q, joints)
    Q[1500, 3] = 1e12
    with pytest.raises(morsel.InvalidValueError, match="row 1500 .* outside"):
        morsel.fk_batch(solo, Q, joints)
    with pytest.raises(morsel.InvalidValueError, match="name at least one joint"):
        morsel.fk_batch(solo, np.zeros((3, 0)), [])
