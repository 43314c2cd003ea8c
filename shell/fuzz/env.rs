//! What the fuzz harnesses read from their surroundings: settings and the workspace root.

use std::path::{Path, PathBuf};

/// The environment variable `name` parsed, or `default` when unset or unreadable.
pub fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The workspace root (the seeds' paths start there).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .to_path_buf()
}
