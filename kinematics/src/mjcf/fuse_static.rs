//! `<compiler fusestatic="true">`: static bodies merged into their parents, as MuJoCo's
//! compiler does it (`mjCModel::FuseStatic`).
//!
//! A body is fused when it has no joint, is not a mocap body, its name (if any) is referenced
//! by no other element (a camera or light `target`, a `<contact><exclude>`, an equality, an
//! actuator, a sensor, a skin bone, a flex, a custom tuple), and none of its sites is used by a
//! `<force>` or `<torque>` sensor (checked for unnamed bodies too, as MuJoCo 4 does). Bodies
//! are visited in MuJoCo's order and a fused body's place is checked again, so chains of
//! static bodies fuse all the way up. Fusing a body:
//! - adds its mass and inertia (each body already bounded by `boundmass`/`boundinertia`) to
//!   the parent's, unless the parent is the world, which keeps no mass (the body's mass is
//!   then dropped); `settotalmass` scales the masses after fusion;
//! - moves its geoms and sites to the end of the parent's lists, re-posed in the parent's
//!   frame, and its child bodies into the parent in its place.
//!
//! A free joint under a static body of the world is then top level (MuJoCo accepts it).

use std::collections::HashSet;

use morsel_geometry::Collider;
use nalgebra::{Isometry3, Matrix3, Point3};

use super::attrs::Attrs;
use super::bodies::BodyDef;
use super::error::{MjcfError, MjcfResult};
use super::reader::Node;
use crate::Inertial;

/// MuJoCo's `mjMINVAL`: masses below it count as none.
const MIN_MASS: f64 = 1e-15;

/// Whether `<compiler fusestatic>` is true (the last `<compiler>` that sets it wins).
pub(crate) fn enabled(root: &Node) -> MjcfResult<bool> {
    let mut on = false;
    for node in root.children.iter().filter(|n| n.tag == "compiler") {
        if let Some(v) = Attrs::new(node, None).bool("fusestatic")? {
            on = v;
        }
    }
    Ok(on)
}

/// Fuses the static bodies of `bodies` (world first) into their parents; `inertials` are the
/// bodies' own mass properties, in the same order. Both lists come back without the fused
/// bodies, in MuJoCo's order.
pub(crate) fn fuse(
    root: &Node,
    mut bodies: Vec<BodyDef>,
    mut inertials: Vec<Inertial>,
) -> MjcfResult<(Vec<BodyDef>, Vec<Inertial>)> {
    let refs = References::collect(root);
    let mut i = 1;
    while i < bodies.len() {
        let body = &bodies[i];
        let referenced = body.name.as_ref().is_some_and(|n| refs.bodies.contains(n));
        let measured = body.sites.iter().any(|s| {
            s.name
                .as_ref()
                .is_some_and(|n| refs.force_torque_sites.contains(n))
        });
        if referenced || measured || !body.joints.is_empty() || body.mocap {
            i += 1;
            continue;
        }
        fuse_one(&mut bodies, &mut inertials, i)?;
    }
    Ok((bodies, inertials))
}

/// Merges body `i` into its parent and removes it from the lists.
fn fuse_one(bodies: &mut Vec<BodyDef>, inertials: &mut Vec<Inertial>, i: usize) -> MjcfResult<()> {
    let body = bodies.remove(i);
    let inertial = inertials.remove(i);
    let parent = body.parent;
    let parent_from_body = body.parent_from_body;
    if parent != 0 && inertial.mass >= MIN_MASS {
        inertials[parent] = accumulate(&inertials[parent], &inertial, &parent_from_body);
    }
    for mut geom in body.geoms {
        let pose = parent_from_body * geom.body_from_geom;
        geom.collider =
            Collider::new(geom.collider.shape, pose).map_err(|source| MjcfError::Invalid {
                at: body.location.clone(),
                problem: format!("a geom of the body cannot move into its parent: {source}"),
            })?;
        geom.body_from_geom = pose;
        bodies[parent].geoms.push(geom);
    }
    for mut site in body.sites {
        site.body_from_site = parent_from_body * site.body_from_site;
        bodies[parent].sites.push(site);
    }
    for other in bodies.iter_mut().skip(i) {
        if other.parent == i {
            other.parent = parent;
            other.parent_from_body = parent_from_body * other.parent_from_body;
        } else if other.parent > i {
            other.parent -= 1;
        }
    }
    Ok(())
}

