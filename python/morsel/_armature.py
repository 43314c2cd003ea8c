"""Armatures, simulations and IK as in Rhai: every service is a module function and a method
of the object it acts on (``morsel.rotate(arm, "elbow", 1.0)`` is ``arm.rotate("elbow", 1.0)``).

The native functions take the robot first; this module makes them methods of ``Robot``, and
makes ``add``, ``record``, ``step`` and ``run`` module functions that call the method of their
first argument (a ``Simulation`` now; other simulated objects can have the same methods).
"""

from . import _morsel
from ._methods import method_of_first_argument as _dispatch
from ._morsel import Robot

# Native functions whose first argument is a Robot, made methods of Robot.
ROBOT_METHODS = (
    "revolute", "continuous", "prismatic", "fixed", "append", "place", "frame_pose",
    "get_joints", "get_dofs", "get_IK_limits", "get_properties", "get_configurations",
    "set_property", "properties", "set_joint_speed", "set_rotation", "set_translation",
    "set_rotations", "set_translations", "rotate", "translate", "rotate_joints",
    "translate_joints", "trajectory", "stop", "create_ik_targets", "list_IK_targets",
    "ik_target_pose", "place_IK_target", "move_IK_target", "ik",
)


def _as_method(function, name=None):
    def method(self, *args, **kwargs):
        return function(self, *args, **kwargs)

    method.__name__ = name or function.__name__
    method.__qualname__ = f"Robot.{method.__name__}"
    method.__doc__ = function.__doc__
    return method


for _name in ROBOT_METHODS:
    setattr(Robot, _name, _as_method(getattr(_morsel, _name)))
# to_map(robot) is the robot's configuration, as in Rhai.
setattr(Robot, "to_map", _as_method(_morsel.get_configurations, "to_map"))


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
