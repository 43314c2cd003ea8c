//! `morsel slurm`: a script's shards as a Slurm job array, and a merge job that runs after it.
//!
//! Two batch scripts are written under `<out>/slurm/`: `array.sbatch` (one array task per shard,
//! or several shards per task when the shard count exceeds the cluster's `MaxArraySize`), each
//! running `morsel run SCRIPT --shard $i/N`, and `merge.sbatch`, running `morsel run SCRIPT
//! --merge`. Both are submitted with `sbatch --parsable`, the merge with
//! `--dependency=afterok:<array job>`. Paths in the scripts are absolute (binary, working
//! folder, script, read root, output), so any node of a shared file system can run them.
//!
//! Values of `--partition`, `--time`, `--mem` and `--sbatch-arg` become `#SBATCH` lines; a
//! value that could end that line or be read by a shell (control characters such as a
//! newline, quotes, `$`, `` ` ``, `;`, `|`, `&`, `<`, `>`, `\`, parentheses) is refused when
//! the options are parsed, and again before any script is written ([`check_directives`]).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::error::LabError;
use crate::manifest::default_read_root;

/// The largest array a cluster takes when `scontrol` cannot be asked (Slurm's default).
const DEFAULT_MAX_ARRAY_SIZE: usize = 1001;

/// What `morsel slurm` was asked to do.
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
pub struct SlurmOptions {
    /// The script to shard.
    #[arg(value_name = "FILE.rhai")]
    pub script: PathBuf,
    /// Number of shards (array tasks; several shards per task past the cluster's MaxArraySize).
    #[arg(long, value_name = "N", value_parser = parse_shard_count)]
    pub shards: u64,
    /// The output folder, on a file system every node sees: shards, merged outputs, job
    /// scripts and logs.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// The run's seed.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// The folder the script may read under (as for `morsel run`).
    #[arg(long, value_name = "DIR")]
    pub root: Option<PathBuf>,
    /// The partition to run in (`#SBATCH --partition`).
    #[arg(long, value_name = "P", value_parser = directive_value)]
    pub partition: Option<String>,
    /// The time limit of each job (`#SBATCH --time`, e.g. 01:00:00).
    #[arg(long, value_name = "T", value_parser = directive_value)]
    pub time: Option<String>,
    /// CPUs of each task (`#SBATCH --cpus-per-task`).
    #[arg(long, value_name = "C")]
    pub cpus_per_task: Option<u32>,
    /// Memory of each job (`#SBATCH --mem`, e.g. 4G).
    #[arg(long, value_name = "M", value_parser = directive_value)]
    pub mem: Option<String>,
    /// A further `#SBATCH` argument, as given (repeatable), e.g. --sbatch-arg=--qos=low.
    #[arg(
        long = "sbatch-arg",
        value_name = "ARG",
        allow_hyphen_values = true,
        value_parser = sbatch_arg_value
    )]
    pub sbatch_args: Vec<String>,
    /// Print both job scripts and submit nothing.
    #[arg(long)]
    pub dry_run: bool,
}

/// Parses `--shards N` (a whole number, at least 1).
fn parse_shard_count(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("the shard count must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{text}` is not a whole number of shards")),
    }
}

/// A value of `--partition`, `--time` or `--mem`: one word of letters, digits and
/// `._:,+-=@%`.
fn directive_value(text: &str) -> Result<String, String> {
    let plain = |c: char| c.is_ascii_alphanumeric() || "._:,+-=@%".contains(c);
    if text.is_empty() {
        return Err("the value is empty".into());
    }
    match text.chars().find(|c| !plain(*c)) {
        None => Ok(text.to_owned()),
        Some(c) => Err(format!(
            "{c:?} is not allowed here: the value becomes an #SBATCH line, so only letters, digits and ._:,+-=@% are accepted"
        )),
    }
}

/// A value of `--sbatch-arg`: an option (starting with `-`) with no control characters and
/// nothing a shell would read (quotes, `$`, `` ` ``, `;`, `|`, `&`, `<`, `>`, `\`, parentheses).
fn sbatch_arg_value(text: &str) -> Result<String, String> {
    if !text.starts_with('-') {
        return Err(format!(
            "`{}` is not an sbatch option: give one such as --qos=low",
            text.escape_debug()
        ));
    }
    let refused = |c: char| c.is_control() || "'\"$`;|&<>\\()".contains(c);
    match text.chars().find(|c| refused(*c)) {
        None => Ok(text.to_owned()),
        Some(c) => Err(format!(
            "{c:?} is not allowed here: the value becomes an #SBATCH line, so control characters, quotes and $`;|&<>\\() are refused"
        )),
    }
}

