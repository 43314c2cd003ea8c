"""Real arguments for the overloads of the shared API description (lab/src/api/script_api.txt),
for tests/test_api_calls.py: each case is written once, in Python syntax, and translated to
Rhai (`rhai()`), so that both front ends make the same call on the same objects.

OBJECTS builds the objects the cases name (fresh for every call: some calls mutate them);
OPTIONAL_OBJECTS (the sampler, maps, boundary and model, IK targets, taxels, a distributor, ...)
only for the cases that name them. CASES maps an overload's signature (as script_api.txt writes it) to its arguments, or to
(arguments, probe): a probe is an expression of the result `r` compared in its place (for
results that cannot be saved as JSON: sensors without to_map, infinite joint limits)."""

import ast
import pathlib

SOLO12 = str(pathlib.Path(__file__).resolve().parents[2] / "assets" / "robots" / "solo12" / "solo12.urdf")

OBJECTS = [
    ("solo", f"urdf('{SOLO12}')"),
    ("sph", "sphere(0.1)"),
    ("bx", "box(0.1, 0.2, 0.3)"),
    ("pa", "pose([0.0, 0.0, 0.0])"),
    ("pb", "pose([0.15, 0.05, 0.0], [0.1, 0.2, 0.3])"),
    ("pc", "pose([1.0, 0.0, 0.0])"),
    ("sp", "sensor_points(sph, 0.05)"),
    ("sm", "sensor_mesh(sph, 0.05)"),
    ("c1", "contact({'shape': [0.11, 0.05], 'pos': [0.0, 0.15, 0.0], 'friction': 0.7})"),
    ("c2", "contact({'shape': [0.11, 0.05], 'pos': [0.0, -0.15, 0.0], 'friction': 0.7})"),
    ("cset", "contact_set([c1, c2])"),
    ("st", "stance({'com': [0.0, 0.0, 0.8], 'mass': 38.0, 'contacts': [c1, c2]})"),
    ("arm", "revolute(armature('base'), 'shoulder', {'axis': [0.0, 0.0, 1.0], 'origin': [0.0, 0.0, 0.3]})"),
    ("sim", "simulation({'dt': 0.01})"),
    ("sc", "add_body(scene(), 'ball', sph, pb)"),
    ("tc", "touch(sc, {'scales': {'ball': 0.05}})"),
    ("slider", "prismatic(armature('rail'), 's', {'limits': [0.0, 1.0]})"),
]
LEG = str(pathlib.Path(SOLO12).parent / "meshes" / "stl" / "with_foot" / "solo_lower_leg_left_side.stl")

JOINTSPACE_OBJECTS = [
    (
        "cs",
        "collision_sampler(solo, {'joints': ['FL_HAA', 'FL_HFE'], 'ranges': [[-3.0, 3.0], [-3.0, 3.0]],"
        " 'pairs': [['base_link', 'FL_UPPER_LEG']]})",
    ),
    ("gm", "grid(cs, [10, 10])"),
    ("bd", "boundary(cs, 20, {'seed': 1})"),
    ("js", "to_jointspace(gm, bd)"),
    ("md", "jointspace_model(js, {'hidden': [4], 'epochs': 20, 'seed': 1})"),
]
JOINTSPACE_NAMES = {n for n, _ in JOINTSPACE_OBJECTS}

# One joint (the shoulder's abduction against the body): small enough for the sound certificate's
# default budget (min_width 0.004 rad) to settle in well under a second.
HAA_OBJECTS = [
    (
        "hs",
        "collision_sampler(solo, {'joints': ['FL_HAA'], 'ranges': [[-3.0, 3.0]],"
        " 'pairs': [['base_link', 'FL_UPPER_LEG']]})",
    ),
    ("hmd", "jointspace_model(to_jointspace(grid(hs, [40]), boundary(hs, 10, {'seed': 1})), {'seed': 1})"),
]

# Objects built only for the cases that name them (or name an object built from them); a list
# literal indexed by its last element, [a(x), x][1], runs a call on x before x is used.
FINGERTIP = (
    "add_body(add_body(scene(), 'fingertip', {'pose': pose([0.0, 0.0, %s])}), 'block',"
    " {'colliders': [[box(0.1, 0.1, 0.05), pose([0.0, 0.0, -0.05])]]})"
)
TAXELS = "{'link_name': 'fingertip', 'probe_local_pos': [[0.0, 0.0, 0.0], [0.005, 0.0, 0.0], [0.0, 0.004, 0.0]]}"
CONTACT = (
    "{'body_a': 'floor', 'body_b': 'ball', 'position': [0.15, 0.05, -0.05], 'normal': [0.0, 0.0, 1.0],"
    " 'depth': 0.001, 'force': [0.0, 0.3, 2.0]}"
)
OPTIONAL_OBJECTS = JOINTSPACE_OBJECTS + HAA_OBJECTS + [
    ("ikt", "create_ik_targets(arm, ['shoulder'])"),
    ("psens", "pose_sensor(arm)"),
    ("tsc", FINGERTIP % "0.004"),
    ("tsc2", FINGERTIP % "0.007"),
    ("tx", f"taxels({TAXELS})"),
    ("txr", "[read(tx, tsc), tx][1]"),
    ("txrec", "[record(sim, tx, tsc), set_pose(tsc, 'fingertip', pose([0.0, 0.0, 0.001])), run(sim, 0.02)][0]"),
    ("tcs", f"taxel_contacts({TAXELS})"),
    ("tds", f"taxel_depths({TAXELS})"),
    ("flsc", "add_body(add_body(scene(), 'ball', sph, pb), 'floor', halfspace([0.0, 0.0, 1.0]), pose([0.0, 0.0, -0.05]))"),
    ("fltc", "touch(flsc, {'scales': {'ball': 0.05}})"),
    ("tco", f"[observe(fltc, [{CONTACT}]), fltc][1]"),
    (
        "feet",
        "add_body(add_body(add_body(scene(), 'floor', halfspace([0.0, 0.0, 1.0]), pose([0.0, 0.0, 0.0])),"
        " 'left', box(0.11, 0.05, 0.02), pose([0.0, 0.15, 0.02])), 'right', box(0.11, 0.05, 0.02), pose([0.0, -0.15, 0.02]))",
    ),
    (
        "fst",
        "stance({'com': [0.0, 0.05, 0.8], 'mass': 10.0, 'contacts': ["
        "contact({'shape': [0.11, 0.05], 'pos': [0.0, 0.15, 0.0], 'friction': 0.7, 'link': 'left'}),"
        " contact({'shape': [0.11, 0.05], 'pos': [0.0, -0.15, 0.0], 'friction': 0.7, 'link': 'right'})]})",
    ),
    # gymnasium's MuJoCo ant standing on its four feet: a robot-bound stance.
    ("ant", f"mjcf('{pathlib.Path(SOLO12).parents[1] / 'gymnasium' / 'ant.xml'}')"),
    ("ast", "stance(ant, {'contacts': [contact({'shape': [0.02, 0.02], 'friction': 0.7, 'link': 'body4', 'orientation': 'world'}), contact({'shape': [0.02, 0.02], 'friction': 0.7, 'link': 'body7', 'orientation': 'world'}), contact({'shape': [0.02, 0.02], 'friction': 0.7, 'link': 'body10', 'orientation': 'world'}), contact({'shape': [0.02, 0.02], 'friction': 0.7, 'link': 'body13', 'orientation': 'world'})]})"),
    ("bmap", "balance_map(ast, {'kind': 'robust', 'x': [-0.3, 0.3, 5], 'y': [-0.3, 0.3, 4]})"),
    ("wd", "wrench_distributor(st, {'com_acceleration': [0.5, 0.0, 0.0]})"),
    ("wds", "[add(sim, wd), run(sim, 0.03), wd][2]"),
]
OPTIONAL_NAMES = {n for n, _ in OPTIONAL_OBJECTS}
# Robots without a to_map() that JSON can hold (infinite limits) are compared by what they give.
JOINTS_PROBE = "[get_joints(r), get_dofs(r), frame_pose(r, 'wrist')]"
MJCF = str(pathlib.Path(SOLO12).parents[1] / "gymnasium" / "ant.xml")

