//! `morsel slurm` on a real single-node Slurm cluster (Debian `slurm-wlm` + `munge`, started by
//! `.ci/slurm-cluster.sh`): the shards run as a job array, the merge as a dependent job, and
//! every output equals a single run's bytes. Needs root (to start the daemons); elsewhere the
//! test says loudly that it did not run.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use std::time::{Duration, Instant};
use support::{copy_tree, morsel, saved_files};

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("repository root")
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

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
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

#[test]
fn slurm_job_array_and_merge_write_a_single_runs_bytes() {
    if !is_root() {
        eprintln!(
            "\n*** SKIPPED slurm_job_array_and_merge_write_a_single_runs_bytes: not root, so no \
             Slurm cluster can be started here (CI runs it as root) ***\n"
        );
        return;
    }
    if !cluster_up() {
        let script = repo().join(".ci/slurm-cluster.sh");
        let status = Command::new("bash").arg(&script).status().expect("bash");
        assert!(
            status.success(),
            "{} could not start a cluster",
            script.display()
        );
    }
    assert!(cluster_up(), "the Slurm node is not up");

    let ws = tempfile::tempdir().expect("temp dir");
    let dir = ws.path();
    copy_tree(
        &repo().join("assets/robots/solo12"),
        &dir.join("assets/robots/solo12"),
    );
    std::fs::create_dir_all(dir.join("scripts")).expect("scripts");
    std::fs::copy(
        repo().join("scripts/solo12_leg_sweep.rhai"),
        dir.join("scripts/sweep.rhai"),
    )
    .expect("script");

    let single = morsel(dir, &["run", "scripts/sweep.rhai", "--out", "single"]);
    assert!(single.status.success(), "{}", text(&single));

    let submitted = morsel(
        dir,
        &[
            "slurm",
            "scripts/sweep.rhai",
            "--shards",
            "3",
            "--out",
            "cluster",
            "--time",
            "00:20:00",
        ],
    );
    let said = text(&submitted);
    assert!(submitted.status.success(), "{said}");
    let array = job_id(&said, "array job ");
    let merge = job_id(&said, "merge job ");
    assert!(said.contains("squeue -j"), "{said}");
    wait_for_queue(&format!("{array},{merge}"));

    // Slurm's job completion log shows three array tasks and the merge, all completed.
    let log = job_completion_log();
    let completed = |pred: &dyn Fn(&str) -> bool| {
        log.lines()
            .filter(|l| pred(l) && l.contains("JobState=COMPLETED"))
            .count()
    };
    let tasks = completed(&|l: &str| l.contains(&format!("ArrayJobId={array} ")));
    let merged = completed(&|l: &str| l.starts_with(&format!("JobId={merge} ")));
    assert_eq!(tasks, 3, "array tasks completed per Slurm's log:\n{log}");
    assert_eq!(merged, 1, "merge job completed per Slurm's log:\n{log}");
    for i in 0..3 {
        let task_log = dir.join(format!("cluster/slurm/logs/shard_{array}_{i}.out"));
        assert!(task_log.exists(), "{} missing", task_log.display());
    }

    let expected = saved_files(&dir.join("single"));
    let got = saved_files(&dir.join("cluster"));
    assert_eq!(expected.len(), 5, "{expected:?}");
    assert_eq!(
        expected.iter().map(|p| p.file_name()).collect::<Vec<_>>(),
        got.iter().map(|p| p.file_name()).collect::<Vec<_>>()
    );
    for (a, b) in expected.iter().zip(&got) {
        assert!(
            std::fs::read(a).expect("single") == std::fs::read(b).expect("cluster"),
            "{} differs from the single run's",
            b.display()
        );
    }

    // A merge with a shard deleted fails and names it.
    std::fs::remove_file(dir.join("cluster/shards/manifest-0001of0003.json")).expect("delete");
    let again = morsel(
        dir,
        &["run", "scripts/sweep.rhai", "--out", "cluster", "--merge"],
    );
    assert_eq!(again.status.code(), Some(1), "{}", text(&again));
    assert!(
        text(&again).contains("shard 1 of 3 is missing"),
        "{}",
        text(&again)
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
    let said = text(&out);
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
    let said = text(&out);
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
        let said = text(&out);
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
