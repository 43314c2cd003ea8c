//! Assembling the compiled bodies into a [`Model`].
//!
//! Each MuJoCo body becomes a link named after it. A body's joints compose in order, each
//! about its own anchor `pos`: `world_from_body = world_from_parent * parent_from_body *
//! T(pos) * motion(q - ref) * T(-pos)` per joint. The first joint hangs from the parent body's
//! link; every further joint hangs from a helper link `<body>/<joint>` (not a body), and a
//! fixed joint `<body>/anchor` undoes the last anchor offset when it is not zero. A body
//! without joints is welded to its parent by a fixed joint `<body>/weld`. `ref` is folded into
//! the joint origin, so a configuration holds MuJoCo's joint values themselves.

use std::collections::{HashMap, HashSet};

use morsel_geometry::Stop;
use nalgebra::{DVector, Isometry3, Translation3, UnitQuaternion, Vector3};

use super::bodies::BodyDef;
use super::error::{Location, MjcfError, MjcfResult};
use super::joints::{JointDef, MjJointKind};
use crate::geom_info::{CollisionFilter, GeomInfo};
use crate::load_stop;
use crate::{Inertial, JointKind, JointLimits, JointSpec, LinkId, LinkSpec, Model, ModelBuilder};

/// A `<contact><exclude>` by body names.
pub(crate) struct Exclude {
    pub body1: String,
    pub body2: String,
    pub at: Location,
}

/// Builds the model from bodies (world first) and their mass properties.
pub(crate) fn build_model(
    name: &str,
    bodies: &[BodyDef],
    inertials: &[Inertial],
    excludes: &[Exclude],
    stop: &dyn Stop,
) -> MjcfResult<Model> {
    let body_names: Vec<String> = bodies
        .iter()
        .enumerate()
        .map(|(i, b)| b.name.clone().unwrap_or_else(|| format!("body{i}")))
        .collect();
    let body_name_set: HashSet<&str> = body_names.iter().map(String::as_str).collect();
    let mut builder = ModelBuilder::new(name);
    let mut qpos0: HashMap<String, Vec<f64>> = HashMap::new();
    let (mut joint_id, mut geom_id, mut site_id) = (0, 0, 0);
    let mut geom_records = Vec::new();
    for (i, body) in bodies.iter().enumerate() {
        if let Err(e) = load_stop::check(stop) {
            load_stop::discard(builder);
            return Err(e.into());
        }
        let colliders: Vec<_> = body.geoms.iter().map(|g| g.collider.clone()).collect();
        builder.add_link(LinkSpec {
            name: body_names[i].clone(),
            inertial: inertials[i],
            visuals: colliders.clone(),
            collisions: colliders,
        });
        for (k, g) in body.geoms.iter().enumerate() {
            geom_records.push((
                g.name.clone().unwrap_or_else(|| format!("geom{geom_id}")),
                i,
                g,
                k,
            ));
            geom_id += 1;
        }
        for s in &body.sites {
            let site = s.name.clone().unwrap_or_else(|| format!("site{site_id}"));
            builder.add_frame(
                site_frame_name(site, &body_name_set),
                body_names[i].clone(),
                s.body_from_site,
            );
            site_id += 1;
        }
        if i == 0 {
            continue;
        }
        let names: Vec<String> = body
            .joints
            .iter()
            .map(|j| {
                let n = j.name.clone().unwrap_or_else(|| format!("joint{joint_id}"));
                joint_id += 1;
                n
            })
            .collect();
        add_body_joints(&mut builder, bodies, i, &body_names, &names, &mut qpos0)?;
    }
    let mut model = match builder.build_until(stop) {
        Ok(model) => model,
        Err(e) => {
            if load_stop::is_stop(&e) {
                load_stop::discard(builder);
            }
            return Err(e.into());
        }
    };
    let link = |name: &str| model.link_id(name);
    let mut geoms = Vec::with_capacity(geom_records.len());
    for (name, body, g, k) in geom_records {
        geoms.push(GeomInfo {
            name,
            link: link(&body_names[body])?,
            kind: g.kind.to_owned(),
            size: g.size,
            link_from_geom: g.body_from_geom,
            contype: g.contype,
            conaffinity: g.conaffinity,
            collider: k,
        });
    }
    let mut filter = CollisionFilter::default();
    for e in excludes {
        let find = |n: &str| {
            body_names
                .iter()
                .position(|b| b == n)
                .ok_or_else(|| MjcfError::UnknownReference {
                    at: e.at.clone(),
                    kind: "body",
                    name: n.to_owned(),
                })
        };
        let (a, b) = (find(&e.body1)?, find(&e.body2)?);
        let (a, b) = (link(&body_names[a])?, link(&body_names[b])?);
        filter.excluded.push(if a <= b { (a, b) } else { (b, a) });
    }
    let body_links: Vec<LinkId> = body_names
        .iter()
        .map(|n| link(n))
        .collect::<crate::Result<_>>()?;
    let mut reference = model.reference_configuration().clone();
    for joint in model.joints() {
        if let Some(values) = qpos0.get(joint.name()) {
            reference
                .rows_mut(joint.idx_q(), values.len())
                .copy_from(&DVector::from_column_slice(values));
        }
    }
    model.set_compiled_info(geoms, filter, body_links, reference);
    Ok(model)
}

