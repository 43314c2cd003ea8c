//! Script errors as people read them: the file, line and column, the source line, and a caret.
//!
//! ```text
//! error: sphere: `radius` must be a finite number greater than zero, got -1
//!  --> scene.rhai:3:9
//!   |
//! 3 | let s = sphere(-1);
//!   |         ^
//! ```

use std::fmt;

use rhai::{EvalAltResult, ParseError, Position};

/// A script failure located in its source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The script's name (its path, `<stdin>` or `<repl>`).
    pub file: String,
    /// What went wrong (may span several lines, e.g. "... in call to function 'f'").
    pub message: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
    /// The text of the offending line, when known.
    pub source_line: Option<String>,
}

impl std::error::Error for Diagnostic {}

impl Diagnostic {
    /// A diagnostic for a syntax error.
    pub fn from_parse(file: &str, source: &str, err: &ParseError) -> Self {
        Self::at(
            file,
            source,
            format!("syntax error: {}", err.err_type()),
            err.position(),
        )
    }

    /// A diagnostic for a runtime error. Errors raised inside script functions of the same file
    /// point at the failing line in the function body; the message then names the call chain.
    pub fn from_eval(file: &str, source: &str, err: &EvalAltResult) -> Self {
        let mut innermost = err;
        let mut position = err.position();
        let mut calls = Vec::new();
        while let EvalAltResult::ErrorInFunctionCall(name, src, inner, call_pos) = innermost {
            if !(src.is_empty() || src == file) {
                break;
            }
            calls.push(match call_pos.line() {
                Some(line) => format!("in call to function '{name}' at line {line}"),
                None => format!("in call to function '{name}'"),
            });
            innermost = inner;
            if !inner.position().is_none() {
                position = inner.position();
            }
        }
        let mut message = match innermost {
            EvalAltResult::ErrorParsing(kind, _) => format!("syntax error: {kind}"),
            EvalAltResult::ErrorRuntime(value, _) if value.is_string() => value.to_string(),
            // A thrown array or map: Rhai's rendering is recursive (a stack overflow at 7,000).
            EvalAltResult::ErrorRuntime(value, _) if crate::print_depth::too_deep(value) => {
                format!(
                    "Runtime error: {}",
                    crate::print_depth::too_deep_shell_error()
                )
            }
            other => {
                // The position is shown separately, so drop Rhai's " (line l, position c)".
                let text = other.to_string();
                let suffix = format!(" ({})", other.position());
                text.strip_suffix(&suffix)
                    .map_or(text.clone(), String::from)
            }
        };
        match innermost {
            EvalAltResult::ErrorTooManyOperations(..) => {
                message.push_str(": the script reached its operation limit (an endless loop?)");
            }
            EvalAltResult::ErrorStackOverflow(..) => {
                message.push_str(": function calls nest too deeply (an endless recursion?)");
            }
            _ => {}
        }
        for call in calls.iter().rev() {
            message.push('\n');
            message.push_str(call);
        }
        Self::at(file, source, message, position)
    }

    /// A diagnostic with no position (e.g. the file could not be read).
    pub fn without_position(file: &str, message: impl Into<String>) -> Self {
        Self {
            file: file.to_string(),
            message: message.into(),
            line: None,
            column: None,
            source_line: None,
        }
    }

    fn at(file: &str, source: &str, message: String, pos: Position) -> Self {
        let line = pos.line();
        let column = pos.position();
        let source_line =
            line.and_then(|l| source.lines().nth(l.saturating_sub(1)).map(String::from));
        Self {
            file: file.to_string(),
            message,
            line,
            column,
            source_line,
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "error: {}", self.message)?;
        let Some(line) = self.line else {
            return write!(f, " --> {}", self.file);
        };
        let gutter = " ".repeat(line.to_string().len());
        match self.column {
            Some(col) => writeln!(f, "{gutter}--> {}:{line}:{col}", self.file)?,
            None => writeln!(f, "{gutter}--> {}:{line}", self.file)?,
        }
        if let Some(text) = &self.source_line {
            writeln!(f, "{gutter} |")?;
            writeln!(f, "{line} | {text}")?;
            // Keep tabs so that the caret lines up under tab-indented code.
            let col = self.column.unwrap_or(1).max(1);
            let pad: String = text
                .chars()
                .take(col - 1)
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            write!(f, "{gutter} | {pad}^")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_syntax_error_shows_line_column_and_caret() {
        let engine = rhai::Engine::new_raw();
        let source = "let a = 1;\nlet b = (2 + ;\n";
        let err = engine.compile(source).unwrap_err();
        let d = Diagnostic::from_parse("demo.rhai", source, &err);
        assert_eq!(d.line, Some(2));
        let text = d.to_string();
        assert!(text.starts_with("error: syntax error"), "{text}");
        assert!(text.contains(" --> demo.rhai:2:"), "{text}");
        assert!(text.contains("2 | let b = (2 + ;"), "{text}");
        let caret_line = text.lines().last().expect("caret line");
        let caret_col = caret_line.find('^').expect("caret") - "  | ".len() + 1;
        assert_eq!(Some(caret_col), d.column, "{text}");
    }

    #[test]
    fn errors_in_functions_point_into_the_body() {
        let engine = rhai::Engine::new();
        let source = "fn f(x) {\n  x + \"a\" * 2\n}\nf(1);\n";
        let err = engine.run(source).unwrap_err();
        let d = Diagnostic::from_eval("f.rhai", source, &err);
        assert_eq!(d.line, Some(2), "{d}");
        assert!(
            d.message.contains("in call to function 'f' at line 4"),
            "{d}"
        );
        assert!(!d.message.contains("(line"), "no duplicated positions: {d}");
    }

    #[test]
    fn tabs_are_kept_under_the_caret() {
        let d = Diagnostic {
            file: "t.rhai".into(),
            message: "boom".into(),
            line: Some(1),
            column: Some(3),
            source_line: Some("\t\tx".into()),
        };
        assert!(d.to_string().ends_with(" | \t\t^"), "{d}");
    }
}
