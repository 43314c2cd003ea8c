//! `morsel slurm` on a real single-node Slurm cluster (Debian `slurm-wlm` + `munge`, started by
//! `.ci/slurm-cluster.sh`): the shards run as a job array, the merge as a dependent job, and
//! every output equals a single run's bytes, for joint-space maps and for balance maps. Needs
//! root (to start the daemons); elsewhere the tests say loudly that they did not run.

mod support;

use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use support::{
    assert_ran, assert_same_files, balance_workspace, copy_tree, morsel, output_text,
    workload_kinds, workspace_root,
};

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

fn cluster_up() -> bool {
    Command::new("sinfo")
        .args(["-h", "-o", "%t"])
        .output()
        .is_ok_and(|o| {
            let states = String::from_utf8_lossy(&o.stdout);
            o.status.success()
                && states
                    .lines()
                    .any(|s| ["idle", "mix", "alloc"].contains(&s.trim()))
        })
}

/// Whether `test` can run: as root, with the cluster up (started once by
/// `.ci/slurm-cluster.sh` when it is not); not as another user, which it says loudly.
fn cluster_for(test: &str) -> bool {
    if !is_root() {
        eprintln!(
            "\n*** SKIPPED {test}: not root, so no Slurm cluster can be started here (CI runs it \
             as root) ***\n"
        );
        return false;
    }
    static STARTED: OnceLock<()> = OnceLock::new();
    STARTED.get_or_init(|| {
        if !cluster_up() {
            let script = workspace_root().join(".ci/slurm-cluster.sh");
            let status = Command::new("bash").arg(&script).status().expect("bash");
            assert!(
                status.success(),
                "{} could not start a cluster",
                script.display()
            );
        }
    });
    assert!(cluster_up(), "the Slurm node is not up");
    true
}

/// The job id after `label` in `morsel slurm`'s output ("array job 12 ...").
fn job_id(output: &str, label: &str) -> String {
    output
        .lines()
        .find_map(|l| l.strip_prefix(label))
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no `{label}` line in:\n{output}"))
        .to_owned()
}

fn wait_for_queue(jobs: &str) {
    let start = Instant::now();
    loop {
        let out = Command::new("squeue")
            .args(["-h", "-j", jobs, "-o", "%i %T"])
            .output()
            .expect("squeue");
        if String::from_utf8_lossy(&out.stdout).trim().is_empty() {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(900),
            "jobs {jobs} still queued after 15 minutes:\n{}",
            String::from_utf8_lossy(&out.stdout)
        );
        std::thread::sleep(Duration::from_millis(500));
    }
}

fn job_completion_log() -> String {
    let config = Command::new("scontrol")
        .args(["show", "config"])
        .output()
        .expect("scontrol");
    let config = String::from_utf8_lossy(&config.stdout).into_owned();
    let location = config
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once('=')?;
            (k.trim() == "JobCompLoc").then(|| v.trim().to_owned())
        })
        .expect("JobCompLoc in the Slurm config");
    std::fs::read_to_string(&location).unwrap_or_default()
}

/// Runs `script` (a path in `dir`) with `morsel slurm` as an array of `shards` tasks and a
/// merge into `out`, waits until Slurm has run them all, and checks Slurm's job completion log
/// (every task and the merge completed) and each task's log file.
fn run_on_slurm(dir: &Path, script: &str, shards: usize, out: &str) {
    let count = shards.to_string();
    let submitted = morsel(
        dir,
        &[
            "slurm", script, "--shards", &count, "--out", out, "--time", "00:20:00",
        ],
    );
    let said = output_text(&submitted);
    assert!(submitted.status.success(), "{said}");
    let array = job_id(&said, "array job ");
    let merge = job_id(&said, "merge job ");
    assert!(said.contains("squeue -j"), "{said}");
    wait_for_queue(&format!("{array},{merge}"));

    let log = job_completion_log();
    let completed = |pred: &dyn Fn(&str) -> bool| {
        log.lines()
            .filter(|l| pred(l) && l.contains("JobState=COMPLETED"))
            .count()
    };
    let tasks = completed(&|l: &str| l.contains(&format!("ArrayJobId={array} ")));
    let merged = completed(&|l: &str| l.starts_with(&format!("JobId={merge} ")));
    assert_eq!(
        tasks, shards,
        "array tasks completed per Slurm's log:\n{log}"
    );
    assert_eq!(merged, 1, "merge job completed per Slurm's log:\n{log}");
    for i in 0..shards {
        let task_log = dir.join(format!("{out}/slurm/logs/shard_{array}_{i}.out"));
        assert!(task_log.exists(), "{} missing", task_log.display());
    }
}

