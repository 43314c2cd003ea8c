//! One REPL input at a time: script lines and the `:` commands, with the session's history of
//! accepted inputs (for `:save`) and the last loaded file (for `:reload`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::api_reference;
use crate::interrupt;
use crate::session::{Session, read_script};

/// The REPL's own commands, for `:help`.
pub const COMMANDS: &str = "\
  :help            this text and the list of Morsel functions
  :help NAME       the signatures and descriptions of NAME (a function, a type, or a :command)
  :vars            the session's variables
  :load FILE       run a script file in this session
  :reload          run the last loaded file again
  :time EXPR       evaluate EXPR and print how long it took
  :view EXPR       write the HTML 3D view of a Scene, Robot, Stance, Touch, Taxels, Simulation or Boundary under the output folder
  :timeout SECONDS stop each input after SECONDS (`:timeout off` removes the limit)
  :save FILE       write the inputs that ran as a script (a failed input is undone and left out)
  :quit            leave (or Ctrl-D)
Input spanning several lines (an open bracket, a trailing operator) continues on the next line.
Tab lists the functions and variables that complete a word, after `x.` the methods and
properties of x, and file names inside a string or after :load. Ctrl-L clears the screen.
Ctrl-C stops a running input; at the prompt it clears the line.";

/// What the REPL should do after an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Read the next input.
    Continue,
    /// Leave.
    Quit,
}

/// A REPL session: the scripting session plus what the `:` commands remember.
pub struct Repl {
    /// The scripting session.
    pub session: Session,
    /// The inputs that ran without error, as script text, in order.
    accepted: Vec<String>,
    /// The file of the last successful `:load`.
    last_load: Option<PathBuf>,
    /// How many `:view` pages of expressions (not plain names) were written.
    views: usize,
}

impl Repl {
    /// A REPL over `session`.
    pub fn new(session: Session) -> Self {
        Self {
            session,
            accepted: Vec::new(),
            last_load: None,
            views: 0,
        }
    }

    /// The inputs accepted so far, as the script `:save` writes.
    pub fn script(&self) -> String {
        let mut text = format!(
            "// Saved from a Morsel {} REPL session.\n",
            env!("CARGO_PKG_VERSION")
        );
        for input in &self.accepted {
            text.push_str(input.trim_end());
            // Statements need separators; a stray `;` after a block is an empty statement.
            if !input.trim_end().ends_with(';') {
                text.push(';');
            }
            text.push('\n');
        }
        text
    }

