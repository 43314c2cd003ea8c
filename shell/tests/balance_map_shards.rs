//! `balance_map` as a sharded workload: `morsel run --shard I/N` then `--merge` writes the bytes
//! of a single run, for CoM grids (several chunks), CoM lists and configuration lists.

mod support;

use support::{
    assert_ran, assert_same_files, balance_workspace, morsel, saved_files, workload_kinds,
};

#[test]
fn three_merged_shards_of_balance_maps_write_the_bytes_of_a_single_run() {
    let ws = balance_workspace();
    let dir = ws.path();
    assert_ran(&morsel(dir, &["run", "balance.rhai", "--out", "single"]));
    let n = 3;
    for i in 0..n {
        assert_ran(&morsel(
            dir,
            &[
                "run",
                "balance.rhai",
                "--out",
                "sharded",
                "--shard",
                &format!("{i}/{n}"),
            ],
        ));
    }
    assert!(
        saved_files(&dir.join("sharded")).is_empty(),
        "shards save no output"
    );
    assert_eq!(
        workload_kinds(&dir.join("sharded/shards/manifest-0001of0003.json")),
        ["balance"; 5]
    );
    assert_ran(&morsel(
        dir,
        &["run", "balance.rhai", "--out", "sharded", "--merge"],
    ));
    assert_eq!(
        assert_same_files(&dir.join("single"), &dir.join("sharded")),
        10
    );
    // The robust grid spans several chunks and has both signs; the far CoM cannot be held.
    let robust: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("single/robust.json")).expect("robust.json"),
    )
    .expect("JSON");
    let values: Vec<f64> = robust["values"]
        .as_array()
        .expect("values")
        .iter()
        .filter_map(serde_json::Value::as_f64)
        .collect();
    assert_eq!(values.len(), 31 * 27);
    assert!(values.iter().any(|&v| v > 0.0) && values.iter().any(|&v| v < 0.0));
    let coms: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("single/coms.json")).expect("coms.json"),
    )
    .expect("JSON");
    let c = coms["values"].as_array().expect("values");
    assert!(c[0].as_f64().is_some_and(|v| v > 0.0), "{coms}");
    assert!(c[2].as_f64().is_some_and(|v| v < 0.0), "{coms}");
}