/// Checks every value that becomes an `#SBATCH` line (as the command-line parser does), so
/// that options built in code cannot inject lines either; the error names the option.
pub fn check_directives(options: &SlurmOptions) -> Result<(), LabError> {
    let refuse = |option: &str, value: &str, why: String| LabError::Shard {
        message: format!(
            "invalid value `{}` for {option}: {why}",
            value.escape_debug()
        ),
    };
    for (option, value) in [
        ("--partition", &options.partition),
        ("--time", &options.time),
        ("--mem", &options.mem),
    ] {
        if let Some(v) = value {
            directive_value(v).map_err(|why| refuse(option, v, why))?;
        }
    }
    for a in &options.sbatch_args {
        sbatch_arg_value(a).map_err(|why| refuse("--sbatch-arg", a, why))?;
    }
    Ok(())
}

/// The two job scripts of a sharded run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobScripts {
    /// The array job: one task per shard (or per group of shards).
    pub array: String,
    /// The merge job.
    pub merge: String,
    /// Number of array tasks.
    pub tasks: usize,
    /// Where the logs go.
    pub log_dir: PathBuf,
}

/// Absolute paths the job scripts use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobPaths {
    /// The `morsel` binary.
    pub binary: PathBuf,
    /// The working folder of the jobs (the current folder at submission).
    pub workdir: PathBuf,
    /// The script.
    pub script: PathBuf,
    /// The read root.
    pub root: PathBuf,
    /// The output folder.
    pub out: PathBuf,
}

impl JobPaths {
    /// The absolute paths for `options`, from the current folder and this binary.
    pub fn resolve(options: &SlurmOptions) -> Result<JobPaths, LabError> {
        let io = LabError::io;
        let binary = std::env::current_exe()
            .and_then(std::fs::canonicalize)
            .map_err(io(
                "cannot find the running morsel binary",
                Path::new("morsel"),
            ))?;
        let workdir = std::env::current_dir().map_err(io("cannot read", Path::new(".")))?;
        let script = std::fs::canonicalize(&options.script)
            .map_err(io("cannot open the script", &options.script))?;
        let script_dir = script.parent().unwrap_or(Path::new("/")).to_path_buf();
        let root = match &options.root {
            Some(r) => std::fs::canonicalize(r).map_err(io("cannot open the read root", r))?,
            None => default_read_root(&script_dir),
        };
        let out = std::path::absolute(&options.out).map_err(io("cannot resolve", &options.out))?;
        Ok(JobPaths {
            binary,
            workdir,
            script,
            root,
            out,
        })
    }
}

/// A word for a POSIX shell: single-quoted unless it is plain.
fn quote(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+=:,@%".contains(c));
    if plain {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

fn quote_path(path: &Path) -> String {
    quote(&path.to_string_lossy())
}

/// The `#SBATCH` lines shared by both jobs.
fn common_directives(options: &SlurmOptions) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(p) = &options.partition {
        lines.push(format!("#SBATCH --partition={p}"));
    }
    if let Some(t) = &options.time {
        lines.push(format!("#SBATCH --time={t}"));
    }
    if let Some(c) = options.cpus_per_task {
        lines.push(format!("#SBATCH --cpus-per-task={c}"));
    }
    if let Some(m) = &options.mem {
        lines.push(format!("#SBATCH --mem={m}"));
    }
    for a in &options.sbatch_args {
        lines.push(format!("#SBATCH {a}"));
    }
    lines
}

/// The job scripts for `options` at `paths`, for a cluster whose arrays hold at most
/// `max_array_size` tasks.
pub fn job_scripts(options: &SlurmOptions, paths: &JobPaths, max_array_size: usize) -> JobScripts {
    let n = usize::try_from(options.shards).unwrap_or(usize::MAX);
    let tasks = n.min(max_array_size.max(1));
    let name = paths
        .script
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "script".into());
    let log_dir = paths.out.join("slurm").join("logs");
    let run = |extra: &str| {
        format!(
            "{} run {} --out {} --seed {} --root {} {extra}",
            quote_path(&paths.binary),
            quote_path(&paths.script),
            quote_path(&paths.out),
            options.seed,
            quote_path(&paths.root),
        )
    };
    let common = common_directives(options).join("\n");
    let array = format!(
        "#!/bin/bash\n\
         #SBATCH --job-name={job}\n\
         #SBATCH --array=0-{last}\n\
         #SBATCH --output={logs}/shard_%A_%a.out\n\
         {common}\n\
         # {n} shards over {tasks} array tasks: task t runs shards t, t+{tasks}, ... below {n}.\n\
         set -euo pipefail\n\
         cd {workdir}\n\
         for ((shard = SLURM_ARRAY_TASK_ID; shard < {n}; shard += {tasks})); do\n\
         \x20   {cmd}\n\
         done\n",
        job = quote(&format!("morsel-{name}")),
        last = tasks - 1,
        logs = quote_path(&log_dir),
        workdir = quote_path(&paths.workdir),
        cmd = run(&format!("--shard \"$shard/{n}\"")),
    );
    let merge = format!(
        "#!/bin/bash\n\
         #SBATCH --job-name={job}\n\
         #SBATCH --output={logs}/merge_%j.out\n\
         {common}\n\
         set -euo pipefail\n\
         cd {workdir}\n\
         {cmd}\n",
        job = quote(&format!("morsel-{name}-merge")),
        logs = quote_path(&log_dir),
        workdir = quote_path(&paths.workdir),
        cmd = run("--merge"),
    );
    let tidy = |s: String| s.replace("\n\n", "\n");
    JobScripts {
        array: tidy(array),
        merge: tidy(merge),
        tasks,
        log_dir,
    }
}

