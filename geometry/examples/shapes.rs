//! A tour of morsel-geometry: build shapes, load a robot mesh, and query distances.
//!
//! Run with `cargo run -p morsel-geometry --example shapes`.

use std::path::Path;
use std::sync::Arc;

use morsel_geometry::{Shape, TriangleMesh, query};
use nalgebra::{Isometry3, Vector3};

fn main() -> Result<(), morsel_geometry::GeometryError> {
    let ball = Shape::sphere(0.05)?;
    let floor = Shape::halfspace(Vector3::z())?;
    let ell = Shape::ellipsoid(Vector3::new(0.1, 0.05, 0.02))?;

    let above = Isometry3::translation(0.0, 0.0, 0.2);
    println!(
        "ball 0.2 m above the floor: distance {:.4} m",
        query::distance(&ball, &above, &floor, &Isometry3::identity())?
    );

    let sunk = Isometry3::translation(0.0, 0.0, 0.01);
    if let Some(c) = query::contact(&ell, &sunk, &floor, &Isometry3::identity())? {
        println!(
            "ellipsoid sunk into the floor: depth {:.4} m, normal {:?}",
            c.depth, c.normal
        );
    }

    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../assets/robots/solo12/meshes/stl/solo12/solo_12_base.stl");
    let base = Arc::new(TriangleMesh::load(&path, Vector3::repeat(1.0))?);
    println!(
        "Solo-12 base: {} triangles, {} vertices, area {:.4} m²",
        base.faces().len(),
        base.vertices().len(),
        base.area()
    );
    let base = Shape::mesh(base)?;
    let d = query::distance(
        &base,
        &Isometry3::identity(),
        &ball,
        &Isometry3::translation(0.0, 0.0, 0.3),
    )?;
    println!("ball 0.3 m above the base's origin: distance {d:.4} m");
    Ok(())
}
