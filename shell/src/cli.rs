//! The `morsel` command line: argument parsing and dispatch.

use std::ffi::OsString;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Instant, SystemTime};

use crate::api_reference;
use crate::diagnostic::Diagnostic;
use crate::error::ShellError;
use crate::interrupt;
use crate::manifest::{RunRecord, RunStatus};
use crate::session::{Session, SessionOptions, read_script};
use crate::sharding::{RunMode, ScriptShards};
use crate::slurm::SlurmOptions;

/// The usage text.
pub const USAGE: &str = "\
usage:
  morsel                      open the REPL (or run the script piped into stdin)
  morsel run FILE.rhai [--out DIR] [--seed N] [--root DIR] [--shard I/N | --merge]
                              run a script; files are written under DIR (default out/);
                              --shard I/N computes shard I of its sampling workloads into
                              DIR/shards/, --merge writes what a single run writes from them
  morsel slurm FILE.rhai --shards N --out DIR [--partition P] [--time T]
               [--cpus-per-task C] [--mem M] [--sbatch-arg ARG]... [--seed N] [--dry-run]
                              run the shards as a Slurm job array and merge them in a
                              dependent job
  morsel check FILE.rhai      compile a script without running it
  morsel doc [--signatures]   print the script API reference (Markdown), or its sorted signatures
  morsel help                 show this text

Scripts read files relative to their own folder, and may not leave the read root: the
current folder when the script lies inside it, else the script's folder (--root DIR sets it).
Every run writes DIR/manifest.json (version, script and input hashes, seed, outputs, date,
status). Ctrl-C stops a run and keeps what was saved and recorded (exit code 130).";

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Open the REPL, or run stdin when it is not a terminal.
    Interactive,
    /// Run a script.
    Run {
        /// The script.
        file: PathBuf,
        /// The output folder.
        out: PathBuf,
        /// The seed.
        seed: u64,
        /// The read root, when given.
        root: Option<PathBuf>,
        /// Whole, one shard (`--shard I/N`) or merged from shards (`--merge`).
        mode: RunMode,
    },
    /// Run a script's shards as a Slurm job array, then merge them.
    Slurm(SlurmOptions),
    /// Compile a script.
    Check {
        /// The script.
        file: PathBuf,
    },
    /// Print the script API reference.
    Doc {
        /// Only the sorted signatures, one a line.
        signatures: bool,
    },
    /// Print the usage.
    Help,
}

/// Parses the arguments after the program name.
pub fn parse_args(args: &[OsString]) -> Result<Command, ShellError> {
    let usage = |msg: String| ShellError::Usage(msg);
    let mut args = args.iter();
    let Some(sub) = args.next() else {
        return Ok(Command::Interactive);
    };
    let sub = sub.to_string_lossy();
    match sub.as_ref() {
        "help" | "--help" | "-h" => Ok(Command::Help),
        "doc" => {
            let mut signatures = false;
            for arg in args {
                match arg.to_string_lossy().as_ref() {
                    "--signatures" => signatures = true,
                    "--markdown" => signatures = false,
                    other => {
                        return Err(usage(format!("unknown option `{other}` for `morsel doc`")));
                    }
                }
            }
            Ok(Command::Doc { signatures })
        }
        "run" | "check" => {
            let mut file = None;
            let mut out = PathBuf::from("out");
            let mut seed = 0u64;
            let mut root = None;
            let mut mode = RunMode::Single;
            while let Some(arg) = args.next() {
                let text = arg.to_string_lossy();
                let (flag, inline) = match text.split_once('=') {
                    Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(OsString::from(v))),
                    _ => (text.to_string(), None),
                };
                let mut value = |name: &str| {
                    inline
                        .clone()
                        .or_else(|| args.next().cloned())
                        .ok_or_else(|| usage(format!("{name} needs a value")))
                };
                match flag.as_str() {
                    "--out" if sub == "run" => out = PathBuf::from(value("--out")?),
                    "--root" if sub == "run" => root = Some(PathBuf::from(value("--root")?)),
                    "--shard" if sub == "run" && mode == RunMode::Single => {
                        let v = value("--shard")?;
                        mode = RunMode::parse_shard(&v.to_string_lossy()).map_err(usage)?;
                    }
                    "--merge" if sub == "run" && mode == RunMode::Single => mode = RunMode::Merge,
                    "--shard" | "--merge" if sub == "run" => {
                        return Err(usage("give either --shard I/N or --merge, once".into()));
                    }
                    "--seed" if sub == "run" => {
                        let v = value("--seed")?;
                        let v = v.to_string_lossy();
                        seed = v.parse().map_err(|_| {
                            usage(format!("--seed takes a non-negative integer, got `{v}`"))
                        })?;
                    }
                    f if f.starts_with('-') && f.len() > 1 => {
                        return Err(usage(format!("unknown option `{f}` for `morsel {sub}`")));
                    }
                    _ if file.is_none() => file = Some(PathBuf::from(arg)),
                    _ => return Err(usage(format!("unexpected argument `{text}`"))),
                }
            }
            let file = file.ok_or_else(|| usage(format!("`morsel {sub}` needs a script file")))?;
            Ok(if sub == "run" {
                Command::Run {
                    file,
                    out,
                    seed,
                    root,
                    mode,
                }
            } else {
                Command::Check { file }
            })
        }
        "slurm" => {
            let rest: Vec<OsString> = args.cloned().collect();
            SlurmOptions::parse(&rest)
                .map(Command::Slurm)
                .map_err(usage)
        }
        other => Err(usage(format!("unknown command `{other}`"))),
    }
}