/// The cluster's `MaxArraySize` from `scontrol show config`, or Slurm's default.
fn max_array_size() -> usize {
    let Ok(out) = Command::new("scontrol").args(["show", "config"]).output() else {
        return DEFAULT_MAX_ARRAY_SIZE;
    };
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|line| {
            let (key, value) = line.split_once('=')?;
            (key.trim() == "MaxArraySize").then(|| value.trim().parse().ok())?
        })
        .unwrap_or(DEFAULT_MAX_ARRAY_SIZE)
}

fn sbatch(args: &[&str]) -> Result<String, LabError> {
    let output = Command::new("sbatch")
        .args(args)
        .output()
        .map_err(|e| LabError::Shard {
            message: format!(
                "cannot run sbatch ({e}): `morsel slurm` submits jobs through Slurm. Run it on a \
                 cluster's login node, install Slurm (Debian/Ubuntu: apt-get install slurm-wlm), \
                 or add --dry-run to print the job scripts without submitting them"
            ),
        })?;
    if !output.status.success() {
        return Err(LabError::Shard {
            message: format!(
                "sbatch {} failed: {}",
                args.join(" "),
                String::from_utf8_lossy(&output.stderr).trim()
            ),
        });
    }
    // `--parsable` prints `jobid` or `jobid;cluster`.
    let text = String::from_utf8_lossy(&output.stdout);
    let id = text.trim().split(';').next().unwrap_or("").to_owned();
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_digit()) {
        return Err(LabError::Shard {
            message: format!("sbatch printed no job id (got \"{}\")", text.trim()),
        });
    }
    Ok(id)
}

