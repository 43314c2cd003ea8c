//! `morsel run --shard I/N` and `--merge` as processes: merged outputs equal a single run's
//! bytes for any shard count, and bad shards are named before anything is written.

mod support;

use std::path::Path;

use support::{assert_ran, assert_same_files, morsel, saved_files, solo12_workspace};

const SCRIPT: &str = r#"
let solo = urdf("robots/solo12/solo12.urdf");
let leg = collision_sampler(solo, #{
    joints: ["FL_HAA", "FL_HFE", "FL_KFE"],
    ranges: [-PI(), PI()],
    pairs: [["base_link", "FL_UPPER_LEG"], ["base_link", "FL_LOWER_LEG"]],
});
let grid = leg.grid([9, 8, 3], #{ distance: true });
let random = leg.random(150, #{ distance: false });
let boundary = leg.boundary(30, #{ precision: 1e-6, periodic: true });
let js = grid.to_jointspace(boundary);
save("grid.npy", grid);
save("grid.csv", grid);
save("random.npy", random);
save("boundary.npy", boundary);
save("boundary.json", boundary);
save("js.npy", js);
save("summary.json", #{ collisions: grid.collisions, n: random.len() });
"#;

fn workspace() -> tempfile::TempDir {
    solo12_workspace("leg.rhai", SCRIPT)
}

fn run_shards(dir: &Path, out: &str, n: usize) {
    for i in (0..n).rev() {
        assert_ran(&morsel(
            dir,
            &[
                "run",
                "leg.rhai",
                "--out",
                out,
                "--seed",
                "4",
                "--shard",
                &format!("{i}/{n}"),
            ],
        ));
    }
}

#[test]
fn merged_shards_write_the_bytes_of_a_single_run_for_any_shard_count() {
    let ws = workspace();
    let dir = ws.path();
    assert_ran(&morsel(
        dir,
        &["run", "leg.rhai", "--out", "single", "--seed", "4"],
    ));
    let single = saved_files(&dir.join("single"));
    assert_eq!(single.len(), 7, "{single:?}");
    for n in [1, 2, 5] {
        let out = format!("sharded{n}");
        run_shards(dir, &out, n);
        // Shards save nothing of the script's own outputs.
        assert!(saved_files(&dir.join(&out)).is_empty());
        let shard_dir = dir.join(&out).join("shards");
        let manifest: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(shard_dir.join(format!("manifest-0000of{n:04}.json")))
                .expect("shard manifest"),
        )
        .expect("JSON");
        assert_eq!(manifest["seed"], 4);
        assert_eq!(manifest["workloads"].as_array().map(Vec::len), Some(3));
        assert!(
            manifest["inputs"].as_array().is_some_and(|i| !i.is_empty()),
            "inputs' hashes are recorded: {manifest}"
        );
        assert_ran(&morsel(
            dir,
            &["run", "leg.rhai", "--out", &out, "--seed", "4", "--merge"],
        ));
        assert_eq!(
            assert_same_files(&dir.join("single"), &dir.join(&out)),
            single.len(),
            "{n} shards"
        );
    }
}

fn merge_error(dir: &Path, out: &str, seed: &str) -> String {
    let result = morsel(
        dir,
        &["run", "leg.rhai", "--out", out, "--seed", seed, "--merge"],
    );
    assert_eq!(result.status.code(), Some(1), "a bad merge fails");
    assert!(
        saved_files(&dir.join(out)).is_empty(),
        "a failed merge writes no output"
    );
    String::from_utf8_lossy(&result.stderr).into_owned()
}

#[test]
fn bad_shards_are_named_and_nothing_is_written() {
    let ws = workspace();
    let dir = ws.path();
    run_shards(dir, "o", 3);
    let shards = dir.join("o/shards");

    let err = merge_error(dir, "o", "5");
    assert!(
        err.contains("--seed 4") && err.contains("--seed 5"),
        "{err}"
    );

    let file = std::fs::read_dir(&shards)
        .expect("shards")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.to_string_lossy().contains("w001-random-0001of0003"))
        .expect("a workload file");
    let original = std::fs::read(&file).expect("read");
    std::fs::write(&file, &original[..original.len() / 2]).expect("truncate");
    let err = merge_error(dir, "o", "4");
    assert!(
        err.contains("corrupt shard file") && err.contains("w001-random-0001of0003"),
        "{err}"
    );
    std::fs::write(&file, &original).expect("restore");

    std::fs::remove_file(shards.join("manifest-0002of0003.json")).expect("delete");
    let err = merge_error(dir, "o", "4");
    assert!(err.contains("shard 2 of 3 is missing"), "{err}");

    assert_ran(&morsel(
        dir,
        &[
            "run", "leg.rhai", "--out", "o", "--seed", "4", "--shard", "2/3",
        ],
    ));
    std::fs::write(dir.join("leg.rhai"), format!("{SCRIPT}\nprint(1);\n")).expect("edit");
    let err = merge_error(dir, "o", "4");
    assert!(err.contains("another script"), "{err}");
}

#[test]
fn shard_arguments_and_scripts_without_workloads() {
    let ws = workspace();
    let dir = ws.path();
    for bad in ["3/2", "a/b", "1"] {
        let out = morsel(dir, &["run", "leg.rhai", "--shard", bad]);
        assert_eq!(out.status.code(), Some(2), "--shard {bad} is a usage error");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--shard"));
    }
    std::fs::write(dir.join("plain.rhai"), "save(\"x.json\", #{ a: 1 });\n").expect("script");
    let out = morsel(dir, &["run", "plain.rhai", "--out", "p", "--shard", "0/2"]);
    assert_ran(&out);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("no sharded workload"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = morsel(dir, &["run", "plain.rhai", "--out", "p", "--merge"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "a merge without all shards fails"
    );
    assert_ran(&morsel(
        dir,
        &["run", "plain.rhai", "--out", "p", "--shard", "1/2"],
    ));
    let out = morsel(dir, &["run", "plain.rhai", "--out", "p", "--merge"]);
    assert_ran(&out);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no sharded workload"));
    assert!(dir.join("p/x.json").exists());
}
