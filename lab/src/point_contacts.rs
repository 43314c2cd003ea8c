//! A stance's distributed wrenches as point contacts of a sensing scene, so that a touch
//! sensor can read the forces a stance distribution puts on its feet (both front ends'
//! `point_contacts(stance, scene, ground)`).

use morsel_sensing::{Contact, Scene};
use morsel_stability::Stance;

use crate::error::LabError;

/// The stance's distributed wrenches as point contacts: one per contact with a centre of
/// pressure, at the CoP, from the `ground` body (A) onto the contact's link body (B), carrying
/// the contact's force (world frame). The force and its moment about the CoP are exact; a
/// residual yaw moment about the normal (a point force cannot carry it) is dropped.
///
/// Fails when the distribution is not solved, when a contact has no `link`, or when `ground`
/// or a link names no body of `scene`.
pub fn point_contacts(
    stance: &Stance,
    scene: &Scene,
    ground: &str,
) -> Result<Vec<Contact>, LabError> {
    let d = stance.distribute().map_err(LabError::from)?;
    if !d.is_solved() {
        return Err(LabError::PointContacts {
            reason: format!(
                "the stance's wrench distribution is {}: {}",
                d.status.name(),
                d.status.reason().unwrap_or("")
            ),
        });
    }
    let a = scene.body_index(ground).map_err(LabError::from)?;
    let mut out = Vec::new();
    for w in &d.wrenches {
        let Some(cop) = w.cop else { continue };
        let contact = stance.contacts().contact(w.index).map_err(LabError::from)?;
        let link = contact.link().ok_or_else(|| LabError::PointContacts {
            reason: format!(
                "contact {} has no `link`; give each contact the name of a scene body",
                w.index
            ),
        })?;
        let b = scene.body_index(link).map_err(LabError::from)?;
        let force = w.world.fixed_rows::<3>(0).into_owned();
        out.push(Contact::new(a, b, cop, contact.normal(), 0.0, force).map_err(LabError::from)?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use morsel_sensing::Body;
    use morsel_stability::{Contact as StanceContact, ContactSet};
    use nalgebra::{Isometry3, Point3};

    fn feet_scene() -> Scene {
        let mut scene = Scene::new();
        for (name, y) in [("floor", 0.0), ("left", 0.15), ("right", -0.15)] {
            let mut body = Body::new(name);
            body.pose = Isometry3::translation(0.0, y, 0.0);
            scene.add_body(body).expect("body");
        }
        scene
    }

    fn stance(com_y: f64, links: [Option<&str>; 2]) -> Stance {
        let contacts = [0.15, -0.15]
            .iter()
            .zip(links)
            .map(|(&y, link)| {
                let mut c =
                    StanceContact::new([0.11, 0.05], Isometry3::translation(0.0, y, 0.0), 0.7)
                        .expect("contact");
                if let Some(l) = link {
                    c = c.with_link(l);
                }
                c
            })
            .collect();
        Stance::new(
            Point3::new(0.0, com_y, 0.8),
            10.0,
            ContactSet::new(contacts).expect("set"),
        )
        .expect("stance")
    }

    /// Statics: the vertical forces carry m·g = 98.1 N, and their moments about the CoM's
    /// vertical balance: F_left·(0.15 − y) = F_right·(0.15 + y) with y the CoM's offset.
    #[test]
    fn the_contact_forces_carry_the_weight_at_the_feet() {
        let scene = feet_scene();
        let pc = point_contacts(
            &stance(0.05, [Some("left"), Some("right")]),
            &scene,
            "floor",
        )
        .expect("contacts");
        assert_eq!(pc.len(), 2);
        assert!(pc.iter().all(|c| c.body_a == 0));
        assert_eq!((pc[0].body_b, pc[1].body_b), (1, 2));
        let total: f64 = pc.iter().map(|c| c.force.z).sum();
        assert!((total - 98.1).abs() < 1e-6, "{total}");
        let moment: f64 = pc.iter().map(|c| c.force.z * (c.position.y - 0.05)).sum();
        assert!(moment.abs() < 1e-4, "{moment}");
        assert!(pc[0].force.z > pc[1].force.z);
    }

    #[test]
    fn unknown_bodies_and_missing_links_are_errors() {
        let scene = feet_scene();
        let st = stance(0.0, [Some("left"), Some("right")]);
        assert!(point_contacts(&st, &scene, "ceiling").is_err());
        let err = point_contacts(&stance(0.0, [Some("left"), None]), &scene, "floor").unwrap_err();
        assert!(err.to_string().contains("contact 1 has no `link`"), "{err}");
        let err = point_contacts(&stance(0.0, [Some("left"), Some("hand")]), &scene, "floor")
            .unwrap_err();
        assert!(err.to_string().contains("hand"), "{err}");
        // the CoM far outside the support: no distribution
        let err = point_contacts(&stance(2.0, [Some("left"), Some("right")]), &scene, "floor")
            .unwrap_err();
        assert!(err.to_string().contains("distribution"), "{err}");
    }
}