/// Writes the job scripts under `<out>/slurm/` and submits them (or prints them with
/// `--dry-run`).
pub fn submit(options: &SlurmOptions) -> Result<(), LabError> {
    check_directives(options)?;
    let paths = JobPaths::resolve(options)?;
    let max = if options.dry_run {
        DEFAULT_MAX_ARRAY_SIZE
    } else {
        max_array_size()
    };
    let jobs = job_scripts(options, &paths, max);
    if options.dry_run {
        println!(
            "# {}/slurm/array.sbatch\n{}",
            paths.out.display(),
            jobs.array
        );
        println!(
            "# {}/slurm/merge.sbatch\n{}",
            paths.out.display(),
            jobs.merge
        );
        println!("(dry run: nothing written or submitted)");
        return Ok(());
    }
    let slurm_dir = paths.out.join("slurm");
    let write = |name: &str, text: &str| -> Result<PathBuf, LabError> {
        let path = slurm_dir.join(name);
        std::fs::write(&path, text).map_err(LabError::io("cannot write", &path))?;
        Ok(path)
    };
    std::fs::create_dir_all(&jobs.log_dir).map_err(LabError::io("cannot create", &jobs.log_dir))?;
    let array_path = write("array.sbatch", &jobs.array)?;
    let merge_path = write("merge.sbatch", &jobs.merge)?;
    let array_id = sbatch(&["--parsable", &array_path.to_string_lossy()])?;
    let dependency = format!("--dependency=afterok:{array_id}");
    let merge_id = sbatch(&["--parsable", &dependency, &merge_path.to_string_lossy()])?;
    println!(
        "array job {array_id} ({} shards in {} tasks)",
        options.shards, jobs.tasks
    );
    println!("merge job {merge_id} (runs after every array task succeeds)");
    println!("follow:   squeue -j {array_id},{merge_id}");
    println!("logs:     {}/", jobs.log_dir.display());
    println!(
        "outputs:  {}/ (when the merge job has finished)",
        paths.out.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(list: &[&str]) -> SlurmOptions {
        use clap::Parser;
        #[derive(clap::Parser)]
        struct Wrap {
            #[command(flatten)]
            o: SlurmOptions,
        }
        Wrap::try_parse_from(std::iter::once("slurm").chain(list.iter().copied()))
            .expect("parses")
            .o
    }

    fn paths() -> JobPaths {
        JobPaths {
            binary: "/opt/morsel/bin/morsel".into(),
            workdir: "/home/me/work dir".into(),
            script: "/home/me/leg.rhai".into(),
            root: "/home/me".into(),
            out: "/scratch/leg".into(),
        }
    }

    #[test]
    fn repeated_sbatch_arguments_are_kept_in_order() {
        let o = options(&[
            "leg.rhai",
            "--shards",
            "6",
            "--out=res",
            "--partition",
            "short",
            "--sbatch-arg",
            "--qos=low",
            "--sbatch-arg=--account=x",
            "--dry-run",
        ]);
        assert_eq!(o.shards, 6);
        assert_eq!(o.partition.as_deref(), Some("short"));
        assert_eq!(o.sbatch_args, ["--qos=low", "--account=x"]);
        assert!(o.dry_run);
    }

    #[test]
    fn job_scripts_are_absolute_and_pack_shards_past_the_array_limit() {
        let mut o = options(&["leg.rhai", "--shards", "5", "--out", "o"]);
        o.time = Some("01:00:00".into());
        o.mem = Some("4G".into());
        let jobs = job_scripts(&o, &paths(), 1001);
        assert_eq!(jobs.tasks, 5);
        assert!(
            jobs.array.contains("#SBATCH --array=0-4\n"),
            "{}",
            jobs.array
        );
        assert!(jobs.array.contains("#SBATCH --time=01:00:00\n"));
        assert!(jobs.array.contains("#SBATCH --mem=4G\n"));
        assert!(jobs.array.contains("cd '/home/me/work dir'\n"));
        assert!(jobs.array.contains(
            "/opt/morsel/bin/morsel run /home/me/leg.rhai --out /scratch/leg --seed 0 --root /home/me --shard \"$shard/5\""
        ));
        assert!(jobs.merge.contains("--merge\n"));
        assert!(
            jobs.merge
                .contains("#SBATCH --output=/scratch/leg/slurm/logs/merge_%j.out")
        );
        // 5 shards on a cluster that takes arrays of 2: 2 tasks, shards 0,2,4 and 1,3.
        let packed = job_scripts(&o, &paths(), 2);
        assert_eq!(packed.tasks, 2);
        assert!(packed.array.contains("#SBATCH --array=0-1\n"));
        assert!(packed.array.contains("shard < 5; shard += 2"));
    }

    #[test]
    fn hostile_directive_values_are_refused_when_parsed_and_when_built() {
        let base = ["leg.rhai", "--shards", "2", "--out", "o"];
        for (flag, value) in [
            ("--partition", "short\nrm -rf ~"),
            ("--partition", "a;b"),
            ("--time", "1:00\r\n#SBATCH --wrap=x"),
            ("--time", "$(id)"),
            ("--mem", "4G `id`"),
            ("--mem", "4G\u{0}"),
            ("--sbatch-arg", "--qos=low\necho pwned"),
            ("--sbatch-arg", "--comment=$(id)"),
            ("--sbatch-arg", "--x='a'"),
            ("--sbatch-arg", "echo"),
        ] {
            use clap::Parser;
            #[derive(clap::Parser, Debug)]
            struct Wrap {
                #[command(flatten)]
                o: SlurmOptions,
            }
            let args = base.iter().copied().chain([flag, value]);
            let err = Wrap::try_parse_from(std::iter::once("slurm").chain(args))
                .expect_err(value)
                .to_string();
            assert!(err.contains(flag), "{flag} {value:?}: {err}");
            // Built in code, the same values are refused before anything is written.
            let mut o = options(&base);
            match flag {
                "--partition" => o.partition = Some(value.into()),
                "--time" => o.time = Some(value.into()),
                "--mem" => o.mem = Some(value.into()),
                _ => o.sbatch_args = vec![value.into()],
            }
            let err = check_directives(&o).expect_err(value).to_string();
            assert!(err.contains(flag), "{err}");
            let err = submit(&o).expect_err(value).to_string();
            assert!(err.contains(flag), "{err}");
        }
        let o = options(&[
            "leg.rhai",
            "--shards",
            "2",
            "--out",
            "o",
            "--partition",
            "gpu,short",
            "--time",
            "1-00:00:00",
            "--mem",
            "4G",
            "--sbatch-arg",
            "--qos=low",
        ]);
        check_directives(&o).expect("ordinary values pass");
    }

    #[test]
    fn quoting_keeps_words_whole() {
        assert_eq!(quote("/a/b.rhai"), "/a/b.rhai");
        assert_eq!(quote("a b"), "'a b'");
        assert_eq!(quote("it's"), r"'it'\''s'");
        assert_eq!(quote(""), "''");
    }
}
