"""Morsel inside a live MuJoCo loop.

``mujoco`` (from PyPI) is imported lazily: this module loads without it, and only the
functions that read a MuJoCo model need it.

- :func:`sync` sets a Morsel robot, loaded with ``morsel.mjcf(path)`` from the same MJCF, to
  MuJoCo's state (``qpos``).
- :func:`contacts` returns MuJoCo's current contacts in one batch of NumPy arrays, the shape
  ``touch.observe(...)`` accepts.
- :class:`BalanceMonitor` reads, at each step, the contact wrenches on a robot's feet, their
  centre of pressure, the support polygon and the balance margin (a robot that feels its own
  balance; ``python/examples/humanoid_balance.py``).
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




def _hull_2d(points):
    """Convex hull (ccw, no collinear vertices) of x-y points; 1 or 2 rows when degenerate
    (points closer than 1e-12 m² of turn to a line count as on it)."""
    pts = sorted({(float(x), float(y)) for x, y in points})
    if len(pts) <= 2:
        return np.array(pts, dtype=float).reshape(-1, 2)

    def half(seq):
        out = []
        for p in seq:
            while len(out) >= 2:
                (ax, ay), (bx, by) = out[-2], out[-1]
                if (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax) > 1e-12:
                    break
                out.pop()
            out.append(p)
        return out[:-1]

    hull = half(pts) + half(pts[::-1])
    return np.array(hull, dtype=float).reshape(-1, 2)


def _distance_to_segments(p, vertices):
    """Distance from x-y point p to the polyline of vertices (a point, or a closed polygon)."""
    if len(vertices) == 1:
        return float(np.hypot(*(p - vertices[0])))
    best = np.inf
    n = len(vertices)
    for i in range(n if n > 2 else 1):
        a, b = vertices[i], vertices[(i + 1) % n]
        ab = b - a
        t = np.clip(np.dot(p - a, ab) / np.dot(ab, ab), 0.0, 1.0)
        best = min(best, float(np.hypot(*(p - a - t * ab))))
    return best


def _quat_of_normal(n):
    """A [w, x, y, z] rotation taking the z axis to the unit vector n."""
    if n[2] < -1.0 + 1e-12:
        return [0.0, 1.0, 0.0, 0.0]
    q = np.array([1.0 + n[2], -n[1], n[0], 0.0])
    return list(q / np.linalg.norm(q))


class BalanceMonitor:
    """A robot that feels its own balance in a live MuJoCo simulation.

    ``BalanceMonitor(m, d, feet=["right_foot", "left_foot"])`` watches the contacts between
    the ``feet`` bodies and the ``ground`` bodies (default: every body that is not a foot).
    Each :meth:`read` (or :meth:`step`, which calls ``mujoco.mj_step`` first) returns a dict:

    - ``time``: ``d.time``;
    - ``wrenches``: {foot: (6,) [fx, fy, fz, tx, ty, tz]}, the sum of MuJoCo's contact forces
      (``mj_contactForce``, in the world frame) on that foot and their moment about ``point``
      (default the world origin); zeros for a foot without contact;
    - ``wrench``: (6,) the feet's wrenches summed;
    - ``cop``: (3,) the centre of pressure, the point of the plane ``z = height`` (default 0)
      about which the net wrench has no horizontal moment; ``None`` when the net normal force
      ``wrench[2]`` is at most ``min_force`` (no support, e.g. no contacts);
    - ``points``: (n, 3) the feet's contact points carrying a normal force above
      ``min_force``;
    - ``polygon``: (k, 2) the support polygon, counter-clockwise x-y vertices, or ``None``
      without such points. ``polygon="hull"`` (default): the convex hull of ``points``
      (1 or 2 rows when they are a point or collinear). ``polygon="static"``: Morsel's
      static-equilibrium polygon (``morsel.static_polygon``, Bretl's method) of a stance of
      the contacts, each a ``patch``-sized square at its point, its normal and its MuJoCo
      friction; ``None`` unless that polygon is bounded;
    - ``margin``: the signed distance (m) from the CoM's ground projection (``of="com"``,
      default) or from the CoP (``of="cop"``) to the polygon's boundary: positive inside,
      negative outside (as ``morsel.com_margin`` defines it); minus the distance to the point
      or segment of a degenerate hull (no area: never positive); ``None`` without a polygon
      (or, with ``of="cop"``, without a CoP);
    - ``com``: (3,) the centre of mass of the robot (``d.subtree_com`` of the feet's root body).

    ``source="touch"`` reads the feet's wrenches from Morsel's touch sensors on the feet
    instead of ``mj_contactForce`` (a robot that feels its own balance through its skin):
    ``touch`` is a ``morsel.mimo`` sensor (``TrimeshTouch`` or ``DiscreteTouch`` over the same
    ``m`` and ``d``, built with ``mimo_quirks=False``) or a ``morsel.Touch`` over a scene
    holding ``robot`` (``morsel.mjcf`` of the same MJCF; each read syncs it to MuJoCo's state
    and observes ``contacts(m, d)``). Each foot's wrench is ``Touch.body_load`` of the foot
    (every contact its sensors feel: ``ground`` must be left out), the touch function must
    give forces (``force_vector_global``, ``force_vector``, or ``normal_force``, the normal
    parts only), and ``points`` are the world positions of the feet's sensors whose force
    exceeds ``min_force``. The response moves each contact force to the sensors within twice
    their spacing ``s`` (``spread_linear``) or to the nearest one, so the CoP is within
    ``2 s · Σ|f|/f_z`` of MuJoCo's and the hull grows by up to ``2 s``. ``polygon="static"``
    needs MuJoCo's contact normals and friction and is refused with touch.

    After ``mj_step`` MuJoCo's contacts, forces and CoM belong to the state the step started
    from, so they agree with one another (the ``morsel.mimo`` sensors read the body poses of
    that state too; a ``morsel.Touch``'s robot is synced to ``qpos``: :meth:`step` passes the
    ``qpos`` the step started from, a caller of :meth:`read` may pass it). Unknown foot or
    ground names raise ``InvalidValueError``.
    """

    def __init__(self, m, d, feet, *, ground=None, polygon="hull", of="com", point=None,
                 height=0.0, min_force=1e-6, patch=1e-3, source="mujoco", touch=None,
                 robot=None):
        mujoco = _check(m, d)
        self.model, self.data = m, d
        if isinstance(feet, str) or not feet:
            raise InvalidValueError("BalanceMonitor: feet must be a non-empty list of body names")
        self.feet = [self._body(mujoco, name, "foot") for name in feet]
        if len(set(self.feet)) != len(self.feet):
            raise InvalidValueError(f"BalanceMonitor: feet repeat a body: {list(feet)}")
        self.foot_names = [str(f) for f in feet]
        if ground is None:
            self.ground = None
        else:
            if isinstance(ground, str):
                ground = [ground]
            self.ground = {self._body(mujoco, name, "ground body") for name in ground}
        if polygon not in ("hull", "static"):
            raise InvalidValueError(
                f'BalanceMonitor: polygon must be "hull" or "static", got {polygon!r}')
        if of not in ("com", "cop"):
            raise InvalidValueError(f'BalanceMonitor: of must be "com" or "cop", got {of!r}')
        self.polygon, self.of = polygon, of
        self.point = np.zeros(3) if point is None else np.asarray(point, dtype=float).reshape(3)
        self.height, self.min_force, self.patch = float(height), float(min_force), float(patch)
        roots = {int(m.body_rootid[b]) for b in self.feet}
        if len(roots) != 1:
            raise InvalidValueError("BalanceMonitor: the feet belong to different trees")
        self.root = roots.pop()
        self.mass = float(m.body_subtreemass[self.root])
        self._source(source, touch, robot)

    def _source(self, source, touch, robot):
        """Checks and keeps where the feet's wrenches come from."""
        if source not in ("mujoco", "touch"):
            raise InvalidValueError(
                f'BalanceMonitor: source must be "mujoco" or "touch", got {source!r}')
        self.source, self.touch, self.robot = source, touch, robot
        if source == "mujoco":
            if touch is not None or robot is not None:
                raise InvalidValueError(
                    'BalanceMonitor: touch and robot are for source="touch"')
            return
        if self.ground is not None:
            raise InvalidValueError(
                'BalanceMonitor: with source="touch" each foot feels every contact on its '
                "sensors; leave ground out")
        if self.polygon == "static":
            raise InvalidValueError(
                'BalanceMonitor: polygon="static" needs MuJoCo\'s contact normals and friction; '
                'use source="mujoco" for it')
        if isinstance(touch, _morsel.Touch):
            if robot is None:
                raise InvalidValueError(
                    "BalanceMonitor: a morsel.Touch needs robot= (morsel.mjcf of the same MJCF, "
                    "in the touch's scene) to pose it at MuJoCo's state")
            if robot.nq != self.model.nq:
                raise InvalidValueError(
                    f"BalanceMonitor: the robot has nq={robot.nq}, the MuJoCo model {self.model.nq}")
            self._mimo = False
            sensing = set(touch.bodies)
        elif hasattr(touch, "_native") and hasattr(touch, "get_touch_obs"):
            if robot is not None:
                raise InvalidValueError(
                    "BalanceMonitor: a morsel.mimo sensor reads MuJoCo's poses; robot= is for a "
                    "morsel.Touch")
            if touch.m_model is not self.model:
                raise InvalidValueError(
                    "BalanceMonitor: the morsel.mimo sensor was built over another MuJoCo model")
            self._mimo = True
            body = np.asarray(self.model.geom_bodyid)
            self._groups = [(key, o, n, key if touch._KIND == "mesh" else int(body[key]))
                            for key, o, n in touch._groups]
            sensing = {int(b) for _, _, _, b in self._groups}
        else:
            raise WrongTypeError(
                'BalanceMonitor: source="touch" needs touch= a morsel.mimo sensor '
                f"(TrimeshTouch, DiscreteTouch) or a morsel.Touch, got {type(touch).__name__}")
        feet = self.feet if self._mimo else self.foot_names
        missing = [n for n, f in zip(self.foot_names, feet) if f not in sensing]
        if missing:
            raise InvalidValueError(f"BalanceMonitor: the touch sensor has no sensors on {missing}")

    def _body(self, mujoco, name, what):
        i = mujoco.mj_name2id(self.model, mujoco.mjtObj.mjOBJ_BODY, str(name))
        if i < 0:
            known = [mujoco.mj_id2name(self.model, mujoco.mjtObj.mjOBJ_BODY, j)
                     for j in range(self.model.nbody)]
            raise InvalidValueError(f"BalanceMonitor: unknown {what} {name!r}; bodies: {known}")
        return i

    def step(self, nstep=1):
        """``mujoco.mj_step(m, d, nstep)``, then :meth:`read`."""
        mujoco = _mujoco()
        if self.source == "mujoco" or self._mimo:
            # MuJoCo's contacts and forces, and the morsel.mimo sensors' poses, all come from
            # the data of the state the last step started from.
            mujoco.mj_step(self.model, self.data, nstep)
            return self.read()
        # A morsel.Touch's robot is posed at the qpos the last step started from.
        if nstep > 1:
            mujoco.mj_step(self.model, self.data, nstep - 1)
        qpos = np.array(self.data.qpos)
        mujoco.mj_step(self.model, self.data)
        return self.read(qpos=qpos)

    def read(self, qpos=None):
        """The feet's wrenches, CoP, support polygon, margin and CoM of the current data.

        ``qpos``: with a ``morsel.Touch``, the configuration its robot is synced to (default
        ``d.qpos``; after ``mj_step``, the one the step started from matches the contacts)."""
        if self.source == "touch":
            wrenches, points = self._touch_read(qpos)
            return self._reading(wrenches, points, None, None)
        m, d = self.model, self.data
        c = contacts(m, d)
        body = np.asarray(m.geom_bodyid)
        ba, bb = body[c["geom_a"]], body[c["geom_b"]]
        wrenches = {name: np.zeros(6) for name in self.foot_names}
        points, normals, friction = [], [], []
        con_friction = d.contact.friction
        for i in range(len(ba)):
            a_foot, b_foot = ba[i] in self.feet, bb[i] in self.feet
            if a_foot == b_foot:
                continue  # no foot, or a foot against a foot
            foot, other, sign = (bb[i], ba[i], 1.0) if b_foot else (ba[i], bb[i], -1.0)
            if self.ground is not None and other not in self.ground:
                continue
            f = sign * c["force"][i]
            p = c["position"][i]
            w = wrenches[self.foot_names[self.feet.index(foot)]]
            w[:3] += f
            w[3:] += np.cross(p - self.point, f)
            n = sign * c["normal"][i]
            if np.dot(f, n) > self.min_force:
                points.append(p)
                normals.append(n)
                friction.append(float(con_friction[i][0]))
        return self._reading(wrenches, points, normals, friction)

    def _reading(self, wrenches, points, normals, friction):
        d = self.data
        wrench = sum(wrenches.values(), np.zeros(6))
        com = np.array(d.subtree_com[self.root], dtype=float)
        cop = self._cop(wrench)
        points = np.array(points, dtype=float).reshape(-1, 3)
        polygon = self._polygon(points, normals, friction, com)
        target = com[:2] if self.of == "com" else (None if cop is None else cop[:2])
        margin = None if polygon is None or target is None else self._margin(target, polygon)
        return {"time": float(d.time), "wrenches": wrenches, "wrench": wrench, "cop": cop,
                "points": points, "polygon": polygon, "margin": margin, "com": com}

    def _touch_read(self, qpos):
        """({foot: wrench} from the feet's touch sensors, the pressed sensors' world points)."""
        m, d, touch = self.model, self.data, self.touch
        options = {"point": [float(x) for x in self.point], "min_force": self.min_force}
        if self._mimo:
            if touch.env.data is not d:
                raise InvalidValueError(
                    "BalanceMonitor: the morsel.mimo sensor reads another MjData than the monitor")
            out = touch.get_touch_obs()
            loads = {name: touch.body_load(foot, options)
                     for name, foot in zip(self.foot_names, self.feet)}
            frames = []
            for key, o, n, body in self._groups:
                if body in self.feet:
                    if touch._KIND == "mesh":
                        pos, rot = d.xpos[key], d.xmat[key]
                    else:
                        pos, rot = d.geom_xpos[key], d.geom_xmat[key]
                    frames.append((touch.sensor_positions[key], out[o:o + n], pos, rot))
        else:
            if qpos is None:
                qpos = d.qpos
            self.robot.set_qpos(qpos)
            touch.observe(contacts(m, d))
            loads = {name: touch.body_load(name, options) for name in self.foot_names}
            frames = [(touch.sensor_positions(name), touch.body_output(name), d.xpos[foot],
                       d.xmat[foot]) for name, foot in zip(self.foot_names, self.feet)]
        wrenches = {name: np.concatenate([load["force"], load["moment"]])
                    for name, load in loads.items()}
        points = []
        for local, values, pos, rot in frames:
            pressed = np.linalg.norm(np.asarray(values, dtype=float), axis=1) > self.min_force
            if np.any(pressed):
                world = np.asarray(local)[pressed] @ np.asarray(rot).reshape(3, 3).T + pos
                points.extend(world)
        return wrenches, points

    def _cop(self, wrench):
        f, tau = wrench[:3], wrench[3:]
        if f[2] <= self.min_force:
            return None
        o, rz = self.point, self.height - self.point[2]
        return np.array([o[0] + (rz * f[0] - tau[1]) / f[2],
                         o[1] + (rz * f[1] + tau[0]) / f[2], self.height])

    def _stance(self, points, normals, friction, com):
        cs = [_morsel.contact(shape=[self.patch, self.patch], pos=list(p),
                              quat=_quat_of_normal(n), friction=mu)
              for p, n, mu in zip(points, normals, friction)]
        return _morsel.stance(com=list(com), mass=self.mass, contacts=cs)

    def _polygon(self, points, normals, friction, com):
        if len(points) == 0:
            return None
        if self.polygon == "hull":
            return _hull_2d(points[:, :2])
        poly = _morsel.static_polygon(self._stance(points, normals, friction, com), "bretl")
        return np.asarray(poly["vertices"], dtype=float) if poly["status"] == "bounded" else None

    def _margin(self, target, polygon):
        target = np.asarray(target, dtype=float)
        distance = _distance_to_segments(target, polygon)
        if len(polygon) < 3:
            return -distance
        edges = np.roll(polygon, -1, axis=0) - polygon
        rel = target - polygon
        inside = np.all(edges[:, 0] * rel[:, 1] - edges[:, 1] * rel[:, 0] >= 0.0)
        return distance if inside else -distance

__all__ = ["sync", "contacts", "BalanceMonitor"]