/// The mass properties of `parent` and `child` (placed at `parent_from_child`) together, in
/// the parent's frame.
fn accumulate(parent: &Inertial, child: &Inertial, parent_from_child: &Isometry3<f64>) -> Inertial {
    let rotation = parent_from_child.rotation.to_rotation_matrix().into_inner();
    let parts = [
        (parent.mass, parent.com, parent.inertia),
        (
            child.mass,
            parent_from_child * child.com,
            rotation * child.inertia * rotation.transpose(),
        ),
    ];
    let mass = parts[0].0 + parts[1].0;
    if mass < MIN_MASS {
        return Inertial::zero();
    }
    let com = (parts[0].1.coords * parts[0].0 + parts[1].1.coords * parts[1].0) / mass;
    let mut inertia = Matrix3::zeros();
    for (m, c, i) in parts {
        let d = c.coords - com;
        inertia += i + (Matrix3::identity() * d.norm_squared() - d * d.transpose()) * m;
    }
    Inertial {
        mass,
        com: Point3::from(com),
        inertia,
    }
}

/// The names that keep a body from being fused.
struct References {
    /// Bodies named by other elements.
    bodies: HashSet<String>,
    /// Sites used by force and torque sensors.
    force_torque_sites: HashSet<String>,
}

impl References {
    fn collect(root: &Node) -> References {
        let mut refs = References {
            bodies: HashSet::new(),
            force_torque_sites: HashSet::new(),
        };
        let mut stack: Vec<(&Node, &str)> = vec![(root, "")];
        while let Some((node, section)) = stack.pop() {
            refs.read(node, section);
            let section = match node.tag.as_str() {
                s @ ("sensor" | "actuator" | "equality" | "contact" | "custom" | "deformable") => s,
                _ => section,
            };
            stack.extend(node.children.iter().map(|c| (c, section)));
        }
        refs
    }

    /// Records the body names that `node` (inside `section`, the nearest enclosing one of
    /// `<sensor>`, `<actuator>`, `<equality>`, `<contact>`, `<custom>`, `<deformable>`) refers to.
    fn read(&mut self, node: &Node, section: &str) {
        let mut body = |attr: &str| {
            if let Some(v) = node.attr(attr) {
                self.bodies.insert(v.trim().to_owned());
            }
        };
        let is_body = |attr: &str| {
            node.attr(attr)
                .is_some_and(|t| matches!(t.trim(), "body" | "xbody"))
        };
        match (section, node.tag.as_str()) {
            (_, "camera" | "light") => body("target"),
            ("sensor", tag) => {
                for attr in ["body", "body1", "body2", "subtree1", "subtree2"] {
                    body(attr);
                }
                if is_body("objtype") {
                    body("objname");
                }
                if is_body("reftype") {
                    body("refname");
                }
                if matches!(tag, "force" | "torque")
                    && let Some(site) = node.attr("site")
                {
                    self.force_torque_sites.insert(site.trim().to_owned());
                }
            }
            ("actuator", _) => body("body"),
            ("equality" | "contact", _) => {
                body("body1");
                body("body2");
            }
            ("custom", "element") if is_body("objtype") => body("objname"),
            ("deformable", "bone") => body("body"),
            ("deformable", "flex") => {
                if let Some(list) = node.attr("body") {
                    self.bodies
                        .extend(list.split_whitespace().map(str::to_owned));
                }
            }
            _ => {}
        }
    }
}