Q = "{'FL_HAA': 0.1, 'FL_HFE': 0.8, 'FL_KFE': -1.6}"

CASES = {
    # shell
    "norm(v: [number]) -> FLOAT": "[3.0, 4.0]",
    "dot(a: [number], b: [number]) -> FLOAT": "[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]",
    "cross(a: [x, y, z], b: [x, y, z]) -> [x, y, z]": "[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]",
    "add(a: [number], b: [number]) -> [number]": "[1.0, 2.0], [3.0, 4.5]",
    "sub(a: [number], b: [number]) -> [number]": "[1.0, 2.0], [3.0, 4.5]",
    "scale(v: [number], s: number) -> [number]": "[1.0, 2.0], 2.5",
    "round_to(x: number | [number], digits: INT) -> number | [number]": "[1.23456, 2.5], 2",
    # geometry
    "box(hx: number, hy: number, hz: number) -> Shape": "0.1, 0.2, 0.3",
    "capsule(r: number, half_length: number) -> Shape": "0.1, 0.2",
    "cylinder(r: number, half_length: number) -> Shape": "0.1, 0.2",
    "ellipsoid(a: number, b: number, c: number) -> Shape": "0.1, 0.2, 0.3",
    "sphere(r: number) -> Shape": "0.25",
    "pipe(r: number, half_length: number) -> Shape": "0.1, 0.2",
    "halfspace(normal: [x, y, z]) -> Shape": "[0.0, 0.0, 1.0]",
    "pose() -> Pose": "",
    "pose(pos: [x, y, z]) -> Pose": "[1.0, 2.0, 3.0]",
    "pose(pos: [x, y, z], rpy: [roll, pitch, yaw]) -> Pose": "[1.0, 2.0, 3.0], [0.1, 0.2, 0.3]",
    "inverse(pose: Pose) -> Pose": "pb",
    "transform_point(pose: Pose, point: [x, y, z]) -> [x, y, z]": "pb, [0.1, 0.2, 0.3]",
    "distance(a: Shape, pose_a: Pose, b: Shape, pose_b: Pose) -> FLOAT": "sph, pa, bx, pc",
    "intersects(a: Shape, pose_a: Pose, b: Shape, pose_b: Pose) -> bool": "sph, pa, bx, pb",
    "closest_points(a: Shape, pose_a: Pose, b: Shape, pose_b: Pose) -> Map | ()": "sph, pa, bx, pc",
    "contact(a: Shape, pose_a: Pose, b: Shape, pose_b: Pose) -> Map | ()": "sph, pa, bx, pb",
    "contains(shape: Shape, pose: Pose, point: [x, y, z]) -> bool": "bx, pb, [0.15, 0.05, 0.01]",
    "project(shape: Shape, pose: Pose, point: [x, y, z]) -> Map": "bx, pb, [0.5, 0.4, 0.3]",
    "convex_hull(points: [[x, y, z], ...] | a mesh Shape) -> Shape": (
        "[[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]"
    ),
    "sensor_points(shape: Shape, resolution: number) -> SensorPoints": "bx, 0.1",
    "sensor_mesh(shape: Shape, resolution: number) -> SensorMesh": "sph, 0.05",
    "neighbours(mesh: SensorMesh, i: INT) -> [INT]": "sm, 3",
    "len(mesh: SensorMesh) -> INT": "sm",
    "len(sensors: SensorPoints) -> INT": "sp",
    "to_map(mesh: SensorMesh) -> Map": "sm",
    "to_map(pose: Pose) -> Map": "pb",
    "to_map(sensors: SensorPoints) -> Map": "sp",
    "to_map(shape: Shape) -> Map": "bx",
    # kinematics
    "fk(robot: Robot, q: [number] | #{joint: value}) -> Map": f"solo, {Q}",
    "fk(robot: Robot, q: [number] | #{joint: value}, frame: string) -> Pose": f"solo, {Q}, 'FL_FOOT'",
    "com(robot: Robot, q: [number] | #{joint: value}) -> [x, y, z]": f"solo, {Q}",
    "mass(robot: Robot) -> number": "solo",
    "velocity_names(robot: Robot) -> [string]": "solo",
    "rnea_derivatives(robot: Robot, q: [number] | #{joint: value}, v: [number], a: [number]) -> Map": f"solo, {Q}, [0.1, -0.2, 0.3, 0.0, 0.5, -0.1, 0.2, 0.0, 0.1, -0.3, 0.4, 0.2], [0.1, -0.2, 0.3, 0.0, 0.5, -0.1, 0.2, 0.0, 0.1, -0.3, 0.4, 0.2]",
    "aba_derivatives(robot: Robot, q: [number] | #{joint: value}, v: [number], tau: [number]) -> Map": f"solo, {Q}, [0.1, -0.2, 0.3, 0.0, 0.5, -0.1, 0.2, 0.0, 0.1, -0.3, 0.4, 0.2], [0.1, -0.2, 0.3, 0.0, 0.5, -0.1, 0.2, 0.0, 0.1, -0.3, 0.4, 0.2]",
    "drive_torques(robot: Robot, options: #{tau: [number], kp: number | [number], kd: number | [number], target: [number] | #{joint: value}, target_velocity: [number], gravity_compensation: bool, v: [number]}) -> Robot": (
        f"solo, {{'kp': 5.0, 'kd': 0.5, 'target': {Q}, 'gravity_compensation': True}}",
        "get_joints(r)",
    ),
    "joint_velocities(robot: Robot) -> [number] | ()": "solo",
    "rnea(robot: Robot, q: [number] | #{joint: value}, v: [number], a: [number]) -> [number]": f"solo, {Q}, [0.1, -0.2, 0.3, 0.0, 0.5, -0.1, 0.2, 0.0, 0.1, -0.3, 0.4, 0.2], [0.1, -0.2, 0.3, 0.0, 0.5, -0.1, 0.2, 0.0, 0.1, -0.3, 0.4, 0.2]",
    "rnea(robot: Robot, q: [number] | #{joint: value}, v: [number], a: [number], options: #{external: [#{link: string, force: [x, y, z], torque: [x, y, z]}]}) -> [number]": (
        f"solo, {Q}, [0.1, -0.2, 0.3, 0.0, 0.5, -0.1, 0.2, 0.0, 0.1, -0.3, 0.4, 0.2], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], {{'external': [{{'link': 'FL_FOOT', 'force': [0.0, 0.0, 5.0], 'torque': [0.1, 0.0, 0.0]}}]}}"
    ),
    "aba(robot: Robot, q: [number] | #{joint: value}, v: [number], tau: [number]) -> [number]": f"solo, {Q}, [0.1, -0.2, 0.3, 0.0, 0.5, -0.1, 0.2, 0.0, 0.1, -0.3, 0.4, 0.2], [0.1, -0.2, 0.3, 0.0, 0.5, -0.1, 0.2, 0.0, 0.1, -0.3, 0.4, 0.2]",
    "aba(robot: Robot, q: [number] | #{joint: value}, v: [number], tau: [number], options: #{external: [#{link: string, force: [x, y, z], torque: [x, y, z]}]}) -> [number]": (
        f"solo, {Q}, [0.1, -0.2, 0.3, 0.0, 0.5, -0.1, 0.2, 0.0, 0.1, -0.3, 0.4, 0.2], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], {{'external': [{{'link': 'FL_FOOT', 'force': [0.0, 0.0, 5.0], 'torque': [0.1, 0.0, 0.0]}}]}}"
    ),
    "gravity_torques(robot: Robot, q: [number] | #{joint: value}) -> [number]": f"solo, {Q}",
    "nonlinear_effects(robot: Robot, q: [number] | #{joint: value}, v: [number]) -> [number]": f"solo, {Q}, [0.1, -0.2, 0.3, 0.0, 0.5, -0.1, 0.2, 0.0, 0.1, -0.3, 0.4, 0.2]",
    "mass_matrix(robot: Robot, q: [number] | #{joint: value}) -> [[number]]": f"solo, {Q}",
    "inverse_mass_matrix(robot: Robot, q: [number] | #{joint: value}) -> [[number]]": f"solo, {Q}",
    "centroidal_momentum(robot: Robot, q: [number] | #{joint: value}, v: [number]) -> Map": f"solo, {Q}, [0.1, -0.2, 0.3, 0.0, 0.5, -0.1, 0.2, 0.0, 0.1, -0.3, 0.4, 0.2]",
    "centroidal_map(robot: Robot, q: [number] | #{joint: value}) -> [[number]]": f"solo, {Q}",
    "kinetic_energy(robot: Robot, q: [number] | #{joint: value}, v: [number]) -> number": f"solo, {Q}, [0.1, -0.2, 0.3, 0.0, 0.5, -0.1, 0.2, 0.0, 0.1, -0.3, 0.4, 0.2]",
    "potential_energy(robot: Robot, q: [number] | #{joint: value}) -> number": f"solo, {Q}",
    "jacobian(robot: Robot, frame: string, q: [number] | #{joint: value}, convention: \"world\" | \"local\" | \"local_world_aligned\") -> [[number]]": (
        f"solo, 'FL_FOOT', {Q}, 'local_world_aligned'"
    ),
    "geoms(robot: Robot, q: [number] | #{joint: value}) -> [Map]": f"solo, {Q}",
    "get_joints(arm: Robot) -> [string]": "arm",
    "get_dofs(arm: Robot) -> Map": "arm",
    "get_IK_limits(arm: Robot, joint: string) -> [lower, upper]": "arm, 'shoulder'",
    "get_properties(arm: Robot) -> Map": "arm",
    "get_configurations(arm: Robot) -> Map": "arm",
    "frame_pose(arm: Robot, frame: string) -> Pose": "arm, 'shoulder'",
    "set_rotation(arm: Robot, joint: string, rotation: number)": "arm, 'shoulder', 0.5",
    "set_rotations(arm: Robot, rotations: [number])": "arm, [0.5]",
    "set_q(robot: Robot, q: [number] | #{joint: value})": f"solo, {Q}",
    "set_property(arm: Robot, name: string, value: number)": "arm, 'RotationSpeed', 0.5",
    "rotate(arm: Robot, joint: string, value: rotation(rad))": "arm, 'shoulder', 1.0",
    "rotate(arm: Robot, joint: string, value: rotation(rad), speed: number)": "arm, 'shoulder', 1.0, 0.3",
    "stop(arm: Robot)": "arm",
    "place(robot: Robot, pose: Pose) -> Robot": "arm, pb",
    "list_IK_targets(arm: Robot) -> [string]": "arm",
    "run(sim: Simulation, seconds: number) -> INT": "sim, 0.1",
    "step(sim: Simulation)": "sim",
    "to_map(sim: Simulation) -> Map": "sim",
    "armature(name: string) -> Robot": "'base'",
    "revolute(arm: Robot, joint: string) -> Robot": "arm, 'elbow'",
    "prismatic(arm: Robot, joint: string) -> Robot": "arm, 'slide'",
    "fixed(arm: Robot, joint: string) -> Robot": "arm, 'tool'",
    "urdf(path: string) -> Robot": f"'{SOLO12}'",
    "simulation(options: #{dt: number, record_poses: bool}) -> Simulation": "{'dt': 0.02}",
    # stability
    "gravity_wrench(stance: Stance) -> [number]": "st",
    "static_polygon(stance: Stance) -> Map": "st",
    "static_polygon(stance: Stance, method: \"hull\" | \"bretl\" | \"cdd\") -> Map": "st, 'hull'",
    "static_polygon(set: ContactSet, method: \"hull\" | \"bretl\" | \"cdd\") -> Map": "cset, 'bretl'",
    "com_inside(stance: Stance) -> bool": "st",
    "com_margin(stance: Stance) -> number | ()": "st",
    "equilibrium_robustness(stance: Stance) -> number": "st",
    "equilibrium_robustness(options: #{points: [[x, y, z]], normals: [[x, y, z]], friction: number, mass: number, com: [x, y, z], generators: INT, acceleration: [x, y, z], gravity: number}) -> number": (
        "{'points': [[0.1, 0.1, 0.0], [-0.1, 0.1, 0.0], [0.0, -0.1, 0.0]], 'normals': [[0.0, 0.0, 1.0], [0.0, 0.0, 1.0], [0.0, 0.0, 1.0]], "
        "'friction': 0.5, 'mass': 10.0, 'com': [0.0, 0.0, 0.8], 'generators': 4, 'acceleration': [0.1, 0.0, 0.0], 'gravity': 9.81}"
    ),
    "robust_static_polygon(stance: Stance, margin: number) -> Map": "st, 10.0",
    "zmp_support_area(stance: Stance, height: number) -> Map": "st, 0.0",
    "com_acceleration_cone(stance: Stance) -> Map": "st",
    "distribute(stance: Stance) -> Map": "st",
    "force_span(contact: Contact) -> [[number]]": "c1",
    "force_inequalities(contact: Contact) -> [[number]]": "c1",
    "wrench_span(contact: Contact) -> [[number]]": "c1",
    "wrench_span(contact: Contact, point: [x, y, z]) -> [[number]]": "c1, [0.0, 0.0, 0.8]",
    "wrench_span(set: ContactSet, point: [x, y, z]) -> [[number]]": "cset, [0.0, 0.0, 0.8]",
    "wrench_inequalities(contact: Contact) -> [[number]]": "c1",
    "local_wrench_inequalities(contact: Contact) -> [[number]]": "c1",
    "grasp_matrix(contact: Contact, point: [x, y, z]) -> [[number]]": "c1, [0.0, 0.0, 0.8]",
    "grasp_matrix(set: ContactSet, point: [x, y, z]) -> [[number]]": "cset, [0.0, 0.0, 0.8]",
    "vertices(contact: Contact) -> [[x, y, z]]": "c1",
    "wrench_hrep(contact: Contact) -> #{F: [[number]], g: [number]}": "c1",
    "to_map(contact: Contact) -> Map": "c1",
    "to_map(stance: Stance) -> Map": "st",
    "to_map(set: ContactSet) -> Map": "cset",
    # jointspace
    "grid(sampler: CollisionSampler, steps: INT | [INT, ...]) -> SampleMap": "cs, [6, 5]",
    "random(sampler: CollisionSampler, n: INT, options: #{seed: INT, distance: bool, zero_in_collision: bool}) -> SampleMap": (
        "cs, 20, {'seed': 3}"
    ),
    "boundary(sampler: CollisionSampler, n: INT, options: #{precision: number, periodic: bool, seed: INT, max_draws_per_point: INT}) -> Boundary": (
        "cs, 10, {'seed': 2}"
    ),
    "to_map(sampler: CollisionSampler) -> Map": "cs",
    "to_jointspace(map: SampleMap, boundary: Boundary) -> SampleMap": "gm, bd",
    "jacobian(map: SampleMap, boundary: Boundary) -> [[q_1..q_k, J_1..J_k], ...]": "gm, bd",
    "len(map: SampleMap) -> INT": "gm",
    "len(boundary: Boundary) -> INT": "bd",
    "to_map(map: SampleMap) -> Map": "js",
    "to_map(boundary: Boundary) -> Map": "bd",
    "jointspace_model(samples: SampleMap, options: #{kind: \"network\" | \"spline\", hidden: [INT, ...], cells: INT | [INT, ...], smoothing: number, seed: INT, epochs: INT, time_budget: number, validation: number | SampleMap}) -> JointspaceModel": (
        "js, {'kind': 'spline', 'cells': [6, 5], 'smoothing': 0.01, 'epochs': 50, 'seed': 2}"
    ),
    "distance(model: JointspaceModel, q: [q_1 .. q_k] | [[q_1 .. q_k], ...]) -> FLOAT | [FLOAT, ...]": (
        "md, [[0.1, 0.2], [1.0, -0.5]]"
    ),
    "gradient(model: JointspaceModel, q: [q_1 .. q_k] | [[q_1 .. q_k], ...]) -> [FLOAT, ...] | [[FLOAT, ...], ...]": (
        "md, [0.1, 0.2]"
    ),
    "certify(model: JointspaceModel, map: SampleMap) -> Map": "md, js",
    "certify(model: JointspaceModel, sampler: CollisionSampler) -> Map": (
        "hmd, hs",
        "[r['certificate'], r['offset'], r['cells'], r['settled_free'], r['covered'], r['budget_exhausted']]",
    ),
    "certify(model: JointspaceModel, sampler: CollisionSampler, options: #{min_width: number, max_cells: INT, time_budget: number, lost_samples: INT, seed: INT}) -> Map": (
        "md, cs, {'min_width': 0.5, 'max_cells': 2000, 'lost_samples': 100}",
        "[r['certificate'], r['offset'], r['cells'], r['settled_free'], r['covered']]",
    ),
    "predict(model: JointspaceModel, map: SampleMap) -> SampleMap": "md, js",
    "lost_motion(model: JointspaceModel, map: SampleMap) -> SampleMap": "md, js",
    "to_map(model: JointspaceModel) -> Map": "md",
    "repulsion(model: JointspaceModel, q: [q_1 .. q_k], options: #{threshold: number, gain: number}) -> [FLOAT, ...]": (
        "md, [0.1, 0.2], {'threshold': 5.0, 'gain': 2.0}"
    ),
    "distance(sampler: CollisionSampler, q: [q_1 .. q_k]) -> FLOAT": "cs, [0.1, 0.2]",
    "boundary(sampler: CollisionSampler, n: INT) -> Boundary": "cs, 8",
    "grid(sampler: CollisionSampler, steps: INT | [INT, ...], options: #{distance: bool, zero_in_collision: bool}) -> SampleMap": (
        "cs, [5, 4], {'distance': False}"
    ),
    "random(sampler: CollisionSampler, n: INT) -> SampleMap": "cs, 15",
    "jointspace_model(samples: SampleMap) -> JointspaceModel": "js",
    "collision_sampler(robot: Robot, spec: #{joints: [name | index], ranges: [[lo, hi], ...], pairs: [[a, b], ...], reference: [q...]}) -> CollisionSampler": (
        "solo, {'joints': ['FL_HFE', 'FL_KFE'], 'ranges': [[-1.0, 1.0], [-2.0, 2.0]], 'pairs': [['base_link', 'FL_LOWER_LEG']]}"
    ),
    # stability, more
    "com_inside(stance: Stance, polygon: Map) -> bool": "st, static_polygon(st)",
    "com_margin(stance: Stance, polygon: Map) -> number | ()": "st, static_polygon(st, 'hull')",
    "contact(options: #{shape: [half_length, half_width], pos: [x, y, z], rpy: [r, p, y] | quat: [w, x, y, z] | pose: Pose, friction: number, max_pressure: number, link: string, robot: Robot, orientation: \"link\" | \"world\"}) -> Contact": (
        "{'shape': [0.1, 0.05], 'pos': [0.0, 0.0, 0.1], 'rpy': [0.1, 0.0, 0.0], 'friction': 0.5}"
    ),
    "contact_set(contacts: [Contact]) -> ContactSet": "[c1, c2]",
    "distribute(stance: Stance, weights: #{friction, cop, yaw}) -> Map": "st, {'friction': 0.01, 'cop': 1.0, 'yaw': 0.0001}",
    "find_supporting_wrenches(contacts: ContactSet, wrench: [fx, fy, fz, tx, ty, tz], point: [x, y, z]) -> Map": (
        "cset, [0.0, 0.0, 372.78, 0.0, 0.0, 0.0], [0.0, 0.0, 0.8]"
    ),
    "find_supporting_wrenches(contacts: ContactSet, wrench: [number], point: [x, y, z], weights: #{friction, cop, yaw}) -> Map": (
        "cset, [0.0, 0.0, 372.78, 0.0, 0.0, 0.0], [0.0, 0.0, 0.8], {'friction': 0.02, 'cop': 1.0, 'yaw': 0.0001}"
    ),
    "find_supporting_wrenches(contacts: [Contact], wrench: [number], point: [x, y, z]) -> Map": (
        "[c1, c2], [0.0, 0.0, 372.78, 0.0, 0.0, 0.0], [0.0, 0.0, 0.8]"
    ),
    "find_supporting_wrenches(stance: Stance, wrench: [number], point: [x, y, z]) -> Map": (
        "st, [0.0, 0.0, 372.78, 0.0, 0.0, 0.0], [0.0, 0.0, 0.8]"
    ),
    "set_wrench(contact: Contact, wrench: [fx, fy, fz, tx, ty, tz])": "c1, [0.0, 0.0, 100.0, 0.0, 0.0, 0.0]",
    "set_wrench(stance: Stance, index: int, wrench: [number])": "st, 0, [0.0, 0.0, 100.0, 0.0, 0.0, 0.0]",
    "unset_wrench(contact: Contact)": "c1",
    "unset_wrench(stance: Stance, index: int)": "st, 1",
    "wrench_at(contact: Contact, point: [x, y, z]) -> [number] | ()": "c1, [0.0, 0.0, 0.0]",
    "wrench_inequalities(set: ContactSet, point: [x, y, z]) -> [[number]]": "cset, [0.0, 0.0, 0.8]",
    "stance(options: #{com: [x, y, z] | Robot, mass: number, contacts: [Contact] | ContactSet, robot: Robot, gravity: number}) -> Stance": (
        "{'com': [0.01, 0.0, 0.8], 'mass': 30.0, 'contacts': [c1, c2], 'gravity': 9.8}"
    ),
    "attach(contact: Contact, robot: Robot, link: string) -> Contact": "c1, solo, 'FL_FOOT'",
    # sensing, more
    "scene() -> Scene": "",
    "add_body(scene: Scene, name: string, shape: Shape, pose: Pose) -> Scene": "sc, 'block', bx, pc",
    "add_body(scene: Scene, name: string, options: #{shape: Shape, colliders: [[Shape, Pose]], pose: Pose, velocity: [x, y, z], angular_velocity: [x, y, z]}) -> Scene": (
        "sc, 'block', {'shape': bx, 'pose': pc, 'velocity': [0.1, 0.0, 0.0]}"
    ),
    "add_robot(scene: Scene, robot: Robot) -> Scene": "sc, solo",
    "body_pose(scene: Scene, body: string) -> Pose": "sc, 'ball'",
    "contacts(scene: Scene) -> [Map]": "add_body(sc, 'block', bx, pb)",
    "set_pose(scene: Scene, body: string, pose: Pose)": "sc, 'ball', pc",
    "set_velocity(scene: Scene, body: string, linear: [x, y, z], angular: [x, y, z])": "sc, 'ball', [0.1, 0.0, 0.0], [0.0, 0.0, 1.0]",
    "to_map(scene: Scene) -> Map": "sc",
    # kinematics, more
    "urdf(path: string, options: #{package_dirs: [string], floating: bool, geometry: bool}) -> Robot": (
        f"'{SOLO12}', {{'geometry': False}}"
    ),
    "properties(arm: Robot, values: #{name: value}) -> Robot": "arm, {'RotationSpeed': 0.5}",
    "set_joint_speed(arm: Robot, joint: string, speed: number | ())": "arm, 'shoulder', 0.2",
    "rotate_joints(arm: Robot, values: #{joint: value} | [value])": "arm, {'shoulder': 0.5}",
    "rotate_joints(arm: Robot, values: #{joint: value} | [value], speed: number)": "arm, [0.5], 0.1",
    "revolute(arm: Robot, joint: string, options: #{axis: [x, y, z], origin: [x, y, z] | Pose, rpy: [r, p, y], limits: [lo, hi], speed: number, mass: number, com: [x, y, z]}) -> Robot": (
        "arm, 'elbow', {'axis': [0.0, 1.0, 0.0], 'origin': [0.0, 0.0, 0.4], 'limits': [-2.0, 2.0]}"
    ),
    "prismatic(arm: Robot, joint: string, options: #{axis: [x, y, z], origin: [x, y, z] | Pose, rpy: [r, p, y], limits: [lo, hi], speed: number, mass: number, com: [x, y, z]}) -> Robot": (
        "arm, 'slide', {'origin': [0.0, 0.0, 0.3], 'limits': [0.0, 0.1]}"
    ),
    "fixed(arm: Robot, joint: string, options: #{axis: [x, y, z], origin: [x, y, z] | Pose, rpy: [r, p, y], limits: [lo, hi], speed: number, mass: number, com: [x, y, z]}) -> Robot": (
        "arm, 'tool', {'origin': [0.0, 0.0, 0.1]}"
    ),
    "create_ik_targets(arm: Robot, links: [string]) -> [string]": "arm, ['shoulder']",
    "to_map(robot: Robot) -> Map": "arm",
    "ik(robot: Robot, frame: string, target: Pose | [x, y, z]) -> Map": "solo, 'FL_FOOT', [0.2, 0.15, -0.2]",
    "add(sim: Simulation, arm: Robot)": "sim, arm",
    "record(sim: Simulation, arm: Robot, what: \"pose\" | link_name) -> Recorder": "sim, arm, 'pose'",
    "mesh(path: string) -> Shape": f"'{LEG}'",
    "mesh(path: string, scale: number | [sx, sy, sz]) -> Shape": f"'{LEG}', [1.0, 2.0, 0.5]",
    "append(parent: Robot, child: Robot, offset: Pose) -> Robot": "arm, armature('tool_base'), pb",
    "append(parent: Robot, child: Robot, link: string, offset: Pose) -> Robot": "arm, armature('tool_base'), 'shoulder', pb",
    "create_ik_targets(arm: Robot, links: [string], options: #{kind: \"pose\" | \"position\"}) -> [string]": (
        "arm, ['shoulder'], {'kind': 'position'}"
    ),
    "ik(robot: Robot, frame: string, target: Pose | [x, y, z], options: #{seed, max_iterations, max_restarts, position_tolerance, orientation_tolerance, random_seed, position_only}) -> Map": (
        "solo, 'FL_FOOT', [0.2, 0.15, -0.2], {'max_restarts': 5, 'random_seed': 3}"
    ),
    "set_translation(arm: Robot, joint: string, translation: number)": "slider, 's', 0.5",
    "set_translations(arm: Robot, translations: [number])": "slider, [0.25]",
    "translate(arm: Robot, joint: string, value: translation(m))": "slider, 's', 0.5",
    "translate(arm: Robot, joint: string, value: translation(m), speed: number)": "slider, 's', 0.5, 0.1",
    "translate_joints(arm: Robot, values: #{joint: value} | [value])": "slider, {'s': 0.3}",
    "translate_joints(arm: Robot, values: #{joint: value} | [value], speed: number)": "slider, [0.3], 0.2",
    "trajectory(arm: Robot, trajectory: #{starttime, points: [#{positions, velocities, time_from_start}]})": (
        "arm, {'starttime': 0.0, 'points': [{'positions': [0.5], 'time_from_start': 1.0}]}"
    ),
    "to_map(recorder: Recorder) -> Map": "record(sim, arm, 'pose')",
    "add_robot(scene: Scene, robot: Robot, options: #{geometry: \"collision\" | \"visual\", prefix: string}) -> Scene": (
        "sc, solo, {'prefix': 'r_'}"
    ),
    "ignore(scene: Scene, a: string, b: string)": "add_body(sc, 'block', bx, pc), 'ball', 'block'",
    "scene(law: #{stiffness, exponent, damping, friction, slip_speed}) -> Scene": "{'stiffness': 1000.0}",
    "body_output(touch: Touch, body: string) -> [[number]]": "tc, 'ball'",
    "body_load(touch: Touch, body: string) -> #{force, moment, cop}": "tco, 'ball'",
    "body_load(taxels: Taxels) -> #{force, moment, cop}": "txr",
    "body_load(taxels: Taxels, options: #{point: [x, y, z], min_force: number}) -> #{force, moment, cop}": (
        "txr, {'point': [0.01, 0.02, -0.03], 'min_force': 0.5}"
    ),
    "body_load(touch: Touch, body: string, options: #{point: [x, y, z], min_force: number}) -> #{force, moment, cop}": (
        "tco, 'ball', {'point': [0.1, -0.2, 0.3], 'min_force': 0.5}"
    ),
    "sensor_counts(touch: Touch) -> Map": "tc",
    "sensor_positions(touch: Touch, body: string) -> [[x, y, z]]": "tc, 'ball'",
    "observe(touch: Touch) -> [number]": "tc",
    "contacts(touch: Touch) -> [Map]": "tc",
    "to_map(touch: Touch) -> Map": "tc",
    # shell, files and the rest (a path 'out:NAME' is a file the test compares between the two
    # front ends: under --out for the binary, in a temporary folder for Python)
    "record(sim: Simulation, taxels: Taxels, scene: Scene) -> TaxelRecorder": (
        "sim, tx, tsc", "[set_pose(tsc, 'fingertip', pose([0.0, 0.0, 0.002])), run(sim, 0.03), r][2]"
    ),
    "save(recorder: TaxelRecorder, path: string)": "txrec, 'out:taxels.csv'",
    "to_map(recorder: TaxelRecorder) -> Map": "txrec",
    "save(path: string, value: any)": "'out:v.json', {'a': [1.0, 2.5], 'b': 'x', 'c': None, 'd': True}",
    "seed() -> INT": "",
    "test_mode() -> bool": "",
    "continuous(arm: Robot, joint: string) -> Robot": ("arm, 'wrist'", JOINTS_PROBE),
    "continuous(arm: Robot, joint: string, options: #{axis: [x, y, z], origin: [x, y, z] | Pose, rpy: [r, p, y], limits: [lo, hi], speed: number, mass: number, com: [x, y, z]}) -> Robot": (
        "arm, 'wrist', {'axis': [1.0, 0.0, 0.0], 'origin': [0.0, 0.0, 0.2], 'speed': 2.0, 'mass': 0.5}",
        JOINTS_PROBE,
    ),
    "ik_target_pose(arm: Robot, target: string) -> Pose": "arm, ikt[0]",
    "mjcf(path: string) -> Robot": (f"'{MJCF}'", "[get_joints(r), mass(r), com(r, {}), frame_pose(r, 'front_left_leg')]"),
    "move_IK_target(arm: Robot, target: string, translation: [x, y, z], rotation: [r, p, y], relative: bool)": (
        "arm, ikt[0], [0.0, 0.1, 0.0], [0.0, 0.0, 0.2], True"
    ),
    "move_IK_target(arm: Robot, target: string, translation: [x, y, z], rotation: [r, p, y], relative: bool, linear_speed: number | (), radial_speed: number | ())": (
        "arm, ikt[0], [0.0, 0.1, 0.0], [0.0, 0.0, 0.2], False, 0.1, None"
    ),
    "place_IK_target(arm: Robot, target: string, translation: [x, y, z], rotation: [r, p, y]) -> Map": (
        "arm, ikt[0], [0.0, 0.05, 0.0], [0.0, 0.0, 0.3]"
    ),
    "place_IK_target(arm: Robot, target: string, translation: [x, y, z], rotation: [r, p, y], relative: bool) -> Map": (
        "arm, ikt[0], [0.0, 0.05, 0.3], [0.0, 0.0, 0.3], False"
    ),
    "pose_sensor(arm: Robot) -> PoseSensor": ("arm", "[rotate(arm, 'shoulder', 0.4), set_rotation(arm, 'shoulder', 0.3), read(r)][2]"),
    "read(sensor: PoseSensor) -> Map": "psens",
    "record(sim: Simulation, sensor: PoseSensor) -> Recorder": "sim, psens",
    "save(recorder: Recorder, path: string)": "[run(sim, 0.05), record(sim, arm, 'pose')][1], 'out:rec.csv'",
    "observe(touch: Touch, contacts: [#{body_a, body_b, position, normal, depth, force}]) -> [number]": (
f"fltc, [{CONTACT}]"
    ),
    "plot_forces(taxels: Taxels, path: string)": "txr, 'out:forces.svg'",
    "plot_forces(taxels: Taxels, path: string, options: #{title, views, arrows: bool})": (
        "txr, 'out:forces.svg', {'title': 'probe forces', 'views': ['top', 'side'], 'arrows': True}"
    ),
    "plot_outputs(touch: Touch, path: string)": "tco, 'out:outputs.svg'",
    "plot_outputs(touch: Touch, path: string, options: #{title, views, arrows: bool, bodies: [string], per_body: bool})": (
        "tco, 'out:outputs.svg', {'title': 'ball', 'views': ['front'], 'arrows': True, 'bodies': ['ball']}"
    ),
    "plot_sensors(touch: Touch, path: string, body: string)": "tc, 'out:sensors.svg', 'ball'",
    "plot_sensors(touch: Touch, path: string, body: string, options: #{title, views: [\"top\" | \"front\" | \"side\" | \"isometric\"]})": (
        "tc, 'out:sensors.svg', 'ball', {'title': 'ball sensors', 'views': ['top', 'isometric']}"
    ),
    "point_contacts(stance: Stance, scene: Scene, ground: string) -> [Map]": "fst, feet, 'floor'",
    "read(sensor: TaxelContacts, scene: Scene) -> [bool]": "tcs, tsc",
    "read(sensor: TaxelDepths, scene: Scene) -> #{depth, slip}": "tds, tsc",
    "read(taxels: Taxels, scene: Scene) -> #{force, torque, raw}": "tx, tsc",
    "read_batch(sensor: TaxelContacts, scenes: [Scene]) -> [[bool]]": "tcs, [tsc, tsc2]",
    "read_batch(sensor: TaxelDepths, scenes: [Scene]) -> #{depth, slip}": "tds, [tsc, tsc2]",
    "read_batch(taxels: Taxels, scenes: [Scene]) -> #{force, torque, raw}": "tx, [tsc, tsc2]",
    "read_ground_truth(taxels: Taxels, scene: Scene) -> #{force, torque, raw}": "tx, tsc2",
    "reset(taxels: Taxels)": "txr",
    "taxel_contacts(options: #{...}) -> TaxelContacts": ("{'link_name': 'fingertip', 'probe_radius': 0.005}", "read(r, tsc)"),
    "taxel_depths(options: #{...}) -> TaxelDepths": ("{'link_name': 'fingertip', 'history_length': 2}", "read(r, tsc2)"),
    "taxel_skin(scene: Scene, options: #{body, spacing, kind: \"points\" | \"mesh\", ...}) -> Taxels": (
        "sc, {'body': 'ball', 'spacing': 0.05, 'normal_stiffness': 500.0}"
    ),
    "taxels(options: #{link_name, probe_local_pos: [[x, y, z]], probe_local_normal, contact_depth_query: \"sdf\" | \"raycast\", probe_radius, probe_radius_noise, normal_stiffness, normal_damping, normal_exponent, shear_scalar, twist_scalar, history_length, probe_gain, delay, jitter, noise, bias, resolution, dead_taxels: [i], crosstalk, crosstalk_radius, hysteresis, seed}) -> Taxels": (
        "{'link_name': 'fingertip', 'probe_local_pos': [[0.0, 0.0, 0.0], [0.01, 0.0, 0.0]], 'normal_stiffness': 800.0,"
        " 'noise': 0.1, 'bias': 0.05, 'dead_taxels': [1], 'seed': 4}"
    ),
    "to_map(taxels: Taxels) -> Map": "tx",
    "touch(scene: Scene, options: #{scales: #{body: spacing}, touch_function: \"normal\" | \"force_vector\" | \"force_vector_global\" | \"normal_force\", response_function: \"nearest\" | \"spread_linear\", kind: \"points\" | \"mesh\", mesh_layout: \"mimo\" | \"points\", mimo_quirks: bool}) -> Touch": (
        "sc, {'scales': {'ball': 0.04}, 'touch_function': 'normal', 'response_function': 'nearest', 'kind': 'points',"
        " 'mimo_quirks': False}"
    ),
    "add(sim: Simulation, distributor: WrenchDistributor)": "sim, wd",
    "plot_polygon(path: string, stance: Stance)": "'out:polygon.svg', st",
    "plot_polygon(path: string, stance: Stance, polygon: Map)": "'out:polygon.svg', st, static_polygon(st, 'hull')",
    "plot_polygon(path: string, stance: Stance, polygon: Map, region: Map)": (
        "'out:region.svg', ast, static_polygon(ast), feasible_region(ast, {'torque_limits': {'hip_1': 2.0}})"
    ),
    "stance_torques(stance: Stance) -> Map": ("ast", "[r['names'], r['torques'], r['within_limits'], r['exceeded']]"),
    "stance_torques(stance: Stance, weights: #{friction, cop, yaw}) -> Map": (
        "ast, {'friction': 0.02, 'cop': 1.0, 'yaw': 0.0001}",
        "[r['torques'], r['gravity_torques'], r['utilisation']]",
    ),
    "feasible_region(stance: Stance) -> Map": ("ast", "[r['status'], r['vertices'], r['area']]"),
    "feasible_region(stance: Stance, options: #{torque_limits: #{joint: number}}) -> Map": (
        "ast, {'torque_limits': {'hip_1': 2.0, 'ankle_1': 2.0}}",
        "[r['status'], r['vertices'], r['area']]",
    ),
    "balance_map(stance: Stance, options: #{kind: string, x: [min, max, steps], y: [min, max, steps], z: [min, max, steps], coms: [[x, y, z]], configurations: [[q]], torque_limits: #{joint: number}, generators: INT}) -> BalanceMap": (
        "ast, {'kind': 'torque', 'x': [-0.3, 0.3, 5], 'y': [-0.3, 0.3, 4], 'torque_limits': {'hip_1': 2.0}}",
        "to_map(r)",
    ),
    "len(map: BalanceMap) -> INT": "bmap",
    "to_map(map: BalanceMap) -> Map": "bmap",
    "plot_map(path: string, map: BalanceMap)": "'out:balance.svg', bmap",
    "save(path: string, map: BalanceMap)": "'out:balance.csv', bmap",
    "save(distributor: WrenchDistributor, path: string)": "wds, 'out:table.csv'",
    "set_stance(distributor: WrenchDistributor, stance: Stance)": "wd, fst",
    "stance(robot: Robot, options: #{contacts, mass, gravity, com}) -> Stance": "solo, {'contacts': [c1, c2], 'gravity': 9.8}",
    "step(distributor: WrenchDistributor) -> Map": "wd",
    "step(distributor: WrenchDistributor, com_acceleration: [x, y, z]) -> Map": "wd, [0.2, 0.1, 0.0]",
    "table(distributor: WrenchDistributor) -> Map": "wds",
    "to_map(distributor: WrenchDistributor) -> Map": "wds",
    "wrench_distributor(stance: Stance) -> WrenchDistributor": "st",
    "wrench_distributor(stance: Stance, options: #{com_acceleration: [x, y, z] | \"estimated\", polygon: bool}) -> WrenchDistributor": (
        "st, {'com_acceleration': [0.1, 0.0, 0.0], 'polygon': True}"
    ),
    "plot_map(path: string, boundary: Boundary)": "'out:boundary.svg', bd",
    "plot_map(path: string, map: SampleMap)": "'out:map.svg', gm",
    "save(path: string, boundary: Boundary)": "'out:boundary.csv', bd",
    "save(path: string, map: SampleMap)": "'out:map.csv', js",
    "save(path: string, model: JointspaceModel)": "'out:model.json', md",
    "save(path: string, model: JointspaceModel, options: #{prefix: string})": "'out:model.h', md, {'prefix': 'fl_leg'}",
}


def parse_args(src):
    """The argument expressions of `src` (Python syntax, comma-separated)."""
    tree = ast.parse(f"f({src})", mode="eval")
    return tree.body.args


def rhai(node, names):
    """Rhai source for a Python expression node; `names` are the objects' variables."""
    if isinstance(node, ast.Constant):
        v = node.value
        if v is None:
            return "()"
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        return repr(v)
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return "-" + rhai(node.operand, names)
    if isinstance(node, (ast.List, ast.Tuple)):
        return "[" + ", ".join(rhai(e, names) for e in node.elts) + "]"
    if isinstance(node, ast.Dict):
        items = ", ".join(f"{rhai(k, names)}: {rhai(v, names)}" for k, v in zip(node.keys, node.values))
        return "#{" + items + "}"
    if isinstance(node, ast.Subscript):
        return f"{rhai(node.value, names)}[{rhai(node.slice, names)}]"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return f"{node.func.id}(" + ", ".join(rhai(a, names) for a in node.args) + ")"
    raise ValueError(f"no Rhai for {ast.dump(node)}")


def names_in(src):
    """The variable names an argument source uses."""
    return {n.id for n in ast.walk(ast.parse(f"f({src})", mode="eval")) if isinstance(n, ast.Name)} - {"f"}
