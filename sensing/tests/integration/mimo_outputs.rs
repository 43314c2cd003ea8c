//! Morsel's mesh touch fed the contacts real MIMo saw, against MIMo's own `get_touch_obs`
//! (reference data: `sensing/tests/mimo_reference`, 200 seeded random steps of MuJoCo on MIMo
//! v1 and v2).

use morsel_sensing::{Contact, ResponseFunction, Scene, Touch, TouchFunction, TouchKind};
use nalgebra::{Isometry3, Point3, Quaternion, Translation3, UnitQuaternion};

use crate::mimo_reference::{Reference, mimo_config, mimo_scene};

/// Per-sensor agreement (N).
const TOLERANCE: f64 = 1e-9;

/// What differs between Morsel and MIMo over the recorded steps.
#[derive(Debug, Default)]
struct Comparison {
    steps: usize,
    /// Steps where MIMo's output is not all zero.
    responding_steps: usize,
    /// Steps where some sensor differs by more than [`TOLERANCE`].
    steps_differing: Vec<usize>,
    /// Steps where some body's force sum differs by more than [`TOLERANCE`].
    sums_differing: Vec<usize>,
    worst: f64,
}

/// The recorded contacts and poses of every step, as Morsel contacts and scene poses.
struct Recording {
    names: Vec<String>,
    geom_body: Vec<usize>,
    poses: ndarray::Array3<f64>,
    geoms: ndarray::Array2<i64>,
    pos: ndarray::Array2<f64>,
    frame: ndarray::Array2<f64>,
    dist: ndarray::Array1<f64>,
    force: ndarray::Array2<f64>,
    ptr: Vec<usize>,
}

impl Recording {
    fn read(reference: &mut Reference) -> Self {
        let poses = reference
            .any_f64("body_pose")
            .into_dimensionality()
            .unwrap();
        Self {
            names: reference.strings("body_names"),
            geom_body: reference
                .i64_1("geom_body")
                .iter()
                .map(|&b| b as usize)
                .collect(),
            poses,
            geoms: reference.i64_2("contact_geoms"),
            pos: reference.f64_2("contact_pos"),
            frame: reference.f64_2("contact_frame"),
            dist: reference.f64_1("contact_dist"),
            force: reference.f64_2("contact_force"),
            ptr: reference
                .i64_1("contact_ptr")
                .iter()
                .map(|&p| p as usize)
                .collect(),
        }
    }

    fn steps(&self) -> usize {
        self.ptr.len() - 1
    }

    /// Poses `scene`'s bodies as MuJoCo had them at `step`.
    fn pose(&self, scene: &mut Scene, step: usize) {
        for (b, name) in self.names.iter().enumerate() {
            let p: Vec<f64> = (0..7).map(|k| self.poses[[step, b, k]]).collect();
            let q = UnitQuaternion::from_quaternion(Quaternion::new(p[3], p[4], p[5], p[6]));
            let pose = Isometry3::from_parts(Translation3::new(p[0], p[1], p[2]), q);
            if scene.body_index(name).is_ok() {
                scene.set_pose(name, pose).unwrap();
            }
        }
    }

    /// The contacts of `step` as Morsel contacts (geom 1's body is side A).
    fn contacts(&self, scene: &Scene, step: usize) -> Vec<Contact> {
        (self.ptr[step]..self.ptr[step + 1])
            .map(|i| {
                let body = |k: usize| {
                    let name = &self.names[self.geom_body[self.geoms[[i, k]] as usize]];
                    scene.body_index(name).unwrap()
                };
                let f = self.frame.row(i);
                let frame = [[f[0], f[1], f[2]], [f[3], f[4], f[5]], [f[6], f[7], f[8]]];
                let force = [self.force[[i, 0]], self.force[[i, 1]], self.force[[i, 2]]];
                let position = Point3::new(self.pos[[i, 0]], self.pos[[i, 1]], self.pos[[i, 2]]);
                // The geom's index among its body's geoms (Morsel's collider index).
                let collider = |k: usize| {
                    let g = self.geoms[[i, k]] as usize;
                    (0..g)
                        .filter(|&h| self.geom_body[h] == self.geom_body[g])
                        .count()
                };
                Contact::from_contact_frame(body(0), body(1), position, frame, force, self.dist[i])
                    .unwrap()
                    .with_colliders(Some(collider(0)), Some(collider(1)))
            })
            .collect()
    }
}

