//! The Solo-12 joint-space notebook, end to end: the shoulder case in 2D (distance grid,
//! boundary, joint-space distance and Jacobian) and the leg case in 3D (binary grid), with
//! plots and timings.
//!
//! Run with `cargo run --release -p morsel-jointspace --example solo12_notebook [OUT_DIR]`
//! (default `target/solo12_notebook`). Pass `--small` for a quick reduced run.

use std::f64::consts::PI;
use std::path::PathBuf;
use std::time::Instant;

use morsel_jointspace::{
    BoundaryOptions, CollisionSampler, Quantity, SampleOptions, SamplerSpec, jointspace_field, plot,
};
use morsel_kinematics::urdf::{RootJoint, UrdfOptions, load_file};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let small = args.iter().any(|a| a == "--small");
    let out = args.iter().find(|a| !a.starts_with("--")).map_or_else(
        || {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../target/solo12_notebook"
            ))
        },
        PathBuf::from,
    );
    std::fs::create_dir_all(&out)?;
    let (n2, n3, nb) = if small {
        (40, [20, 20, 3], 200)
    } else {
        (200, [100, 100, 9], 2000)
    };

    // The notebook's loadSolo model has a free-flyer first: FL_HAA, FL_HFE, FL_KFE are q[7..10].
    let urdf = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../assets/robots/solo12/solo12.urdf"
    );
    let solo = load_file(
        urdf,
        &UrdfOptions {
            root_joint: RootJoint::Floating,
            ..UrdfOptions::default()
        },
    )?;
    let solo = std::sync::Arc::new(solo);

    // Shoulder, 2D: q_ind = [7, 8], pair base_link_0 / FL_UPPER_LEG_0.
    let spec = SamplerSpec::new(
        [7usize, 8],
        [[-PI, PI]; 2],
        [("base_link_0", "FL_UPPER_LEG_0")],
    );
    let shoulder = CollisionSampler::new(solo.clone(), &spec)?;
    let t = Instant::now();
    let grid = shoulder.grid(
        &[n2, n2],
        &SampleOptions::distance().with_zero_in_collision(),
    )?;
    println!(
        "2D distance grid {n2}x{n2} (0 in collision): {:.3} s",
        t.elapsed().as_secs_f64()
    );
    println!(
        "  first row {:?} (the notebook: [-pi, -pi, 0])",
        grid.rows().row(0).to_vec()
    );
    let colliding = (0..grid.len()).filter(|&i| grid.in_collision(i)).count();
    println!(
        "  {colliding} of {} configurations in collision",
        grid.len()
    );
    plot::map_svg(out.join("shoulder_distance.svg"), &grid)?;
    plot::heat_map_png(out.join("shoulder_distance.png"), &grid, 2)?;

    let t = Instant::now();
    let depth = shoulder.grid(&[n2 / 2, n2 / 2], &SampleOptions::distance())?;
    println!(
        "2D distance grid {0}x{0} with penetration depth: {1:.3} s",
        n2 / 2,
        t.elapsed().as_secs_f64()
    );
    plot::map_svg(out.join("shoulder_signed_distance.svg"), &depth)?;

    let t = Instant::now();
    let boundary = shoulder.boundary(&BoundaryOptions::new(nb, 1e-9, 1).with_periodic(true))?;
    println!(
        "boundary of {nb} points (precision 1e-9, periodic): {:.3} s",
        t.elapsed().as_secs_f64()
    );
    plot::boundary_svg(out.join("shoulder_boundary.svg"), &boundary)?;

    let t = Instant::now();
    let field = jointspace_field(&grid, &boundary)?;
    println!(
        "joint-space distance + Jacobian of the 2D grid: {:.4} s",
        t.elapsed().as_secs_f64()
    );
    plot::map_svg(out.join("shoulder_jointspace.svg"), &field.distance)?;
    plot::heat_map_png(out.join("shoulder_jointspace.png"), &field.distance, 2)?;
    for (a, name) in ["dq1", "dq2"].iter().enumerate() {
        let column: Vec<f64> = field.jacobian.column(2 + a).to_vec();
        let component = grid.with_values(&column, Quantity::Other(format!("Jacobian {name}")))?;
        plot::map_svg(
            out.join(format!("shoulder_jacobian_{name}.svg")),
            &component,
        )?;
    }

    // Leg, 3D: q_ind = [7, 8, 9], both pairs, binary.
    let spec = SamplerSpec::new(
        ["FL_HAA", "FL_HFE", "FL_KFE"],
        [[-PI, PI]; 3],
        [
            ("base_link_0", "FL_UPPER_LEG_0"),
            ("base_link_0", "FL_LOWER_LEG_0"),
        ],
    );
    let leg = CollisionSampler::new(solo, &spec)?;
    let t = Instant::now();
    let grid3 = leg.grid(&n3, &SampleOptions::binary())?;
    println!("3D binary grid {n3:?}: {:.3} s", t.elapsed().as_secs_f64());
    plot::map_svg(out.join("leg_binary_slices.svg"), &grid3)?;
    println!("plots written to {}", out.display());
    Ok(())
}
