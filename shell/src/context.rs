//! What every binding may know about the run it serves: the sandbox, the seed and the test flag.

use std::sync::Arc;

use crate::sandbox::Sandbox;
use morsel_lab::sharding::ScriptShards;

/// Shared, read-only facts about one session, handed to every `bindings::<crate>::register`
/// as an `Arc<ShellContext>` (clone the `Arc` into closures that need it).
#[derive(Debug, Clone)]
pub struct ShellContext {
    /// Where scripts may read and write: resolve every script-given path through it.
    pub sandbox: Sandbox,
    /// The `--seed` of the run (0 by default); every random process should derive from it.
    pub seed: u64,
    /// True when the golden-test harness runs the script: scripts may use smaller sizes.
    pub test_mode: bool,
    /// Whether the run computes sharded workloads whole, one shard of them, or merges them
    /// (see [`crate::sharding`]).
    pub shards: Arc<ScriptShards>,
}
