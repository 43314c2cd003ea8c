"""MIMo's touch classes, computed by Morsel: a drop-in for ``mimoTouch.touch``.

A MIMo user switches by changing one import::

    # from mimoTouch.touch import TrimeshTouch
    from morsel.mimo import TrimeshTouch

    touch = TrimeshTouch(env, touch_params)
    obs = touch.get_touch_obs()

The classes take what MIMo's take: ``env``, any object with MuJoCo's ``model`` (``MjModel``)
and ``data`` (``MjData``), and MIMo's ``touch_params`` dict (``scales`` {body name: sensor
spacing}, ``touch_function``, ``response_function``). They offer MIMo's interface:
``get_touch_obs()`` returns the same array in the same order (sensing bodies, or for
:class:`DiscreteTouch` sensing geoms, sorted by id; shape (n_sensors, touch_size), float32 as
MIMo's), and ``sensor_outputs``, ``sensor_positions``, ``sensor_scales``, ``meshes`` and
``active_vertices`` are dicts keyed as MIMo keys them.

With ``mimo_quirks=True`` (the default) the outputs are MIMo's, bugs included (see the
``mimo_quirks`` option of ``morsel.touch``); ``mimo_quirks=False`` gives Morsel's fixes.
Sensor layouts are MIMo's (``mesh_layout`` "mimo"), built from the compiled model's geoms, as
MIMo builds them after ``mj_forward``.
"""

import numpy as np

from . import _morsel
from ._errors import InvalidValueError, UnknownNameError, WrongTypeError
from .mujoco import _mujoco


def _i32(a):
    return np.ascontiguousarray(a, dtype=np.int32).reshape(-1)


def _f64(a, k):
    return np.ascontiguousarray(a, dtype=np.float64).reshape(-1, k)


def _model_arrays(mujoco, m):
    """The parts of ``m`` that the native sensor reads, as contiguous arrays."""
    names = [mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_BODY, i) or "" for i in range(m.nbody)]
    return {
        "body_names": names,
        "geom_type": _i32(m.geom_type),
        "geom_bodyid": _i32(m.geom_bodyid),
        "geom_size": _f64(m.geom_size, 3),
        "geom_pos": _f64(m.geom_pos, 3),
        "geom_quat": _f64(m.geom_quat, 4),
        "geom_contype": _i32(m.geom_contype),
        "geom_conaffinity": _i32(m.geom_conaffinity),
        "geom_dataid": _i32(m.geom_dataid),
        "mesh_vert": _f64(m.mesh_vert, 3),
        "mesh_face": np.ascontiguousarray(m.mesh_face, dtype=np.int32).reshape(-1, 3),
        "mesh_vertadr": _i32(m.mesh_vertadr),
        "mesh_vertnum": _i32(m.mesh_vertnum),
        "mesh_faceadr": _i32(m.mesh_faceadr),
        "mesh_facenum": _i32(m.mesh_facenum),
    }


class SensorMesh:
    """A body's sensor mesh in its frame, as MIMo's ``meshes`` hold them (trimesh's names):
    ``vertices`` (n, 3), ``faces`` (m, 3), ``vertex_normals`` (n, 3)."""

    def __init__(self, vertices, faces, vertex_normals):
        self.vertices = vertices
        self.faces = faces
        self.vertex_normals = vertex_normals

    def __repr__(self):
        return f"SensorMesh({len(self.vertices)} vertices, {len(self.faces)} faces)"


