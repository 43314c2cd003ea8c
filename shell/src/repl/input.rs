//! Deciding whether REPL input is finished or needs more lines.
//!
//! Input is unfinished when a bracket, a backtick string or a block comment is still open, or
//! when Rhai's parser stops at the end of the input asking for more (a missing `}` or `)`, an
//! expression after a trailing operator). Anything else is handed to the session, which reports
//! real errors with a caret.

use rhai::{Engine, LexError, ParseErrorType};

/// Whether the input so far can be evaluated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputState {
    /// Evaluate it (it may still contain errors, which evaluation reports).
    Complete,
    /// Ask for another line.
    Incomplete,
}

/// Classifies `input` with a parser-only engine (`Engine::new_raw()` is enough).
pub fn input_state(parser: &Engine, input: &str) -> InputState {
    let trimmed = input.trim();
    if trimmed.is_empty() || trimmed.starts_with(':') {
        return InputState::Complete;
    }
    match scan_open(input) {
        Scan::Open => return InputState::Incomplete,
        Scan::Mismatched => return InputState::Complete,
        Scan::Balanced => {}
    }
    let Err(err) = parser.compile(input) else {
        return InputState::Complete;
    };
    let waiting = matches!(
        err.err_type(),
        ParseErrorType::UnexpectedEOF
            | ParseErrorType::MissingToken(..)
            | ParseErrorType::MissingSymbol(..)
            | ParseErrorType::ExprExpected(..)
            | ParseErrorType::BadInput(LexError::UnterminatedString)
    );
    if waiting && at_end(input, err.position()) {
        InputState::Incomplete
    } else {
        InputState::Complete
    }
}

/// Whether a parse position lies at or after the last non-blank character of the input.
fn at_end(input: &str, pos: rhai::Position) -> bool {
    let (Some(line), col) = (pos.line(), pos.position()) else {
        return true;
    };
    let trimmed = input.trim_end();
    let last_line = trimmed.lines().count().max(1);
    let last_len = trimmed.lines().last().map_or(0, |l| l.chars().count());
    line > last_line || (line == last_line && col.unwrap_or(usize::MAX) > last_len)
}

enum Scan {
    Balanced,
    Open,
    Mismatched,
}

/// Tracks brackets outside strings and comments.
fn scan_open(input: &str) -> Scan {
    let chars: Vec<char> = input.chars().collect();
    let mut stack = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            '/' if next == Some('/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if next == Some('*') => {
                let mut depth = 1;
                i += 2;
                while i < chars.len() && depth > 0 {
                    match (chars[i], chars.get(i + 1).copied()) {
                        ('/', Some('*')) => {
                            depth += 1;
                            i += 1;
                        }
                        ('*', Some('/')) => {
                            depth -= 1;
                            i += 1;
                        }
                        _ => {}
                    }
                    i += 1;
                }
                if depth > 0 {
                    return Scan::Open;
                }
                continue;
            }
            '"' | '\'' => {
                // Ordinary strings end at the line; an unterminated one is an error, not more input.
                i += 1;
                while i < chars.len() && chars[i] != c && chars[i] != '\n' {
                    if chars[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            '`' => {
                i += 1;
                while i < chars.len() && chars[i] != '`' {
                    i += 1;
                }
                if i >= chars.len() {
                    return Scan::Open;
                }
            }
            '(' | '[' | '{' => stack.push(c),
            ')' | ']' | '}' => {
                let want = match c {
                    ')' => '(',
                    ']' => '[',
                    _ => '{',
                };
                if stack.pop() != Some(want) {
                    return Scan::Mismatched;
                }
            }
            _ => {}
        }
        i += 1;
    }
    if stack.is_empty() {
        Scan::Balanced
    } else {
        Scan::Open
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(input: &str) -> InputState {
        input_state(&Engine::new_raw(), input)
    }

    #[test]
    fn finished_input_is_complete() {
        for input in [
            "let x = 1;",
            "let x = 1",
            "print(\"(\")",
            "fn f(x) { x + 1 }",
            "let m = #{ a: [1, 2] };",
            "// comment with {",
            ":help",
            "",
        ] {
            assert_eq!(state(input), InputState::Complete, "{input:?}");
        }
    }

    #[test]
    fn open_brackets_strings_and_operators_ask_for_more() {
        for input in [
            "fn f(x) {",
            "let a = [1, 2,",
            "let m = #{ a: 1,\n b: 2",
            "let s = `multi\nline",
            "/* open comment",
            "let x = 1 +",
            "if x > 1",
        ] {
            assert_eq!(state(input), InputState::Incomplete, "{input:?}");
        }
    }

    #[test]
    fn real_errors_are_complete_so_that_they_get_reported() {
        for input in ["let x = );", "let = 3;", "1 +* 2;", "let s = \"open\nx"] {
            assert_eq!(state(input), InputState::Complete, "{input:?}");
        }
    }
}
