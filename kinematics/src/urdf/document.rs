//! Morsel's own reading of a URDF document into plain records.
//!
//! It reads only what changes kinematics, mass or geometry (links with their inertials,
//! visual and collision shapes; joints with their origin, axis, limits and mimic) straight
//! from the XML tree that [`validate`](super::validate) has checked, in one pass and in memory
//! proportional to the file. Everything else, such as materials, textures, `<gazebo>` or
//! `<transmission>` blocks, is visual-only or foreign and is left unread, so that an empty
//! `<texture/>` or an unknown material attribute does not stop a load (as in Pinocchio).

use nalgebra::{Isometry3, Quaternion, Translation3, UnitQuaternion, Vector3};
use roxmltree::{Document, Node};

use super::validate::CheckedGeometry;
use crate::spatial::rotation_from_rpy;
use crate::{KinematicsError, Result};

/// A URDF `<robot>`: its links and joints in file order.
pub(crate) struct UrdfRobot {
    pub name: String,
    pub links: Vec<UrdfLink>,
    pub joints: Vec<UrdfJoint>,
}

/// A `<link>`.
pub(crate) struct UrdfLink {
    pub name: String,
    /// Pose of the inertial frame in the link frame, mass, and inertia about that frame
    /// (`ixx ixy ixz iyy iyz izz`); zero when the link has no `<inertial>`.
    pub inertial_origin: Isometry3<f64>,
    pub mass: f64,
    pub inertia: [f64; 6],
    pub visuals: Vec<(Isometry3<f64>, UrdfGeometry)>,
    pub collisions: Vec<(Isometry3<f64>, UrdfGeometry)>,
}

/// The shape of a `<geometry>`.
pub(crate) enum UrdfGeometry {
    Box { size: [f64; 3] },
    Cylinder { radius: f64, length: f64 },
    Capsule { radius: f64, length: f64 },
    Sphere { radius: f64 },
    Mesh { filename: String, scale: [f64; 3] },
}

/// A `<joint>`.
pub(crate) struct UrdfJoint {
    pub name: String,
    pub kind: String,
    pub parent: String,
    pub child: String,
    pub origin: Isometry3<f64>,
    pub axis: [f64; 3],
    /// `lower, upper, effort, velocity` (URDF 1.2 defaults: unbounded; earlier: 0).
    pub limit: [f64; 4],
    /// The followed joint, multiplier and offset of a `<mimic>`.
    pub mimic: Option<(String, f64, f64)>,
    /// Byte offset of the `<joint>` element in the text, for messages.
    pub offset: usize,
}

/// Reads a validated URDF document; the `<geometry>` of visuals and collisions only where
/// `geometry` asks for it (the ones [`validate`](super::validate) checked).
pub(crate) fn read(
    doc: &Document,
    geometry: CheckedGeometry,
    stop: &dyn morsel_geometry::Stop,
) -> Result<UrdfRobot> {
    let robot = doc.root_element();
    let version = version(robot);
    let mut out = UrdfRobot {
        name: robot.attribute("name").unwrap_or_default().to_owned(),
        links: Vec::new(),
        joints: Vec::new(),
    };
    for node in robot.children().filter(Node::is_element) {
        crate::load_stop::check(stop)?;
        match node.tag_name().name() {
            "link" => out.links.push(link(node, version, geometry)?),
            "joint" => out.joints.push(joint(node, version)?),
            _ => {}
        }
    }
    Ok(out)
}

/// The URDF version of `<robot version="M.N">` (1.0 when absent or unreadable).
fn version(robot: Node) -> (u32, u32) {
    robot
        .attribute("version")
        .and_then(|v| {
            let (major, minor) = v.trim().split_once('.')?;
            Some((major.parse().ok()?, minor.parse().ok()?))
        })
        .unwrap_or((1, 0))
}

fn child<'a, 'i>(node: Node<'a, 'i>, tag: &str) -> Option<Node<'a, 'i>> {
    node.children()
        .find(|n| n.is_element() && n.tag_name().name() == tag)
}

fn parse_error(node: Node, attribute: &str, text: &str) -> KinematicsError {
    KinematicsError::UrdfElement {
        element: node.tag_name().name().to_owned(),
        location: String::new(),
        problem: format!("{attribute}=\"{text}\" is not a list of numbers"),
    }
}

/// The numbers of `attribute`, or `default` when it is absent.
fn numbers<const N: usize>(node: Node, attribute: &str, default: [f64; N]) -> Result<[f64; N]> {
    let Some(text) = node.attribute(attribute) else {
        return Ok(default);
    };
    let mut out = [0.0; N];
    let mut values = text.split_whitespace();
    for slot in &mut out {
        *slot = values
            .next()
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| parse_error(node, attribute, text))?;
    }
    if values.next().is_some() {
        return Err(parse_error(node, attribute, text));
    }
    Ok(out)
}

fn number(node: Node, attribute: &str, default: f64) -> Result<f64> {
    numbers::<1>(node, attribute, [default]).map(|[x]| x)
}

