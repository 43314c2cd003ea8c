"""Armatures and simulations as in Rhai: ``add``, ``record``, ``step`` and ``run`` are module
functions that call the method of their first argument (a ``Simulation`` now; other simulated
objects can have the same methods). The robot's services (``arm.rotate("elbow", 1.0)`` is
``morsel.rotate(arm, "elbow", 1.0)``) are methods through the API description's method table
(``morsel/_methods.py``), as every function whose first argument is a Morsel object."""

from . import _morsel
from ._methods import method_of_first_argument as _dispatch
from ._morsel import Robot


def _robot_to_map(self):
    """to_map(robot): the robot's name, joints, configuration and properties, as in Rhai."""
    return _morsel.get_configurations(self)


_robot_to_map.__name__ = "to_map"
_robot_to_map.__qualname__ = "Robot.to_map"
setattr(Robot, "to_map", _robot_to_map)


add = _dispatch("add", "add(sim, arm): adds a robot's armature process to the simulation.")
record = _dispatch(
    "record",
    "record(sim, arm, what) (what \"pose\" or a link name) or record(sim, sensor): adds a "
    "recorder, which samples now and after every step; returns it.",
)
step = _dispatch("step", "step(sim): advances the simulation by one step.")
run = _dispatch(
    "run", "run(sim, seconds): runs the whole number of steps nearest to `seconds`; returns it."
)

__all__ = ["add", "record", "step", "run"]
