//! Height fields that MuJoCo refuses, or that are too large, are typed errors naming the file,
//! line and element; a flat field in a body weighs what its box weighs (a closed form).

use morsel_kinematics::mjcf::{MjcfError, load_file, load_str};

/// Writes `model` (and binary `files`) into a fresh folder and loads it.
fn load_with(model: &str, files: &[(&str, &[u8])]) -> Result<morsel_kinematics::Model, MjcfError> {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, bytes) in files {
        std::fs::write(dir.path().join(name), bytes).expect("write");
    }
    std::fs::write(dir.path().join("m.xml"), model).expect("write");
    load_file(dir.path().join("m.xml"))
}

/// A model with one height field asset `field` (its attributes) and a geom using it in a body.
fn with_field(field: &str) -> String {
    format!(
        "<mujoco>\n<asset>\n<hfield name=\"h\" {field}/>\n</asset>\n<worldbody>\n<body name=\"b\">\n\
         <freejoint/>\n<geom name=\"g\" type=\"hfield\" hfield=\"h\"/>\n</body>\n</worldbody>\n</mujoco>\n"
    )
}

/// The error is at line 3 (the `<hfield>`) and its text contains `words`.
fn refused_at_the_asset(err: &MjcfError, words: &str) {
    let at = err
        .location()
        .unwrap_or_else(|| panic!("no location: {err}"));
    assert_eq!(at.line, 3, "{err}");
    assert!(at.element.starts_with("hfield"), "{err}");
    assert!(err.to_string().contains(words), "{err}");
}

#[test]
fn a_flat_field_weighs_as_its_box() {
    // size 2 x 1 (half-extents), top 0.4, base 0.2: MuJoCo's box of half-height
    // 0.4 / 4 + 0.2 / 2 = 0.2, so 4 * 2 * 0.4 m^3 at 1000 kg/m^3.
    let model = load_with(
        &with_field("nrow=\"3\" ncol=\"3\" size=\"2 1 0.4 0.2\""),
        &[],
    )
    .expect("loads");
    let mass = model.total_mass();
    assert!((mass - 3200.0).abs() < 1e-9, "{mass}");
    let g = &model.geoms()[0];
    assert_eq!(g.kind, "hfield");
    assert_eq!(g.size, [2.0, 1.0, 0.2]);
}

#[test]
fn wrong_dimensions_sizes_and_counts_are_refused() {
    let cases: &[(&str, &str)] = &[
        ("nrow=\"1\" ncol=\"4\" size=\"1 1 1 1\"", "at least 2 rows"),
        ("size=\"1 1 1 1\"", "needs a file, or nrow and ncol"),
        ("nrow=\"2\" ncol=\"2\" size=\"1 1 1\"", "4 positive numbers"),
        (
            "nrow=\"2\" ncol=\"2\" size=\"1 1 0 1\"",
            "4 positive numbers",
        ),
        (
            "nrow=\"2\" ncol=\"2\" size=\"1 1 1 NaN\"",
            "4 positive numbers",
        ),
        (
            "nrow=\"2\" ncol=\"2\" size=\"1 1 1 1\" elevation=\"1 2 3\"",
            "holds 3 values",
        ),
        (
            "nrow=\"2\" ncol=\"2\" size=\"1 1 1 1\" elevation=\"1 2 3 4 5\"",
            "holds more values",
        ),
        (
            "nrow=\"2\" ncol=\"2\" size=\"1 1 1 1\" elevation=\"1 2 inf 4\"",
            "not a finite number",
        ),
        ("nrow=\"-2\" ncol=\"2\" size=\"1 1 1 1\"", "not a count"),
        (
            "nrow=\"100000\" ncol=\"100000\" size=\"1 1 1 1\"",
            "over the limit",
        ),
    ];
    for (field, words) in cases {
        let err = load_with(&with_field(field), &[]).expect_err(field);
        refused_at_the_asset(&err, words);
    }
}

#[test]
fn bad_binary_and_png_files_are_refused() {
    let mut short = Vec::new();
    short.extend_from_slice(&2i32.to_le_bytes());
    short.extend_from_slice(&2i32.to_le_bytes());
    short.extend_from_slice(&[0; 12]);
    let mut nan = short.clone();
    nan.extend_from_slice(&f32::NAN.to_le_bytes());
    let mut huge = Vec::new();
    huge.extend_from_slice(&i32::MAX.to_le_bytes());
    huge.extend_from_slice(&i32::MAX.to_le_bytes());
    let cases: &[(&[u8], &str, &str)] = &[
        (&short, "f.bin", "has 24 bytes; the file has 20"),
        (&nan, "f.bin", "NaN or infinity"),
        (&huge, "f.bin", "over the limit"),
        (&[1, 2, 3], "f.bin", "the file is shorter"),
        (b"not a png at all", "f.png", "cannot read the PNG"),
    ];
    for (bytes, name, words) in cases {
        let field = format!("file=\"{name}\" size=\"1 1 1 1\"");
        let err = load_with(&with_field(&field), &[(name, bytes)]).expect_err(name);
        refused_at_the_asset(&err, words);
    }
}

#[test]
fn a_geom_naming_an_unknown_field_is_named() {
    let text = "<mujoco>\n<worldbody>\n<geom name=\"g\" type=\"hfield\" hfield=\"nope\"/>\n</worldbody>\n</mujoco>\n";
    let err = load_str(text, ".").expect_err("unknown height field");
    assert!(matches!(err, MjcfError::UnknownReference { .. }), "{err}");
    assert!(err.to_string().contains("nope"), "{err}");
}
