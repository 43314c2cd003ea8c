//! The `morsel` command line: dispatch of the subcommands declared in [`args`].

pub mod args;

use std::ffi::OsString;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Instant, SystemTime};

use clap::{CommandFactory, Parser};

use crate::api_reference;
use crate::diagnostic::Diagnostic;
use crate::error::ShellError;
use crate::interrupt;
use crate::session::{Session, SessionOptions, read_script};
use morsel_lab::manifest::{RunRecord, RunStatus, default_read_root};
use morsel_lab::sharding::{RunMode, ScriptShards};

pub use args::{Cli, Command, ScriptOptions};

/// The exit code of a bad command line.
pub const EXIT_USAGE: i32 = 2;

/// The exit code of a run stopped by its time limit (as `timeout(1)` reports it).
pub const EXIT_TIMED_OUT: i32 = 124;

/// Parses the arguments after the program name.
pub fn parse_args(args: &[OsString]) -> Result<Cli, clap::Error> {
    Cli::try_parse_from(std::iter::once(OsString::from("morsel")).chain(args.iter().cloned()))
}

/// The folder a script file lives in (`.` for a bare file name).
fn script_dir(file: &Path) -> PathBuf {
    match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Runs `morsel` with the given arguments (without the program name); returns the exit code:
/// 0 on success, 1 when a script fails, 2 for a bad command line, 124 when a run reaches its
/// time limit, 130 when Ctrl-C stopped it.
pub fn run(args: &[OsString]) -> i32 {
    let cli = match parse_args(args) {
        Ok(c) => c,
        Err(e) => {
            // Help and version are "errors" that print to stdout and exit 0.
            let _ = e.print();
            return e.exit_code();
        }
    };
    match cli.command {
        Some(Command::Doc(doc)) => print_reference(doc.signatures),
        Some(Command::Completions(c)) => {
            let mut out = std::io::stdout().lock();
            clap_complete::generate(c.shell.generator(), &mut Cli::command(), "morsel", &mut out);
            let _ = out.flush();
            0
        }
        Some(Command::Check(check_args)) => report(check(&check_args.file)),
        Some(Command::Run(run_args)) => {
            interrupt::install();
            report(run_script(
                &run_args.file,
                &run_args.options,
                run_args.mode(),
            ))
        }
        Some(Command::Slurm(options)) => match morsel_lab::__private::slurm::submit(&options) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("morsel slurm: {e}");
                1
            }
        },
        None => {
            interrupt::install();
            if std::io::stdin().is_terminal() {
                crate::repl::run_repl()
            } else {
                report(run_stdin())
            }
        }
    }
}

/// The exit code of a finished command: 0, 1 for a failed script, 124 for one stopped by its
/// time limit, 130 for an interrupted one.
fn report(result: Result<(), Diagnostic>) -> i32 {
    match result {
        Ok(()) => 0,
        Err(d) => {
            eprintln!("{d}");
            if interrupt::timed_out() {
                EXIT_TIMED_OUT
            } else if interrupt::requested() {
                interrupt::EXIT_INTERRUPTED
            } else {
                1
            }
        }
    }
}

fn print_reference(signatures: bool) -> i32 {
    let session = match crate::session::Session::reference() {
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
        api_reference::markdown()
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
fn run_script(file: &Path, options: &ScriptOptions, mode: RunMode) -> Result<(), Diagnostic> {
    let dir = script_dir(file);
    let root = options
        .root
        .clone()
        .unwrap_or_else(|| default_read_root(&dir));
    let seed = options.seed;
    let source = read_script(file)?;
    // A merge checks every shard before anything runs, so a bad shard writes nothing.
    let shards = Arc::new(
        ScriptShards::new(mode, &options.out, &source, seed, &root)
            .map_err(|e| session_error(file, e.into()))?,
    );
    if let RunMode::Shard(_) = mode {
        return run_shard(file, &source, options, root, &shards);
    }
    let options = SessionOptions::new(&dir, &options.out)
        .seed(seed)
        .read_root(root)
        .interruptible(true)
        .timeout(options.timeout)
        .shards(shards.clone());
    let mut session = Session::new(options).map_err(|e| session_error(file, e))?;
    let started = SystemTime::now();
    let clock = Instant::now();
    // A second Ctrl-C exits inside the run: it still writes the manifest, from what the
    // sandbox recorded so far.
    let last_words = (
        file.to_path_buf(),
        source.clone(),
        session.context().clone(),
    );
    interrupt::on_forced_exit(Some(Box::new(move || {
        let (file, source, ctx) = last_words;
        let record = run_record(&file, source, seed, &ctx, (started, clock));
        let forced = RunRecord {
            status: RunStatus::Interrupted,
            error: Some(interrupt::FORCED_MESSAGE.to_string()),
            ..record
        };
        if let Err(e) = forced.write() {
            eprintln!("morsel: the run's manifest could not be written: {e}");
        }
    })));
    let result = session
        .run_source(&file.display().to_string(), &source)
        .map(|_| ());
    let status = match &result {
        Ok(()) => RunStatus::Ok,
        Err(_) if interrupt::timed_out() => RunStatus::TimedOut,
        Err(_) if interrupt::requested() => RunStatus::Interrupted,
        Err(_) => RunStatus::Failed,
    };
    let record = RunRecord {
        status,
        error: result.as_ref().err().map(ToString::to_string),
        ..run_record(file, source, seed, session.context(), (started, clock))
    };
    if let Err(e) = interrupt::without_forced_exit(|| record.write()) {
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

/// The manifest record of a run so far (status `ok`, no error: the caller sets them).
fn run_record(
    file: &Path,
    source: String,
    seed: u64,
    ctx: &crate::context::ShellContext,
    (started, clock): (SystemTime, Instant),
) -> RunRecord {
    let sandbox = &ctx.sandbox;
    RunRecord {
        script: file.to_path_buf(),
        script_source: source,
        seed,
        read_root: sandbox.read_root().to_path_buf(),
        out_dir: sandbox.write_root().to_path_buf(),
        access: sandbox.access_log(),
        started,
        wall_time: clock.elapsed(),
        status: RunStatus::Ok,
        error: None,
    }
}

/// `run --shard I/N`: the script's saves go to a scratch folder that is removed afterwards;
/// its workloads' shards and the shard manifest go to `<out>/shards/`.
fn run_shard(
    file: &Path,
    source: &str,
    options: &ScriptOptions,
    root: PathBuf,
    shards: &Arc<ScriptShards>,
) -> Result<(), Diagnostic> {
    let dir = script_dir(file);
    let fail = |e: ShellError| session_error(file, e);
    let io = |action: &'static str| {
        move |source| {
            fail(ShellError::Io {
                action,
                path: shards.dir().to_path_buf(),
                source,
            })
        }
    };
    std::fs::create_dir_all(shards.dir()).map_err(io("cannot create the shard folder"))?;
    let scratch = tempfile::Builder::new()
        .prefix("scratch-")
        .tempdir_in(shards.dir())
        .map_err(io("cannot create a scratch folder in"))?;
    let session_options = SessionOptions::new(&dir, scratch.path())
        .seed(options.seed)
        .read_root(root)
        .interruptible(true)
        .timeout(options.timeout)
        .shards(shards.clone());
    let mut session = Session::new(session_options).map_err(fail)?;
    let _ = session.run_source(&file.display().to_string(), source)?;
    let sandbox = &session.context().sandbox;
    let reads: Vec<PathBuf> = sandbox.access_log().reads.into_iter().collect();
    let manifest = shards
        .finish(&reads, sandbox.read_root())
        .map_err(|e| fail(e.into()))?;
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
