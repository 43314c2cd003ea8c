"""q is a sequence of numbers or a dict {joint name: number}: nothing else is read as one."""

import numpy as np
import pytest

import morsel


@pytest.fixture(scope="module")
def arm():
    return (
        morsel.armature("arm")
        .revolute("j1", axis=[0, 0, 1], origin=[0, 0, 0.3], limits=[-2.9, 2.9])
        .revolute("j2", axis=[0, 1, 0], origin=[0, 0, 0.4], limits=[-2.0, 2.0])
    )


@pytest.mark.parametrize("q", [b"xy", bytearray(b"xy"), {0.1, 0.2}, frozenset({0.1, 0.2})],
                         ids=["bytes", "bytearray", "set", "frozenset"])
def test_bytes_and_sets_are_refused_naming_q(arm, q):
    with pytest.raises(morsel.WrongTypeError, match=r"`q` of fk\(\)"):
        morsel.fk(arm, q)
    with pytest.raises(morsel.WrongTypeError, match=r"`q`"):
        arm.set_q(q)


@pytest.mark.parametrize("value", [{1: 2}, {"a": 1.0}, b"\x01", {0.5}],
                         ids=["dict", "str-dict", "bytes", "set"])
def test_a_joint_value_that_is_not_a_number_is_refused(arm, value):
    with pytest.raises(morsel.WrongTypeError, match=r'`q` of fk\(\), joint "j1"'):
        morsel.fk(arm, {"j1": value})


def test_sequences_and_dicts_still_work(arm):
    # the same configuration three ways; the tip's position from the closed form:
    # j1 turns about z, j2 about y at height 0.3; the link frame after j2 sits at 0.7 m up
    a = morsel.fk(arm, [0.3, 0.0], "j2")
    b = morsel.fk(arm, (0.3, 0.0), "j2")
    c = morsel.fk(arm, {"j1": 0.3}, "j2")
    d = morsel.fk(arm, np.array([0.3, 0.0]), "j2")
    for p in (b, c, d):
        np.testing.assert_allclose(p.position, a.position, atol=1e-15)
    np.testing.assert_allclose(a.position, [0, 0, 0.7], atol=1e-12)


def test_fk_batch_refuses_a_joint_named_twice(arm):
    with pytest.raises(morsel.InvalidValueError, match=r'`joint_names` of fk_batch\(\): joint "j1"'):
        morsel.fk_batch(arm, np.zeros((2, 2)), ["j1", "j1"])
    with pytest.raises(morsel.WrongTypeError, match=r"`joint_names` of fk_batch\(\)"):
        morsel.fk_batch(arm, np.zeros((2, 2)), {"j1", "j2"})


def test_fk_batch_refuses_a_huge_result_before_allocating(arm):
    # 2e7 rows x 3 frames x 7 floats would take 3.1 GiB: refused by the size check, which
    # runs before any output is allocated (a broadcast view keeps Q itself tiny)
    q = np.broadcast_to(np.zeros((1, 2)), (20_000_000, 2))
    with pytest.raises(morsel.InvalidValueError, match="limit"):
        morsel.fk_batch(arm, q, ["j1", "j2"])