/// The folder a script's reads are confined to by default: the current folder when the script
/// lies inside it, else the script's own folder.
pub fn default_read_root(script_dir: &Path) -> PathBuf {
    let cwd = std::env::current_dir()
        .ok()
        .and_then(|d| d.canonicalize().ok());
    let dir = script_dir
        .canonicalize()
        .unwrap_or_else(|_| script_dir.to_path_buf());
    match cwd {
        Some(cwd) if dir.starts_with(&cwd) => cwd,
        _ => dir,
    }
}

/// The folder a script file lives in (`.` for a bare file name).
fn script_dir(file: &Path) -> PathBuf {
    match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Runs `morsel` with the given arguments (without the program name); returns the exit code:
/// 0 on success, 1 when a script fails, 2 for a bad command line.
pub fn run(args: &[OsString]) -> i32 {
    let command = match parse_args(args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("morsel: {e}");
            return 2;
        }
    };
    match command {
        Command::Help => {
            println!("{USAGE}");
            0
        }
        Command::Doc { signatures } => print_reference(signatures),
        Command::Check { file } => report(check(&file)),
        Command::Run {
            file,
            out,
            seed,
            root,
            mode,
        } => {
            interrupt::install();
            report(run_script(&file, &out, seed, root, mode))
        }
        Command::Slurm(options) => match crate::slurm::submit(&options) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("morsel slurm: {e}");
                1
            }
        },
        Command::Interactive => {
            interrupt::install();
            if std::io::stdin().is_terminal() {
                crate::repl::run_repl()
            } else {
                report(run_stdin())
            }
        }
    }
}

/// The exit code of a finished command: 0, 1 for a failed script, 130 for an interrupted one.
fn report(result: Result<(), Diagnostic>) -> i32 {
    match result {
        Ok(()) => 0,
        Err(d) => {
            eprintln!("{d}");
            if interrupt::requested() {
                interrupt::EXIT_INTERRUPTED
            } else {
                1
            }
        }
    }
}

fn print_reference(signatures: bool) -> i32 {
    let session = match api_reference::reference_session() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("morsel: {e}");
            return 1;
        }
    };
    let text = if signatures {
        let mut lines = api_reference::signatures(session.engine()).join("\n");
        lines.push('\n');
        lines
    } else {
        api_reference::markdown(session.engine())
    };
    let mut out = std::io::stdout().lock();
    // A closed pipe (`morsel doc | head`) is not an error.
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    0
}

fn session_error(file: &Path, e: ShellError) -> Diagnostic {
    Diagnostic::without_position(&file.display().to_string(), e.to_string())
}

fn check(file: &Path) -> Result<(), Diagnostic> {
    let source = read_script(file)?;
    let dir = script_dir(file);
    let session = Session::new(SessionOptions::new(&dir, "out").read_root(default_read_root(&dir)))
        .map_err(|e| session_error(file, e))?;
    session.check_source(&file.display().to_string(), &source)?;
    println!("{}: ok", file.display());
    Ok(())
}

/// Runs a script file and writes `<out>/manifest.json`, whatever the outcome.
fn run_script(
    file: &Path,
    out: &Path,
    seed: u64,
    root: Option<PathBuf>,
    mode: RunMode,
) -> Result<(), Diagnostic> {
    let dir = script_dir(file);
    let root = root.unwrap_or_else(|| default_read_root(&dir));
    let source = read_script(file)?;
    // A merge checks every shard before anything runs, so a bad shard writes nothing.
    let shards =
        Arc::new(ScriptShards::new(mode, out, &source, seed).map_err(|e| session_error(file, e))?);
    if let RunMode::Shard(_) = mode {
        return run_shard(file, &source, seed, root, &shards);
    }
    let options = SessionOptions::new(&dir, out)
        .seed(seed)
        .read_root(root)
        .interruptible(true)
        .shards(shards.clone());
    let mut session = Session::new(options).map_err(|e| session_error(file, e))?;
    let started = SystemTime::now();
    let clock = Instant::now();
    let result = session
        .run_source(&file.display().to_string(), &source)
        .map(|_| ());
    let status = match &result {
        Ok(()) => RunStatus::Ok,
        Err(_) if interrupt::requested() => RunStatus::Interrupted,
        Err(_) => RunStatus::Failed,
    };
    let sandbox = &session.context().sandbox;
    let record = RunRecord {
        script: file.to_path_buf(),
        script_source: source,
        seed,
        read_root: sandbox.read_root().to_path_buf(),
        out_dir: sandbox.write_root().to_path_buf(),
        access: sandbox.access_log(),
        started,
        wall_time: clock.elapsed(),
        status,
        error: result.as_ref().err().map(ToString::to_string),
    };
    if let Err(e) = record.write() {
        let manifest = Diagnostic::without_position(
            &file.display().to_string(),
            format!("the run's manifest could not be written: {e}"),
        );
        // A script error says more than a manifest error: report the first.
        return result.and(Err(manifest));
    }
    if mode == RunMode::Merge && result.is_ok() && shards.workload_count() == 0 {
        eprintln!(
            "morsel: {} has no sharded workload (grid, random, boundary): the merge ran it whole",
            file.display()
        );
    }
    result
}

