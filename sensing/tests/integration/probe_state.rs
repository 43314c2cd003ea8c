//! Contact flags, raw depths and slip per probe, against hand-derived values.

use morsel_sensing::{Scene, TaxelConfig, TaxelSensor};
use nalgebra::{Isometry3, Translation3, UnitQuaternion, Vector3};

use crate::taxels::{fingertip_scene, three_probes};

/// The block 4 mm below the probes, sliding at (0.1, 0.2, 0.05) m/s in the link frame.
fn sliding(world: &Isometry3<f64>, gap: f64) -> Scene {
    let mut scene = fingertip_scene(world, gap, 0.0);
    scene
        .set_velocity(
            "block",
            world.rotation * Vector3::new(0.1, 0.2, 0.05),
            Vector3::zeros(),
        )
        .unwrap();
    scene
}

/// R = 0.01, sd = 0.004: depth 0.006, contact 1; v_rel = (0.1, 0.2, 0.05) with the touched
/// normal +z: v_t = (0.1, 0.2, 0), so slip = (0.1, 0.2) along (x, y), the tangents of +z; the
/// same in a moved world (everything is in the link frame).
#[test]
fn depth_contact_and_slip_of_a_sliding_block() {
    let moved = Isometry3::from_parts(
        Translation3::new(0.3, -0.2, 1.0),
        UnitQuaternion::from_euler_angles(0.4, -1.1, 2.5),
    );
    for world in [Isometry3::identity(), moved] {
        let scene = sliding(&world, 0.004);
        let mut t = TaxelSensor::new(three_probes(), &scene).unwrap();
        let s = t.read_probe_state(&scene).unwrap();
        assert_eq!(s.contact.shape(), &[1, 3]);
        assert_eq!(s.slip.shape(), &[1, 3, 2]);
        for p in 0..3 {
            assert_eq!(s.contact[[0, p]], 1.0);
            assert!((s.depth[[0, p]] - 0.006).abs() < 1e-12);
            assert!((s.slip[[0, p, 0]] - 0.1).abs() < 1e-12);
            assert!((s.slip[[0, p, 1]] - 0.2).abs() < 1e-12);
        }
    }
}

/// Out of reach (sd = 0.012 > R): no contact, zero depth and slip.
#[test]
fn nothing_out_of_reach() {
    let scene = sliding(&Isometry3::identity(), 0.012);
    let s = TaxelSensor::new(three_probes(), &scene)
        .unwrap()
        .read_probe_state(&scene)
        .unwrap();
    assert!(
        s.contact
            .iter()
            .chain(&s.depth)
            .chain(&s.slip)
            .all(|&x| x == 0.0)
    );
}

/// Probe normal +x: tangents t1 = y (x is too close to the normal), t2 = x × y = z; the
/// relative velocity (0.1, 0.2, 0.05) projected onto them, as MuJoCo's `tactile` projects onto
/// its taxel frames, reads (0.2, 0.05). The link itself moving at (0.03, 0, 0) over a still block:
/// v_rel = −(0.03, 0, 0), slip along (x, y) = (−0.03, 0).
#[test]
fn slip_is_in_the_probe_tangent_frame() {
    let scene = sliding(&Isometry3::identity(), 0.004);
    let config = TaxelConfig {
        probe_local_normal: Vector3::x(),
        ..TaxelConfig::new("fingertip")
    };
    let s = TaxelSensor::new(config, &scene)
        .unwrap()
        .read_probe_state(&scene)
        .unwrap();
    assert!((s.slip[[0, 0, 0]] - 0.2).abs() < 1e-12);
    assert!((s.slip[[0, 0, 1]] - 0.05).abs() < 1e-12);

    let mut scene = fingertip_scene(&Isometry3::identity(), 0.004, 0.0);
    scene
        .set_velocity("fingertip", Vector3::new(0.03, 0.0, 0.0), Vector3::zeros())
        .unwrap();
    let s = TaxelSensor::new(TaxelConfig::new("fingertip"), &scene)
        .unwrap()
        .read_probe_state(&scene)
        .unwrap();
    assert!((s.slip[[0, 0, 0]] + 0.03).abs() < 1e-12);
    assert!(s.slip[[0, 0, 1]].abs() < 1e-12);
}

/// Batches and history: two environments at gaps 0.004 and 0.008 (depths 0.006 and 0.002);
/// with history 2 the second step's index 1 holds the first step.
#[test]
fn batches_with_history() {
    let scenes = [
        sliding(&Isometry3::identity(), 0.004),
        sliding(&Isometry3::identity(), 0.008),
    ];
    let config = TaxelConfig {
        history_length: 2,
        ..TaxelConfig::new("fingertip")
    };
    let mut t = TaxelSensor::new(config, &scenes[0]).unwrap();
    t.read_probe_state_batch(&scenes).unwrap();
    let far = [
        sliding(&Isometry3::identity(), 0.02),
        sliding(&Isometry3::identity(), 0.02),
    ];
    let s = t.read_probe_state_batch(&far).unwrap();
    assert_eq!(s.depth.shape(), &[2, 2, 1]);
    assert_eq!(s.slip.shape(), &[2, 2, 1, 2]);
    assert_eq!(s.depth[[0, 0, 0]], 0.0);
    assert!((s.depth[[0, 1, 0]] - 0.006).abs() < 1e-12);
    assert!((s.depth[[1, 1, 0]] - 0.002).abs() < 1e-12);
    assert_eq!(s.contact[[1, 1, 0]], 1.0);
    assert!(
        t.read_probe_state(&scenes[0]).is_err(),
        "two environments held"
    );
}