class _Touch:
    """What both classes share; ``_KIND`` is Morsel's touch kind ("mesh" or "points")."""

    _KIND = "mesh"

    def __init__(self, env, touch_params, mimo_quirks=True, dtype=np.float32):
        mujoco = _mujoco()
        for attr in ("model", "data"):
            if not hasattr(env, attr):
                raise WrongTypeError(
                    f"{type(self).__name__}(env, touch_params): env has no `{attr}`; "
                    "pass an object with MuJoCo's model (MjModel) and data (MjData)"
                )
        m = env.model
        if not isinstance(m, mujoco.MjModel):
            raise WrongTypeError(f"env.model: expected a mujoco.MjModel, got {type(m).__name__}")
        if not isinstance(touch_params, dict):
            raise WrongTypeError(f"touch_params: expected a dict, got {type(touch_params).__name__}")
        for key in ("scales", "touch_function", "response_function"):
            if key not in touch_params:
                raise InvalidValueError(
                    f"touch_params lacks `{key}` (MIMo's touch_params hold scales, touch_function "
                    "and response_function)"
                )
        scales = touch_params["scales"]
        if not isinstance(scales, dict):
            raise WrongTypeError(f"touch_params['scales']: expected a dict {{body name: spacing}}, got {type(scales).__name__}")
        self.env = env
        self.m_model = m
        self.sensor_scales = {}
        for name, spacing in scales.items():
            body = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_BODY, str(name))
            if body < 0:
                raise UnknownNameError(f"touch_params['scales']: the MuJoCo model has no body `{name}`")
            self.sensor_scales[body] = spacing
        self.touch_type = touch_params["touch_function"]
        self.response_type = touch_params["response_function"]
        self.dtype = np.dtype(dtype)
        if self.dtype not in (np.dtype(np.float32), np.dtype(np.float64)):
            raise InvalidValueError(f"dtype must be float32 or float64, got {self.dtype}")
        self._native = _morsel._MimoTouch(
            _model_arrays(mujoco, m), dict(scales), self._KIND, self.touch_type,
            self.response_type, bool(mimo_quirks),
        )
        self.touch_size = self._native.values_per_sensor
        self._count = self._native.sensor_count
        self._size = self._count * self.touch_size
        # MuJoCo's options struct, read at every call (`cone` may change between steps).
        self._opt = m.opt
        # Output order: the groups come in body (and geom) order, MIMo's sorted keys.
        self._groups = []
        self.sensor_positions = {}
        for g, (body, geom, offset, count) in enumerate(self._native.groups()):
            key = body if geom is None else geom
            self._groups.append((key, offset, count))
            self.sensor_positions[key] = self._native.positions(g)
        self._data = None
        self._obs = None
        self._idle = False
        self.get_touch_obs()

    def _bind(self, d):
        """Caches the views of ``d``'s body poses (their memory stays where it is)."""
        mujoco = _mujoco()
        if not isinstance(d, mujoco.MjData):
            # Anything with MjData's fields works (a recording, for instance).
            for attr in ("xpos", "xquat", "contact", "efc_force"):
                if not hasattr(d, attr):
                    raise WrongTypeError(f"env.data: expected a mujoco.MjData, got {type(d).__name__} without `{attr}`")
        self._data = d
        self._xpos = np.asarray(d.xpos)
        self._xquat = np.asarray(d.xquat)

    def get_touch_obs(self):
        """The touch output of MuJoCo's current contacts: (n_sensors, touch_size), sensing
        bodies (geoms for DiscreteTouch) sorted by id; also kept per body in
        :attr:`sensor_outputs`. A new array at every call, as MIMo's."""
        d = self.env.data
        if d is not self._data:
            self._bind(d)
        # A new zeroed array (calloc): the native call writes only the sensors it reaches.
        out = np.zeros(self._size, dtype=self.dtype)
        try:
            idle = d.ncon == 0
        except AttributeError:  # an object with MjData's fields but no `ncon`
            idle = False
        # Without contacts the output is zeros and the native sensor is left as it was (its
        # last observation then is stale: body_load refreshes it first).
        self._idle = idle
        if not idle:
            self._observe(d, out)
        self._obs = out.reshape(self._count, self.touch_size)
        return self._obs

    def _observe(self, d, out):
        c = d.contact
        self._native.observe(
            self._xpos, self._xquat, c.geom1, c.geom2, c.pos, c.frame, c.dist, c.dim,
            c.efc_address, c.friction, d.efc_force, self._opt.cone == 1, out,
        )

    @property
    def sensor_outputs(self):
        """{body id (geom id for DiscreteTouch): (n, touch_size)} of the last
        :meth:`get_touch_obs` (views of its array)."""
        return {key: self._obs[o:o + n] for key, o, n in self._groups}

    def body_load(self, body, options=None, **kwargs):
        """Morsel's addition: the contact load on ``body`` (an id or a name) felt by its sensors
        at the last :meth:`get_touch_obs`, world frame, as ``morsel.Touch.body_load``:
        {force, moment (about option ``point``, default the origin), cop (on the plane
        z = point[2]; None when |force[2]| < option ``min_force``, default 1e-6 N)}. Needs a
        force-valued touch function and ``mimo_quirks=False`` (MIMo's quirks lose forces)."""
        if self._idle:
            self._observe(self._data, np.zeros(self._size))
            self._idle = False
        return self._native.body_load(body, options, **kwargs)

    def get_sensor_count(self, key):
        """The number of sensors of a body (a geom for DiscreteTouch)."""
        return self.sensor_positions[key].shape[0]

    def get_total_sensor_count(self):
        """The number of sensors."""
        return self._count

    def has_sensors(self, key):
        """Whether a body (a geom for DiscreteTouch) has sensors."""
        return key in self.sensor_positions

    def __repr__(self):
        return (f"{type(self).__name__}({self._count} sensors, {self.touch_type}, "
                f"{self.response_type}; Morsel)")


class TrimeshTouch(_Touch):
    """MIMo's ``TrimeshTouch``: a sensor mesh on each body of ``touch_params['scales']``, its
    active vertices the sensors. Touch functions ``force_vector``, ``force_vector_global``,
    ``normal_force``; response functions ``nearest``, ``spread_linear``.

    Keyed by body id: ``sensor_positions`` (body frame), ``sensor_outputs``, ``meshes``
    (:class:`SensorMesh`, all vertices), ``active_vertices`` (bool masks over them),
    ``sensor_scales``."""

    _KIND = "mesh"

    def __init__(self, env, touch_params, mimo_quirks=True, dtype=np.float32):
        super().__init__(env, touch_params, mimo_quirks=mimo_quirks, dtype=dtype)
        self.meshes = {}
        self.active_vertices = {}
        for g, (key, _, _) in enumerate(self._groups):
            vertices, faces, active, normals = self._native.mesh(g)
            self.meshes[key] = SensorMesh(vertices, faces, normals)
            self.active_vertices[key] = active

    def sensing_bodies(self):
        """The ids of the sensing bodies."""
        return sorted(self.meshes)


class DiscreteTouch(_Touch):
    """MIMo's ``DiscreteTouch``: sensor points on each geom of the bodies of
    ``touch_params['scales']``. Touch functions ``normal``, ``force_vector``,
    ``force_vector_global``; response functions ``nearest``, ``spread_linear``.

    ``sensor_positions`` and ``sensor_outputs`` are keyed by geom id (positions in the geom's
    frame), ``sensor_scales`` by body id, as in MIMo."""

    _KIND = "points"

    def sensing_geoms(self):
        """The ids of the sensing geoms."""
        return sorted(self.sensor_positions)


__all__ = ["TrimeshTouch", "DiscreteTouch", "SensorMesh"]
