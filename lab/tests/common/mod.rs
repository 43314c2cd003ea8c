//! Helpers shared by the glTF view tests: reading a file back with the `gltf` crate (a reader
//! independent of Morsel's writer), pose comparisons, and the Khronos validator.

#![allow(clippy::unwrap_used, dead_code)]

use std::path::{Path, PathBuf};

use nalgebra::{Isometry3, Quaternion, Translation3, UnitQuaternion};

/// Where the tests leave their files (kept for inspection).
pub fn out_dir(test: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(test);
    std::fs::create_dir_all(&dir).expect("creates the output folder");
    dir
}

/// A glb parsed by the `gltf` crate: the document and the BIN chunk.
pub struct Glb {
    pub gltf: gltf::Gltf,
    pub blob: Vec<u8>,
}

impl Glb {
    pub fn parse(bytes: &[u8]) -> Glb {
        let gltf = gltf::Gltf::from_slice(bytes).expect("the gltf crate reads the file");
        let blob = gltf.blob.clone().unwrap_or_default();
        Glb { gltf, blob }
    }

    /// Node names in order.
    pub fn node_names(&self) -> Vec<String> {
        self.gltf
            .nodes()
            .map(|n| n.name().unwrap_or("").to_string())
            .collect()
    }

    /// The node called `name`.
    pub fn node(&self, name: &str) -> gltf::Node<'_> {
        self.gltf
            .nodes()
            .find(|n| n.name() == Some(name))
            .unwrap_or_else(|| panic!("no node {name}"))
    }

    /// The world positions of every vertex of a node's mesh (node transform applied).
    pub fn world_positions(&self, node: &gltf::Node<'_>) -> Vec<[f64; 3]> {
        let pose = node_pose(node);
        let mut out = Vec::new();
        if let Some(mesh) = node.mesh() {
            for p in mesh.primitives() {
                let reader = p.reader(|_| Some(&self.blob));
                for v in reader.read_positions().unwrap() {
                    let q = pose * nalgebra::Point3::new(v[0] as f64, v[1] as f64, v[2] as f64);
                    out.push([q.x, q.y, q.z]);
                }
            }
        }
        out
    }

    /// The legend in the scene's extras: `(label, colour)` pairs.
    pub fn legend(&self) -> Vec<(String, [f32; 4])> {
        let scene = self.gltf.scenes().next().expect("a scene");
        let extras = scene.extras().as_ref().expect("the scene has extras");
        let value: serde_json::Value = serde_json::from_str(extras.get()).unwrap();
        value["legend"]
            .as_array()
            .expect("a legend array")
            .iter()
            .map(|e| {
                let c: Vec<f32> = serde_json::from_value(e["colour"].clone()).unwrap();
                (
                    e["label"].as_str().unwrap().to_string(),
                    [c[0], c[1], c[2], c[3]],
                )
            })
            .collect()
    }
}

/// A node's translation and rotation as an isometry.
pub fn node_pose(node: &gltf::Node<'_>) -> Isometry3<f64> {
    let (t, [x, y, z, w], s) = node.transform().decomposed();
    assert_eq!(s, [1.0, 1.0, 1.0], "no scale");
    Isometry3::from_parts(
        Translation3::new(t[0] as f64, t[1] as f64, t[2] as f64),
        UnitQuaternion::from_quaternion(Quaternion::new(w as f64, x as f64, y as f64, z as f64)),
    )
}

/// Asserts that two poses agree to `tol` (m, and rad).
pub fn assert_pose(what: &str, got: &Isometry3<f64>, expected: &Isometry3<f64>, tol: f64) {
    let d = (got.translation.vector - expected.translation.vector).norm();
    let a = got.rotation.angle_to(&expected.rotation);
    assert!(
        d < tol && a < tol,
        "{what}: off by {d} m and {a} rad\n{got}\n{expected}"
    );
}

/// Runs the Khronos glTF validator (`node $MORSEL_GLTF_VALIDATOR files...`, installed by
/// `.ci/gltf.sh`) on `files`: each must have zero errors. Returns false (skipped, with a
/// note) when `MORSEL_GLTF_VALIDATOR` is unset.
pub fn validate(files: &[impl AsRef<Path>]) -> bool {
    let Some(script) = std::env::var_os("MORSEL_GLTF_VALIDATOR") else {
        eprintln!(
            "skipped: set MORSEL_GLTF_VALIDATOR (run .ci/gltf.sh) to check glTF files with the Khronos validator"
        );
        return false;
    };
    let output = std::process::Command::new("node")
        .arg(&script)
        .args(files.iter().map(AsRef::as_ref))
        .output()
        .expect("node runs");
    let report = String::from_utf8_lossy(&output.stdout);
    eprintln!("{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(
        output.status.success(),
        "the validator found errors:\n{report}"
    );
    assert_eq!(
        report.matches(": 0 errors").count(),
        files.len(),
        "{report}"
    );
    true
}
