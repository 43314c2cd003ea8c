//! Bad input.

use super::*;

#[test]
fn bad_input_gives_clear_typed_errors() {
    let pose = Isometry3::identity();
    for shape in [
        [0.0, 0.1],
        [0.1, -0.05],
        [f64::NAN, 0.1],
        [0.1, f64::INFINITY],
    ] {
        let err = Contact::new(shape, pose, 0.5).unwrap_err();
        assert!(matches!(err, StabilityError::InvalidShape { .. }));
        assert!(err.to_string().contains("half-length"));
    }
    for mu in [-0.3, 0.0, f64::NAN] {
        assert!(matches!(
            Contact::new([0.1, 0.1], pose, mu),
            Err(StabilityError::InvalidFriction { .. })
        ));
    }
    assert!(matches!(
        Contact::from_pos_rpy([0.1, 0.1], [0.0, f64::NAN, 0.0], [0.0; 3], 0.5),
        Err(StabilityError::NonFinite { .. })
    ));
    assert!(matches!(
        Contact::from_pos_quaternion([0.1, 0.1], [0.0; 3], [f64::NAN, 0.0, 0.0, 1.0], 0.5),
        Err(StabilityError::NonFinite { .. })
    ));
    let err = ContactSet::new(vec![]).unwrap_err();
    assert_eq!(err, StabilityError::EmptyContactSet);
    assert!(err.to_string().contains("at least one contact"));

    let set = two_feet();
    let nan_wrench = Vector6::new(0.0, 0.0, f64::NAN, 0.0, 0.0, 0.0);
    let err = set
        .find_supporting_wrenches(
            &nan_wrench,
            &Point3::origin(),
            &DistributionWeights::default(),
        )
        .unwrap_err();
    assert!(matches!(
        err,
        StabilityError::NonFinite {
            what: "target wrench",
            ..
        }
    ));
    let err = set
        .find_supporting_wrenches(
            &Vector6::zeros(),
            &Point3::new(f64::NAN, 0.0, 0.0),
            &DistributionWeights::default(),
        )
        .unwrap_err();
    assert!(matches!(err, StabilityError::NonFinite { .. }));
    let bad_weights = DistributionWeights {
        friction: -1.0,
        ..Default::default()
    };
    assert!(matches!(
        set.find_supporting_wrenches(&Vector6::zeros(), &Point3::origin(), &bad_weights),
        Err(StabilityError::InvalidWeight {
            name: "friction",
            ..
        })
    ));
    assert!(matches!(
        Stance::new(Point3::origin(), -1.0, set.clone()),
        Err(StabilityError::InvalidMass { .. })
    ));
    assert!(matches!(
        Stance::new(Point3::new(0.0, f64::NAN, 0.0), 1.0, set.clone()),
        Err(StabilityError::NonFinite { .. })
    ));
    let stance = Stance::new(Point3::origin(), 1.0, set).unwrap();
    assert!(matches!(
        stance.clone().with_gravity(0.0),
        Err(StabilityError::InvalidGravity { .. })
    ));
    let mut distributor = WrenchDistributor::new(stance);
    assert!(
        distributor
            .step(&Point3::new(f64::NAN, 0.0, 0.0), &Vector3::zeros())
            .is_err()
    );
    assert!(matches!(
        "qhull".parse::<PolygonMethod>(),
        Err(StabilityError::UnknownPolygonMethod { .. })
    ));
    assert_eq!(
        " Bretl".parse::<PolygonMethod>().unwrap(),
        PolygonMethod::Bretl
    );
}
