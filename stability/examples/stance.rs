//! A two-foot stance (JVRC-1-like: feet 0.3 m apart, CoM 0.8 m high) and a four-contact stance
//! (the same feet and two hands on a wall): static-equilibrium polygons by the three methods,
//! the wrench distribution, and a few ticks of the wrench distributor.
//!
//! Run with `cargo run -p morsel-stability --example stance`.

use morsel_stability::{
    Contact, ContactSet, PolygonMethod, StabilityError, Stance, WrenchDistributor,
};
use nalgebra::{Point3, Vector3};

fn main() -> Result<(), StabilityError> {
    let left_foot = Contact::from_pos_rpy([0.11, 0.05], [0.0, 0.15, 0.0], [0.0; 3], 0.7)?
        .with_link("left_foot");
    let right_foot = Contact::from_pos_rpy([0.11, 0.05], [0.0, -0.15, 0.0], [0.0; 3], 0.7)?
        .with_link("right_foot");
    let wall = [0.0, -std::f64::consts::FRAC_PI_2, 0.0]; // normal along −x
    let left_hand =
        Contact::from_pos_rpy([0.04, 0.04], [0.45, 0.3, 1.1], wall, 0.7)?.with_link("left_hand");
    let right_hand =
        Contact::from_pos_rpy([0.04, 0.04], [0.45, -0.3, 1.1], wall, 0.7)?.with_link("right_hand");

    let two_feet = ContactSet::new(vec![left_foot.clone(), right_foot.clone()])?;
    let four = ContactSet::new(vec![left_foot, right_foot, left_hand, right_hand])?;

    for (name, contacts) in [("two feet", two_feet), ("two feet and two hands", four)] {
        let stance = Stance::new(Point3::new(0.05, 0.0, 0.8), 38.0, contacts)?;
        println!("== {name}");
        for method in PolygonMethod::ALL {
            let polygon = stance.static_equilibrium_polygon(method)?;
            match polygon.polygon() {
                Some(p) => println!(
                    "{method:>5}: {} vertices, area {:.4} m², CoM margin {:.3} m",
                    p.vertices().len(),
                    p.area(),
                    stance.com_margin(&polygon).unwrap_or(f64::NAN)
                ),
                None => println!(
                    "{method:>5}: {} ({})",
                    polygon.status(),
                    polygon.reason().unwrap_or("")
                ),
            }
        }
        let distribution = stance.distribute()?;
        println!("distribution: {:?}", distribution.status);
        for w in &distribution.wrenches {
            let cop = w.cop.map_or("-".to_string(), |c| {
                format!("({:.3}, {:.3}, {:.3})", c.x, c.y, c.z)
            });
            println!(
                "  {:<11} normal force {:7.2} N, CoP {cop}",
                w.link.as_deref().unwrap_or("?"),
                w.normal_force
            );
        }
        // The distributor as a simulation process: the CoM sways sideways.
        let mut distributor = WrenchDistributor::new(stance);
        for tick in 0..5 {
            let t = 0.1 * tick as f64;
            let com = Point3::new(0.05, 0.08 * (2.0 * t).sin(), 0.8);
            let acceleration = Vector3::new(0.0, -0.32 * (2.0 * t).sin(), 0.0);
            let result = distributor.step(&com, &acceleration)?;
            let normals: Vec<String> = result
                .wrenches
                .iter()
                .map(|w| format!("{:.1}", w.normal_force))
                .collect();
            println!(
                "  tick {tick}: CoM y = {:+.3} m, normal forces [{}] N",
                com.y,
                normals.join(", ")
            );
        }
    }
    Ok(())
}
