//! The touch pipeline: for each contact and each sensing side, the touch function gives the
//! value, the response function hands it to the sensors.

use morsel_geometry::query;
use nalgebra::{Isometry3, Point3};

use crate::contact::{Contact, Side};
use crate::error::{Result, SensingError};
use crate::scene::Scene;
use crate::touch::config::{ResponseFunction, TouchFunction};
use crate::touch::data::TouchData;
use crate::touch::model::{SensorGroup, TouchModel};

/// Contacts whose normal force is below this (N) are skipped, as MIMo does.
pub const MIN_NORMAL_FORCE: f64 = 1e-9;

/// MIMo's mesh walk radius for `spread_linear`, in sensor scales (its search of 3 scales with
/// its cache margin of 1.5).
const MIMO_SEARCH: f64 = 4.5;

/// MIMo's `EPS`: below it, MIMo's `spread_linear` drops the contact.
const MIMO_EPS: f64 = 1e-10;

impl TouchModel {
    /// Runs the touch pipeline on `contacts` (forces given) for the bodies at their poses in
    /// `scene`, writing the sensor outputs into `data` (zeroed first).
    ///
    /// `scene` must have the bodies and collider counts the model was built from (poses and
    /// velocities may differ). Errors: a different scene structure, a malformed contact
    /// (bodies or colliders out of range, non-finite values, negative depth), and for point
    /// touch a contact that names no collider and whose surface point is beyond the length
    /// range.
    pub fn observe(&self, data: &mut TouchData, scene: &Scene, contacts: &[Contact]) -> Result<()> {
        self.check_scene(scene)?;
        scene.validate_state()?;
        self.observe_checked_scene(data, scene, contacts)
    }

    /// [`TouchModel::observe`] on a scene whose structure the caller has checked
    /// ([`TouchModel::check_scene`]) and whose body states it has validated, at least those of
    /// the sensing bodies of the contacts with a normal force of at least
    /// [`MIN_NORMAL_FORCE`] (no other pose is read).
    pub(crate) fn observe_checked_scene(
        &self,
        data: &mut TouchData,
        scene: &Scene,
        contacts: &[Contact],
    ) -> Result<()> {
        for (i, c) in contacts.iter().enumerate() {
            c.validate(i, scene)?;
        }
        data.prepare(self);
        for (index, contact) in contacts.iter().enumerate() {
            if contact.normal_force() < MIN_NORMAL_FORCE {
                continue;
            }
            for side in [Side::A, Side::B] {
                let body = contact.body(side);
                let groups = self.groups_of_body(body);
                if groups.is_empty() {
                    continue;
                }
                let body_pose = scene.bodies()[body].pose;
                // MIMo's in-place normal flip: the second sensing side of a penetrating
                // contact is placed at the first side's surface point.
                let first_senses = !self.groups_of_body(contact.body(Side::A)).is_empty();
                let surface = if self.mimo_quirks() && side == Side::B && first_senses {
                    contact.surface_point(Side::A)
                } else {
                    contact.surface_point(side)
                };
                let group = pick_group(scene, contact, side, groups, &surface).map_err(|e| {
                    SensingError::InvalidContact {
                        index,
                        reason: format!(
                            "its surface point on body `{}` (the position moved by half the \
                             depth along the normal) cannot be placed on a sensor group: {e}",
                            scene.bodies()[body].name
                        ),
                    }
                })?;
                let group = match group {
                    Some(g) => g,
                    None => continue,
                };
                let pose = body_pose * group.local_pose();
                let points = group.collider().is_some();
                let local = if self.mimo_quirks() && points {
                    // MIMo's DiscreteTouch turns the normal into the geom frame with the geom's
                    // rotation instead of its inverse (and flips it in place, as above).
                    let n = contact.normal.into_inner();
                    let n_side = if side == Side::A || first_senses {
                        -n
                    } else {
                        n
                    };
                    pose.inverse_transform_point(&contact.position)
                        - (pose.rotation * n_side) * (0.5 * contact.depth)
                } else {
                    pose.inverse_transform_point(&surface)
                };
                let value = self.touch_value(contact, side, &pose, points);
                self.respond(group, &local, &value, data);
            }
        }
        Ok(())
    }