#[test]
fn slurm_job_array_and_merge_write_a_single_runs_bytes() {
    if !cluster_for("slurm_job_array_and_merge_write_a_single_runs_bytes") {
        return;
    }
    let ws = tempfile::tempdir().expect("temp dir");
    let dir = ws.path();
    copy_tree(
        &workspace_root().join("assets/robots/solo12"),
        &dir.join("assets/robots/solo12"),
    );
    std::fs::create_dir_all(dir.join("scripts")).expect("scripts");
    std::fs::copy(
        workspace_root().join("scripts/solo12_leg_sweep.rhai"),
        dir.join("scripts/sweep.rhai"),
    )
    .expect("script");

    assert_ran(&morsel(
        dir,
        &["run", "scripts/sweep.rhai", "--out", "single"],
    ));
    run_on_slurm(dir, "scripts/sweep.rhai", 3, "cluster");
    assert_eq!(
        assert_same_files(&dir.join("single"), &dir.join("cluster")),
        5
    );

    // A merge with a shard deleted fails and names it.
    std::fs::remove_file(dir.join("cluster/shards/manifest-0001of0003.json")).expect("delete");
    let again = morsel(
        dir,
        &["run", "scripts/sweep.rhai", "--out", "cluster", "--merge"],
    );
    assert_eq!(again.status.code(), Some(1), "{}", output_text(&again));
    assert!(
        output_text(&again).contains("shard 1 of 3 is missing"),
        "{}",
        output_text(&again)
    );
}

#[test]
fn slurm_job_array_of_balance_maps_merges_to_a_single_runs_bytes() {
    if !cluster_for("slurm_job_array_of_balance_maps_merges_to_a_single_runs_bytes") {
        return;
    }
    let ws = balance_workspace();
    let dir = ws.path();
    assert_ran(&morsel(dir, &["run", "balance.rhai", "--out", "single"]));
    run_on_slurm(dir, "balance.rhai", 3, "cluster");
    // Each task computed its share of the five maps (balance workloads in its manifest).
    for i in 0..3 {
        let path = dir.join(format!("cluster/shards/manifest-{i:04}of0003.json"));
        assert_eq!(workload_kinds(&path), ["balance"; 5], "{}", path.display());
    }
    assert_eq!(
        assert_same_files(&dir.join("single"), &dir.join("cluster")),
        10
    );
}

#[test]
fn slurm_dry_run_prints_both_job_scripts_and_submits_nothing() {
    let ws = tempfile::tempdir().expect("temp dir");
    let dir = ws.path();
    std::fs::write(dir.join("s.rhai"), "print(1);\n").expect("script");
    let out = morsel(
        dir,
        &[
            "slurm",
            "s.rhai",
            "--shards",
            "4",
            "--out",
            "o",
            "--dry-run",
            "--mem",
            "2G",
        ],
    );
    let said = output_text(&out);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("#SBATCH --array=0-3"), "{said}");
    assert!(said.contains("#SBATCH --mem=2G"), "{said}");
    assert!(said.contains("--merge"), "{said}");
    assert!(
        said.contains(
            &dir.canonicalize()
                .expect("dir")
                .join("s.rhai")
                .display()
                .to_string()
        )
    );
    assert!(!dir.join("o").exists(), "a dry run writes nothing");
    for bad in [
        &["slurm", "s.rhai", "--shards", "0", "--out", "o"][..],
        &["slurm", "s.rhai", "--out", "o"][..],
    ] {
        assert_eq!(morsel(dir, bad).status.code(), Some(2), "{bad:?}");
    }
}

#[test]
fn slurm_without_sbatch_says_how_to_get_it() {
    let ws = tempfile::tempdir().expect("temp dir");
    let dir = ws.path();
    std::fs::write(dir.join("s.rhai"), "print(1);\n").expect("script");
    let out = Command::new(env!("CARGO_BIN_EXE_morsel"))
        .args(["slurm", "s.rhai", "--shards", "2", "--out", "o"])
        .current_dir(dir)
        .env("PATH", "/nonexistent")
        .output()
        .expect("morsel runs");
    let said = output_text(&out);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("sbatch") && said.contains("apt-get install slurm-wlm"),
        "{said}"
    );
}

#[test]
fn slurm_refuses_hostile_directive_values_even_in_a_dry_run() {
    let ws = tempfile::tempdir().expect("temp dir");
    let dir = ws.path();
    std::fs::write(dir.join("s.rhai"), "print(1);\n").expect("script");
    for (flag, value) in [
        ("--partition", "short\ntouch /tmp/morsel-pwned"),
        ("--time", "01:00:00\n#SBATCH --wrap=id"),
        ("--mem", "4G;id"),
        ("--mem", "$(id)"),
        ("--sbatch-arg", "--qos=low\ntouch /tmp/morsel-pwned"),
        ("--sbatch-arg", "--comment=`id`"),
    ] {
        let out = morsel(
            dir,
            &[
                "slurm",
                "s.rhai",
                "--shards",
                "2",
                "--out",
                "o",
                "--dry-run",
                flag,
                value,
            ],
        );
        let said = output_text(&out);
        assert_eq!(out.status.code(), Some(2), "{flag} {value:?}: {said}");
        assert!(said.contains(flag), "{said}");
        assert!(
            !said.contains("#!/bin/bash"),
            "no job script is printed: {said}"
        );
    }
    assert!(!dir.join("o").exists());
    assert!(!Path::new("/tmp/morsel-pwned").exists());
}