/// The frame name of a site: its own name, or `site:NAME` when a body has the same name
/// (MuJoCo keeps bodies and sites in separate name spaces; in the model's frame list the plain
/// name stays the body's).
pub(crate) fn site_frame_name(site: String, body_names: &HashSet<&str>) -> String {
    if body_names.contains(site.as_str()) {
        format!("{SITE_PREFIX}{site}")
    } else {
        site
    }
}

/// The prefix that makes a site reachable when a body has its name.
pub const SITE_PREFIX: &str = "site:";

/// Adds the joints (or the weld) that place body `i`, recording each joint's qpos0 in the
/// model's value order.
fn add_body_joints(
    builder: &mut ModelBuilder,
    bodies: &[BodyDef],
    i: usize,
    body_names: &[String],
    joint_names: &[String],
    qpos0: &mut HashMap<String, Vec<f64>>,
) -> MjcfResult<()> {
    let body = &bodies[i];
    let name = &body_names[i];
    let parent = &body_names[body.parent];
    if body.joints.is_empty() {
        builder.add_joint(JointSpec::new(
            format!("{name}/weld"),
            JointKind::Fixed,
            parent.clone(),
            name.clone(),
            body.parent_from_body,
            Vector3::z(),
        ));
        return Ok(());
    }
    if body.joints.iter().any(|j| j.kind == MjJointKind::Free) {
        if body.joints.len() != 1 || body.parent != 0 {
            return Err(MjcfError::Invalid {
                at: body.location.clone(),
                problem: "a free joint must be the only joint of a top-level body (a child of the world body)".into(),
            });
        }
        let p = body.parent_from_body.translation.vector;
        let r = body.parent_from_body.rotation.quaternion();
        qpos0.insert(
            joint_names[0].clone(),
            vec![p.x, p.y, p.z, r.w, r.i, r.j, r.k],
        );
        builder.add_joint(
            JointSpec::new(
                joint_names[0].clone(),
                JointKind::Floating,
                parent.clone(),
                name.clone(),
                Isometry3::identity(),
                Vector3::z(),
            )
            .with_armature(body.joints[0].armature),
        );
        return Ok(());
    }
    let mut hang_from = parent.clone();
    let mut previous_anchor = body.parent_from_body;
    let count = body.joints.len();
    for (k, joint) in body.joints.iter().enumerate() {
        let last = k + 1 == count;
        let anchored = joint.pos.coords.norm() > 0.0;
        let child = if last && !anchored {
            name.clone()
        } else {
            format!("{name}/{}", joint_names[k])
        };
        if child != *name {
            builder.add_link(LinkSpec::new(child.clone()));
        }
        let origin =
            previous_anchor * Translation3::from(joint.pos.coords) * reference_shift(joint);
        let (kind, limits, values) = match joint.kind {
            MjJointKind::Hinge => (JointKind::Revolute, joint.range, vec![joint.reference]),
            MjJointKind::Slide => (JointKind::Prismatic, joint.range, vec![joint.reference]),
            _ => (JointKind::Ball, None, vec![1.0, 0.0, 0.0, 0.0]),
        };
        qpos0.insert(joint_names[k].clone(), values);
        let mut spec = JointSpec::new(
            joint_names[k].clone(),
            kind,
            hang_from.clone(),
            child.clone(),
            origin,
            joint.axis.into_inner(),
        );
        if limits.is_some() || joint.effort.is_finite() {
            let mut l = limits.map_or_else(JointLimits::unlimited, |(lo, hi)| {
                JointLimits::position(lo, hi)
            });
            l.effort = joint.effort;
            spec = spec.with_limits(l);
        }
        builder.add_joint(spec.with_armature(joint.armature));
        previous_anchor = Isometry3::from(Translation3::from(-joint.pos.coords));
        hang_from = child;
        if last && anchored {
            builder.add_joint(JointSpec::new(
                format!("{name}/anchor"),
                JointKind::Fixed,
                hang_from.clone(),
                name.clone(),
                previous_anchor,
                Vector3::z(),
            ));
        }
    }
    Ok(())
}

/// The fixed motion that makes a joint at value `q` move by `q - ref`.
fn reference_shift(joint: &JointDef) -> Isometry3<f64> {
    match joint.kind {
        MjJointKind::Hinge => Isometry3::from_parts(
            Translation3::identity(),
            UnitQuaternion::from_axis_angle(&joint.axis, -joint.reference),
        ),
        MjJointKind::Slide => Isometry3::from(Translation3::from(
            -joint.reference * joint.axis.into_inner(),
        )),
        _ => Isometry3::identity(),
    }
}
