//! "Did you mean" suggestions: the bound names nearest to a misspelt one, by edit distance
//! (Damerau–Levenshtein, so a swapped pair of letters counts once).
//!
//! [`closest`] ranks candidates; [`hint`] reads a Rhai error (an unknown function, method,
//! variable or property) and names the nearest functions, variables or properties the session
//! has. Unknown options get theirs in [`crate::error::ShellError::UnknownOption`].

use rhai::{EvalAltResult, ParseError, ParseErrorType};

/// At most this many suggestions are offered.
const MAX_SUGGESTIONS: usize = 3;

/// The largest edit distance still offered for a name of `len` characters: one edit for short
/// names, about a third of the name for longer ones.
fn tolerance(len: usize) -> usize {
    (len / 3).max(1)
}

/// The candidates nearest to `word` (within [`tolerance`]), nearest first, then alphabetically;
/// `word` itself is never offered.
pub fn closest<'a, I>(word: &str, candidates: I) -> Vec<String>
where
    I: IntoIterator<Item = &'a str>,
{
    let limit = tolerance(word.chars().count());
    let lower = word.to_lowercase();
    let mut scored: Vec<(usize, &str)> = candidates
        .into_iter()
        .filter(|c| *c != word)
        .map(|c| (strsim::damerau_levenshtein(&lower, &c.to_lowercase()), c))
        .filter(|(d, _)| *d <= limit)
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.1 == b.1);
    scored
        .into_iter()
        .take(MAX_SUGGESTIONS)
        .map(|(_, c)| c.to_string())
        .collect()
}

/// `did you mean `a`?` or `did you mean `a`, `b` or `c`?`; `None` without suggestions.
pub fn did_you_mean(suggestions: &[String]) -> Option<String> {
    let quoted: Vec<String> = suggestions.iter().map(|s| format!("`{s}`")).collect();
    match quoted.as_slice() {
        [] => None,
        [one] => Some(format!("did you mean {one}?")),
        [init @ .., last] => Some(format!("did you mean {} or {last}?", init.join(", "))),
    }
}

/// The names a session can offer, by kind.
#[derive(Debug, Clone, Default)]
pub struct BoundNames {
    /// Functions and methods: registered and defined by scripts.
    pub functions: Vec<String>,
    /// Variables and constants in scope.
    pub variables: Vec<String>,
    /// Properties of Morsel objects: (the script name of the type, the property).
    pub properties: Vec<(String, String)>,
}

/// A `help: did you mean ...` line for an error about an unknown name; `None` for other errors
/// or when no bound name is near. A function that exists under the name but with other
/// argument types gets no suggestion (its signatures are listed instead).
pub fn hint(err: &EvalAltResult, names: &BoundNames) -> Option<String> {
    let mut innermost = err;
    while let EvalAltResult::ErrorInFunctionCall(_, _, inner, _) = innermost {
        innermost = inner;
    }
    let (word, pool, what) = match innermost {
        EvalAltResult::ErrorFunctionNotFound(call, _) => {
            let name = call
                .split(|c: char| c == '(' || c.is_whitespace())
                .next()
                .unwrap_or_default();
            if names.functions.iter().any(|f| f == name) {
                return None;
            }
            (name, &names.functions, "function")
        }
        EvalAltResult::ErrorVariableNotFound(name, _) => {
            (name.as_str(), &names.variables, "variable")
        }
        EvalAltResult::ErrorPropertyNotFound(name, _) => {
            let all: Vec<String> = names.properties.iter().map(|(_, p)| p.clone()).collect();
            return property_hint(name, &all);
        }
        // "Unknown property 'radus' - a getter is not registered for type 'Shape'".
        EvalAltResult::ErrorDotExpr(text, _) => {
            let mut quoted = text.split('\'').skip(1).step_by(2);
            let (Some(name), Some(typ)) = (quoted.next(), quoted.next()) else {
                return None;
            };
            let of_type: Vec<String> = names
                .properties
                .iter()
                .filter(|(t, _)| t == typ)
                .map(|(_, p)| p.clone())
                .collect();
            return property_hint(name, &of_type);
        }
        _ => return None,
    };
    let found = closest(word, pool.iter().map(String::as_str));
    did_you_mean(&found).map(|text| format!("help: no {what} `{word}`; {text}"))
}

fn property_hint(word: &str, properties: &[String]) -> Option<String> {
    let found = closest(word, properties.iter().map(String::as_str));
    did_you_mean(&found).map(|text| format!("help: no property `{word}`; {text}"))
}

