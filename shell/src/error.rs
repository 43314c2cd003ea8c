//! The shell's error type, and [`script_error`]: the one function through which every binding
//! failure (a domain crate's error, a bad argument, a sandbox refusal) becomes a script error.
//!
//! A binding returns [`ScriptResult<T>`]; on failure it converts its error with
//! `.map_err(script_error)` or the shorthand [`OrScriptError::or_script`]. The script then stops
//! with a runtime error whose position Rhai fills with the call site, and whose message is the
//! error's `Display` followed by its `source()` chain. Scripts can catch it with
//! `try { ... } catch (e) { ... }`; `e` is the message string.

use std::path::PathBuf;

use rhai::{EvalAltResult, Position};

use crate::sandbox::SandboxError;

/// The result of a function bound into Rhai.
pub type ScriptResult<T> = Result<T, Box<EvalAltResult>>;

/// Everything the shell itself can reject (the domain crates have their own error enums).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ShellError {
    /// A script passed a value of the wrong kind or shape.
    #[error("expected {expected} for {what}, got {got}")]
    Argument {
        /// Which argument (and element), e.g. "`pos` of pose(), element 2".
        what: String,
        /// What was expected, e.g. "a number".
        expected: String,
        /// A short description of what was given.
        got: String,
    },
    /// An options map has a key the function does not know.
    #[error("{}", unknown_option(.function, .unknown, .allowed))]
    UnknownOption {
        /// The function that received the map.
        function: String,
        /// The keys it did not recognise.
        unknown: Vec<String>,
        /// The keys it accepts.
        allowed: Vec<String>,
    },
    /// A file path was refused by the sandbox.
    #[error(transparent)]
    Sandbox(#[from] SandboxError),
    /// A value cannot be saved in the requested format.
    #[error("cannot save {path}: {reason}")]
    Save {
        /// The path the script asked for.
        path: String,
        /// Why, and what to do instead.
        reason: String,
    },
    /// The lab refused (a value that cannot be saved, an inconsistent sharded run, a file).
    #[error(transparent)]
    Lab(#[from] morsel_lab::LabError),
    /// A joint-space computation failed (boxed: the error is large).
    #[error(transparent)]
    Jointspace(Box<morsel_jointspace::JointspaceError>),
    /// A file could not be read or written.
    #[error("{action} {}: {source}", .path.display())]
    Io {
        /// What was being done ("cannot read", "cannot write", ...).
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
}

/// `f(): unknown option `x` (did you mean `y`?); the options are: ...`.
fn unknown_option(function: &str, unknown: &[String], allowed: &[String]) -> String {
    let mut text = format!(
        "{function}: unknown option{} {}",
        plural(unknown.len()),
        quoted(unknown)
    );
    for key in unknown {
        let near = crate::suggest::closest(key, allowed.iter().map(String::as_str));
        if let Some(hint) = crate::suggest::did_you_mean(&near) {
            if unknown.len() > 1 {
                text.push_str(&format!(" (`{key}`: {hint})"));
            } else {
                text.push_str(&format!(" ({hint})"));
            }
        }
    }
    text.push_str("; the options are: ");
    text.push_str(&quoted(allowed));
    text
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn quoted(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl ShellError {
    /// Shorthand for [`ShellError::Argument`].
    pub fn argument(
        what: impl Into<String>,
        expected: impl Into<String>,
        got: impl Into<String>,
    ) -> Self {
        ShellError::Argument {
            what: what.into(),
            expected: expected.into(),
            got: got.into(),
        }
    }
}

/// Turns any error into a Rhai runtime error carrying its message.
///
/// This is the only place where binding failures become script errors: every bound function
/// maps its errors through here, so messages look the same across crates. The message is the
/// error's `Display`, followed by each `source()` whose text is not already included. The
/// position is left empty; Rhai fills it with the position of the failing call.
pub fn script_error(err: impl std::error::Error) -> Box<EvalAltResult> {
    let message = morsel_lab::error::message_with_sources(&err);
    EvalAltResult::ErrorRuntime(message.into(), Position::NONE).into()
}

/// `.or_script()` on any `Result` whose error is a `std::error::Error`: the error goes through
/// [`script_error`].
pub trait OrScriptError<T> {
    /// Maps the error through [`script_error`].
    fn or_script(self) -> ScriptResult<T>;
}

impl From<morsel_jointspace::JointspaceError> for ShellError {
    fn from(e: morsel_jointspace::JointspaceError) -> Self {
        ShellError::Jointspace(Box::new(e))
    }
}

impl<T, E: std::error::Error> OrScriptError<T> for Result<T, E> {
    fn or_script(self) -> ScriptResult<T> {
        self.map_err(script_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error)]
    #[error("outer problem")]
    struct Outer(#[source] std::io::Error);

    #[test]
    fn script_error_keeps_the_source_chain() {
        let err = Outer(std::io::Error::other("disk on fire"));
        let rhai_err = script_error(err);
        assert!(rhai_err.position().is_none());
        let text = rhai_err.to_string();
        assert!(text.contains("outer problem: disk on fire"), "{text}");
    }

    #[test]
    fn unknown_option_lists_the_choices() {
        let err = ShellError::UnknownOption {
            function: "sensor_points".into(),
            unknown: vec!["resolutoin".into()],
            allowed: vec!["resolution".into(), "seed".into()],
        };
        assert_eq!(
            err.to_string(),
            "sensor_points: unknown option `resolutoin` (did you mean `resolution`?); the options are: `resolution`, `seed`"
        );
    }
}
