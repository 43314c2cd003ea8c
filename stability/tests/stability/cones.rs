//! Cones.

use super::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every generator of the span lies in the closed-form cone: `F S <= 1e-12`.
    #[test]
    fn span_columns_satisfy_the_closed_form_hrep(contact in contact_strategy()) {
        let product = contact.wrench_inequalities() * contact.wrench_span();
        prop_assert!(product.max() <= 1e-12, "max of F S = {}", product.max());
    }

    /// The double description of one contact's span gives the 16 closed-form faces, up to scale.
    #[test]
    fn double_description_of_one_contact_equals_the_closed_form(contact in contact_strategy()) {
        let p = contact.position();
        let set = ContactSet::new(vec![contact.clone()]).unwrap();
        let computed = set.wrench_inequalities(&p).unwrap();
        prop_assert_eq!(computed.nrows(), 16);
        let closed = contact.wrench_inequalities();
        for row in closed.row_iter() {
            let unit = row / row.norm();
            let best = computed
                .row_iter()
                .map(|c| (c - unit).norm())
                .fold(f64::INFINITY, f64::min);
            prop_assert!(best < 1e-9, "closed-form face {unit} not found (nearest at {best:e})");
        }
    }
}

#[test]
fn net_span_columns_satisfy_the_net_hrep() {
    for set in [
        two_feet(),
        feet_and_hands(),
        tilted_feet(),
        slab_feet(0.0534),
    ] {
        let point = Point3::new(0.1, -0.2, 0.7);
        let faces = set.wrench_inequalities(&point).unwrap();
        let span = set.wrench_span(&point).unwrap();
        let product = &faces * &span;
        assert!(product.max() <= 1e-12, "max of F S = {:e}", product.max());
        // Unit rows, and no two rows the same face.
        for (i, row) in faces.row_iter().enumerate() {
            assert!((row.norm() - 1.0).abs() < 1e-12);
            for other in faces.row_iter().skip(i + 1) {
                assert!((row - other).norm() > 1e-9);
            }
        }
        // Each face is a facet: tight on at least five independent generators.
        for row in faces.row_iter() {
            let tight: Vec<usize> = (0..span.ncols())
                .filter(|&j| (row * span.column(j))[0].abs() < 1e-9)
                .collect();
            let m = DMatrix::from_fn(6, tight.len(), |r, c| span[(r, tight[c])]);
            assert!(
                m.rank(1e-9) >= 5,
                "a face is tight on a rank-{} set",
                m.rank(1e-9)
            );
        }
    }
}

#[test]
fn the_net_cone_of_a_shifted_point_is_the_transported_cone() {
    // F_Q w_Q <= 0 must hold for every net wrench, taken at Q, of generators given at P.
    let set = feet_and_hands();
    let (p, q) = (Point3::new(0.0, 0.0, 0.0), Point3::new(0.3, -0.1, 0.9));
    let faces_q = set.wrench_inequalities(&q).unwrap();
    let span_p = set.wrench_span(&p).unwrap();
    let g = grasp_matrix(&p, &q);
    let g = DMatrix::from_fn(6, 6, |r, c| g[(r, c)]);
    assert!((&faces_q * g * span_p).max() <= 1e-12);
}

#[test]
fn grasp_matrix_stacks_the_contact_transports() {
    let set = feet_and_hands();
    let point = Point3::new(0.05, 0.02, 0.8);
    let g = set.grasp_matrix(&point).unwrap();
    let wrenches: Vec<Vector6<f64>> = (0..set.len())
        .map(|i| Vector6::from_fn(|r, _| (i * 6 + r) as f64 * 0.37 - 2.0))
        .collect();
    let stacked =
        nalgebra::DVector::from_iterator(24, wrenches.iter().flat_map(|w| w.iter().copied()));
    let expected: Vector6<f64> = set
        .contacts()
        .iter()
        .zip(&wrenches)
        .map(|(c, w)| transport_wrench(w, &c.position(), &point))
        .sum();
    let product = g * stacked;
    assert!((Vector6::from_column_slice(product.as_slice()) - expected).amax() < 1e-12);
    // One contact's block is its own grasp matrix.
    let c = &set.contacts()[2];
    assert_eq!(
        c.grasp_matrix(&point).unwrap(),
        grasp_matrix(&c.position(), &point)
    );
}
