//! # morsel-shell
//!
//! The `morsel` command and its library: a sandboxed Rhai engine with Morsel's script API, a
//! [`Session`] that runs scripts (files, stdin, REPL inputs, golden tests), the REPL, and `save`.
//!
//! - [`cli`]: `morsel run FILE.rhai [--out DIR] [--seed N] [--timeout S]`,
//!   `morsel check FILE.rhai`, `morsel doc [--signatures]`, `morsel completions SHELL`,
//!   `morsel` (the [`repl`], or stdin when it is not a terminal).
//! - [`interrupt`]: Ctrl-C and time limits.
//! - [`api_reference`]: the script API reference (`docs/scripting.md`) and signature snapshot.
//! - [`session`]: [`Session`] and [`SessionOptions`]; scripts see `seed()`/`SEED` and
//!   `test_mode()`/`TEST_MODE`.
//! - [`engine`]: limits and output routing; [`bindings`]: the script API, one file per crate
//!   (read its module doc before adding bindings).
//! - [`sandbox`]: where scripts may read and write; [`save`]: script values to the lab's
//!   formats.
//!
//! What both front ends share (the simulation loop, save formats, the run manifest, sharded runs
//! and Slurm, the API description) lives in `morsel-lab`.
//! - [`convert`], [`options`], [`error`]: the helpers every binding uses; [`suggest`]: "did you
//!   mean" for misspelt names.

pub mod api_reference;
pub mod bindings;
pub mod cli;
pub mod compare_depth;
pub mod context;
pub mod convert;
pub mod diagnostic;
pub mod engine;
pub mod error;
pub mod interrupt;
pub mod options;
pub mod print_depth;
pub mod repl;
pub mod sandbox;
pub mod save;
pub mod save_gltf;
pub mod session;
pub mod suggest;
pub mod view_file;

pub use context::ShellContext;
pub use diagnostic::Diagnostic;
pub use error::{ScriptResult, ShellError};
pub use session::{Session, SessionOptions};