/// The names `source` declares with `let`, `const`, `for` and as function or closure
/// parameters (a rough scan: enough to suggest names, never to run anything).
pub fn declared_names(source: &str) -> Vec<String> {
    let words: Vec<&str> = source
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '|' || c == '('))
        .filter(|w| !w.is_empty())
        .collect();
    let mut names = Vec::new();
    let is_name = |w: &str| {
        w.chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
            && w.chars().all(|c| c.is_alphanumeric() || c == '_')
    };
    for pair in words.windows(2) {
        if matches!(pair[0], "let" | "const" | "for") && is_name(pair[1]) {
            names.push(pair[1].to_string());
        }
    }
    // Parameters: `fn f(a, b)` and `|a, b|`.
    for part in source.split(['(', ')', '|', ',']) {
        let word = part.trim();
        if is_name(word) && (source.contains(&format!("|{word}")) || source.contains("fn ")) {
            names.push(word.to_string());
        }
    }
    names.sort();
    names.dedup();
    names
}

/// A `help: did you mean ...` line for a script that names an undefined variable (scripts
/// are compiled with strict variables, so this is a syntax error): the session's variables
/// and those `source` declares are offered.
pub fn parse_hint(err: &ParseError, names: &BoundNames, source: &str) -> Option<String> {
    let ParseErrorType::VariableUndefined(word) = err.err_type() else {
        return None;
    };
    let declared = declared_names(source);
    let pool = names.variables.iter().chain(&declared).map(String::as_str);
    let found = closest(word, pool);
    did_you_mean(&found).map(|text| format!("help: no variable `{word}`; {text}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rhai::Position;

    #[test]
    fn the_nearest_names_come_first() {
        let names = ["fk", "fixed", "com", "ik", "box"];
        assert_eq!(closest("fkk", names), vec!["fk"]);
        assert_eq!(closest("fk", names), vec!["ik"]);
        assert!(closest("zzzzzz", names).is_empty());
        // A swapped pair of letters is one edit.
        assert_eq!(
            closest("resolutoin", ["resolution", "seed"]),
            vec!["resolution"]
        );
    }

    #[test]
    fn suggestions_read_as_a_sentence() {
        assert_eq!(did_you_mean(&[]), None);
        assert_eq!(
            did_you_mean(&["fk".into()]).as_deref(),
            Some("did you mean `fk`?")
        );
        assert_eq!(
            did_you_mean(&["a".into(), "b".into(), "c".into()]).as_deref(),
            Some("did you mean `a`, `b` or `c`?")
        );
    }

    #[test]
    fn errors_about_unknown_names_get_a_hint() {
        let names = BoundNames {
            functions: vec!["fk".into(), "sphere".into()],
            variables: vec!["count".into()],
            properties: vec![
                ("Shape".into(), "radius".into()),
                ("Pose".into(), "rpy".into()),
            ],
        };
        let call =
            EvalAltResult::ErrorFunctionNotFound("fkk (Robot, array)".into(), Position::NONE);
        assert_eq!(
            hint(&call, &names).as_deref(),
            Some("help: no function `fkk`; did you mean `fk`?")
        );
        let known = EvalAltResult::ErrorFunctionNotFound("fk (i64)".into(), Position::NONE);
        assert_eq!(hint(&known, &names), None);
        let var = EvalAltResult::ErrorVariableNotFound("coutn".into(), Position::NONE);
        assert_eq!(
            hint(&var, &names).as_deref(),
            Some("help: no variable `coutn`; did you mean `count`?")
        );
        let prop = EvalAltResult::ErrorPropertyNotFound("radus".into(), Position::NONE);
        assert!(hint(&prop, &names).is_some_and(|h| h.contains("`radius`")));
        let getter = EvalAltResult::ErrorDotExpr(
            "Unknown property 'radus' - a getter is not registered for type 'Shape'".into(),
            Position::NONE,
        );
        assert_eq!(
            hint(&getter, &names).as_deref(),
            Some("help: no property `radus`; did you mean `radius`?")
        );
        // Only the properties of the receiver's type are offered.
        let other = EvalAltResult::ErrorDotExpr(
            "Unknown property 'rp' - a getter is not registered for type 'Shape'".into(),
            Position::NONE,
        );
        assert_eq!(hint(&other, &names), None);
    }
}
