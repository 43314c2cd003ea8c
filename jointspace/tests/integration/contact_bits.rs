//! Pairs of robots from MJCF follow MuJoCo's contype/conaffinity rule
//! (`kinematics/tests/mjcf_models/contact_bits.xml`; the same model's contact pairs are checked
//! against MuJoCo itself by `kinematics/tests/mjcf_reference/test_contact_bits.py`).

use std::path::PathBuf;

use morsel_jointspace::{CollisionModel, PairSelector};

fn model() -> CollisionModel {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../kinematics/tests/mjcf_models/contact_bits.xml");
    let robot = morsel_kinematics::mjcf::load_file(path).unwrap();
    CollisionModel::from_model(&robot).unwrap()
}

#[test]
fn body_pairs_keep_only_the_geom_pairs_mujoco_collides() {
    let mut m = model();
    // a (1, 1) and d (4, 1): 1 & 1 != 0, one pair.
    assert_eq!(m.add_pairs(&PairSelector::new("a", "d")).unwrap().len(), 1);
    // f has (8, 4) and (0, 8), g (8, 0): only f's second geom meets g (8 & 8).
    let idx = m.add_pairs(&PairSelector::new("f", "g")).unwrap();
    assert_eq!(idx.len(), 1);
    let pair = m.pairs()[idx[0]];
    let names = [m.object(pair.first).name(), m.object(pair.second).name()];
    assert_eq!(names, ["f_1", "g_0"]);
}

#[test]
fn a_body_pair_mujoco_never_collides_is_an_error() {
    // a (1, 1) and b (2, 0): (1 & 0) | (2 & 1) = 0.
    let err = model()
        .add_pairs(&PairSelector::new("a", "b"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("contype/conaffinity"), "{err}");
}