    /// Handles one input, writing results to `out` and errors to `err`.
    pub fn handle(&mut self, line: &str, out: &mut dyn Write, err: &mut dyn Write) -> Flow {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            return Flow::Continue;
        }
        let Some(command) = trimmed.strip_prefix(':') else {
            if self.evaluate(line, out, err) {
                self.accepted.push(line.to_string());
            }
            return Flow::Continue;
        };
        let (name, arg) = command
            .split_once(char::is_whitespace)
            .map_or((command, None), |(n, a)| (n, Some(a.trim())));
        let arg = arg.filter(|a| !a.is_empty());
        let _ = match (name, arg) {
            ("quit" | "q" | "exit", _) => return Flow::Quit,
            ("help" | "h", topic) => writeln!(out, "{}", help_text(&self.session, topic)),
            ("vars", _) => self.vars(out),
            ("load", Some(file)) => {
                self.load(Path::new(file), err);
                Ok(())
            }
            ("reload", _) => match self.last_load.clone() {
                Some(file) => {
                    self.load(&file, err);
                    Ok(())
                }
                None => writeln!(
                    err,
                    ":reload runs the last `:load FILE` again; load a file first"
                ),
            },
            ("time", Some(expr)) => {
                let clock = Instant::now();
                if self.evaluate(expr, out, err) {
                    self.accepted.push(expr.to_string());
                }
                writeln!(out, "time: {}", format_duration(clock.elapsed()))
            }
            ("timeout", arg) => self.timeout(arg, out, err),
            ("view", Some(expr)) => self.view(expr, out, err),
            ("save", Some(file)) => match std::fs::write(file, self.script()) {
                Ok(()) => writeln!(out, "saved {} input(s) to {file}", self.accepted.len()),
                Err(e) => writeln!(err, "cannot write {file}: {e}"),
            },
            ("load" | "time" | "save" | "view", None) => {
                let what = if matches!(name, "time" | "view") {
                    "an expression"
                } else {
                    "a file name"
                };
                writeln!(err, ":{name} needs {what}; try :help")
            }
            (other, _) => writeln!(err, "unknown command `:{other}`; try :help"),
        };
        Flow::Continue
    }

    /// `:timeout`: shows, sets (`SECONDS`) or removes (`off`) the time limit of each input.
    fn timeout(
        &mut self,
        arg: Option<&str>,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> std::io::Result<()> {
        match arg {
            None => match self.session.timeout() {
                Some(limit) => writeln!(out, "time limit: {} per input", format_duration(limit)),
                None => writeln!(out, "no time limit (`:timeout SECONDS` sets one)"),
            },
            Some("off" | "none") => {
                self.session.set_timeout(None);
                writeln!(out, "no time limit")
            }
            Some(text) => match crate::cli::args::parse_seconds(text) {
                Ok(limit) => {
                    self.session.set_timeout(Some(limit));
                    writeln!(out, "time limit: {} per input", format_duration(limit))
                }
                Err(e) => writeln!(err, ":timeout: {e}"),
            },
        }
    }

    /// `:view EXPR`: evaluates EXPR and writes its HTML view (anything `save("x.html", ...)` draws) under the
    /// output folder as `NAME.html` when EXPR is a variable name, else `view_N.html`; prints
    /// the file's path.
    fn view(
        &mut self,
        expr: &str,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> std::io::Result<()> {
        interrupt::clear();
        let value = match self.session.run_input("<repl>", expr) {
            Ok(value) => value,
            Err((d, _)) => return writeln!(err, "{d}"),
        };
        let plain_name = expr
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && expr.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        let file = if plain_name {
            format!("{expr}.html")
        } else {
            self.views += 1;
            format!("view_{}.html", self.views)
        };
        let sandbox = &self.session.context().sandbox;
        match crate::save_gltf::save(sandbox, &file, &value.flatten()) {
            Ok(path) => writeln!(out, "{}", path.display()),
            Err(e) => writeln!(err, ":view: {e}"),
        }
    }

    /// Runs script text, printing its value (when not `()`) or its error; true when it ran. An
    /// input that fails is undone (see [`Session::run_input`]), so `:save` can leave it out.
    fn evaluate(&mut self, source: &str, out: &mut dyn Write, err: &mut dyn Write) -> bool {
        interrupt::clear();
        match self.session.run_input("<repl>", source) {
            Ok(value) => {
                if !value.is_unit() {
                    let _ = writeln!(out, "{}", self.session.display(&value));
                }
                true
            }
            Err((d, undone)) => {
                let _ = writeln!(err, "{d}");
                if undone {
                    let _ = writeln!(
                        err,
                        "(the input did not finish: the variables and functions it defined are not kept)"
                    );
                }
                false
            }
        }
    }

    fn vars(&self, out: &mut dyn Write) -> std::io::Result<()> {
        for (name, constant, value) in self.session.scope().iter_raw() {
            let kind = if constant { "const" } else { "let" };
            writeln!(out, "{kind} {name} = {}", self.session.display(value))?;
        }
        Ok(())
    }

    fn load(&mut self, file: &Path, err: &mut dyn Write) {
        interrupt::clear();
        let result = read_script(file).and_then(|source| {
            self.session
                .run_input(&file.display().to_string(), &source)
                .map(|_| source)
                .map_err(|(d, _)| d)
        });
        match result {
            Ok(source) => {
                self.accepted.push(format!(
                    "// :load {}\n{}\n// end of {}",
                    file.display(),
                    source.trim_end(),
                    file.display()
                ));
                self.last_load = Some(file.to_path_buf());
            }
            Err(d) => {
                let _ = writeln!(err, "{d}");
                // `:reload` retries a file that failed, after the user fixes it.
                if d.line.is_some() {
                    self.last_load = Some(file.to_path_buf());
                }
            }
        }
    }
}

/// A duration as people read it: `850 µs`, `12.3 ms`, `4.56 s`.
pub fn format_duration(d: Duration) -> String {
    let seconds = d.as_secs_f64();
    if seconds < 1e-3 {
        format!("{:.0} µs", seconds * 1e6)
    } else if seconds < 1.0 {
        format!("{:.1} ms", seconds * 1e3)
    } else {
        format!("{seconds:.2} s")
    }
}

/// The text of `:help` or `:help NAME`.
pub fn help_text(session: &Session, topic: Option<&str>) -> String {
    let functions = api_reference::functions(session.engine());
    let Some(name) = topic else {
        return format!(
            "REPL commands:\n{COMMANDS}\n\nMorsel functions (`:help NAME` for details):\n{}\n\
             Constants: SEED, TEST_MODE. Rhai's own functions and syntax also work.",
            function_index(&functions)
        );
    };
    let command = COMMANDS
        .lines()
        .find(|l| {
            l.trim_start()
                .starts_with(&format!(":{}", name.trim_start_matches(':')))
        })
        .map(|l| l.trim().to_string());
    if name.starts_with(':')
        && let Some(line) = command
    {
        return line;
    }
    let lines: Vec<String> = functions
        .iter()
        .filter(|f| f.name == name)
        .map(|f| {
            if f.description.is_empty() {
                f.signature.clone()
            } else {
                format!("{}\n    {}", f.signature, f.description)
            }
        })
        .collect();
    if lines.is_empty() {
        if let Some(methods) = type_help(&functions, name) {
            return methods;
        }
        command.unwrap_or_else(|| format!("no Morsel function named `{name}`; `:help` lists them"))
    } else {
        lines.join("\n")
    }
}

/// The function names, each once, one line per crate (binding group) in the reference's order;
/// a name that several crates register (`to_map`, `save`) is listed once, on its own line.
fn function_index(functions: &[api_reference::ApiFunction]) -> String {
    use std::collections::{BTreeMap, BTreeSet};
    let hidden = |n: &str| matches!(n, "to_debug" | "to_string" | "print" | "debug");
    let mut groups_of: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for f in functions.iter().filter(|f| !hidden(&f.name)) {
        let group = f.group.as_deref().unwrap_or("other");
        groups_of.entry(f.name.as_str()).or_default().insert(group);
    }
    // Groups keep the order `functions` lists them in (the reference's order).
    let mut order: Vec<&str> = Vec::new();
    for f in functions {
        let group = f.group.as_deref().unwrap_or("other");
        if !order.contains(&group) {
            order.push(group);
        }
    }
    let mut lines = Vec::new();
    for group in &order {
        let names: Vec<&str> = groups_of
            .iter()
            .filter(|(_, groups)| groups.len() == 1 && groups.contains(group))
            .map(|(name, _)| *name)
            .collect();
        if !names.is_empty() {
            lines.push(format!("  {group}: {}", names.join(", ")));
        }
    }
    let shared: Vec<&str> = groups_of
        .iter()
        .filter(|(_, groups)| groups.len() > 1)
        .map(|(name, _)| *name)
        .collect();
    if !shared.is_empty() {
        lines.push(format!("  several crates: {}", shared.join(", ")));
    }
    lines.join("\n")
}

/// For a type name (`Shape`), the functions that take it first: its methods.
fn type_help(functions: &[api_reference::ApiFunction], type_name: &str) -> Option<String> {
    let methods: Vec<String> = functions
        .iter()
        .filter(|f| {
            let first = f
                .signature
                .split_once('(')
                .and_then(|(_, rest)| rest.split([',', ')']).next())
                .and_then(|p| p.split_once(':'))
                .map(|(_, t)| t.trim().trim_start_matches("&mut ").trim());
            first == Some(type_name)
        })
        .filter(|f| !matches!(f.name.as_str(), "to_string" | "to_debug"))
        .map(|f| format!("  {}", f.signature))
        .collect();
    (!methods.is_empty()).then(|| {
        format!(
            "{type_name} methods (`x.f(a)` calls `f(x, a)`; `:help NAME` for details):\n{}",
            methods.join("\n")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::SessionOptions;

    struct Bench {
        dir: tempfile::TempDir,
        repl: Repl,
    }

    impl Bench {
        fn new() -> Self {
            let dir = tempfile::tempdir().expect("temp dir");
            let session = Session::new(
                SessionOptions::new(dir.path(), dir.path().join("out")).capture_output(),
            )
            .expect("session");
            Self {
                dir,
                repl: Repl::new(session),
            }
        }

        /// Handles an input; returns (stdout, stderr).
        fn input(&mut self, line: &str) -> (String, String) {
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let flow = self.repl.handle(line, &mut out, &mut err);
            assert_eq!(flow, Flow::Continue);
            (
                String::from_utf8(out).expect("utf8"),
                String::from_utf8(err).expect("utf8"),
            )
        }

        fn path(&self, name: &str) -> String {
            self.dir.path().join(name).display().to_string()
        }
    }

    #[test]
    fn save_writes_a_script_that_rebuilds_the_session() {
        let mut b = Bench::new();
        b.input("let a = [1, 2,\n 3]");
        b.input("fn twice(x) { 2 * x }");
        b.input("let bad = 1 +* 2;"); // an error: not saved
        b.input("let c = twice(a.len())");
        b.input("if c > 5 { c += 1 }");
        b.input(":time let d = c * 10");
        let file = b.path("session.rhai");
        let (out, err) = b.input(&format!(":save {file}"));
        assert!(out.contains("saved 5 input(s)"), "{out}{err}");
        let text = std::fs::read_to_string(&file).expect("saved");
        assert!(!text.contains("bad"), "{text}");
        // Run the saved script in a fresh session: it must reach the same values.
        let mut fresh = Bench::new();
        let script = fresh.path("s.rhai");
        std::fs::write(&script, &text).expect("copy");
        let (_, err) = fresh.input(&format!(":load {script}"));
        assert!(err.is_empty(), "{err}\n{text}");
        let (out, _) = fresh.input("[a, c, d]");
        assert_eq!(out.trim(), "[[1, 2, 3], 7, 70]");
    }

    #[test]
    fn a_failed_input_is_undone_so_that_the_saved_session_replays() {
        let mut b = Bench::new();
        b.input("let a = 2;");
        // Defines n, changes a, then fails (as an input stopped by Ctrl-C does).
        let (_, err) = b.input("let n = 5; a = 3; fn g() { 1 } throw \"stop\";");
        assert!(err.contains("not kept"), "{err}");
        let (_, err) = b.input("n");
        assert!(err.contains("n"), "n is undone: {err}");
        assert_eq!(b.input("a").0.trim(), "2");
        let (_, err) = b.input("g()");
        assert!(!err.is_empty(), "g is undone");
        b.input("let m = a * 10;");
        let file = b.path("replay.rhai");
        b.input(&format!(":save {file}"));
        let text = std::fs::read_to_string(&file).expect("saved");
        let mut fresh = Bench::new();
        let (_, err) = fresh.input(&format!(":load {file}"));
        assert!(err.is_empty(), "{err}\n{text}");
        assert_eq!(fresh.input("[a, m]").0.trim(), "[2, 20]");
    }

    #[test]
    fn reload_runs_the_last_loaded_file_again() {
        let mut b = Bench::new();
        let (_, err) = b.input(":reload");
        assert!(err.contains("load a file first"), "{err}");
        let file = b.path("count.rhai");
        std::fs::write(&file, "let n = 1;").expect("write");
        b.input(&format!(":load {file}"));
        std::fs::write(&file, "let n = 41 + 1;").expect("write");
        let (_, err) = b.input(":reload");
        assert!(err.is_empty(), "{err}");
        assert_eq!(b.input("n").0.trim(), "42");
    }

    #[test]
    fn time_prints_the_value_and_a_duration() {
        let mut b = Bench::new();
        let (out, _) = b.input(":time 6 * 7");
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some("42"));
        let time = lines.next().expect("time line");
        assert!(time.starts_with("time: "), "{time}");
        assert!(
            time.ends_with(" µs") || time.ends_with(" ms") || time.ends_with(" s"),
            "{time}"
        );
        assert_eq!(format_duration(Duration::from_micros(850)), "850 µs");
        assert_eq!(format_duration(Duration::from_micros(12_340)), "12.3 ms");
        assert_eq!(format_duration(Duration::from_millis(4_560)), "4.56 s");
    }

    #[test]
    fn help_names_commands_and_documented_functions() {
        let mut b = Bench::new();
        let (out, _) = b.input(":help");
        assert!(out.contains(":reload") && out.contains("seed"), "{out}");
        let (out, _) = b.input(":help seed");
        assert_eq!(
            out.trim(),
            "seed() -> INT\n    The run's --seed (0 by default); derive every random process from it."
        );
        let (out, _) = b.input(":help save");
        assert!(out.contains("save(path: string, value: any)"), "{out}");
        assert!(b.input(":help :time").0.contains(":time EXPR"));
        assert!(
            b.input(":help nothing_here")
                .0
                .contains("no Morsel function")
        );
        let (out, _) = b.input(":help Shape");
        assert!(out.starts_with("Shape methods"), "{out}");
        assert!(
            out.contains("sensor_points(shape: Shape, resolution: number)"),
            "{out}"
        );
        assert!(!out.contains("sphere("), "{out}");
        let (_, err) = b.input(":frobnicate");
        assert!(err.contains("unknown command `:frobnicate`"), "{err}");
        assert!(b.input(":help :timeout").0.contains(":timeout SECONDS"));
    }

    #[test]
    fn help_lists_each_function_once_grouped_by_crate() {
        let mut b = Bench::new();
        let (out, _) = b.input(":help");
        let index = out
            .split("Morsel functions (")
            .nth(1)
            .and_then(|rest| rest.split("Constants:").next())
            .expect("a function index");
        let mut seen = std::collections::BTreeMap::new();
        let mut groups = Vec::new();
        for line in index.lines().skip(1) {
            let (group, names) = line.trim().split_once(": ").expect("`group: names`");
            groups.push(group.to_string());
            for name in names.split(", ") {
                *seen.entry(name.to_string()).or_insert(0) += 1;
            }
        }
        let repeated: Vec<_> = seen.iter().filter(|(_, n)| **n > 1).collect();
        assert!(
            repeated.is_empty(),
            "listed more than once: {repeated:?}\n{index}"
        );
        for group in ["shell", "geometry", "kinematics", "jointspace"] {
            assert!(groups.iter().any(|g| g == group), "{groups:?}");
        }
        // Every function has its group (the float printers are Rhai's own, not listed).
        assert!(!groups.iter().any(|g| g == "other"), "{index}");
        // Every documented function is there, the shared ones too.
        let documented: std::collections::BTreeSet<String> =
            api_reference::functions(b.repl.session.engine())
                .into_iter()
                .map(|f| f.name)
                .filter(|n| !matches!(n.as_str(), "to_debug" | "to_string" | "print" | "debug"))
                .collect();
        let listed: std::collections::BTreeSet<String> = seen.into_keys().collect();
        assert_eq!(listed, documented);
        assert!(listed.contains("to_map") && listed.contains("save"));
    }

    #[test]
    fn timeout_shows_sets_and_removes_the_limit() {
        let mut b = Bench::new();
        assert!(b.input(":timeout").0.contains("no time limit"));
        assert_eq!(
            b.input(":timeout 2.5").0.trim(),
            "time limit: 2.50 s per input"
        );
        assert_eq!(b.repl.session.timeout(), Some(Duration::from_millis(2500)));
        assert!(b.input(":timeout").0.contains("2.50 s per input"));
        let (_, err) = b.input(":timeout -1");
        assert!(err.contains("positive number of seconds"), "{err}");
        assert_eq!(b.repl.session.timeout(), Some(Duration::from_millis(2500)));
        b.input(":timeout off");
        assert_eq!(b.repl.session.timeout(), None);
        let (_, err) = b.input(":save");
        assert!(err.contains(":save needs a file name"), "{err}");
    }

    #[test]
    fn quit_leaves_and_vars_lists_variables() {
        let mut b = Bench::new();
        b.input("let answer = 42;");
        let (out, _) = b.input(":vars");
        assert!(out.contains("const SEED = 0"), "{out}");
        assert!(out.contains("let answer = 42"), "{out}");
        let (mut o, mut e) = (Vec::new(), Vec::new());
        assert_eq!(b.repl.handle(":quit", &mut o, &mut e), Flow::Quit);
    }
}
