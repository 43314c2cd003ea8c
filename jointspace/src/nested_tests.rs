//! A closed box sliding through a closed room along x: nested, crossing the wall, then outside.
//! With solid meshes, the nested box collides however far its surface is from the room's; with
//! surfaces only, it is free at the distance between the surfaces. Values against closed forms,
//! along grids (coherent queries, warm starts) and in every measure.

use std::sync::Arc;

use morsel_geometry::{Collider, Shape};
use morsel_kinematics::{JointKind, JointSpec, LinkSpec, Model, ModelBuilder};
use nalgebra::{Isometry3, Vector3};

use crate::test_meshes::box_mesh;
use crate::{CollisionSampler, SampleOptions, SamplerSpec};

/// Half-extents of the room (a cube) and of the sliding box (a cube).
const ROOM: f64 = 1.0;
const BOX: f64 = 0.1;

fn room_and_box() -> Arc<Model> {
    let mut b = ModelBuilder::new("box_in_room");
    let mesh = |h| {
        let cube = Arc::new(box_mesh([h; 3]));
        Collider::new(Shape::mesh(cube).unwrap(), Isometry3::identity()).unwrap()
    };
    let mut room = LinkSpec::new("room");
    room.collisions.push(mesh(ROOM));
    let mut block = LinkSpec::new("block");
    block.collisions.push(mesh(BOX));
    b.add_link(room).add_link(block);
    b.add_joint(JointSpec::new(
        "slide",
        JointKind::Prismatic,
        "room",
        "block",
        Isometry3::identity(),
        Vector3::x(),
    ));
    Arc::new(b.build().unwrap())
}

fn sampler(solid: bool) -> CollisionSampler {
    let spec = SamplerSpec::new(["slide"], [[-3.0, 3.0]], [("room_0", "block_0")]);
    let spec = if solid { spec } else { spec.surfaces_only() };
    CollisionSampler::new(room_and_box(), &spec).unwrap()
}

/// Distance between the two surfaces with the box at `x`.
fn surface_distance(x: f64) -> f64 {
    let x = x.abs();
    if x + BOX < ROOM {
        ROOM - x - BOX
    } else if x - BOX <= ROOM {
        0.0
    } else {
        x - BOX - ROOM
    }
}

/// Depth of the box's deepest corner inside the room (0 when none is inside).
fn deepest_corner(x: f64) -> f64 {
    let inner = (x.abs() - BOX).abs().max(BOX);
    (ROOM - inner).max(0.0)
}

#[test]
fn a_box_nested_in_a_closed_room_collides_only_as_a_solid() {
    let n = 97;
    let (solid, surfaces) = (sampler(true), sampler(false));
    let zero = SampleOptions::distance().with_zero_in_collision();
    let runs = [
        (solid.grid(&[n], &zero).unwrap(), "solid zero"),
        (
            solid.grid(&[n], &SampleOptions::distance()).unwrap(),
            "solid depth",
        ),
        (
            solid.grid(&[n], &SampleOptions::binary()).unwrap(),
            "solid binary",
        ),
        (surfaces.grid(&[n], &zero).unwrap(), "surfaces zero"),
        (
            surfaces.grid(&[n], &SampleOptions::binary()).unwrap(),
            "surfaces binary",
        ),
    ];
    let mut nested = 0;
    for i in 0..n {
        let x = runs[0].0.rows()[[i, 0]];
        let d = surface_distance(x);
        let inside = x.abs() + BOX < ROOM;
        nested += usize::from(inside);
        let solid_zero = if inside { 0.0 } else { d };
        let solid_depth = if d > 0.0 && !inside {
            d
        } else {
            -deepest_corner(x)
        };
        let expected = [
            solid_zero,
            solid_depth,
            if solid_zero > 0.0 { 1.0 } else { 0.0 },
            d,
            if d > 0.0 { 1.0 } else { 0.0 },
        ];
        for ((map, name), want) in runs.iter().zip(expected) {
            let got = map.values()[i];
            assert!(
                (got - want).abs() < 1e-12,
                "{name} at x = {x}: {got} vs {want}"
            );
        }
    }
    assert!(nested > 20, "{nested} nested cells");
}
