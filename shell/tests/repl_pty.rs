//! The REPL driven as a person would, in a pseudo-terminal: typed lines, multi-line input, Tab
//! completion, `:help`, `:vars`, Ctrl-C at the prompt and during a run, errors, `:quit`, and the
//! history file. (`repl_tmux.rs` drives it through tmux: listed completions, did-you-mean,
//! Ctrl-L, and a `:save` that replays.)
//!
//! The test opens its own pseudo-terminal (nix's `openpty`), so it needs no real terminal and runs
//! in CI. It strips escape sequences from what the REPL draws and looks for the expected text.
#![cfg(target_os = "linux")]

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::OwnedFd;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use nix::pty::{OpenptyResult, Winsize, openpty};
use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

/// How long to wait for expected text (the machine may be busy).
const PATIENCE: Duration = Duration::from_secs(30);

/// The `morsel` REPL in a pseudo-terminal.
struct Terminal {
    child: Child,
    input: File,
    screen: Arc<Mutex<Vec<u8>>>,
    /// How much of the cleaned screen text earlier expectations consumed.
    seen: usize,
}

impl Terminal {
    fn open(dir: &Path) -> Self {
        let size = Winsize {
            ws_row: 40,
            ws_col: 200,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        let OpenptyResult { master, slave } = openpty(&size, None).expect("openpty");
        let stdio = |fd: &OwnedFd| Stdio::from(fd.try_clone().expect("dup"));
        let child = Command::new(env!("CARGO_BIN_EXE_morsel"))
            .current_dir(dir)
            .env("HOME", dir)
            .env("XDG_DATA_HOME", dir.join("data"))
            .env("TERM", "xterm")
            .stdin(stdio(&slave))
            .stdout(stdio(&slave))
            .stderr(stdio(&slave))
            .spawn()
            .expect("morsel starts");
        drop(slave);
        let input = File::from(master.try_clone().expect("dup"));
        let mut output = File::from(master);
        let screen = Arc::new(Mutex::new(Vec::new()));
        let shared = Arc::clone(&screen);
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            // Reading fails (EIO) once the child has closed the terminal.
            while let Ok(n) = output.read(&mut buffer) {
                if n == 0 {
                    break;
                }
                shared
                    .lock()
                    .expect("screen")
                    .extend_from_slice(&buffer[..n]);
            }
        });
        Self {
            child,
            input,
            screen,
            seen: 0,
        }
    }

    /// Types text (`\r` is Enter, `\t` is Tab, `\x03` is Ctrl-C).
    fn send(&mut self, keys: &str) {
        self.input.write_all(keys.as_bytes()).expect("type");
        self.input.flush().expect("flush");
    }

    /// The screen's text so far, without escape sequences and carriage returns.
    fn text(&self) -> String {
        strip_escapes(&self.screen.lock().expect("screen"))
    }

    /// Waits for the REPL's prompt.
    fn prompt(&mut self) {
        self.expect("morsel> ");
    }

    /// Waits until `needle` appears after what earlier expectations consumed; returns the text
    /// from there up to the end of the needle.
    fn expect(&mut self, needle: &str) -> String {
        let start = Instant::now();
        loop {
            let text = self.text();
            if let Some(at) = text.get(self.seen..).and_then(|rest| rest.find(needle)) {
                let end = self.seen + at + needle.len();
                let found = text[self.seen..end].to_string();
                self.seen = end;
                return found;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "waited {PATIENCE:?} for {needle:?}; the screen after the last match:\n{}",
                text.get(self.seen..).unwrap_or_default()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        // Only reached with the child still running when an expectation failed.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Removes ANSI escape sequences (CSI `ESC [ ... final`, OSC `ESC ] ... BEL`, two-byte
/// `ESC x`) and carriage returns.
fn strip_escapes(bytes: &[u8]) -> String {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            0x1b if bytes.get(i + 1) == Some(&b'[') => {
                i += 2;
                while i < bytes.len() && !(0x40..=0x7e).contains(&bytes[i]) {
                    i += 1;
                }
                i += 1;
            }
            0x1b if bytes.get(i + 1) == Some(&b']') => {
                while i < bytes.len() && bytes[i] != 0x07 {
                    i += 1;
                }
                i += 1;
            }
            0x1b => i += 2,
            b'\r' => i += 1,
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[test]
fn a_person_at_the_repl() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut t = Terminal::open(dir.path());
    t.expect("`:help` for help");

    // Multi-line input: the open bracket keeps the line going, no backslash needed. Like a
    // person, wait for each prompt before typing: the editor drops keys typed while it is busy.
    t.prompt();
    t.send("let a = [1, 2,\r");
    t.send("3];\r");
    t.prompt();
    t.send("a.len()\r");
    t.expect("\n3\n");

    // Tab completes a function name (`test_mo` alone would be an unknown function)...
    t.prompt();
    t.send("test_mo");
    t.expect("test_mo");
    t.send("\t");
    t.expect("test_mode");
    t.send("()\r");
    t.expect("()\nfalse\n");
    // ... and a method after `x.`, from the type of x.
    t.prompt();
    t.send("let ball = sphere(0.5);\r");
    t.prompt();
    t.send("ball.ki");
    t.expect("ball.ki");
    t.send("\t");
    t.expect("ball.kind");
    t.send("\r");
    t.expect("\n\"sphere\"\n");

    // :help NAME shows the signature and the one-line description.
    t.prompt();
    t.send(":help seed\r");
    t.expect("seed() -> INT\n    The run's --seed");

    // :vars lists the session's variables, including the multi-line array.
    t.prompt();
    t.send(":vars\r");
    t.expect("let a = [1, 2, 3]");

    // Ctrl-C at the prompt clears the line and keeps the session.
    t.prompt();
    t.send("let forgotten = 1");
    t.expect("forgotten = 1");
    t.send("\x03");
    t.expect("input cleared");
    t.prompt();
    t.send("a[2] * 10\r");
    t.expect("\n30\n");

    // An error names the input's line and column and points at it.
    t.prompt();
    t.send("let s = sphere(-1);\r");
    let error = t.expect("^");
    assert!(error.contains("error: "), "{error}");
    assert!(error.contains("<repl>:1:9"), "{error}");

    // Ctrl-C while an input runs stops that input, not the REPL. The test's terminal is not the
    // child's controlling terminal, so it sends the SIGINT that the terminal driver would.
    t.prompt();
    // The input says when it runs (the echo of `"lo" + "oping"` is not the word itself), and
    // the signal goes after that: a signal that comes before the input starts is forgotten (the
    // REPL clears the flag before each input), and no fixed sleep is long enough on a busy machine.
    t.send("print(\"lo\" + \"oping\"); let n = 0; loop { n += 1; }\r");
    t.expect("\nlooping");
    let pid = Pid::from_raw(i32::try_from(t.child.id()).expect("pid"));
    kill(pid, Signal::SIGINT).expect("SIGINT");
    t.expect("interrupted (Ctrl-C)");
    // The stopped input is undone (so that `:save` can leave it out): `n` is not kept.
    t.expect("not kept");
    t.prompt();
    t.send("a[0] + 1\r");
    t.expect("\n2\n");

    t.prompt();
    t.send(":quit\r");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = t.child.try_wait().expect("wait") {
            break status;
        }
        assert!(start.elapsed() < PATIENCE, "the REPL did not quit");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status}");

    // The history went to $XDG_DATA_HOME/morsel/history.txt.
    let history =
        std::fs::read_to_string(dir.path().join("data/morsel/history.txt")).expect("history");
    assert!(history.contains("a.len()"), "{history}");
    assert!(history.contains(":help seed"), "{history}");
}