    /// The touch function's value for the body on `side`, in the group frame at `pose`
    /// (only the first [`TouchModel::values_per_sensor`] entries are meaningful); `points`
    /// when the group is a geom's sensor points.
    fn touch_value(
        &self,
        contact: &Contact,
        side: Side,
        pose: &Isometry3<f64>,
        points: bool,
    ) -> [f64; 3] {
        let force = contact.force_on(side);
        let v = match self.touch_function() {
            // MIMo's DiscreteTouch reports the first geom's normal force negated.
            TouchFunction::Normal if self.mimo_quirks() && points && side == Side::A => {
                return [-contact.normal_force(), 0.0, 0.0];
            }
            TouchFunction::Normal => return [contact.normal_force(), 0.0, 0.0],
            TouchFunction::ForceVectorGlobal => force,
            TouchFunction::ForceVector => pose.rotation.inverse_transform_vector(&force),
            TouchFunction::NormalForce => {
                let n = contact.normal.into_inner();
                match contact.tangent {
                    // MIMo's bug: the normal force times the contact frame's first *column*
                    // (x components of the normal and the two tangents) instead of its first row.
                    Some(t) if self.mimo_quirks() => {
                        let t2 = n.cross(&t);
                        let signed = match side {
                            Side::A => -contact.normal_force(),
                            Side::B => contact.normal_force(),
                        };
                        let column = nalgebra::Vector3::new(n.x, t.x, t2.x);
                        pose.rotation.inverse_transform_vector(&(column * signed))
                    }
                    _ => pose.rotation.inverse_transform_vector(&(n * force.dot(&n))),
                }
            }
        };
        [v.x, v.y, v.z]
    }

    /// Hands `value` to the sensors of `group` near `local` (group frame).
    fn respond(
        &self,
        group: &SensorGroup,
        local: &Point3<f64>,
        value: &[f64; 3],
        data: &mut TouchData,
    ) {
        let size = self.values_per_sensor();
        let offset = group.offset();
        if self.response_function() == ResponseFunction::SpreadLinear {
            let reach = 2.0 * group.scale();
            let search = if self.mimo_quirks() && group.mesh().is_some() {
                MIMO_SEARCH * group.scale()
            } else {
                reach
            };
            let mut hits = std::mem::take(&mut data.hits);
            self.within_into(group, local, reach, &mut data.path, &mut hits);
            if search > reach && hits.len() != group.tree.count_within(local, reach) {
                // MIMo's longer walk reaches a sensor within `reach` that the short walk
                // missed (its path leaves the `reach` ball): walk as MIMo does. Otherwise both
                // walks give the same sensors (every sensor within `reach` was found), and
                // only the sensors within `reach` carry weight.
                self.within_into(group, local, search, &mut data.path, &mut hits);
            }
            let total: f64 = hits
                .iter()
                .map(|&(_, d)| ((reach - d) / reach).max(0.0))
                .sum();
            if self.mimo_quirks() && (value[0] * total).abs() <= MIMO_EPS {
                // MIMo drops what it cannot normalise by the x component.
                data.hits = hits;
                return;
            }
            if total > 0.0 {
                for &(sensor, d) in &hits {
                    let w = ((reach - d) / reach).max(0.0);
                    if w > 0.0 {
                        data.add(offset + sensor, size, value, w / total);
                    }
                }
                data.hits = hits;
                return;
            }
            data.hits = hits;
        }
        // `nearest`, and `spread_linear` when no sensor lies within reach (the whole value
        // goes to the nearest sensor, so that nothing is lost).
        if let Some((sensor, _)) = group.tree.nearest(local) {
            data.add(offset + sensor, size, value, 1.0);
        }
    }
}

/// The group that senses `side` of `contact`: the body's group (mesh touch), the contact's
/// geom, or the geom whose surface is nearest to the contact point when the contact names none.
fn pick_group<'a>(
    scene: &Scene,
    contact: &Contact,
    side: Side,
    groups: &'a [SensorGroup],
    surface: &Point3<f64>,
) -> Result<Option<&'a SensorGroup>> {
    if groups[0].collider().is_none() {
        return Ok(groups.first());
    }
    if let Some(c) = contact.collider(side) {
        return Ok(groups.iter().find(|g| g.collider() == Some(c)));
    }
    let body = &scene.bodies()[contact.body(side)];
    let mut best: Option<(f64, &SensorGroup)> = None;
    for g in groups {
        let Some(c) = g.collider() else { continue };
        let collider = &body.colliders[c];
        let d = query::project_point(&collider.shape, &(body.pose * collider.local_pose), surface)?
            .signed_distance
            .abs();
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, g));
        }
    }
    Ok(best.map(|(_, g)| g))
}
