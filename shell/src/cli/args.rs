//! The command line's grammar, declared with `clap`: subcommands, their flags, help texts.
//!
//! Each subcommand has its own argument struct, and the flags every script run shares (output
//! folder, seed, read root, time limit) are one [`ScriptOptions`] flattened into it, so a new
//! subcommand or a new `run` flag is one field or one variant here plus its branch in
//! [`super::run`].

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

use morsel_lab::__private::slurm::SlurmOptions;
use morsel_lab::sharding::RunMode;

/// `morsel --version`: the crate version, and the git commit when built from a checkout
/// (`0.1.0 (commit 1a2b3c4d5e6f)`; see `shell/build.rs`).
pub const VERSION: &str = env!("MORSEL_VERSION");

const AFTER_HELP: &str = "\
With no command, `morsel` opens the REPL, or runs the script piped into its standard input.

Scripts read files relative to their own folder and may not leave the read root: the current
folder when the script lies inside it, else the script's folder (`run --root DIR` sets it).
Every run writes DIR/manifest.json (version, script and input hashes, seed, outputs, date,
status).

Exit codes: 0 success, 1 the script failed, 2 bad command line, 124 time limit reached
(`run --timeout`), 130 interrupted by Ctrl-C. A stopped run keeps what it saved.";

/// The `morsel` command line.
#[derive(Debug, Parser)]
#[command(
    name = "morsel",
    version = VERSION,
    about = "Morsel: robot geometry, kinematics and joint-space analysis, scripted in Rhai",
    after_help = AFTER_HELP,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// What to do; none opens the REPL (or runs stdin when it is not a terminal).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Clone, PartialEq, Eq, Subcommand)]
pub enum Command {
    /// Run a script; files it saves go under the output folder, with a manifest.
    Run(RunArgs),
    /// Compile a script without running it.
    Check(CheckArgs),
    /// Print the script API reference (Markdown), or its sorted signatures.
    Doc(DocArgs),
    /// Run a script's shards as a Slurm job array, then merge them in a dependent job.
    Slurm(SlurmOptions),
    /// Print a shell completion script (e.g. `morsel completions bash > ~/.local/share/bash-completion/completions/morsel`).
    Completions(CompletionsArgs),
}

/// `morsel run`.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub struct RunArgs {
    /// The script to run.
    #[arg(value_name = "FILE.rhai")]
    pub file: PathBuf,
    /// How the script runs: output, seed, read root, time limit.
    #[command(flatten)]
    pub options: ScriptOptions,
    /// Compute only shard I of N (0 <= I < N) of the script's sampling workloads (grids,
    /// random maps, boundary searches) into DIR/shards/; the script's own saves are discarded.
    #[arg(long, value_name = "I/N", value_parser = parse_shard, conflicts_with = "merge")]
    pub shard: Option<RunMode>,
    /// Take every sampling workload from the shards under DIR/shards/ (all checked first) and
    /// write exactly what a single run writes.
    #[arg(long)]
    pub merge: bool,
}

impl RunArgs {
    /// Whole, one shard, or merged from shards.
    pub fn mode(&self) -> RunMode {
        match (self.shard, self.merge) {
            (Some(mode), _) => mode,
            (None, true) => RunMode::Merge,
            (None, false) => RunMode::Single,
        }
    }
}

/// Parses `--shard I/N`.
fn parse_shard(text: &str) -> Result<RunMode, String> {
    RunMode::parse_shard(text)
}

/// The options of a script run, shared by the commands that run scripts.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub struct ScriptOptions {
    /// The folder the script's files and the manifest are written to.
    #[arg(long, value_name = "DIR", default_value = "out")]
    pub out: PathBuf,
    /// The run's seed, seen by scripts as `seed()` and `SEED`.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// The folder the script may read under (default: the current folder when the script lies
    /// inside it, else the script's folder).
    #[arg(long, value_name = "DIR")]
    pub root: Option<PathBuf>,
    /// Stop the script after this many seconds (decimals allowed): what it saved is kept, the
    /// manifest says `timed_out`, the exit code is 124.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
}

/// `morsel check`.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub struct CheckArgs {
    /// The script to compile.
    #[arg(value_name = "FILE.rhai")]
    pub file: PathBuf,
}

/// `morsel doc`.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub struct DocArgs {
    /// Print only the sorted signatures, one a line (as in tests/api_signatures.txt).
    #[arg(long, overrides_with = "markdown")]
    pub signatures: bool,
    /// Print the Markdown reference (the default; as in docs/scripting.md).
    #[arg(long, overrides_with = "signatures")]
    pub markdown: bool,
}

