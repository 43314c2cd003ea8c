//! The MJCF loader against real MuJoCo: the reference files in `tests/mjcf_reference/` were
//! written by MuJoCo itself (`make_reference.py`); body and site poses, geom poses, sizes and
//! AABBs, total mass and CoM must agree to the tolerances.

use std::path::PathBuf;

use morsel_geometry::obj_mujoco::parse_obj_as_mujoco;
use morsel_kinematics::mjcf::{configuration_from_joint_values, load_file};
use morsel_kinematics::{Data, Model, center_of_mass, forward_kinematics, geom_aabb};
use nalgebra::{Isometry3, Matrix3};
use serde_json::Value;

const POSE_TOL: f64 = 1e-9;
const MESH_TOL: f64 = 2e-6;
const REL_TOL: f64 = 1e-9;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn floats(v: &Value) -> Vec<f64> {
    v.as_array()
        .expect("array")
        .iter()
        .map(|x| x.as_f64().expect("number"))
        .collect()
}

fn pose_error(pose: &Isometry3<f64>, expected: &Value) -> (f64, f64) {
    let p = floats(&expected["position"]);
    let m = floats(&expected["xmat"]);
    let t = pose.translation.vector;
    let pos = (0..3).map(|i| (t[i] - p[i]).abs()).fold(0.0, f64::max);
    let r: Matrix3<f64> = pose.rotation.to_rotation_matrix().into_inner();
    let rot = (0..9)
        .map(|k| (r[(k / 3, k % 3)] - m[k]).abs())
        .fold(0.0, f64::max);
    (pos, rot)
}