/// Runs Morsel's `kind` touch with `touch_function` × `response_function` over the recording
/// of `version` and compares each step with MIMo's output (TrimeshTouch for mesh touch,
/// DiscreteTouch for point touch).
fn compare(
    kind: TouchKind,
    version: &str,
    touch_function: TouchFunction,
    response: ResponseFunction,
    mimo_quirks: bool,
) -> Comparison {
    let (_, mut scene) = mimo_scene(version);
    let mut reference = Reference::open(version, "outputs");
    let recording = Recording::read(&mut reference);
    let key = format!(
        "{}/{}/{}",
        kind.name(),
        touch_function.name(),
        response.name()
    );
    let idx = reference.i64_1(&format!("{key}/idx"));
    let val = reference.f64_2(&format!("{key}/val"));
    let ptr = reference.i64_1(&format!("{key}/ptr"));
    let config = mimo_config(kind, version)
        .touch_function(touch_function)
        .response_function(response)
        .mimo_quirks(mimo_quirks);
    let mut touch = Touch::new(&scene, &config).unwrap();
    let bodies: Vec<(String, std::ops::Range<usize>)> = touch
        .model()
        .sensing_bodies()
        .iter()
        .map(|b| (b.to_string(), touch.model().body_sensor_range(b).unwrap()))
        .collect();
    let m = touch.model().values_per_sensor();
    let mut out = Comparison::default();
    let mut expected = vec![0.0; touch.model().sensor_count() * m];
    for step in 0..recording.steps() {
        recording.pose(&mut scene, step);
        let contacts = recording.contacts(&scene, step);
        let got = touch.observe_contacts(&scene, &contacts).unwrap().to_vec();
        // The sparse copy Python's drop-in makes: the written sensors only, the rest zero
        // (the output of the step before must have been cleared).
        let mut sparse = vec![0.0; got.len()];
        for &s in touch.written_sensors() {
            let at = s as usize * m;
            sparse[at..at + m].copy_from_slice(&got[at..at + m]);
        }
        assert_eq!(
            sparse, got,
            "{key} step {step}: a sensor not written is non-zero"
        );
        expected.fill(0.0);
        for r in ptr[step] as usize..ptr[step + 1] as usize {
            let s = idx[r] as usize;
            for k in 0..m {
                expected[s * m + k] = val[[r, k]];
            }
        }
        let worst = got
            .iter()
            .zip(&expected)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        out.worst = out.worst.max(worst);
        if worst > TOLERANCE {
            out.steps_differing.push(step);
        }
        let sums_differ = bodies.iter().any(|(_, r)| {
            (0..m).any(|k| {
                let sum = |v: &[f64]| r.clone().map(|s| v[s * m + k]).sum::<f64>();
                (sum(&got) - sum(&expected)).abs() > TOLERANCE
            })
        });
        if sums_differ {
            out.sums_differing.push(step);
        }
        out.steps += 1;
        if ptr[step + 1] > ptr[step] {
            out.responding_steps += 1;
        }
    }
    out
}

/// Every touch function × response function of mesh touch, with MIMo's quirks (the default),
/// equals MIMo's output at every sensor and step.
fn assert_equal_to_mimo(version: &str) {
    for tf in [
        TouchFunction::ForceVector,
        TouchFunction::ForceVectorGlobal,
        TouchFunction::NormalForce,
    ] {
        for rf in [ResponseFunction::Nearest, ResponseFunction::SpreadLinear] {
            let c = compare(TouchKind::Mesh, version, tf, rf, true);
            let what = format!("{version} {} {}", tf.name(), rf.name());
            assert_eq!(c.steps, 200, "{what}");
            // The recording is not trivial: MIMo's sensors respond in most steps.
            assert!(c.responding_steps > 100, "{what}: {c:?}");
            assert!(c.steps_differing.is_empty(), "{what}: {c:?}");
            assert!(c.sums_differing.is_empty(), "{what}: {c:?}");
            assert!(c.worst <= TOLERANCE, "{what}: {c:?}");
        }
    }
}

#[test]
fn mesh_touch_outputs_equal_mimo_v1() {
    assert_equal_to_mimo("v1");
}

#[test]
fn mesh_touch_outputs_equal_mimo_v2() {
    assert_equal_to_mimo("v2");
}

/// Without MIMo's quirks, Morsel's fixes change this many of the 200 steps (the numbers
/// `TouchConfig::mimo_quirks` documents); per-body force sums stay equal except where MIMo
/// drops contacts.
#[test]
fn fixing_mimo_quirks_changes_the_documented_steps() {
    let differing = |version: &str, tf, rf| {
        compare(TouchKind::Mesh, version, tf, rf, false)
            .steps_differing
            .len()
    };
    let fv = TouchFunction::ForceVector;
    assert_eq!(differing("v1", fv, ResponseFunction::Nearest), 3);
    assert_eq!(differing("v2", fv, ResponseFunction::Nearest), 1);
    assert_eq!(differing("v1", fv, ResponseFunction::SpreadLinear), 98);
    assert_eq!(differing("v2", fv, ResponseFunction::SpreadLinear), 175);
    let nf = compare(
        TouchKind::Mesh,
        "v1",
        TouchFunction::NormalForce,
        ResponseFunction::Nearest,
        false,
    );
    assert_eq!(nf.steps_differing.len(), nf.responding_steps);
}

/// Point touch (MIMo's DiscreteTouch) with `nearest` equals MIMo's per sensor. (MIMo's
/// DiscreteTouch `spread_linear` raises `KeyError` as soon as a contact reaches it: it indexes
/// per-geom outputs by the body id; the recording holds no output to compare there.)
#[test]
fn point_touch_nearest_outputs_equal_mimo() {
    for version in ["v1", "v2"] {
        for tf in [
            TouchFunction::Normal,
            TouchFunction::ForceVector,
            TouchFunction::ForceVectorGlobal,
        ] {
            let c = compare(
                TouchKind::Points,
                version,
                tf,
                ResponseFunction::Nearest,
                true,
            );
            let what = format!("{version} points {} nearest", tf.name());
            assert!(c.responding_steps > 100, "{what}: {c:?}");
            assert!(c.steps_differing.is_empty(), "{what}: {c:?}");
            assert!(c.sums_differing.is_empty(), "{what}: {c:?}");
        }
    }
}
