//! MJCF loading is linear in the model's size (issue 40): 20,000 bodies (chains 400 deep, the
//! most the XML readers nest being 500) load well within a generous bound even in a debug
//! build, and 5x the bodies cost well under the 25x a quadratic reader would.

use std::time::{Duration, Instant};

use morsel_kinematics::mjcf::load_file;

/// An MJCF of `n` bodies in chains of `depth`, each body with a hinge, a capsule and a site,
/// written on one line (the case that made line numbering quadratic).
fn chains_mjcf(n: usize, depth: usize) -> String {
    let mut xml = String::from("<mujoco model=\"chains\"><worldbody>");
    for c in 0..n / depth {
        for i in 0..depth {
            xml += &format!(
                "<body name=\"c{c}b{i}\" pos=\"0 0 0.01\"><joint name=\"c{c}j{i}\" axis=\"0 1 0\"/><geom type=\"capsule\" size=\"0.01 0.005\"/><site name=\"c{c}s{i}\"/>"
            );
        }
        xml += &"</body>".repeat(depth);
    }
    xml + "</worldbody></mujoco>"
}

fn load_time(n: usize) -> Duration {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("chains.xml");
    std::fs::write(&path, chains_mjcf(n, 400)).expect("write");
    let start = Instant::now();
    let model = load_file(&path).expect("the chains load");
    let elapsed = start.elapsed();
    assert_eq!(model.bodies().len(), n + 1);
    elapsed
}

#[test]
fn twenty_thousand_bodies_load_in_linear_time() {
    let small = load_time(4_000);
    let large = load_time(20_000);
    // Debug build: about 4 s here for 20,000 bodies (release: see the `load` bench); the
    // quadratic reader took minutes.
    assert!(
        large < Duration::from_secs(60),
        "20,000 bodies took {large:?}"
    );
    assert!(
        large < small * 12,
        "5x the bodies took {:.1}x the time ({small:?} -> {large:?})",
        large.as_secs_f64() / small.as_secs_f64()
    );
}
