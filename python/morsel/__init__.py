"""Morsel from Python: robot kinematics, contact stability, joint-space maps and MIMo-style
touch, with NumPy arrays in and out.

The functions have the names and argument order of Morsel's script API (docs/scripting.md);
an options map is a dict in the same position, and keyword arguments work too. A function
whose first argument is a Morsel object is also a method of it: ``morsel.observe(t, c)`` and
``t.observe(c)`` are one call.

``morsel.mujoco`` (pure Python; needs the ``mujoco`` package only when used) connects a live
MuJoCo simulation: ``sync(robot, m, d)`` and ``contacts(m, d)``.
"""

from . import _morsel
from ._errors import (
    InvalidValueError,
    MissingFileError,
    MorselError,
    UnknownNameError,
    WrongTypeError,
)
from ._morsel import *  # noqa: F401,F403  (the native functions and classes)
from ._morsel import BalanceMap, Boundary, JointspaceModel, SampleMap, SensorMesh, SensorPoints

from ._armature import add as _add_process, record, run, step  # noqa: E402  (armatures and simulations)
from ._vectors import cross, dot, norm, round_to, scale, sub  # noqa: E402  (vector helpers)
from ._vectors import add_vectors as _add_vectors, is_vector as _is_vector  # noqa: E402


def add(a, b):
    """add(a, b): vectors are summed element by element; add(sim, arm) adds a robot's armature
    process to a simulation."""
    if _is_vector(a):
        return _add_vectors(a, b)
    return _add_process(a, b)


def len(obj):  # noqa: A001 - the script API's name; not in __all__, so `import *` keeps the builtin
    """len(x): the number of sensor points, sensor-mesh vertices or samples of x."""
    import builtins

    if not isinstance(obj, (SensorPoints, SensorMesh, SampleMap, Boundary, BalanceMap)):
        raise WrongTypeError(f"len(): expected sensor points, a sensor mesh, a sample map or a balance map, got {type(obj).__name__}")
    return builtins.len(obj)


def save(path, value, *args, **kwargs):  # type: ignore[no-redef]
    """save(path, value): writes value by the path's extension (see the script API);
    save(path, map | boundary | model, ...) is that object's own save."""
    if isinstance(value, (SampleMap, Boundary, JointspaceModel, BalanceMap)):
        return value.save(path, *args, **kwargs)
    return _morsel.save(path, value, *args, **kwargs)


def _document():
    """Puts the shared API description's docstrings (each overload's signature and description,
    as in docs/python.md) on the module functions; a native function's own notes follow."""
    import types

    def with_doc(native, doc):
        def call(*args, **kwargs):
            return native(*args, **kwargs)

        call.__name__ = call.__qualname__ = native.__name__
        call.__module__ = __name__
        call.__doc__ = doc
        call.__wrapped__ = native
        return call

    g = globals()
    for name, doc in _DOCSTRINGS.items():
        obj = g.get(name)
        if obj is None:
            continue
        notes = (obj.__doc__ or "").strip()
        full = doc + ("\n\n" + notes if notes and notes not in doc else "")
        if isinstance(obj, types.FunctionType):
            obj.__doc__ = full
        elif isinstance(obj, types.BuiltinFunctionType):
            g[name] = with_doc(obj, full)


_DOCSTRINGS = _morsel._api_docstrings()
_document()


def _methods_of_module_functions():
    """Methods that call the module function of the same name (the native classes do not hold
    them, so that the plotting and distributor bindings need not know every class)."""
    from ._methods import method_calling
    from ._morsel import Robot, Stance, Taxels, aba_batch, gravity_torques_batch
    from ._morsel import mass_matrix_batch, rnea_batch

    Touch.plot_outputs = method_calling(plot_outputs, "plot_outputs")
    Touch.plot_sensors = method_calling(plot_sensors, "plot_sensors")
    Taxels.plot_forces = method_calling(plot_forces, "plot_forces")
    Stance.wrench_distributor = method_calling(wrench_distributor, "wrench_distributor")
    # The batches are Python's own (no script API entry), so the method table does not name them.
    Robot.rnea_batch = method_calling(rnea_batch, "rnea_batch")
    Robot.aba_batch = method_calling(aba_batch, "aba_batch")
    Robot.mass_matrix_batch = method_calling(mass_matrix_batch, "mass_matrix_batch")
    Robot.gravity_torques_batch = method_calling(gravity_torques_batch, "gravity_torques_batch")

    def stance_plot_polygon(self, path, polygon=None, region=None):
        return plot_polygon(path, self, polygon, region)

    stance_plot_polygon.__name__ = stance_plot_polygon.__qualname__ = "plot_polygon"
    stance_plot_polygon.__doc__ = (
        "plot_polygon(path, polygon=None, region=None) on this stance: see morsel.plot_polygon (the stance "
        "is its second argument there).\n\n" + (plot_polygon.__doc__ or "")
    )
    Stance.plot_polygon = stance_plot_polygon


_methods_of_module_functions()


# The method table of the API description: x.f(a) == f(x, a) for every function whose first
# parameter is a Morsel object (morsel/_methods.py).
from ._methods import install as _install  # noqa: E402

_install(globals(), _morsel, _DOCSTRINGS)

from ._views import View, install as _install_views, view  # noqa: E402

_install_views()

_API_NAMES = sorted({o[0] for o in _morsel._api_overloads()})
__all__ = sorted(
    {n for n in dir(_morsel) if not n.startswith("_")}
    | {n for n in _API_NAMES if n in globals() and n != "len"}
    | {"view", "View", "MorselError", "InvalidValueError", "WrongTypeError", "MissingFileError", "UnknownNameError"}
)
