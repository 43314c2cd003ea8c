"""Type stubs of the native module `morsel._morsel` (re-exported by `morsel`)."""

from os import PathLike
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union, final, overload

import numpy as np
import numpy.typing as npt

Vec3 = Union[Sequence[float], npt.NDArray[np.float64]]
Path = Union[str, PathLike]
Config = Union[Mapping[str, Union[float, Sequence[float]]], Sequence[float], npt.NDArray[np.float64]]
F64 = npt.NDArray[np.float64]

# geometry ---------------------------------------------------------------------------------

@final
class Pose:
    """A rigid transform: position (m) and orientation."""
    def __init__(self, position: Optional[Vec3] = None, quaternion: Optional[Sequence[float]] = None) -> None: ...
    @property
    def position(self) -> F64: ...
    @property
    def quaternion(self) -> F64:
        """[w, x, y, z]"""
    @property
    def rpy(self) -> F64: ...
    @property
    def matrix(self) -> F64:
        """4 x 4 homogeneous matrix."""
    def __mul__(self, other: Pose) -> Pose: ...
    def inverse(self) -> Pose: ...
    def transform_point(self, point: Vec3) -> F64: ...
    def to_map(self) -> Dict[str, Any]: ...

@final
class Shape:
    """A geometric shape in its own frame."""
    @property
    def kind(self) -> str: ...
    @property
    def is_solid(self) -> bool: ...
    def to_map(self) -> Dict[str, Any]: ...
    def closest_points(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def contact(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def contains(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def distance(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def intersects(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def project(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def sensor_mesh(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def sensor_points(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py

def pose(pos: Optional[Vec3] = None, rpy: Optional[Vec3] = None) -> Pose:
    """A pose from a position (m) and roll-pitch-yaw (rad; about x, then y, then z, fixed frame)."""
def box(hx: float, hy: float, hz: float) -> Shape:
    """A box with half-extents hx, hy, hz (m)."""
def sphere(r: float) -> Shape:
    """A ball of radius r (m)."""
def ellipsoid(a: float, b: float, c: float) -> Shape:
    """An ellipsoid with semi-axes a, b, c along x, y, z (m)."""
def cylinder(r: float, half_length: float) -> Shape:
    """A solid cylinder along z (m)."""
def capsule(r: float, half_length: float) -> Shape:
    """A capsule along z (m)."""
def pipe(r: float, half_length: float) -> Shape:
    """An open cylinder along z, no caps (m)."""
def halfspace(normal: Vec3) -> Shape:
    """The solid below the plane through the origin with outward normal `normal`."""
def mesh(path: Path, scale: Union[float, Vec3, None] = None) -> Shape:
    """A triangle mesh from an STL, OBJ or DAE file, its vertices scaled."""
def convex_hull(points: Union[npt.ArrayLike, Shape]) -> Shape:
    """The convex hull of (n, 3) points or of a mesh's vertices."""
def inverse(pose: Pose) -> Pose: ...
def transform_point(pose: Pose, point: Vec3) -> F64: ...
def distance(a: Shape, pose_a: Pose, b: Shape, pose_b: Pose) -> float:
    """Distance between two placed shapes (0 when they touch or overlap)."""
def intersects(a: Shape, pose_a: Pose, b: Shape, pose_b: Pose) -> bool: ...
def closest_points(a: Shape, pose_a: Pose, b: Shape, pose_b: Pose) -> Optional[Dict[str, Any]]:
    """{distance, points (2, 3)} of separated shapes, or None when they touch."""
def contains(shape: Shape, pose: Pose, point: Vec3) -> bool: ...
def project(shape: Shape, pose: Pose, point: Vec3) -> Dict[str, Any]:
    """{point, inside, signed_distance}."""

@final
class SensorPoints:
    """Points over a shape's surface with outward normals, in the shape's frame."""
    @property
    def points(self) -> F64: ...
    @property
    def normals(self) -> F64: ...
    def to_map(self) -> Dict[str, Any]: ...
    def __len__(self) -> int: ...
    def len(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py

@final
class SensorMesh:
    """The sensor points joined into a triangle mesh (vertex i is sensor point i)."""
    @property
    def vertices(self) -> F64: ...
    @property
    def normals(self) -> F64: ...
    @property
    def faces(self) -> npt.NDArray[np.int64]: ...
    def neighbours(self, i: int) -> List[int]: ...
    def to_map(self) -> Dict[str, Any]: ...
    def __len__(self) -> int: ...
    def len(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py

def sensor_points(shape: Shape, resolution: float) -> SensorPoints:
    """Points about `resolution` apart (m) over the shape's surface (MIMo's rules)."""
def sensor_mesh(shape: Shape, resolution: float) -> SensorMesh:
    """The sensor points of the same resolution joined into a triangle mesh."""

# kinematics -------------------------------------------------------------------------------

@final
class Robot:
    """A robot model and its current configuration."""
    @property
    def name(self) -> str: ...
    @property
    def nq(self) -> int: ...
    @property
    def nv(self) -> int: ...
    @property
    def q(self) -> F64: ...
    @property
    def joints(self) -> List[str]: ...
    @property
    def frames(self) -> List[str]:
        """Link and frame names, in the order of fk_batch's second axis."""
    @property
    def configuration_layout(self) -> List[Dict[str, Any]]: ...
    @property
    def placement(self) -> Pose: ...
    def set_q(self, q: Config) -> None: ...
    def set_qpos(self, qpos: Sequence[float]) -> None:
        """Sets the configuration from MuJoCo's qpos (quaternions w first)."""
    # Armature state and services (morsel/_armature.py makes the functions below methods).
    @property
    def is_moving(self) -> bool: ...
    @property
    def time(self) -> float: ...
    def _repr_html_(self) -> str: ...  # generated: tests/test_stubs.py
    def append(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def collision_sampler(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def com(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def continuous(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def create_ik_targets(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def fixed(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def fk(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def frame_pose(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def geoms(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def get_IK_limits(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def get_configurations(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def get_dofs(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def get_joints(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def get_properties(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def ik(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def ik_target_pose(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def jacobian(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def list_IK_targets(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def mass(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def move_IK_target(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def place(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def place_IK_target(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def pose_sensor(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def prismatic(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def properties(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def revolute(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def rotate(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def rotate_joints(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def set_joint_speed(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def set_property(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def set_rotation(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def set_rotations(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def set_translation(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def set_translations(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def stance(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def stop(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def to_map(self) -> Any: ...  # generated: tests/test_stubs.py
    def trajectory(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def translate(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def translate_joints(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py

def mjcf(path: Path) -> Robot:
    """A robot loaded from a MuJoCo MJCF file, compiled as MuJoCo does."""
def urdf(path: Path, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Robot:
    """A robot loaded from a URDF file; options package_dirs, floating, geometry."""
@overload
def fk(robot: Robot, q: Config) -> Dict[str, Pose]: ...
@overload
def fk(robot: Robot, q: Config, frame: str) -> Pose: ...
def fk_batch(robot: Robot, Q: npt.ArrayLike, joint_names: Sequence[str]) -> F64:
    """(n, len(robot.frames), 7): positions and quaternions [w, x, y, z] per row of Q."""
def com(robot: Robot, q: Config) -> F64: ...
def place(robot: Robot, pose: Pose) -> Robot:
    """Sets where the robot's base sits in the scene; joints do not move."""
def frame_pose(robot: Robot, frame: str) -> Pose:
    """The scene pose of a link or frame now (placement included)."""
def mass(robot: Robot) -> float: ...
def geoms(robot: Robot, q: Config) -> List[Dict[str, Any]]: ...
def jacobian(robot: Robot, frame: str, q: Config, convention: str) -> F64:
    """6 x nv, rows [linear; angular]; convention "world" | "local" | "local_world_aligned"."""

# sensing ----------------------------------------------------------------------------------

Contacts = Union[Mapping[str, Any], Sequence[Mapping[str, Any]]]

@final
class Scene:
    """Rigid bodies with colliders; robot bodies follow their robot."""
    @property
    def bodies(self) -> List[str]: ...
    @overload
    def add_body(self, name: str, shape: Shape, pose: Optional[Pose] = None) -> Scene: ...
    @overload
    def add_body(self, name: str, options: Mapping[str, Any], **kwargs: Any) -> Scene: ...
    def add_robot(self, robot: Robot, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Scene: ...
    def set_pose(self, body: str, pose: Pose) -> None: ...
    def set_velocity(self, body: str, linear: Vec3, angular: Vec3) -> None: ...
    def ignore(self, a: str, b: str) -> None: ...
    def body_pose(self, body: str) -> Pose: ...
    def contacts(self) -> List[Dict[str, Any]]: ...
    def to_map(self) -> Dict[str, Any]: ...
    def _repr_html_(self) -> str: ...  # generated: tests/test_stubs.py
    def taxel_skin(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def touch(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py

@final
class Touch:
    """MIMo-style touch sensors over a scene's bodies."""
    @property
    def output(self) -> F64: ...
    @property
    def sensor_count(self) -> int: ...
    @property
    def values_per_sensor(self) -> int: ...
    @property
    def bodies(self) -> List[str]: ...
    def observe(self, contacts: Optional[Contacts] = None) -> F64:
        """One observation; contacts as morsel.mujoco.contacts returns them (or a list of dicts)."""
    def body_output(self, body: str) -> F64:
        """(n_sensors, 3), or (n_sensors,) for scalar touch functions."""
    def sensor_positions(self, body: str) -> F64: ...
    def sensor_counts(self) -> Dict[str, Dict[str, int]]: ...
    def contacts(self) -> List[Dict[str, Any]]: ...
    def to_map(self) -> Dict[str, Any]: ...
    def _repr_html_(self) -> str: ...  # generated: tests/test_stubs.py
    def plot_outputs(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def plot_sensors(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py

def scene(law: Optional[Mapping[str, float]] = None, **kwargs: Any) -> Scene:
    """An empty scene; law {stiffness, exponent, damping, friction, slip_speed}."""
def touch(scene: Scene, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Touch:
    """MIMo-style touch: options scales {body: spacing}, kind, touch_function, response_function."""

# stability --------------------------------------------------------------------------------

@final
class Contact:
    """A rectangular contact (normal = its local z), world-placed or following a robot link
    (its pose is then read from the robot at every use)."""
    @property
    def shape(self) -> F64: ...
    @property
    def position(self) -> F64: ...
    @property
    def normal(self) -> F64: ...
    @property
    def friction(self) -> float: ...
    @property
    def pose(self) -> Pose: ...
    @property
    def link(self) -> Optional[str]: ...
    @property
    def bound(self) -> bool: ...
    @property
    def managed(self) -> bool: ...
    def attach(self, robot: Robot, link: str) -> Contact:
        """A copy that follows `robot`'s `link` (the given pose becomes the link offset)."""
    def to_map(self) -> Dict[str, Any]: ...
    def vertices(self) -> F64: ...
    def set_wrench(self, wrench: Sequence[float]) -> None: ...
    def unset_wrench(self) -> None: ...
    def wrench_at(self, point: Vec3) -> Optional[F64]: ...
    def force_inequalities(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def force_span(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def grasp_matrix(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def local_wrench_inequalities(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def wrench_hrep(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def wrench_inequalities(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def wrench_span(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py

@final
class Stance:
    """A CoM (a point or a robot's), a mass and contacts, read from the robot at every use."""
    def to_map(self) -> Dict[str, Any]: ...
    @property
    def com(self) -> F64: ...
    @property
    def mass(self) -> float: ...
    @property
    def gravity(self) -> float: ...
    @property
    def contacts(self) -> List[Contact]: ...
    def set_wrench(self, index: int, wrench: Sequence[float]) -> None: ...
    def unset_wrench(self, index: int) -> None: ...
    def _repr_html_(self) -> str: ...  # generated: tests/test_stubs.py
    def com_inside(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def com_margin(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def distribute(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def find_supporting_wrenches(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def gravity_wrench(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def plot_polygon(self, path: Any, polygon: Any = ...) -> Any: ...  # generated: tests/test_stubs.py
    def point_contacts(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def static_polygon(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def wrench_distributor(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py

@overload
def contact(options: Mapping[str, Any], **kwargs: Any) -> Contact: ...
@overload
def contact(a: Shape, pose_a: Pose, b: Shape, pose_b: Pose) -> Optional[Dict[str, Any]]: ...
@overload
def stance(options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Stance:
    """A stance: options com ([x, y, z] or Robot), mass, contacts, robot, gravity."""
@overload
def stance(robot: Robot, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Stance:
    """A stance on a robot: contacts naming a link follow it; CoM and mass default to the robot's."""
def attach(contact: Contact, robot: Robot, link: str) -> Contact:
    """A copy of the contact that follows `robot`'s `link` (its pose becomes the link offset)."""
def static_polygon(stance: Union[Stance, ContactSet], method: Optional[str] = None) -> Dict[str, Any]:
    """{method, status, vertices (k, 2), area, reason}; method "hull" | "bretl" | "cdd"."""
def com_margin(stance: Stance, polygon: Optional[Mapping[str, Any]] = None) -> Optional[float]: ...
def com_inside(stance: Stance, polygon: Optional[Mapping[str, Any]] = None) -> bool: ...
def gravity_wrench(stance: Stance) -> F64: ...
def vertices(contact: Contact) -> F64: ...
def distribute(stance: Stance, weights: Optional[Mapping[str, float]] = None) -> Dict[str, Any]:
    """Distributes the gravity wrench over the contacts: {status, reason, iterations, wrenches}."""
def find_supporting_wrenches(contacts: Union[Sequence[Contact], ContactSet, Stance], wrench: Sequence[float], point: Vec3, weights: Optional[Mapping[str, float]] = None) -> Dict[str, Any]:
    """Contact wrenches realising the net wrench (world frame, at point), pymanoid's QP."""
def force_span(contact: Contact) -> F64:
    """3 x 4 span of the linearised friction cone (world frame)."""
def force_inequalities(contact: Contact) -> F64:
    """4 x 3 faces of the linearised friction cone (world frame): F f <= 0."""
def wrench_span(contact: Union[Contact, ContactSet], point: Optional[Vec3] = None) -> F64:
    """6 x 16 span of the contact wrench cone (at the contact point or at `point`)."""
def wrench_inequalities(contact: Union[Contact, ContactSet], point: Optional[Vec3] = None) -> F64:
    """16 x 6 faces of the contact wrench cone (world frame): F w <= 0."""
def local_wrench_inequalities(contact: Contact) -> F64:
    """16 x 6 faces of the contact wrench cone in the contact frame."""
def wrench_hrep(contact: Contact) -> Dict[str, F64]:
    """{F, g}: F w <= g."""
def grasp_matrix(contact: Union[Contact, ContactSet], point: Vec3) -> F64:
    """6 x 6 matrix moving the contact's wrench to `point` (world frame)."""

# jointspace -------------------------------------------------------------------------------

@final
class CollisionSampler:
    @property
    def joints(self) -> List[str]: ...
    @property
    def pairs(self) -> List[Tuple[str, str]]: ...
    @property
    def ranges(self) -> List[List[float]]: ...
    def to_map(self) -> Dict[str, Any]: ...
    def distance(self, q: Union[Sequence[float], F64]) -> float: ...
    def boundary(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def grid(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def random(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py

@final
class SampleMap:
    """Sampled configurations, one value each (a grid or random draws)."""
    @property
    def rows(self) -> F64:
        """(n, k + 1): [q_1 .. q_k, value]."""
    @property
    def values(self) -> F64:
        """(n,): the values."""
    @property
    def grid(self) -> Optional[F64]:
        """Grids: the values shaped `steps` (first joint first axis); None for random maps."""
    @property
    def collisions(self) -> int: ...
    @property
    def joints(self) -> List[str]: ...
    @property
    def ranges(self) -> List[List[float]]: ...
    @property
    def quantity(self) -> str: ...
    @property
    def steps(self) -> Optional[List[int]]: ...
    def to_map(self) -> Dict[str, Any]: ...
    def to_jointspace(self, boundary: Boundary) -> SampleMap: ...
    def jacobian(self, boundary: Boundary) -> F64:
        """(n, 2k): rows [q, J]."""
    def save(self, path: Path) -> None: ...
    def __len__(self) -> int: ...
    def jointspace_model(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py
    def len(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py

@final
class JointspaceModel:
    """A fitted model of the joint-space distance."""
    def distance(self, q: Union[Sequence[float], Sequence[Sequence[float]], F64]) -> Any:
        """float for q (k,); (n,) for q (n, k)."""
    def gradient(self, q: Union[Sequence[float], Sequence[Sequence[float]], F64]) -> F64:
        """(k,) for q (k,); (n, k) for q (n, k)."""
    def repulsion(self, q: Union[Sequence[float], F64], options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> F64: ...
    def certify(self, map: SampleMap) -> Dict[str, Any]: ...
    def predict(self, map: SampleMap) -> SampleMap: ...
    def lost_motion(self, map: SampleMap) -> SampleMap: ...
    def to_map(self) -> Dict[str, Any]: ...
    def save(self, path: Path, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> None: ...
    @property
    def joints(self) -> List[str]: ...
    @property
    def offset(self) -> float: ...
    @property
    def parameters(self) -> int: ...
    @property
    def report(self) -> Optional[Dict[str, Any]]: ...

def jointspace_model(samples: SampleMap, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> JointspaceModel: ...

def collision_sampler(robot: Robot, spec: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> CollisionSampler:
    """spec {joints, ranges, pairs, reference}."""
def grid(sampler: CollisionSampler, steps: Union[int, Sequence[int]], options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> SampleMap: ...

@final
class Boundary:
    """Configurations on the collision boundary."""
    @property
    def points(self) -> F64:
        """(n, k)."""
    @property
    def extended_points(self) -> F64: ...
    @property
    def joints(self) -> List[str]: ...
    @property
    def ranges(self) -> List[List[float]]: ...
    @property
    def periodic(self) -> bool: ...
    @property
    def precision(self) -> float: ...
    def to_map(self) -> Dict[str, Any]: ...
    def save(self, path: Path) -> None: ...
    def __len__(self) -> int: ...
    def _repr_html_(self) -> str: ...  # generated: tests/test_stubs.py
    def len(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py

def random(sampler: CollisionSampler, n: int, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> SampleMap:
    """n configurations drawn uniformly in the ranges; options seed (default 0), distance, zero_in_collision."""
def boundary(sampler: CollisionSampler, n: int, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Boundary:
    """n free configurations within `precision` of a collision; options precision, periodic, seed."""
def to_jointspace(map: SampleMap, boundary: Boundary) -> SampleMap:
    """The samples valued by their signed joint-space distance to the boundary."""

def _mujoco_forces(elliptic: bool, efc_force: F64, dim: Any, efc_address: Any, friction: F64, frame: F64) -> F64: ...

class _MimoTouch:
    """The native half of morsel.mimo (TrimeshTouch, DiscreteTouch over a MuJoCo model)."""
    def __init__(self, model: dict[str, Any], scales: dict[str, float], kind: str, touch_function: str, response_function: str, mimo_quirks: bool) -> None: ...
    def observe(self, xpos: F64, xquat: F64, geom1: Any, geom2: Any, pos: F64, frame: F64, dist: F64, dim: Any, efc_address: Any, friction: F64, efc_force: F64, elliptic: bool, out: Any) -> None: ...
    def groups(self) -> list[tuple[int, Optional[int], int, int]]: ...
    def positions(self, g: int) -> F64: ...
    def mesh(self, g: int) -> Optional[tuple[F64, Any, Any, F64]]: ...
    @property
    def sensor_count(self) -> int: ...
    @property
    def values_per_sensor(self) -> int: ...

# shell
def save(path: Union[str, PathLike[str]], value: Any) -> None:
    """Writes plain data (None, bool, int, float, str, lists, dicts, NumPy arrays, Morsel objects via to_map) as .json, .csv or .npy, or draws a Scene, Robot, Touch, Taxels (once read) or Stance as glTF 2.0 (.glb, .gltf) or as an offline 3D view (.html), by extension; nothing is written when the value cannot be encoded."""
def seed() -> int:
    """The run's seed: environment variable MORSEL_SEED (0 when unset, as the binary's default --seed)."""
def test_mode() -> bool:
    """Whether MORSEL_TEST_MODE is set to 1/true (as the binary's test harness)."""

# sensing: kinematic taxels
@final
class Taxels:
    """Kinematic taxels: probes on a link that read a spring-damper force where they sink into other bodies."""
    def read(self, scene: Scene) -> Dict[str, F64]:
        """One step of the measured branch: {force, torque, raw}, (probes, 3) or (history, probes, 3)."""
    def read_ground_truth(self, scene: Scene) -> Dict[str, F64]:
        """One step of the ground truth (nominal radius, no gain nor degradation); shapes as read()."""
    def read_batch(self, scenes: List[Scene]) -> Dict[str, F64]:
        """The measured branch on several scenes of one structure: an envs axis first."""
    def reset(self) -> None:
        """Clears the histories and the measured state; the noise streams restart."""
    @property
    def num_probes(self) -> int: ...
    @property
    def probes(self) -> F64: ...
    def to_map(self) -> Dict[str, Any]: ...
    def __len__(self) -> int: ...
    def _repr_html_(self) -> str: ...  # generated: tests/test_stubs.py
    def plot_forces(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py

def taxels(options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Taxels:
    """Kinematic taxels on a body (Genesis's options and defaults: link_name, probe_local_pos, probe_local_normal, contact_depth_query, probe_radius, probe_radius_noise, normal_stiffness, normal_damping, normal_exponent, shear_scalar, twist_scalar, history_length, probe_gain, delay, jitter, noise, bias, resolution, dead_taxels, crosstalk, crosstalk_radius, hysteresis, seed (default seed()))."""
def taxel_skin(scene: Scene, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Taxels:
    """Probes `spacing` apart over every collider of `body`, with outward normals; other options as taxels()."""

def point_contacts(stance: Stance, scene: Scene, ground: str) -> List[Dict[str, Any]]:
    """The stance's distributed contact forces as point contacts at their CoPs, from `ground` onto each contact's link body (for touch.observe(contacts))."""

# Armatures, simulations, IK (python/src/armature.rs, motions.rs, simulation.rs)

def armature(name: str) -> Robot:
    """An empty chain to build joint by joint (revolute, continuous, prismatic, fixed)."""
def revolute(arm: Robot, joint: str, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Robot:
    """Appends a revolute joint; options axis, origin, rpy, limits, speed, mass, com."""
def continuous(arm: Robot, joint: str, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Robot: ...
def prismatic(arm: Robot, joint: str, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Robot: ...
def fixed(arm: Robot, joint: str, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Robot: ...
def append(parent: Robot, child: Robot, link: Union[str, Pose, None] = None, offset: Optional[Pose] = None) -> Robot:
    """Mounts child on parent's base or link at an offset; returns parent."""
def get_joints(arm: Robot) -> List[str]: ...
def get_dofs(arm: Robot) -> Dict[str, List[bool]]: ...
def get_IK_limits(arm: Robot, joint: str) -> F64: ...
def get_properties(arm: Robot) -> Dict[str, float]: ...
def get_configurations(arm: Robot) -> Dict[str, Any]: ...
def set_property(arm: Robot, name: str, value: float) -> None: ...
def properties(arm: Robot, values: Optional[Mapping[str, float]] = None, **kwargs: float) -> Robot: ...
def set_joint_speed(arm: Robot, joint: str, speed: Optional[float] = None) -> None: ...
def set_rotation(arm: Robot, joint: str, rotation: float) -> None: ...
def set_translation(arm: Robot, joint: str, translation: float) -> None: ...
def set_rotations(arm: Robot, rotations: Sequence[float]) -> None: ...
def set_translations(arm: Robot, translations: Sequence[float]) -> None: ...
def rotate(arm: Robot, joint: str, value: float, speed: Optional[float] = None) -> None:
    """Starts moving a rotational joint; a simulation advances it."""
def translate(arm: Robot, joint: str, value: float, speed: Optional[float] = None) -> None: ...
def rotate_joints(arm: Robot, values: Union[Mapping[str, float], Sequence[float]], speed: Optional[float] = None) -> None: ...
def translate_joints(arm: Robot, values: Union[Mapping[str, float], Sequence[float]], speed: Optional[float] = None) -> None: ...
def trajectory(arm: Robot, trajectory: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> None:
    """Follows {starttime, points: [{positions, velocities, time_from_start}]}."""
def stop(arm: Robot) -> None: ...
def create_ik_targets(arm: Robot, links: Sequence[str], options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> List[str]: ...
def list_IK_targets(arm: Robot) -> List[str]: ...
def ik_target_pose(arm: Robot, target: str) -> Pose: ...
def place_IK_target(arm: Robot, target: str, translation: Vec3, rotation: Vec3, relative: bool = True) -> Dict[str, Any]: ...
def move_IK_target(arm: Robot, target: str, translation: Vec3, rotation: Vec3, relative: bool, linear_speed: Optional[float] = None, radial_speed: Optional[float] = None) -> None: ...
def ik(robot: Robot, frame: str, target: Union[Pose, Vec3], options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Dict[str, Any]:
    """{status, converged, q, iterations, restarts, errors}; options seed, max_iterations,
    max_restarts, position_tolerance, orientation_tolerance, random_seed, position_only."""

@final
class Recorder:
    """One row per simulation step, the time first."""
    @property
    def columns(self) -> List[str]: ...
    @property
    def rows(self) -> F64: ...
    def to_map(self) -> Dict[str, F64]: ...
    def save(self, path: Path) -> None:
        """Writes the recording: .csv (columns in order), .npy (rows) or .json."""
    def __len__(self) -> int: ...

@final
class PoseSensor:
    """The armature pose sensor of one robot."""
    def read(self) -> Dict[str, float]: ...

@final
class Simulation:
    """A fixed-step kinematic simulation."""
    def add(self, arm: Union[Robot, WrenchDistributor]) -> None:
        """Adds a robot's armature, or a wrench distributor that steps on every tick."""
    @overload
    def record(self, source: Robot, what: str) -> Recorder: ...
    @overload
    def record(self, source: PoseSensor) -> Recorder: ...
    def step(self) -> None: ...
    def run(self, seconds: float) -> int: ...
    @property
    def time(self) -> float: ...
    @property
    def dt(self) -> float: ...
    @property
    def events(self) -> List[Dict[str, Any]]: ...
    def to_map(self) -> Dict[str, Any]: ...
    def _repr_html_(self) -> str: ...  # generated: tests/test_stubs.py

def simulation(options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Simulation:
    """A simulation at time 0; options dt (s, default 0.01), record_poses (bool, default False; animations need it)."""
def pose_sensor(arm: Robot) -> PoseSensor: ...

# stability, sensing and plots (contact sets, given wrenches, the wrench distributor, probe
# sensors, SVG plots) ----------------------------------------------------------------------

@final
class ContactSet:
    """An ordered, non-empty set of contacts (copies)."""
    @property
    def contacts(self) -> List[Contact]: ...
    def grasp_matrix(self, point: Vec3) -> F64:
        """6 x 6n matrix mapping the stacked contact wrenches to the net wrench at `point`."""
    def wrench_span(self, point: Vec3) -> F64:
        """6 x 16n span of the net contact wrench cone at `point` (world frame)."""
    def wrench_inequalities(self, point: Vec3) -> F64:
        """Faces F of the net contact wrench cone at `point`: F w <= 0."""
    def static_polygon(self, method: str) -> Dict[str, Any]: ...
    def to_map(self) -> Dict[str, Any]: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Any: ...
    def find_supporting_wrenches(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py

def contact_set(contacts: Sequence[Contact]) -> ContactSet:
    """An ordered, non-empty set of contacts."""
@overload
def set_wrench(contact: Contact, wrench: Sequence[float]) -> None: ...
@overload
def set_wrench(stance: Stance, index: int, wrench: Sequence[float]) -> None:
    """Makes a contact managed: its wrench is given (contact frame, at the contact point)."""
@overload
def unset_wrench(contact: Contact) -> None: ...
@overload
def unset_wrench(stance: Stance, index: int) -> None:
    """Makes the contact supporting again."""
def wrench_at(contact: Contact, point: Vec3) -> Optional[F64]:
    """The contact's known wrench moved to `point` (world frame), or None when it has none."""

@final
class WrenchDistributor:
    """A per-tick wrench distributor (pymanoid's StanceWrenchDistributor) with a stability check and a log."""
    def step(self, com_acceleration: Optional[Vec3] = None) -> Dict[str, Any]:
        """One tick: distributes the wrench for the CoM acceleration, records and returns the distribution."""
    def set_stance(self, stance: Stance) -> None: ...
    def table(self) -> Dict[str, F64]:
        """Columns time, tick, com_x/y/z, acc_x/y/z, margin, inside, solved, normal_force_total; a row per tick."""
    @property
    def records(self) -> List[Dict[str, Any]]: ...
    @property
    def last(self) -> Optional[Dict[str, Any]]: ...
    @property
    def ticks(self) -> int: ...
    def to_map(self) -> Dict[str, Any]: ...
    def save(self, *args: Any, **kwargs: Any) -> Any: ...  # generated: tests/test_stubs.py

def wrench_distributor(stance: Stance, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> WrenchDistributor:
    """A per-tick distributor; options com_acceleration ([x, y, z] or "estimated"), polygon (bool)."""
def set_stance(distributor: WrenchDistributor, stance: Stance) -> None:
    """Distributes over another stance from the next tick on; records go on, the solver memory restarts."""
def table(distributor: WrenchDistributor) -> Dict[str, F64]:
    """The distributor's table: one float64 column per quantity, a row per tick."""

@final
class TaxelContacts:
    """A contact flag per probe (Genesis's KinematicContactSensor)."""
    def read(self, scene: Scene) -> npt.NDArray[np.bool_]:
        """(probes,) or (history, probes)."""
    def read_batch(self, scenes: List[Scene]) -> npt.NDArray[np.bool_]: ...
    @property
    def num_probes(self) -> int: ...

@final
class TaxelDepths:
    """Raw penetration depth per probe (Genesis's KinematicDepthSensor) and slip."""
    def read(self, scene: Scene) -> Dict[str, F64]:
        """{depth (probes,), slip (probes, 2)}, a history axis first when kept."""
    def read_batch(self, scenes: List[Scene]) -> Dict[str, F64]: ...
    @property
    def num_probes(self) -> int: ...

def taxel_contacts(options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> TaxelContacts:
    """A contact flag per probe; the options of taxels()."""
def taxel_depths(options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> TaxelDepths:
    """Raw penetration depth and slip per probe; the options of taxels()."""

def plot_polygon(path: Path, stance: Stance, polygon: Optional[Mapping[str, Any]] = None) -> None:
    """SVG top view of the contact rectangles, the polygon (default: Bretl's) and the CoM."""
def plot_map(path: Path, map: Union[SampleMap, Boundary]) -> None:
    """A map as SVG (PNG for .png): 2D grid heat map, 3D grid slices, 2D scatter; or a 2D boundary."""
def plot_outputs(touch: Touch, path: Path, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> None:
    """SVG of the last outputs of every sensing body; options title, views, arrows, bodies."""
def plot_sensors(touch: Touch, path: Path, body: str, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> None:
    """SVG of a body's sensor points (body frame); options title, views."""
def plot_forces(taxels: Taxels, path: Path, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> None:
    """SVG of the last reading's per-probe forces on the link; options title, views, arrows."""

def _api_docstrings() -> dict[str, str]:
    """{name: docstring} of the script API's functions, from the shared API description."""
    ...
def _api_methods() -> dict[str, list[str]]: ...
def _api_overloads() -> list[tuple[str, str, str, list[tuple[str, str]], Optional[str], list[tuple[str, bool]]]]: ...
def _api_properties() -> list[tuple[str, str]]: ...
def _view_html(value: Any, name: str = "morsel") -> str:
    """The offline three.js view of a drawable object as one HTML document."""
    ...
