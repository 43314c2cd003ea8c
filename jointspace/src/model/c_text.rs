//! Text pieces of the exported C headers: double literals that read back exactly, and user
//! text made safe inside a block comment.

/// `text` made safe inside a C block comment: no `*/` that would end it early, no line breaks
/// (names come from user files).
pub(crate) fn comment_text(text: &str) -> String {
    text.replace("*/", "* /").replace(['\n', '\r'], " ")
}

/// A double literal that reads back to exactly `v` (Rust's shortest round-trip form).
pub(crate) fn lit(v: f64) -> String {
    format!("{v:?}")
}
