//! Meshes shared by the unit tests.

use morsel_geometry::TriangleMesh;
use nalgebra::Point3;

/// A closed box mesh centred at the origin with half-extents `h`, faces outward.
pub(crate) fn box_mesh(h: [f64; 3]) -> TriangleMesh {
    let v: Vec<Point3<f64>> = (0..8)
        .map(|i| {
            let sign = |bit: usize| if i & bit == 0 { -1.0 } else { 1.0 };
            Point3::new(sign(1) * h[0], sign(2) * h[1], sign(4) * h[2])
        })
        .collect();
    let quads = [
        [0, 2, 3, 1],
        [4, 5, 7, 6],
        [0, 1, 5, 4],
        [2, 6, 7, 3],
        [0, 4, 6, 2],
        [1, 3, 7, 5],
    ];
    let faces = quads
        .iter()
        .flat_map(|q| [[q[0], q[1], q[2]], [q[0], q[2], q[3]]])
        .collect();
    TriangleMesh::new(v, faces).expect("a box is a valid mesh")
}