/// Compares one model with its reference file; returns the list of disagreements. `geom_tol`
/// holds the poses of primitive geoms and `rel_tol` masses, inertias and the CoM (relative):
/// primitives fitted to a mesh sit in the mesh's inertial frame, whose rotation MuJoCo's
/// eigen-solver leaves ~2e-8 from exact (the float precision mesh geoms are held to), and a
/// primitive fitted to the mesh's bounding box takes its size from vertices turned by it.
fn compare_with(file: &str, geom_tol: f64, rel_tol: f64) -> Vec<String> {
    let path = root().join("kinematics/tests/mjcf_reference").join(file);
    let reference: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("reference file"))
            .expect("json");
    let model_path = root().join(reference["model"].as_str().expect("model path"));
    let model = load_file(&model_path).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut errors = Vec::new();
    let mass = reference["total_mass"].as_f64().expect("mass");
    if (model.total_mass() - mass).abs() > rel_tol * mass {
        errors.push(format!(
            "total mass {} != MuJoCo's {mass}",
            model.total_mass()
        ));
    }
    // Per body: mass and principal moments (ascending), 1e-9 relative to the larger of the
    // body's mass (or largest moment) and a floor for massless bodies.
    if let (Some(masses), Some(inertias)) = (
        reference["body_mass"].as_object(),
        reference["body_inertia"].as_object(),
    ) {
        for (name, expected_mass) in masses {
            let Ok(link) = model.link_id(name) else {
                errors.push(format!("no body {name}"));
                continue;
            };
            let inertial = model.link(link).inertial();
            let expected_mass = expected_mass.as_f64().expect("mass");
            if (inertial.mass - expected_mass).abs() > rel_tol * expected_mass.max(1e-12) {
                errors.push(format!(
                    "body {name}: mass {} != MuJoCo's {expected_mass}",
                    inertial.mass
                ));
            }
            let expected = floats(&inertias[name]);
            let mut moments: Vec<f64> = inertial
                .inertia
                .symmetric_eigenvalues()
                .iter()
                .copied()
                .collect();
            moments.sort_by(f64::total_cmp);
            let scale = expected.iter().fold(1e-12_f64, |m, v| m.max(v.abs()));
            let err = (0..3)
                .map(|i| (moments[i] - expected[i]).abs())
                .fold(0.0, f64::max);
            if err > rel_tol * scale {
                errors.push(format!(
                    "body {name}: principal inertia {moments:?} != MuJoCo's {expected:?}"
                ));
            }
        }
    }
    assert_eq!(
        model.bodies().len() as u64,
        reference["nbody"].as_u64().expect("nbody"),
        "{file}: body count"
    );
    if reference.get("body_names").is_some() {
        errors.extend(body_tree_errors(&model, &reference, rel_tol));
    }
    let mut data = Data::new(&model);
    for (k, config) in reference["configs"]
        .as_array()
        .expect("configs")
        .iter()
        .enumerate()
    {
        let values: Vec<(String, Vec<f64>)> = config["q"]
            .as_object()
            .expect("q")
            .iter()
            .map(|(name, v)| {
                let v = if v.is_array() {
                    floats(v)
                } else {
                    vec![v.as_f64().expect("value")]
                };
                (name.clone(), v)
            })
            .collect();
        let q = configuration_from_joint_values(
            &model,
            values.iter().map(|(n, v)| (n.as_str(), v.as_slice())),
        )
        .unwrap_or_else(|e| panic!("{file}: {e}"));
        forward_kinematics(&model, &mut data, q.as_slice()).expect("fk");
        for (name, expected) in config["bodies"].as_object().expect("bodies") {
            let Ok(link) = model.link_id(name) else {
                errors.push(format!("config {k}: no body {name}"));
                continue;
            };
            let (p, r) = pose_error(data.world_from_link(link), expected);
            if p > POSE_TOL || r > POSE_TOL {
                errors.push(format!("config {k}: body {name} off by {p:.3e} m, {r:.3e}"));
            }
        }
        for (name, expected) in config["sites"].as_object().expect("sites") {
            let Ok(frame) = model.frame_id(name) else {
                errors.push(format!("config {k}: no site {name}"));
                continue;
            };
            let (p, r) = pose_error(data.world_from_frame(frame), expected);
            if p > POSE_TOL || r > POSE_TOL {
                errors.push(format!("config {k}: site {name} off by {p:.3e} m, {r:.3e}"));
            }
        }
        let com = center_of_mass(&model, &mut data, q.as_slice()).expect("com");
        let expected_com = floats(&config["com"]);
        let scale = expected_com.iter().fold(1.0_f64, |m, v| m.max(v.abs()));
        let err = (0..3)
            .map(|i| (com[i] - expected_com[i]).abs())
            .fold(0.0, f64::max);
        if err > rel_tol * scale {
            errors.push(format!("config {k}: CoM off by {err:.3e}"));
        }
        let geoms = config["geoms"].as_array().expect("geoms");
        if geoms.len() != model.geoms().len() {
            errors.push(format!(
                "geom count {} != {}",
                model.geoms().len(),
                geoms.len()
            ));
            continue;
        }
        for (g, expected) in model.geoms().iter().zip(geoms) {
            let name = expected["name"].as_str().expect("name");
            let what = format!("config {k}: geom {name}");
            let body = model.link(g.link).name();
            if g.name != name || body != expected["body"] || g.kind != expected["type"] {
                errors.push(format!(
                    "{what}: Morsel has {} on {body}, type {}",
                    g.name, g.kind
                ));
                continue;
            }
            // Mesh sizes and height-field elevations are MuJoCo's float32 values: the mesh
            // tolerance.
            let mesh = g.kind == "mesh" || g.kind == "hfield";
            let tol = if mesh { MESH_TOL } else { geom_tol };
            let size = floats(&expected["size"]);
            let err = (0..3)
                .map(|i| (g.size[i] - size[i]).abs())
                .fold(0.0, f64::max);
            if err > tol {
                errors.push(format!("{what}: size {:?} != {size:?}", g.size));
            }
            let world = data.world_from_link(g.link) * g.link_from_geom;
            let (p, r) = pose_error(&world, expected);
            if p > tol || r > tol {
                errors.push(format!("{what}: pose off by {p:.3e} m, {r:.3e}"));
            }
            let collider = &model.link(g.link).collisions()[g.collider];
            match (geom_aabb(g, collider, &world), expected["aabb"].as_array()) {
                (None, None) => {}
                (Some((lo, hi)), Some(aabb)) => {
                    let (elo, ehi) = (floats(&aabb[0]), floats(&aabb[1]));
                    let err = (0..3)
                        .map(|i| (lo[i] - elo[i]).abs().max((hi[i] - ehi[i]).abs()))
                        .fold(0.0, f64::max);
                    if err > tol {
                        errors.push(format!("{what}: AABB off by {err:.3e} m"));
                    }
                }
                _ => errors.push(format!("{what}: AABB presence differs")),
            }
        }
    }
    errors
}

/// Body names in MuJoCo's order, parents, and each body's CoM (`body_ipos`) and inertia
/// matrix in its own frame (from `body_iquat` and `body_inertia`), where the reference file
/// holds them.
fn body_tree_errors(model: &Model, reference: &Value, rel_tol: f64) -> Vec<String> {
    let mut errors = Vec::new();
    let names: Vec<&str> = reference["body_names"]
        .as_array()
        .expect("body_names")
        .iter()
        .map(|n| n.as_str().expect("name"))
        .collect();
    let ours: Vec<&str> = model
        .bodies()
        .iter()
        .map(|&l| model.link(l).name())
        .collect();
    if ours != names {
        errors.push(format!("bodies {ours:?} != MuJoCo's {names:?}"));
        return errors;
    }
    let parents = reference["body_parent"].as_array().expect("body_parent");
    for (b, &link) in model.bodies().iter().enumerate().skip(1) {
        let expected = names[parents[b].as_u64().expect("parent") as usize];
        let parent = model.parent_body(link).map(|p| model.link(p).name());
        if parent != Some(expected) {
            errors.push(format!(
                "body {}: parent {parent:?} != MuJoCo's {expected}",
                names[b]
            ));
        }
        let inertial = model.link(link).inertial();
        let ipos = floats(&reference["body_ipos"][b]);
        let err = (0..3)
            .map(|i| (inertial.com[i] - ipos[i]).abs())
            .fold(0.0, f64::max);
        if inertial.mass > 0.0 && err > POSE_TOL {
            errors.push(format!("body {}: CoM off by {err:.3e} m", names[b]));
        }
        let matrix = floats(&reference["body_inertia_matrix"][b]);
        let scale = matrix.iter().fold(1e-12_f64, |m, v| m.max(v.abs()));
        let err = (0..9)
            .map(|k| (inertial.inertia[(k / 3, k % 3)] - matrix[k]).abs())
            .fold(0.0, f64::max);
        if err > rel_tol * scale {
            errors.push(format!(
                "body {}: inertia matrix off by {err:.3e} (MuJoCo's {matrix:?})",
                names[b]
            ));
        }
    }
    errors
}

