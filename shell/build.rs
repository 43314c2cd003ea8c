//! Sets `MORSEL_VERSION` for `morsel --version`: the crate version, plus the git commit the
//! binary is built from when it is built from a checkout and git is at hand (silently without).

use std::path::PathBuf;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?;
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    let Some(commit) = git(&["rev-parse", "--short=12", "HEAD"]) else {
        println!("cargo:rustc-env=MORSEL_VERSION={version}");
        return;
    };
    // Rebuild when HEAD moves: HEAD itself and the branch it points at.
    if let Some(head) = git(&["rev-parse", "--path-format=absolute", "--git-path", "HEAD"]) {
        println!("cargo:rerun-if-changed={head}");
    }
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"])
        && let Some(reference) =
            git(&["rev-parse", "--path-format=absolute", "--git-path", &branch])
        && PathBuf::from(&reference).exists()
    {
        println!("cargo:rerun-if-changed={reference}");
    }
    println!("cargo:rustc-env=MORSEL_VERSION={version} (commit {commit})");
}