/// `run --shard I/N`: the script's saves go to a scratch folder that is removed afterwards;
/// its workloads' shards and the shard manifest go to `<out>/shards/`.
fn run_shard(
    file: &Path,
    source: &str,
    seed: u64,
    root: PathBuf,
    shards: &Arc<ScriptShards>,
) -> Result<(), Diagnostic> {
    let dir = script_dir(file);
    let fail = |e: ShellError| session_error(file, e);
    std::fs::create_dir_all(shards.dir()).map_err(|source| {
        fail(ShellError::Io {
            action: "cannot create the shard folder",
            path: shards.dir().to_path_buf(),
            source,
        })
    })?;
    let scratch = tempfile::Builder::new()
        .prefix("scratch-")
        .tempdir_in(shards.dir())
        .map_err(|source| {
            fail(ShellError::Io {
                action: "cannot create a scratch folder in",
                path: shards.dir().to_path_buf(),
                source,
            })
        })?;
    let options = SessionOptions::new(&dir, scratch.path())
        .seed(seed)
        .read_root(root)
        .interruptible(true)
        .shards(shards.clone());
    let mut session = Session::new(options).map_err(fail)?;
    let _ = session.run_source(&file.display().to_string(), source)?;
    let sandbox = &session.context().sandbox;
    let reads: Vec<PathBuf> = sandbox.access_log().reads.into_iter().collect();
    let manifest = shards.finish(&reads, sandbox.read_root()).map_err(fail)?;
    if shards.workload_count() == 0 {
        eprintln!(
            "morsel: {} has no sharded workload (grid, random, boundary): this shard ran it whole and saved nothing",
            file.display()
        );
    }
    if let Some(path) = manifest {
        eprintln!("morsel: wrote {}", path.display());
    }
    Ok(())
}

fn run_stdin() -> Result<(), Diagnostic> {
    let mut source = String::new();
    std::io::stdin()
        .read_to_string(&mut source)
        .map_err(|e| Diagnostic::without_position("<stdin>", format!("cannot read stdin: {e}")))?;
    let options = SessionOptions::new(".", "out").interruptible(true);
    let mut session = Session::new(options).map_err(|e| session_error(Path::new("<stdin>"), e))?;
    session.run_source("<stdin>", &source).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    #[test]
    fn parses_run_with_options_in_any_order() {
        let c = parse_args(&args(&["run", "--seed", "7", "a.rhai", "--out=res"])).expect("ok");
        assert_eq!(
            c,
            Command::Run {
                file: "a.rhai".into(),
                out: "res".into(),
                seed: 7,
                root: None,
                mode: RunMode::Single,
            }
        );
        let c = parse_args(&args(&["run", "a.rhai"])).expect("ok");
        assert!(matches!(c, Command::Run { seed: 0, ref out, .. } if out == Path::new("out")));
        assert_eq!(parse_args(&args(&[])).expect("ok"), Command::Interactive);
        assert_eq!(
            parse_args(&args(&["doc"])).expect("ok"),
            Command::Doc { signatures: false }
        );
        assert_eq!(
            parse_args(&args(&["doc", "--signatures"])).expect("ok"),
            Command::Doc { signatures: true }
        );
        assert_eq!(
            parse_args(&args(&["check", "x.rhai"])).expect("ok"),
            Command::Check {
                file: "x.rhai".into()
            }
        );
    }

    #[test]
    fn bad_command_lines_say_what_is_wrong() {
        for (list, needle) in [
            (&["run"][..], "needs a script file"),
            (&["run", "a.rhai", "--seed"][..], "--seed needs a value"),
            (
                &["run", "a.rhai", "--seed", "-3"][..],
                "non-negative integer",
            ),
            (
                &["run", "a.rhai", "--speed", "3"][..],
                "unknown option `--speed`",
            ),
            (
                &["check", "a.rhai", "--seed", "3"][..],
                "unknown option `--seed`",
            ),
            (
                &["run", "a.rhai", "b.rhai"][..],
                "unexpected argument `b.rhai`",
            ),
            (&["fly"][..], "unknown command `fly`"),
            (&["doc", "--html"][..], "unknown option `--html`"),
        ] {
            let err = parse_args(&args(list)).unwrap_err().to_string();
            assert!(err.contains(needle), "{list:?}: {err}");
            assert!(err.contains("usage:"), "{err}");
        }
    }
}