/// `morsel completions`.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// The shells `morsel completions` writes for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Shell {
    /// Bash.
    Bash,
    /// Zsh.
    Zsh,
    /// Fish.
    Fish,
    /// PowerShell.
    Powershell,
    /// Elvish.
    Elvish,
}

impl Shell {
    /// The `clap_complete` generator of this shell.
    pub fn generator(self) -> clap_complete::Shell {
        match self {
            Shell::Bash => clap_complete::Shell::Bash,
            Shell::Zsh => clap_complete::Shell::Zsh,
            Shell::Fish => clap_complete::Shell::Fish,
            Shell::Powershell => clap_complete::Shell::PowerShell,
            Shell::Elvish => clap_complete::Shell::Elvish,
        }
    }
}

/// Parses a positive, finite number of seconds.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !seconds.is_finite() || seconds <= 0.0 {
        return Err(format!(
            "the time limit must be a positive number of seconds, got `{text}`"
        ));
    }
    Duration::try_from_secs_f64(seconds).map_err(|e| format!("`{text}`: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn parse(list: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("morsel").chain(list.iter().copied()))
    }

    #[test]
    fn the_grammar_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn parses_run_with_options_in_any_order() {
        let cli = parse(&[
            "run",
            "--seed",
            "7",
            "a.rhai",
            "--out=res",
            "--timeout",
            "1.5",
        ])
        .expect("ok");
        let Some(Command::Run(run)) = cli.command else {
            panic!("a run: {cli:?}");
        };
        assert_eq!(run.file, PathBuf::from("a.rhai"));
        assert_eq!(run.options.out, PathBuf::from("res"));
        assert_eq!(run.options.seed, 7);
        assert_eq!(run.options.root, None);
        assert_eq!(run.options.timeout, Some(Duration::from_millis(1500)));
        let cli = parse(&["run", "a.rhai"]).expect("ok");
        let Some(Command::Run(run)) = cli.command else {
            panic!("a run");
        };
        assert_eq!(
            (run.options.seed, run.options.out),
            (0, PathBuf::from("out"))
        );
        assert_eq!(parse(&[]).expect("ok").command, None);
        let doc = |list: &[&str]| match parse(list).expect("ok").command {
            Some(Command::Doc(d)) => d.signatures,
            other => panic!("{other:?}"),
        };
        assert!(!doc(&["doc"]));
        assert!(doc(&["doc", "--signatures"]));
        assert!(!doc(&["doc", "--signatures", "--markdown"]));
    }

    #[test]
    fn bad_command_lines_are_usage_errors_with_hints() {
        for (list, needle) in [
            (&["run"][..], "<FILE.rhai>"),
            (&["run", "a.rhai", "--seed"][..], "--seed <N>"),
            (&["run", "a.rhai", "--seed", "-3"][..], "'-3'"),
            (
                &["run", "a.rhai", "--sed", "3"][..],
                "tip: a similar argument exists: '--seed'",
            ),
            (
                &["check", "a.rhai", "--seed", "3"][..],
                "unexpected argument '--seed'",
            ),
            (
                &["run", "a.rhai", "b.rhai"][..],
                "unexpected argument 'b.rhai'",
            ),
            (
                &["chek", "a.rhai"][..],
                "tip: a similar subcommand exists: 'check'",
            ),
            (&["doc", "--html"][..], "unexpected argument '--html'"),
            (
                &["run", "a.rhai", "--shard", "3/2"][..],
                "below the shard count",
            ),
            (&["run", "a.rhai", "--shard", "a/b"][..], "I/N"),
            (
                &["run", "a.rhai", "--shard", "0/2", "--merge"][..],
                "cannot be used with",
            ),
            (
                &["slurm", "a.rhai", "--shards", "0", "--out", "o"][..],
                "at least 1",
            ),
            (&["slurm", "a.rhai", "--out", "o"][..], "--shards <N>"),
            (&["slurm", "a.rhai", "--shards", "2"][..], "--out <DIR>"),
            (
                &["run", "a.rhai", "--timeout", "0"][..],
                "positive number of seconds",
            ),
            (
                &["run", "a.rhai", "--timeout", "soon"][..],
                "not a number of seconds",
            ),
            (
                &["completions", "tcsh"][..],
                "possible values: bash, zsh, fish, powershell",
            ),
        ] {
            let err = parse(list).expect_err("a usage error");
            assert_eq!(err.exit_code(), 2, "{list:?}");
            let text = err.to_string();
            assert!(text.contains(needle), "{list:?}: {text}");
            assert!(text.contains("try '--help'"), "{text}");
        }
    }

    #[test]
    fn seconds_parse_as_durations() {
        assert_eq!(parse_seconds("2"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_seconds("0.25"), Ok(Duration::from_millis(250)));
        for bad in ["-1", "0", "nan", "inf", "1e30"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
    }
}
