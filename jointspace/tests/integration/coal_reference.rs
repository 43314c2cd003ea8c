//! Morsel against coal, the peer it replaces: on every mesh pair the Solo-12 notebook samples
//! (each leg's upper and lower leg against the body over rows of the shoulder grid, and the
//! lower leg against the upper leg over the knee sweep), run in grid order with warm starts as
//! a grid run keeps them, the answers equal coal's. The reference file was written by coal
//! itself, through Pinocchio (`tests/coal_reference/make_reference.py`).
//!
//! coal treats meshes as surfaces, so the collision model here does too
//! (`set_solid_meshes(false)`); with solids (the default) a leg lying wholly inside the body
//! collides, where coal reports it apart (20 cells of grid row 148, front legs, up to 8.5 mm
//! from the body's surface, differ then; a shift of 1e-5 rad in the shoulder angle makes 375
//! cells differ).

use std::f64::consts::PI;

use morsel_jointspace::{
    CollisionData, CollisionModel, DistanceOptions, InCollision, PairSelector, compute_distance,
    update_pair_placements,
};

use crate::common::solo;

/// Grid side of the shoulder grid and length of the knee sweep.
const N: usize = 200;
/// Largest difference allowed on free cells (the figure).
const TOLERANCE: f64 = 1e-6;

/// One row of the reference: coal's answer on one cell of one pair.
struct Cell {
    cell: usize,
    collides: bool,
    distance: Option<f64>,
}

/// The reference, grouped by pair in file order (each group in grid order).
fn reference() -> Vec<((String, String), Vec<Cell>)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/coal_reference/solo12_coal.csv"
    );
    let mut reader = csv::Reader::from_path(path).expect("reference file");
    let mut groups: Vec<((String, String), Vec<Cell>)> = Vec::new();
    for record in reader.records() {
        let r = record.expect("reference row");
        let pair = (r[0].to_owned(), r[1].to_owned());
        let cell = Cell {
            cell: r[2].parse().expect("cell"),
            collides: &r[3] == "1",
            distance: (!r[4].is_empty()).then(|| r[4].parse().expect("distance")),
        };
        match groups.last_mut() {
            Some((p, cells)) if *p == pair => cells.push(cell),
            _ => groups.push((pair, vec![cell])),
        }
    }
    groups
}

#[test]
fn every_notebook_pair_answers_as_coal_does() {
    let model = solo();
    let value = |i: usize| -PI + i as f64 * (2.0 * PI) / N as f64;
    let options = DistanceOptions {
        in_collision: InCollision::Zero,
        cap: None,
    };
    let groups = reference();
    assert_eq!(groups.len(), 12, "4 legs x 3 pairs");
    let mut failures = Vec::new();
    let (mut compared, mut collisions) = (0, 0);
    for ((first, second), cells) in &groups {
        let mut collision = CollisionModel::from_model(&model).unwrap();
        collision.set_solid_meshes(false);
        collision
            .add_pairs(&PairSelector::new(first.as_str(), second.as_str()))
            .unwrap();
        let mut data = CollisionData::new(&model, &collision);
        // The second object is always a leg's (`FL_LOWER_LEG_0`, ...).
        let leg = &second[..2];
        let knee = first != "base_link_0";
        for c in cells {
            let mut q = model.neutral_configuration();
            let joints: Vec<(String, f64)> = if knee {
                vec![(format!("{leg}_KFE"), value(c.cell))]
            } else {
                vec![
                    (format!("{leg}_HAA"), value(c.cell % N)),
                    (format!("{leg}_HFE"), value(c.cell / N)),
                ]
            };
            for (joint, x) in &joints {
                model
                    .set_joint_position(q.as_mut_slice(), joint, *x)
                    .unwrap();
            }
            update_pair_placements(&model, &collision, &mut data, q.as_slice(), 0).unwrap();
            let morsel = compute_distance(&collision, &mut data, 0, &options).unwrap();
            compared += 1;
            collisions += usize::from(c.collides);
            let agrees = match (c.collides, c.distance) {
                (true, _) => morsel == 0.0,
                (false, Some(coal)) => morsel > 0.0 && (morsel - coal).abs() <= TOLERANCE,
                (false, None) => false,
            };
            if !agrees {
                failures.push(format!(
                    "{first} vs {second}, cell {}: coal {}, morsel {morsel}",
                    c.cell,
                    c.distance
                        .map_or("in collision".to_owned(), |d| d.to_string())
                ));
            }
        }
    }
    assert_eq!(compared, 8800);
    // Both sides of the question are exercised: many contacts (the knee sweep's 800 and the
    // shoulder grids') and many free cells.
    assert!(
        collisions > 1000 && collisions < compared - 4000,
        "{collisions}"
    );
    assert!(
        failures.is_empty(),
        "{} of {compared} cells differ from coal, first ones:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}
