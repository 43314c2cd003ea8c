//! Tests of sharded runs: shard arguments, and the checks a merge makes before it runs.

use super::*;

const SCRIPT: &str = "print(1);";

/// Writes shard manifests (no workloads) for `inputs` per shard into `<out>/shards`.
fn write_manifests(out: &Path, count: usize, shards: &[(usize, Vec<InputRecord>)]) {
    for (index, inputs) in shards {
        let m = ShardManifest {
            format: FORMAT.to_owned(),
            morsel_version: "test".into(),
            script_sha256: sha256_hex(SCRIPT.as_bytes()),
            seed: 0,
            shard: Shard {
                index: *index,
                count,
            },
            inputs: inputs.clone(),
            workloads: Vec::new(),
        };
        let path = out
            .join(SHARD_FOLDER)
            .join(format!("manifest-{}.json", shard_tag(m.shard)));
        write_file(&path, serde_json::to_string(&m).expect("json").as_bytes()).expect("write");
    }
}

fn input(path: &str, bytes: &[u8]) -> InputRecord {
    InputRecord {
        path: path.into(),
        sha256: Some(sha256_hex(bytes)),
    }
}

fn merge(out: &Path, root: &Path) -> Result<ScriptShards, LabError> {
    ScriptShards::new(RunMode::Merge, out, SCRIPT, 0, root)
}

#[test]
fn a_huge_shard_count_is_refused_before_any_allocation() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("out");
    for count in [1_000_000_000_000_000usize, 100_000_000] {
        let _ = std::fs::remove_dir_all(&out);
        write_manifests(&out, count, &[(0, Vec::new())]);
        let clock = std::time::Instant::now();
        let err = merge(&out, dir.path()).expect_err("refused").to_string();
        assert!(
            err.contains(&format!("shard 1 of {count} is missing")),
            "{err}"
        );
        assert!(clock.elapsed() < std::time::Duration::from_secs(1));
    }
}

#[test]
fn shards_with_different_or_changed_inputs_are_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path().join("root");
    std::fs::create_dir_all(&root).expect("mkdir");
    std::fs::write(root.join("robot.urdf"), b"new").expect("write");
    let out = dir.path().join("out");
    // Shard 0 read the old file, shard 1 the new one.
    write_manifests(
        &out,
        2,
        &[
            (0, vec![input("robot.urdf", b"old")]),
            (1, vec![input("robot.urdf", b"new")]),
        ],
    );
    let err = merge(&out, &root).expect_err("refused").to_string();
    assert!(
        err.contains("read different inputs") && err.contains("robot.urdf"),
        "{err}"
    );
    // Both shards read the old file, which has changed since.
    let _ = std::fs::remove_dir_all(&out);
    let old = vec![input("robot.urdf", b"old")];
    write_manifests(&out, 2, &[(0, old.clone()), (1, old)]);
    let err = merge(&out, &root).expect_err("refused").to_string();
    assert!(
        err.contains("input `robot.urdf` changed since the shards ran"),
        "{err}"
    );
    // Unchanged inputs merge; an input path leading outside the root is refused.
    let _ = std::fs::remove_dir_all(&out);
    let new = vec![input("robot.urdf", b"new")];
    write_manifests(&out, 2, &[(0, new.clone()), (1, new)]);
    merge(&out, &root).expect("same inputs");
    let _ = std::fs::remove_dir_all(&out);
    let passwd = std::fs::read("/etc/passwd").unwrap_or_default();
    let outside = vec![input("../../../../../../etc/passwd", &passwd)];
    write_manifests(&out, 2, &[(0, outside.clone()), (1, outside)]);
    let err = merge(&out, &root).expect_err("refused").to_string();
    assert!(err.contains("cannot be read"), "{err}");
}

#[test]
fn shard_arguments_are_checked() {
    assert_eq!(
        RunMode::parse_shard("1/3"),
        Ok(RunMode::Shard(Shard { index: 1, count: 3 }))
    );
    for bad in ["3/2", "2/2", "a/b", "1", "-1/2", "0/0", "1/2/3", ""] {
        let err = RunMode::parse_shard(bad).unwrap_err();
        assert!(err.contains("--shard"), "{bad}: {err}");
    }
}