/// The pose of an optional `<origin xyz rpy>` (or URDF 1.1's `quat_xyzw`) under `parent`.
fn origin(parent: Node, version: (u32, u32)) -> Result<Isometry3<f64>> {
    let Some(o) = child(parent, "origin") else {
        return Ok(Isometry3::identity());
    };
    let [x, y, z] = numbers(o, "xyz", [0.0; 3])?;
    let rotation = match o.attribute("quat_xyzw").filter(|_| version >= (1, 1)) {
        Some(_) => {
            if o.attribute("rpy").is_some() {
                return Err(KinematicsError::UrdfElement {
                    element: "origin".into(),
                    location: String::new(),
                    problem: "both rpy and quat_xyzw are given; give one".into(),
                });
            }
            let [qx, qy, qz, qw] = numbers(o, "quat_xyzw", [0.0, 0.0, 0.0, 1.0])?;
            let q = Quaternion::new(qw, qx, qy, qz);
            if q.norm() == 0.0 {
                UnitQuaternion::identity()
            } else {
                UnitQuaternion::from_quaternion(q)
            }
        }
        None => rotation_from_rpy(numbers(o, "rpy", [0.0; 3])?),
    };
    Ok(Isometry3::from_parts(Translation3::new(x, y, z), rotation))
}

fn link(node: Node, version: (u32, u32), geometry: CheckedGeometry) -> Result<UrdfLink> {
    let mut link = UrdfLink {
        name: node.attribute("name").unwrap_or_default().to_owned(),
        inertial_origin: Isometry3::identity(),
        mass: 0.0,
        inertia: [0.0; 6],
        visuals: Vec::new(),
        collisions: Vec::new(),
    };
    if let Some(inertial) = child(node, "inertial") {
        link.inertial_origin = origin(inertial, version)?;
        if let Some(mass) = child(inertial, "mass") {
            link.mass = number(mass, "value", 0.0)?;
        }
        if let Some(inertia) = child(inertial, "inertia") {
            for (slot, name) in link
                .inertia
                .iter_mut()
                .zip(["ixx", "ixy", "ixz", "iyy", "iyz", "izz"])
            {
                *slot = number(inertia, name, 0.0)?;
            }
        }
    }
    for item in node.children().filter(Node::is_element) {
        let list = match item.tag_name().name() {
            "visual" if geometry.visual => &mut link.visuals,
            "collision" if geometry.collision => &mut link.collisions,
            _ => continue,
        };
        let Some(shape) = child(item, "geometry").and_then(|g| g.children().find(Node::is_element))
        else {
            continue;
        };
        list.push((origin(item, version)?, shape_of(shape)?));
    }
    Ok(link)
}

fn shape_of(shape: Node) -> Result<UrdfGeometry> {
    Ok(match shape.tag_name().name() {
        "box" => UrdfGeometry::Box {
            size: numbers(shape, "size", [0.0; 3])?,
        },
        "cylinder" => UrdfGeometry::Cylinder {
            radius: number(shape, "radius", 0.0)?,
            length: number(shape, "length", 0.0)?,
        },
        "capsule" => UrdfGeometry::Capsule {
            radius: number(shape, "radius", 0.0)?,
            length: number(shape, "length", 0.0)?,
        },
        "sphere" => UrdfGeometry::Sphere {
            radius: number(shape, "radius", 0.0)?,
        },
        _ => UrdfGeometry::Mesh {
            filename: shape.attribute("filename").unwrap_or_default().to_owned(),
            scale: numbers(shape, "scale", [1.0; 3])?,
        },
    })
}

fn joint(node: Node, version: (u32, u32)) -> Result<UrdfJoint> {
    let end = |tag: &str| {
        child(node, tag)
            .and_then(|n| n.attribute("link"))
            .unwrap_or_default()
            .to_owned()
    };
    let unbounded = version >= (1, 2);
    let limit = match child(node, "limit") {
        None => [0.0; 4],
        Some(l) => {
            let (bound, rate) = if unbounded {
                (f64::INFINITY, f64::INFINITY)
            } else {
                (0.0, 0.0)
            };
            [
                number(l, "lower", -bound)?,
                number(l, "upper", bound)?,
                number(l, "effort", rate)?,
                number(l, "velocity", rate)?,
            ]
        }
    };
    let mimic = match child(node, "mimic") {
        None => None,
        Some(m) => Some((
            m.attribute("joint").unwrap_or_default().to_owned(),
            number(m, "multiplier", 1.0)?,
            number(m, "offset", 0.0)?,
        )),
    };
    Ok(UrdfJoint {
        name: node.attribute("name").unwrap_or_default().to_owned(),
        kind: node.attribute("type").unwrap_or_default().to_owned(),
        parent: end("parent"),
        child: end("child"),
        origin: origin(node, version)?,
        axis: match child(node, "axis") {
            Some(a) => numbers(a, "xyz", [1.0, 0.0, 0.0])?,
            None => [1.0, 0.0, 0.0],
        },
        limit,
        mimic,
        offset: node.range().start,
    })
}

/// The axis of a joint as a vector.
pub(crate) fn axis(joint: &UrdfJoint) -> Vector3<f64> {
    Vector3::new(joint.axis[0], joint.axis[1], joint.axis[2])
}