fn check(file: &str) {
    check_with(file, POSE_TOL, REL_TOL);
}

fn check_with(file: &str, geom_tol: f64, rel_tol: f64) {
    let errors = compare_with(file, geom_tol, rel_tol);
    assert!(
        errors.is_empty(),
        "{file}: {} disagreements with MuJoCo, first ones:\n{}",
        errors.len(),
        errors
            .iter()
            .take(25)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn mimo_v1_matches_mujoco() {
    check("mimo_v1.json");
}

#[test]
fn mimo_v2_matches_mujoco() {
    check("mimo_v2.json");
}

#[test]
fn gymnasium_humanoid_matches_mujoco() {
    check("gymnasium_humanoid.json");
}

#[test]
fn gymnasium_ant_matches_mujoco() {
    check("gymnasium_ant.json");
}

#[test]
fn features_a_matches_mujoco() {
    check("features_a.json");
}

#[test]
fn features_b_matches_mujoco() {
    check("features_b.json");
}

#[test]
fn names_shared_by_a_body_and_a_site_load_as_in_mujoco() {
    check("names.json");
}

#[test]
fn primitives_fitted_to_meshes_match_mujoco() {
    check_with("fitted.json", MESH_TOL, REL_TOL);
}

#[test]
fn primitives_fitted_to_mesh_bounding_boxes_match_mujoco() {
    // Sizes from vertices in the mesh's inertial frame: MuJoCo's frame (~2e-8 from exact)
    // moves them by up to 2e-8 relative; everything else as above.
    check_with("fitted_aabb.json", MESH_TOL, 5e-8);
}

#[test]
fn obj_objects_and_quad_splits_match_mujoco() {
    check("obj_objects.json");
}

#[test]
fn obj_polygons_of_five_to_eleven_corners_match_mujoco() {
    check("obj_polygons.json");
}

/// MuJoCo's triangles for every mesh of `obj_polygons.xml` (its OBJ files have no repeated
/// vertex, so MuJoCo keeps the file's vertex order) against Morsel's OBJ reader, triangle by
/// triangle.
#[test]
fn obj_polygons_split_into_mujocos_own_triangles() {
    let path = root().join("kinematics/tests/mjcf_reference/obj_polygons_faces.json");
    let reference: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("faces file")).expect("json");
    let folder = root().join("kinematics/tests/mjcf_models/obj/polygons");
    let meshes = reference["meshes"].as_object().expect("meshes");
    assert_eq!(meshes.len(), 8);
    for (name, expected) in meshes {
        let bytes = std::fs::read(folder.join(format!("{name}.obj"))).expect("obj file");
        let (vertices, faces) = parse_obj_as_mujoco(&bytes).expect("obj");
        assert_eq!(
            vertices.len() as u64,
            expected["vertices"].as_u64().expect("count"),
            "{name}: vertex count"
        );
        let expected: Vec<[u32; 3]> = expected["faces"]
            .as_array()
            .expect("faces")
            .iter()
            .map(|f| {
                let f = floats(f);
                [f[0] as u32, f[1] as u32, f[2] as u32]
            })
            .collect();
        assert_eq!(faces, expected, "{name}: triangles");
    }
}

#[test]
fn meshes_named_in_included_files_of_other_folders_match_mujoco() {
    check("include_dirs.json");
}

#[test]
fn height_fields_from_lists_images_and_binary_files_match_mujoco() {
    check("height_fields.json");
}

#[test]
fn orientations_from_default_classes_match_mujoco() {
    check("default_orientations.json");
}

#[test]
fn static_bodies_fuse_into_their_parents_as_in_mujoco() {
    check("fuse_static.json");
}

#[test]
fn fused_masses_are_bounded_before_and_scaled_after_fusion_as_in_mujoco() {
    check("fuse_static_mass.json");
}

#[test]
fn attached_models_compose_as_in_mujoco() {
    check("attach.json");
}
