//! `balance_map` as a sharded workload: `morsel run --shard I/N` then `--merge` writes the bytes
//! of a single run, for CoM grids (several chunks), CoM lists and configuration lists.

mod support;

use support::{assert_ran, morsel, saved_files, solo12_workspace};

const SCRIPT: &str = r#"
let solo = urdf("robots/solo12/solo12.urdf");
for leg in ["FL", "FR", "HL", "HR"] {
    let front = leg.starts_with("F");
    solo.set_rotation(`${leg}_HFE`, if front { 0.8 } else { -0.8 });
    solo.set_rotation(`${leg}_KFE`, if front { -1.6 } else { 1.6 });
}
let feet = ["FL_FOOT", "FR_FOOT", "HL_FOOT", "HR_FOOT"];
let sole = mesh("robots/solo12/meshes/stl/with_foot/solo_foot.stl").to_map().bounds[0][2];
solo.place(pose([0, 0, -solo.frame_pose("FL_FOOT").position[2] - sole]));
let paws = feet.map(|f| contact(#{ shape: [0.01, 0.01], pos: [0, 0, sole], friction: 0.8,
                                   link: f, orientation: "world" }));
let st = stance(solo, #{ contacts: paws });
let weak = #{};
for leg in ["FL", "FR", "HL", "HR"] { weak[`${leg}_KFE`] = 0.6; }
let robust = st.balance_map(#{ kind: "robust", x: [-0.3, 0.3, 31], y: [-0.25, 0.25, 27] });
let flat = balance_map(st, #{ kind: "static", x: [-0.3, 0.3, 25], y: [-0.25, 0.25, 25],
                              z: [0.1, 0.3, 2] });
let torque = balance_map(st, #{ kind: "torque", x: [-0.3, 0.3, 9], y: [-0.2, 0.2, 9],
                                torque_limits: weak });
let coms = balance_map(st, #{ kind: "robust", coms: [[0.0, 0.0, 0.2], [0.1, 0.05, 0.25],
                                                     [0.5, 0.0, 0.2]] });
let qs = [];
for i in 0..7 {
    let a = -0.3 + 0.1 * i;
    qs.push([a, 0.8, -1.6, a, 0.8, -1.6, -a, -0.8, 1.6, -a, -0.8, 1.6]);
}
let configs = balance_map(st, #{ kind: "torque", configurations: qs, torque_limits: weak });
save("robust.npy", robust);
save("robust.json", robust);
save("static.csv", flat);
save("torque.json", torque);
save("coms.json", coms);
save("configs.json", configs);
save("configs.npy", configs);
plot_map("robust.svg", robust);
plot_map("configs.svg", configs);
save("summary.json", #{ n: robust.len(), kind: robust.kind, values: configs.values });
"#;

fn workspace() -> tempfile::TempDir {
    solo12_workspace("balance.rhai", SCRIPT)
}

#[test]
fn three_merged_shards_of_balance_maps_write_the_bytes_of_a_single_run() {
    let ws = workspace();
    let dir = ws.path();
    assert_ran(&morsel(dir, &["run", "balance.rhai", "--out", "single"]));
    let single = saved_files(&dir.join("single"));
    assert_eq!(single.len(), 10, "{single:?}");
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
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("sharded/shards/manifest-0001of0003.json"))
            .expect("manifest"),
    )
    .expect("JSON");
    let kinds: Vec<&str> = manifest["workloads"]
        .as_array()
        .expect("workloads")
        .iter()
        .filter_map(|w| w["kind"].as_str())
        .collect();
    assert_eq!(kinds, ["balance"; 5]);
    assert_ran(&morsel(
        dir,
        &["run", "balance.rhai", "--out", "sharded", "--merge"],
    ));
    let merged = saved_files(&dir.join("sharded"));
    assert_eq!(merged.len(), single.len());
    for (a, b) in single.iter().zip(&merged) {
        assert_eq!(a.file_name(), b.file_name());
        assert!(
            std::fs::read(a).expect("single") == std::fs::read(b).expect("merged"),
            "{} differs from a single run's",
            b.display()
        );
    }
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
