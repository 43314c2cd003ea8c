//! Helpers shared by the proximity tests: meshes as plain vertex and face lists, brute force
//! over all triangle pairs, the Solo-12 STL meshes and the pose of its front-left upper leg.

#![allow(dead_code)]

use std::path::PathBuf;

use morsel_geometry::TriangleMesh;
use morsel_geometry::proximity::{MeshBvh, triangle_distance};
use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};

/// Distances are compared to this tolerance (metres).
pub const TOL: f64 = 1e-12;

pub struct Mesh {
    pub vertices: Vec<Point3<f64>>,
    pub faces: Vec<[u32; 3]>,
}

impl Mesh {
    pub fn bvh(&self) -> MeshBvh {
        MeshBvh::new(&self.vertices, &self.faces).expect("valid mesh")
    }

    pub fn world_triangles(&self, pose: &Isometry3<f64>) -> Vec<[Point3<f64>; 3]> {
        self.faces
            .iter()
            .map(|f| f.map(|k| pose * self.vertices[k as usize]))
            .collect()
    }
}

/// Brute force over all pairs: the smallest distance and whether any pair intersects (the
/// triangle distance is 0 exactly for intersecting triangles: it decides intersection with the
/// exact predicate). Pairs whose bounding spheres are already farther apart than the best
/// distance are skipped, which cannot change the minimum.
pub fn brute_force(a: &Mesh, pa: &Isometry3<f64>, b: &Mesh, pb: &Isometry3<f64>) -> (f64, bool) {
    let ta = a.world_triangles(pa);
    let tb = b.world_triangles(pb);
    let sphere = |t: &[Point3<f64>; 3]| {
        let c = (t[0].coords + t[1].coords + t[2].coords) / 3.0;
        let r = t.iter().map(|p| (p.coords - c).norm()).fold(0.0, f64::max);
        [c.x, c.y, c.z, r]
    };
    let sa: Vec<[f64; 4]> = ta.iter().map(sphere).collect();
    let sb: Vec<[f64; 4]> = tb.iter().map(sphere).collect();
    let mut best = f64::INFINITY;
    for (x, s) in ta.iter().zip(&sa) {
        for (y, t) in tb.iter().zip(&sb) {
            let reach = best + s[3] + t[3];
            let (dx, dy, dz) = (s[0] - t[0], s[1] - t[1], s[2] - t[2]);
            if dx * dx + dy * dy + dz * dz > reach * reach {
                continue;
            }
            best = best.min(triangle_distance(x, y).distance);
        }
    }
    (best, best == 0.0)
}

/// A Solo-12 STL mesh (path under `meshes/stl`), loaded and welded by [`TriangleMesh::load`],
/// as the robot's collision model loads it.
pub fn load_stl(rel: &str) -> Mesh {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../assets/robots/solo12/meshes/stl")
        .join(rel);
    let mesh = TriangleMesh::load(&path, Vector3::new(1.0, 1.0, 1.0)).expect("Solo-12 STL loads");
    Mesh {
        vertices: mesh.vertices().to_vec(),
        faces: mesh.faces().to_vec(),
    }
}

/// FL_UPPER_LEG in the base frame: FL_HAA at (0.1946, 0.0875, 0) about x, FL_HFE at
/// (0, 0.014, 0) about y (solo12.urdf), collision origin identity.
pub fn leg_pose(haa: f64, hfe: f64) -> Isometry3<f64> {
    Isometry3::from_parts(
        Translation3::new(0.1946, 0.0875, 0.0),
        UnitQuaternion::from_axis_angle(&Vector3::x_axis(), haa),
    ) * Isometry3::from_parts(
        Translation3::new(0.0, 0.014, 0.0),
        UnitQuaternion::from_axis_angle(&Vector3::y_axis(), hfe),
    )
}

/// A closed axis-aligned box mesh (12 triangles, outward faces).
pub fn cube(center: Vector3<f64>, half: f64) -> Mesh {
    let mut vertices = Vec::new();
    for s in 0..8 {
        let sign = |bit: usize| if s & bit == 0 { -half } else { half };
        vertices.push(Point3::from(
            center + Vector3::new(sign(1), sign(2), sign(4)),
        ));
    }
    let faces = vec![
        [0, 2, 3],
        [0, 3, 1],
        [4, 5, 7],
        [4, 7, 6],
        [0, 1, 5],
        [0, 5, 4],
        [2, 6, 7],
        [2, 7, 3],
        [0, 4, 6],
        [0, 6, 2],
        [1, 3, 7],
        [1, 7, 5],
    ];
    Mesh { vertices, faces }
}
