//! Loads end early when their caller's stop asks: MJCF and URDF, at the first check that
//! answers true, with `KinematicsError::Stopped`; a stop that never asks changes nothing.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use morsel_geometry::FileAccess;
use morsel_geometry::NEVER;
use morsel_kinematics::KinematicsError;
use morsel_kinematics::mjcf::{self, MjcfError};
use morsel_kinematics::urdf::{self, UrdfOptions};

fn robot(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../assets/robots")
        .join(rel)
}

/// A stop that answers true from its `after`-th question on, and counts the questions.
struct StopAfter {
    after: usize,
    asked: AtomicUsize,
}

impl morsel_geometry::Stop for StopAfter {
    fn requested(&self) -> bool {
        self.asked.fetch_add(1, Ordering::Relaxed) + 1 >= self.after
    }
}

fn stop_after(after: usize) -> StopAfter {
    StopAfter {
        after,
        asked: AtomicUsize::new(0),
    }
}

#[test]
fn an_mjcf_load_stops_at_the_check_that_asks() {
    let path = robot("mimo/benchmarkv2_scene.xml");
    let access = FileAccess::anywhere();
    let (whole, _) = mjcf::load_file_until(&path, &access, NEVER).expect("loads");
    // Counting the checks of a whole load, then stopping at the first, the middle and the
    // last of them: every one ends the load.
    let counter = stop_after(usize::MAX);
    let _ = mjcf::load_file_until(&path, &access, &counter).expect("loads");
    let checks = counter.asked.load(Ordering::Relaxed);
    assert!(checks > whole.links().len(), "{checks} checks");
    for after in [1, checks / 2, checks] {
        let stop = stop_after(after);
        let err = mjcf::load_file_until(&path, &access, &stop).expect_err("stopped");
        assert!(
            matches!(err, MjcfError::Model(KinematicsError::Stopped)),
            "{after}: {err}"
        );
        assert_eq!(
            stop.asked.load(Ordering::Relaxed),
            after,
            "no check after the stop"
        );
    }
}

#[test]
fn a_urdf_load_stops_at_the_check_that_asks() {
    let path = robot("solo12/solo12.urdf");
    let options = UrdfOptions::default();
    let counter = stop_after(usize::MAX);
    let (whole, _) = urdf::load_file_until(&path, &options, &counter).expect("loads");
    let checks = counter.asked.load(Ordering::Relaxed);
    assert!(checks > whole.links().len(), "{checks} checks");
    for after in [1, checks / 2, checks] {
        let stop = stop_after(after);
        let err = urdf::load_file_until(&path, &options, &stop).expect_err("stopped");
        assert!(matches!(err, KinematicsError::Stopped), "{after}: {err}");
        assert_eq!(
            stop.asked.load(Ordering::Relaxed),
            after,
            "no check after the stop"
        );
    }
}
