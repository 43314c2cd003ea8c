//! # morsel-shell
//!
//! The `morsel` command and its library: a sandboxed Rhai engine with Morsel's script API, a
//! [`Session`] that runs scripts (files, stdin, REPL inputs, golden tests), the REPL, and `save`.
//!
//! - [`cli`]: `morsel run FILE.rhai [--out DIR] [--seed N]`, `morsel check FILE.rhai`,
//!   `morsel doc [--signatures]`, `morsel` (the [`repl`], or stdin when it is not a terminal).
//! - [`manifest`]: `<out>/manifest.json` of every run (hashes by [`sha256`]); [`interrupt`]: Ctrl-C.
//! - [`api_reference`]: the script API reference (`docs/scripting.md`) and signature snapshot.
//! - [`session`]: [`Session`] and [`SessionOptions`]; scripts see `seed()`/`SEED` and
//!   `test_mode()`/`TEST_MODE`.
//! - [`engine`]: limits and output routing; [`bindings`]: the script API, one file per crate
//!   (read its module doc before adding bindings).
//! - [`sandbox`]: where scripts may read and write; [`save`]: JSON, CSV and NPY output.
//! - [`convert`], [`options`], [`error`]: the helpers every binding uses.

pub mod api_reference;
pub mod bindings;
pub mod cli;
pub mod context;
pub mod convert;
pub mod diagnostic;
pub mod engine;
pub mod error;
pub mod interrupt;
pub mod manifest;
pub mod options;
pub mod repl;
pub mod sandbox;
pub mod save;
pub mod session;
pub mod sha256;
pub mod sharding;
pub mod simulation;
pub mod slurm;

pub use context::ShellContext;
pub use diagnostic::Diagnostic;
pub use error::{ScriptResult, ShellError};
pub use session::{Session, SessionOptions};
