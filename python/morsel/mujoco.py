"""Morsel inside a live MuJoCo loop.

``mujoco`` (from PyPI) is imported lazily: this module loads without it, and only the
functions that read a MuJoCo model need it.

- :func:`sync` sets a Morsel robot, loaded with ``morsel.mjcf(path)`` from the same MJCF, to
  MuJoCo's state (``qpos``).
- :func:`contacts` returns MuJoCo's current contacts in one batch of NumPy arrays, the shape
  ``touch.observe(...)`` accepts.
"""

import numpy as np

from . import _morsel
from ._errors import InvalidValueError, WrongTypeError

# Per-model cache of body names by geom: {id(model): (model, names)}; keeps the model alive so
# that its id is not reused.
_GEOM_BODY_NAMES: dict = {}


def _mujoco():
    try:
        import mujoco  # type: ignore[import-untyped]  # noqa: F401
    except ImportError as e:  # pragma: no cover - exercised only without mujoco
        raise ImportError(
            "morsel.mujoco needs the `mujoco` package: pip install mujoco"
        ) from e
    return mujoco


def _check(m, d):
    mujoco = _mujoco()
    if not isinstance(m, mujoco.MjModel):
        raise WrongTypeError(f"expected a mujoco.MjModel, got {type(m).__name__}")
    if not isinstance(d, mujoco.MjData):
        raise WrongTypeError(f"expected a mujoco.MjData, got {type(d).__name__}")
    return mujoco


def _geom_body_names(m):
    entry = _GEOM_BODY_NAMES.get(id(m))
    if entry is None or entry[0] is not m:
        mujoco = _mujoco()
        bodies = [mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_BODY, i) or f"body{i}" for i in range(m.nbody)]
        names = np.array(bodies, dtype=object)[np.asarray(m.geom_bodyid)]
        if len(_GEOM_BODY_NAMES) > 16:
            _GEOM_BODY_NAMES.clear()
        entry = (m, names)
        _GEOM_BODY_NAMES[id(m)] = entry
    return entry[1]


def sync(robot, m, d):
    """Sets ``robot`` (``morsel.mjcf`` of the same MJCF) to MuJoCo's current ``d.qpos``.

    Robot bodies in a Morsel scene follow at the next use of the scene.
    """
    _check(m, d)
    if m.nq != robot.nq:
        raise InvalidValueError(
            f"sync(): the MuJoCo model has nq={m.nq} but the robot has nq={robot.nq}; "
            "load the robot with morsel.mjcf() from the same file"
        )
    robot.set_qpos(d.qpos)


def contacts(m, d):
    """MuJoCo's current contacts as one batch of NumPy arrays.

    Returns a dict: ``body_a``, ``body_b`` (n,) body names of geom1 and geom2;
    ``geom_a``, ``geom_b`` (n,) geom ids; ``position`` (n, 3) contact points (midway between the
    surfaces); ``frame`` (n, 3, 3) contact frames, rows normal (geom1 to geom2) and tangents;
    ``normal`` (n, 3); ``depth`` (n,) penetration ``max(0, -dist)``; ``force`` (n, 3) the force
    on body_b in the world frame (``mj_contactForce`` turned into the world frame).
    ``touch.observe(contacts(m, d))`` reads it directly, the frame included (its first tangent
    is what MIMo's ``normal_force`` reads).
    """
    _check(m, d)
    con = d.contact
    geom = con.geom
    n = len(geom)
    names = _geom_body_names(m)
    frame = con.frame
    force = _morsel._mujoco_forces(
        bool(m.opt.cone == 1), d.efc_force, con.dim, con.efc_address, con.friction, frame
    )
    frame = frame.reshape(n, 3, 3)
    depth = -con.dist
    np.maximum(depth, 0.0, out=depth)
    return {
        "body_a": names[geom[:, 0]],
        "body_b": names[geom[:, 1]],
        "geom_a": geom[:, 0],
        "geom_b": geom[:, 1],
        "position": con.pos,
        "frame": frame,
        "normal": frame[:, 0, :],
        "depth": depth,
        "force": force,
    }


__all__ = ["sync", "contacts"]
