//! Upstream bugs.

use super::*;
use crate::distribution::check_distribution;

#[test]
fn wrench_at_uses_the_lever_arm_from_the_target_point() {
    // A 100 N vertical push at p = (1, 0, 0) seen from the origin: τ = p × f = (0, −100, 0).
    // pymanoid computed (P − p) × f instead, which gives (0, +100, 0).
    let mut contact = Contact::from_pos_rpy([0.1, 0.1], [1.0, 0.0, 0.0], [0.0; 3], 0.5).unwrap();
    contact
        .set_wrench(&Vector6::new(0.0, 0.0, 100.0, 0.0, 0.0, 0.0))
        .unwrap();
    let at_origin = contact.wrench_at(&Point3::origin()).unwrap().unwrap();
    assert!((at_origin - Vector6::new(0.0, 0.0, 100.0, 0.0, -100.0, 0.0)).amax() < 1e-12);
    // Seen from a point on the line of action, a pure force has no moment.
    let above = contact
        .wrench_at(&Point3::new(1.0, 0.0, 3.0))
        .unwrap()
        .unwrap();
    assert!(above.fixed_rows::<3>(3).norm() < 1e-12);
    // And it agrees with the grasp matrix.
    let q = Point3::new(0.2, -0.7, 0.4);
    let via_g = contact.grasp_matrix(&q).unwrap() * contact.wrench().unwrap();
    assert!((contact.wrench_at(&q).unwrap().unwrap() - via_g).amax() < 1e-12);
}

#[test]
fn managed_wrenches_are_subtracted_from_the_target() {
    // The left foot is managed and carries 100 N; the right must carry the rest of 380 N.
    // pymanoid added the managed wrench, asking the right foot for 480 N.
    let mut set = two_feet();
    set.contact_mut(0)
        .unwrap()
        .set_wrench(&Vector6::new(0.0, 0.0, 100.0, 0.0, 0.0, 0.0))
        .unwrap();
    // CoM where 100 N at y = 0.15 and 280 N at y = −0.15 balance: y = (15 − 42) / 380.
    let com = Point3::new(0.0, -27.0 / 380.0, 0.8);
    let target = Vector6::new(0.0, 0.0, 380.0, 0.0, 0.0, 0.0);
    let result = set
        .find_supporting_wrenches(&target, &com, &DistributionWeights::default())
        .unwrap();
    check_distribution(&set, &result, &target, &com);
    assert!(result.wrenches[0].managed && !result.wrenches[1].managed);
    assert!((result.wrenches[0].normal_force - 100.0).abs() < 1e-12);
    assert!((result.wrenches[1].normal_force - 280.0).abs() < 1e-6);
    // The right foot's centre of pressure is at its centre (the moments balance exactly).
    let cop = result.wrenches[1].cop.unwrap();
    assert!((cop - Point3::new(0.0, -0.15, 0.0)).norm() < 1e-6);
}

#[test]
fn wrenches_are_paired_with_their_own_contacts_after_a_managed_one() {
    // Contacts [managed hand, left foot, right foot, other hand]: pymanoid paired the solved
    // wrenches with the first contacts of the list, so the left foot got the hand's entry.
    let mut set = feet_and_hands();
    // Reorder: hand first.
    let contacts = set.contacts().to_vec();
    set = ContactSet::new(vec![
        contacts[2].clone(),
        contacts[0].clone(),
        contacts[1].clone(),
        contacts[3].clone(),
    ])
    .unwrap();
    set.contact_mut(0)
        .unwrap()
        .set_wrench(&Vector6::new(0.0, 0.0, 20.0, 0.0, 0.0, 0.0))
        .unwrap();
    let stance = Stance::new(Point3::new(0.15, 0.0, 0.9), 38.0, set.clone()).unwrap();
    let result = stance.distribute().unwrap();
    check_distribution(&set, &result, &stance.gravity_wrench(), &stance.com());
    assert_eq!(result.wrenches[0].link.as_deref(), Some("left_hand"));
    assert!(result.wrenches[0].managed);
    assert_eq!(result.wrenches[3].link.as_deref(), Some("right_hand"));
    // Feet carry most of the weight; a hand-sized contact on the wall could not.
    assert!(result.wrenches[1].normal_force > 50.0 && result.wrenches[2].normal_force > 50.0);
}
