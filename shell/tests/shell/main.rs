//! Integration tests of the shell: scripts run through [`morsel_shell::Session`], and the
//! `morsel` binary run as a process.

mod ant_stance;
mod balance_map;
mod cli;
mod dynamics;
mod feasible_region;
mod geometry;
mod gltf;
mod hints;
mod html;
mod jointspace;
mod jointspace_model;
mod kinematics;
mod processes;
mod robustness;
mod sensing;
mod session;
mod stability;

use std::path::Path;

use morsel_shell::{Diagnostic, Session, SessionOptions};
use tempfile::TempDir;

/// A session over a temporary folder (`dir/`), writing to `dir/out`, capturing output.
pub struct Bench {
    /// The script folder (removed when the bench is dropped).
    pub dir: TempDir,
    /// The session under test.
    pub session: Session,
}

impl Default for Bench {
    fn default() -> Self {
        Self::new()
    }
}

impl Bench {
    /// A fresh bench.
    pub fn new() -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let session =
            Session::new(SessionOptions::new(dir.path(), dir.path().join("out")).capture_output())
                .expect("session");
        Self { dir, session }
    }

    /// The output folder.
    pub fn out(&self) -> std::path::PathBuf {
        self.dir.path().join("out")
    }

    /// Runs a script; returns its printed output.
    pub fn run(&mut self, source: &str) -> String {
        match self.session.run_source("test.rhai", source) {
            Ok(_) => self.session.take_output(),
            Err(d) => panic!("script failed:\n{d}"),
        }
    }

    /// Runs a script that must fail; returns the diagnostic.
    pub fn fail(&mut self, source: &str) -> Diagnostic {
        match self.session.run_source("test.rhai", source) {
            Ok(v) => panic!("script should have failed, returned {v}"),
            Err(d) => d,
        }
    }

    /// Writes a file under the script folder.
    pub fn write(&self, name: &str, text: &str) {
        let path = self.dir.path().join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("mkdir");
        }
        std::fs::write(path, text).expect("write");
    }
}

/// Asserts that a failure names `needle`, points at `line`, and carries a caret.
pub fn assert_fails_at(d: &Diagnostic, needle: &str, line: usize) {
    let text = d.to_string();
    assert!(
        d.message.contains(needle),
        "expected `{needle}` in:\n{text}"
    );
    assert_eq!(d.line, Some(line), "{text}");
    assert!(text.contains('^'), "{text}");
}

/// The workspace's asset folder.
pub fn workspace_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace")
}
