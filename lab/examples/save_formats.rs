//! Plain data saved in each of the lab's formats, as a script's `save` does.
//!
//! Run with `cargo run -p morsel-lab --example save_formats`; the files go to the system's
//! temporary folder.

use std::collections::BTreeMap;

use morsel_lab::{LabError, Value, save};

fn main() -> Result<(), LabError> {
    let mut fields = BTreeMap::new();
    fields.insert("com".to_string(), Value::floats([0.0, 0.0, 0.8]));
    fields.insert("mass".to_string(), Value::Float(38.0));
    fields.insert("name".to_string(), Value::Str("solo12".to_string()));
    let stance = Value::Map(fields);
    let dir = std::env::temp_dir();
    for (name, value) in [
        ("morsel_stance.json", &stance),
        ("morsel_com.csv", &Value::floats([0.0, 0.0, 0.8])),
        ("morsel_com.npy", &Value::floats([0.0, 0.0, 0.8])),
    ] {
        let written = save::write(name, &dir.join(name), value)?;
        let bytes = std::fs::metadata(&written).map_or(0, |m| m.len());
        println!("{} ({bytes} bytes)", written.display());
    }
    Ok(())
}
