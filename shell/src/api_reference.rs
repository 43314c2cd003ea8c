//! The script API as the Rhai engine registers it, checked against the API description in
//! `morsel-lab` (`lab/src/api/script_api.txt`).
//!
//! `morsel doc` prints [`markdown`] (the lab's reference, checked in as `docs/scripting.md`) and
//! `morsel doc --signatures` prints [`signatures`] (the engine's, checked in as
//! `tests/api_signatures.txt`); [`differences`] lists every function the engine registers that
//! the description lacks and every described function the engine lacks, and
//! `shell/tests/api.rs` fails unless it is empty.

use rhai::Engine;
use serde_json::Value;

use morsel_lab::__private::api::{self, script_api, signature_key};

/// One registered function as the reference shows it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ApiFunction {
    /// The group the API description puts it in (`geometry`, `shell`, ...); `None` when the
    /// description lacks its signature.
    pub group: Option<String>,
    /// The name scripts call.
    pub name: String,
    /// `name(param: type, ...) -> type`.
    pub signature: String,
    /// The one-line description (empty when none was given).
    pub description: String,
}

/// The functions registered by Morsel (not Rhai's standard library), sorted by group, name and
/// signature. Operators and property accessors are left out.
pub fn functions(engine: &Engine) -> Vec<ApiFunction> {
    let Ok(json) = engine.gen_fn_metadata_to_json(false) else {
        return Vec::new();
    };
    let Ok(meta) = serde_json::from_str::<Value>(&json) else {
        return Vec::new();
    };
    let mut list: Vec<ApiFunction> = meta["functions"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .filter_map(|f| {
            let name = f["name"].as_str()?;
            // `print` and `debug` are Rhai's (Morsel only guards their depth: print_depth).
            if !is_plain_name(name) || matches!(name, "print" | "debug") {
                return None;
            }
            let comments: Vec<&str> = f["docComments"]
                .as_array()
                .map(|c| c.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let description = comments
                .iter()
                .map(|c| c.trim_start_matches('/').trim().to_string())
                .find(|c| !c.is_empty())
                .unwrap_or_default();
            let signature = tidy_signature(engine, f["signature"].as_str().unwrap_or(name));
            let group = script_api().find(&signature).map(|d| d.group.clone());
            Some(ApiFunction {
                group,
                name: name.to_string(),
                signature,
                description,
            })
        })
        .collect();
    list.sort();
    list.dedup();
    list
}

/// Every signature registered by Morsel, sorted and listed once: functions, methods, operators
/// and property accessors (`get$name`/`set$name`), with Rust types shown as scripts see them.
pub fn signatures(engine: &Engine) -> Vec<String> {
    let mut list: Vec<String> = engine
        .gen_fn_signatures(false)
        .iter()
        .map(|s| tidy_signature(engine, s))
        .collect();
    list.sort();
    list.dedup();
    list
}

const RESULT_OPEN: &str = "core::result::Result<";
const RESULT_CLOSE: &str = ",alloc::boxed::Box<rhai::types::error::EvalAltResult>>";

/// A signature with Rust type paths (of natively registered functions) turned into the names
/// scripts see: `Result<T, Box<EvalAltResult>>` is `T`, `Vec<Dynamic>` is `array`, nalgebra's
/// `Isometry3<f64>` is `Pose`, registered types take their script names, other paths keep their
/// last segment.
pub fn tidy_signature(engine: &Engine, signature: &str) -> String {
    let mut text = signature.to_string();
    while let Some(start) = text.find(RESULT_OPEN) {
        let inner_start = start + RESULT_OPEN.len();
        let Some(len) = text[inner_start..].find(RESULT_CLOSE) else {
            break;
        };
        let inner = text[inner_start..inner_start + len].to_string();
        let inner = engine.map_type_name(&inner).to_string();
        text.replace_range(start..inner_start + len + RESULT_CLOSE.len(), &inner);
    }
    let mut out = String::with_capacity(text.len());
    let mut token = String::new();
    let flush = |token: &mut String, out: &mut String| {
        if !token.is_empty() {
            let short = token.rsplit("::").next().unwrap_or(token);
            out.push_str(match short {
                "i64" => "INT",
                "f64" => "FLOAT",
                "ImmutableString" => "string",
                other => other,
            });
            token.clear();
        }
    };
    for c in text.chars() {
        if c.is_alphanumeric() || c == '_' || c == ':' || c == '$' {
            token.push(c);
        } else {
            flush(&mut token, &mut out);
            out.push(c);
        }
    }
    flush(&mut token, &mut out);
    let out = out
        .replace("BTreeMap<SmartString<LazyCompact>,Dynamic>", "map")
        .replace("Vec<Dynamic>", "array");
    respace(&out).replace("Isometry<FLOAT, Unit<Quaternion<FLOAT>>, 3>", "Pose")
}

/// Puts back the spaces Rhai drops from parameter types: after `,` and `:` (not inside `::`),
/// and around `|`.
fn respace(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 16);
    for (i, &c) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).and_then(|j| chars.get(j)).copied();
        let next = chars.get(i + 1).copied();
        match c {
            '|' => {
                if prev.is_some_and(|p| p != ' ') {
                    out.push(' ');
                }
                out.push('|');
                if next.is_some_and(|n| n != ' ') {
                    out.push(' ');
                }
            }
            ',' | ':' => {
                out.push(c);
                let in_path = c == ':' && (prev == Some(':') || next == Some(':'));
                if !in_path && next.is_some_and(|n| n != ' ') {
                    out.push(' ');
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// Whether a function name is a callable identifier (not an operator or a property accessor).
fn is_plain_name(name: &str) -> bool {
    name.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
        && !name.contains('$')
}

/// `(type, property, signature)` of every property getter, sorted.
fn properties(signatures: &[String]) -> Vec<(String, String, String)> {
    let mut list: Vec<(String, String, String)> = signatures
        .iter()
        .filter_map(|s| {
            let rest = s.strip_prefix("get$")?;
            let (property, rest) = rest.split_once('(')?;
            let (params, ret) = rest.split_once(')')?;
            let ty = params
                .rsplit(':')
                .next()
                .unwrap_or(params)
                .trim()
                .trim_start_matches("&mut ")
                .trim_start_matches('&')
                .to_string();
            let ret = ret.trim().trim_start_matches("->").trim();
            let shown = if ret.is_empty() {
                format!("{ty}.{property}")
            } else {
                format!("{ty}.{property} -> {ret}")
            };
            Some((ty, property.to_string(), shown))
        })
        .collect();
    list.sort();
    list.dedup();
    list
}

/// The Markdown reference of the script API (`docs/scripting.md`), generated from the API
/// description.
pub fn markdown() -> String {
    api::markdown::scripting(script_api())
}

/// How the engine's registrations differ from the API description: functions registered but not
/// described, described but not registered, and the same for properties. Empty when they agree.
pub fn differences(engine: &Engine) -> Vec<String> {
    let description = script_api();
    let mut problems = Vec::new();
    let registered: Vec<ApiFunction> = functions(engine)
        .into_iter()
        .filter(|f| !matches!(f.name.as_str(), "to_string" | "to_debug"))
        // Rhai's `string.append(x)`, which Morsel only guards for arrays and maps (print_depth).
        .filter(|f| !(f.name == "append" && f.signature.starts_with("append(_: &mut string")))
        .collect();
    for f in &registered {
        if f.group.is_none() {
            problems.push(format!(
                "registered but not in lab/src/api/script_api.txt: {}",
                f.signature
            ));
        }
    }
    for d in &description.functions {
        let key = signature_key(&d.signature);
        if !registered
            .iter()
            .any(|f| signature_key(&f.signature) == key)
        {
            problems.push(format!(
                "described but not registered in Rhai: {}",
                d.signature
            ));
        }
    }
    let getters = properties(&signatures(engine));
    for (ty, name, shown) in &getters {
        if !description
            .properties
            .iter()
            .any(|p| &p.type_name == ty && &p.name == name)
        {
            problems.push(format!("property registered but not described: {shown}"));
        }
    }
    for p in &description.properties {
        if !getters
            .iter()
            .any(|(ty, name, _)| ty == &p.type_name && name == &p.name)
        {
            problems.push(format!(
                "property described but not registered: {}.{}",
                p.type_name, p.name
            ));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_types_read_as_script_types() {
        let engine = Engine::new_raw();
        assert_eq!(
            tidy_signature(
                &engine,
                "get$rows(r: &mut Recorder) -> core::result::Result<alloc::vec::Vec<rhai::types::dynamic::Dynamic>,alloc::boxed::Box<rhai::types::error::EvalAltResult>>"
            ),
            "get$rows(r: &mut Recorder) -> array"
        );
        assert_eq!(
            tidy_signature(&engine, "len(x: &mut T) -> i64"),
            "len(x: &mut T) -> INT"
        );
        assert_eq!(
            tidy_signature(
                &engine,
                "to_map(_: &mut C) -> alloc::collections::btree::map::BTreeMap<smartstring::SmartString<smartstring::config::LazyCompact>,rhai::types::dynamic::Dynamic>"
            ),
            "to_map(_: &mut C) -> map"
        );
        assert_eq!(
            tidy_signature(
                &engine,
                "get$pose(_: &mut Contact) -> nalgebra::geometry::isometry::Isometry<f64, nalgebra::geometry::unit::Unit<nalgebra::geometry::quaternion::Quaternion<f64>>, 3>"
            ),
            "get$pose(_: &mut Contact) -> Pose"
        );
    }

    #[test]
    fn parameter_types_get_their_spaces_back() {
        assert_eq!(
            respace("f(o: #{pos:[x,y,z],frame:\"link\"|\"world\"}, q: Pose|[x,y,z]) -> Map|()"),
            "f(o: #{pos: [x, y, z], frame: \"link\" | \"world\"}, q: Pose | [x, y, z]) -> Map | ()"
        );
        assert_eq!(respace("a::b"), "a::b");
    }

    #[test]
    fn property_getters_read_as_type_dot_name() {
        let sigs = vec![
            "get$radius(shape: &mut Shape) -> f64".to_string(),
            "sphere(r: number) -> Shape".to_string(),
        ];
        assert_eq!(
            properties(&sigs),
            vec![(
                "Shape".to_string(),
                "radius".to_string(),
                "Shape.radius -> f64".to_string()
            )]
        );
    }

    #[test]
    fn the_reference_lists_groups_in_crate_order() {
        let md = markdown();
        let shell = md.find("\n## shell\n").expect("shell group");
        let geometry = md.find("\n## geometry\n").expect("geometry group");
        assert!(shell < geometry);
        assert!(
            md.contains("- `seed() -> INT`  \n  The run's --seed"),
            "{md}"
        );
    }
}
