//! The description of Morsel's script API: every function's group, name, signature and
//! one-line description, and the read-only properties of Morsel objects.
//!
//! It lives in one text file, `script_api.txt` (its header gives the format), so that one place
//! says what the API is. From it:
//! - the Rhai front end takes each function's description when it registers the function, and
//!   a shell test fails when the registered functions and this description differ;
//! - `docs/scripting.md` and `docs/python.md` are generated ([`markdown`]);
//! - the Python front end's tests fail when a function named here is missing from `morsel`.

pub mod markdown;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

/// The text of the description.
pub const SOURCE: &str = include_str!("script_api.txt");

/// The default of `touch()`'s option `mimo_quirks` in both front ends: Morsel's fixes, so that
/// each contact's force is conserved over the sensors. (MIMo's own classes, the Python
/// `morsel.mimo` drop-in, keep MIMo's behaviour, bugs included, by default.)
pub const TOUCH_MIMO_QUIRKS: bool = false;

/// The groups in the order the reference shows them (the crates, front end first).
pub const GROUP_ORDER: &[&str] = &[
    "shell",
    "geometry",
    "kinematics",
    "sensing",
    "stability",
    "jointspace",
];

/// One function (one overload) of the API.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ApiFunction {
    /// The crate it binds (`geometry`, ...) or `shell` for the front end's own functions.
    pub group: String,
    /// The name both front ends use.
    pub name: String,
    /// `name(param: type, ...) -> type`, in the script notation.
    pub signature: String,
    /// The one-line description.
    pub description: String,
    /// Its options, one per key of its options map (`- key: required` or
    /// `- key: optional, default ...`), in file order.
    pub options: Vec<ApiOption>,
}

/// One key of a function's options map, as the description documents it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ApiOption {
    /// The key (`friction`).
    pub key: String,
    /// Whether the call fails without it.
    pub required: bool,
    /// The rest of its line: `required`, or `optional, default ...`, with any note.
    pub text: String,
}

impl ApiFunction {
    /// The parameters as `(name, type)` pairs, in order.
    pub fn parameters(&self) -> Vec<(String, String)> {
        let inner = parameter_text(&self.signature);
        split_top_level(inner)
            .into_iter()
            .filter(|p| !p.trim().is_empty())
            .map(|p| match p.split_once(':') {
                Some((name, ty)) => (name.trim().to_string(), ty.trim().to_string()),
                None => (p.trim().to_string(), String::new()),
            })
            .collect()
    }

    /// The Morsel object type of the first parameter (`Robot` in `fk(robot: Robot, ...)`), when
    /// the first parameter is exactly one such type (a capitalised name such as `Stance`, not
    /// `[Contact]` nor `Map`): the function is then also a method of that type, `x.f(...)` being
    /// `f(x, ...)`, in both front ends.
    pub fn receiver(&self) -> Option<String> {
        let (_, ty) = self.parameters().into_iter().next()?;
        let is_object = ty.chars().next().is_some_and(|c| c.is_ascii_uppercase())
            && ty.chars().all(|c| c.is_ascii_alphanumeric())
            && !matches!(ty.as_str(), "Map" | "INT" | "FLOAT");
        is_object.then_some(ty)
    }

    /// The return type, or `None` when the function returns nothing.
    pub fn returns(&self) -> Option<String> {
        let close = closing_paren(&self.signature)?;
        let rest = self.signature[close + 1..].trim();
        rest.strip_prefix("->")
            .map(|r| r.trim().to_string())
            .filter(|r| r != "()")
    }
}

/// A read-only property of a Morsel object (`x.name`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ApiProperty {
    /// The object's type name (`Pose`).
    pub type_name: String,
    /// The property (`position`).
    pub name: String,
    /// Its type as the reference shows it (may be empty).
    pub returns: String,
}

/// The whole description.
#[derive(Debug, Clone, Default)]
pub struct Api {
    /// Every function overload, in file order (grouped, sorted by name within a group).
    pub functions: Vec<ApiFunction>,
    /// Every property, sorted by type and name.
    pub properties: Vec<ApiProperty>,
    /// Lines that could not be read, with their line numbers (empty for a well-formed file).
    pub problems: Vec<(usize, String)>,
}

impl Api {
    /// Reads a description in the format of `script_api.txt`.
    pub fn parse(text: &str) -> Self {
        let mut api = Api::default();
        let mut group: Option<String> = None;
        let mut pending: Option<(usize, String)> = None;
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            if line.starts_with('#') {
                continue;
            }
            if let Some(option) = line.strip_prefix("    - ") {
                match (pending.is_none(), api.functions.last_mut()) {
                    (true, Some(f)) => match parse_option(option) {
                        Some(o) => f.options.push(o),
                        None => api.problems.push((
                            number,
                            format!(
                                "not an option (`- key: required` or `- key: optional, default ...`): {option}"
                            ),
                        )),
                    },
                    _ => api
                        .problems
                        .push((number, "an option line before a description".into())),
                }
                continue;
            }
            if let Some(description) = line.strip_prefix("    ") {
                match pending.take() {
                    Some((_, signature)) => {
                        let name = signature
                            .split('(')
                            .next()
                            .unwrap_or_default()
                            .trim()
                            .to_string();
                        api.functions.push(ApiFunction {
                            group: group.clone().unwrap_or_default(),
                            name,
                            signature,
                            description: description.trim().to_string(),
                            options: Vec::new(),
                        });
                    }
                    None => api
                        .problems
                        .push((number, "a description without a signature".into())),
                }
                continue;
            }
            if let Some((at, _)) = pending.take() {
                api.problems
                    .push((at, "a signature without a description line".into()));
            }
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                group = Some(name.to_string());
                continue;
            }
            match group.as_deref() {
                None => api
                    .problems
                    .push((number, "an entry before the first [group]".into())),
                Some("properties") => match parse_property(line) {
                    Some(property) => api.properties.push(property),
                    None => api.problems.push((
                        number,
                        format!("not a property (`Type.name -> type`): {line}"),
                    )),
                },
                Some(_) if closing_paren(line).is_some() && line.contains('(') => {
                    pending = Some((number, line.to_string()));
                }
                Some(_) => api
                    .problems
                    .push((number, format!("not a signature: {line}"))),
            }
        }
        if let Some((at, _)) = pending {
            api.problems
                .push((at, "a signature without a description line".into()));
        }
        api
    }

    /// The function whose signature matches `signature` (compared by [`signature_key`]).
    pub fn find(&self, signature: &str) -> Option<&ApiFunction> {
        let key = signature_key(signature);
        self.functions
            .iter()
            .find(|f| signature_key(&f.signature) == key)
    }

    /// The method table: for each Morsel object type, the names of the functions whose first
    /// parameter is that type ([`ApiFunction::receiver`]), sorted. Front ends derive their
    /// methods from it, so that no hand-kept list can drift from the description.
    pub fn methods(&self) -> BTreeMap<String, BTreeSet<String>> {
        let mut table: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for f in &self.functions {
            if let Some(ty) = f.receiver() {
                table.entry(ty).or_default().insert(f.name.clone());
            }
        }
        table
    }

    /// The distinct function names, sorted.
    pub fn names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.functions.iter().map(|f| f.name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        names
    }

    /// The overloads of one function.
    pub fn overloads<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a ApiFunction> + 'a {
        self.functions.iter().filter(move |f| f.name == name)
    }
}

/// Morsel's script API, read once from [`SOURCE`].
pub fn script_api() -> &'static Api {
    static API: OnceLock<Api> = OnceLock::new();
    API.get_or_init(|| Api::parse(SOURCE))
}

/// A signature in a form that ignores spacing and a `-> ()` return, so that the way a front end
/// prints a signature does not matter.
pub fn signature_key(signature: &str) -> String {
    let compact: String = signature.chars().filter(|c| !c.is_whitespace()).collect();
    compact
        .strip_suffix("->()")
        .map(str::to_string)
        .unwrap_or(compact)
}

/// The signature a registration describes: `name`, then its parameters; the last entry of
/// `params` is the return type (`()` or empty for none).
pub fn signature_of(name: &str, params: &[&str]) -> String {
    let (ret, args) = match params.split_last() {
        Some((ret, args)) => (ret.trim(), args),
        None => ("", params),
    };
    let mut text = format!("{name}({})", args.join(", "));
    if !ret.is_empty() && ret != "()" {
        text.push_str(" -> ");
        text.push_str(ret);
    }
    text
}

/// `key: required` or `key: optional, default ...` (a note may follow either).
fn parse_option(text: &str) -> Option<ApiOption> {
    let (key, rest) = text.split_once(':')?;
    let key = key.trim();
    let rest = rest.trim();
    let valid_key = !key.is_empty() && key.chars().all(|c| c.is_alphanumeric() || c == '_');
    let required = rest.starts_with("required");
    if !valid_key || !(required || rest.starts_with("optional, default ")) {
        return None;
    }
    Some(ApiOption {
        key: key.to_string(),
        required,
        text: rest.to_string(),
    })
}

/// The keys of an options-map type `#{a, b: type, c: t | d: u, ...}`: every top-level entry's
/// name, and each alternative's in `c: t | d: u` (`...` and quoted choices are skipped).
pub fn option_keys(map_type: &str) -> Vec<String> {
    let inner = map_type
        .trim()
        .strip_prefix("#{")
        .and_then(|t| t.strip_suffix('}'))
        .unwrap_or("");
    let mut keys = Vec::new();
    for entry in split_top_level(inner) {
        for (i, part) in split_top_level_on(entry, '|').into_iter().enumerate() {
            let name = part.split(':').next().unwrap_or("").trim();
            let is_key = !name.is_empty()
                && name.chars().all(|c| c.is_alphanumeric() || c == '_')
                && (part.contains(':') || i == 0);
            if is_key && !keys.iter().any(|k| k == name) {
                keys.push(name.to_string());
            }
        }
    }
    keys
}

fn parse_property(line: &str) -> Option<ApiProperty> {
    let (path, returns) = match line.split_once("->") {
        Some((path, returns)) => (path.trim(), returns.trim()),
        None => (line.trim(), ""),
    };
    let (type_name, name) = path.split_once('.')?;
    if type_name.is_empty() || name.is_empty() {
        return None;
    }
    Some(ApiProperty {
        type_name: type_name.to_string(),
        name: name.to_string(),
        returns: returns.to_string(),
    })
}

/// The byte index of the parenthesis that closes the parameter list.
fn closing_paren(signature: &str) -> Option<usize> {
    let open = signature.find('(')?;
    let mut depth = 0usize;
    for (i, c) in signature.char_indices().skip_while(|(i, _)| *i < open) {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 && c == ')' {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

fn parameter_text(signature: &str) -> &str {
    match (signature.find('('), closing_paren(signature)) {
        (Some(open), Some(close)) => &signature[open + 1..close],
        _ => "",
    }
}

/// Splits at commas outside brackets and quotes.
fn split_top_level(text: &str) -> Vec<&str> {
    split_top_level_on(text, ',')
}

/// Splits at `separator` outside brackets and quotes.
fn split_top_level_on(text: &str, separator: char) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut quoted = false;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '(' | '[' | '{' if !quoted => depth += 1,
            ')' | ']' | '}' if !quoted => depth -= 1,
            c if c == separator && depth == 0 && !quoted => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_description_is_well_formed() {
        let api = script_api();
        assert!(api.problems.is_empty(), "{:?}", api.problems);
        assert!(api.functions.len() > 200, "{}", api.functions.len());
        assert!(api.properties.len() > 50);
        for f in &api.functions {
            assert!(
                GROUP_ORDER.contains(&f.group.as_str()),
                "{} is in an unknown group {}",
                f.signature,
                f.group
            );
            assert!(
                !f.description.is_empty(),
                "{} has no description",
                f.signature
            );
        }
        let mut keys: Vec<String> = api
            .functions
            .iter()
            .map(|f| signature_key(&f.signature))
            .collect();
        keys.sort();
        let before = keys.len();
        keys.dedup();
        assert_eq!(before, keys.len(), "a signature is listed twice");
    }

    #[test]
    fn signatures_split_into_parameters_and_a_return() {
        let api = script_api();
        let sphere = api.find("sphere(r: number) -> Shape").expect("sphere");
        assert_eq!(sphere.group, "geometry");
        assert_eq!(sphere.parameters(), vec![("r".into(), "number".into())]);
        assert_eq!(sphere.returns().as_deref(), Some("Shape"));
        let save = api
            .find("save(path:string,value:any)")
            .expect("save, any spacing");
        assert_eq!(save.returns(), None);
        let touch = api
            .overloads("touch")
            .find(|f| f.parameters().len() == 2)
            .expect("touch(scene, options)");
        let params = touch.parameters();
        assert_eq!(params[0], ("scene".into(), "Scene".into()));
        assert!(params[1].1.starts_with("#{scales"), "{params:?}");
    }

    #[test]
    fn a_registration_names_its_signature() {
        assert_eq!(
            signature_of("box", &["hx: number", "hy: number", "hz: number", "Shape"]),
            "box(hx: number, hy: number, hz: number) -> Shape"
        );
        assert_eq!(
            signature_key(&signature_of("save", &["path: string", "value: any", "()"])),
            signature_key("save(path: string, value: any)")
        );
    }

    #[test]
    fn malformed_lines_are_reported_with_their_numbers() {
        let api = Api::parse("f(x) -> y\n[g]\nf(x) -> y\n\nnot a signature\n    orphan\n");
        let lines: Vec<usize> = api.problems.iter().map(|p| p.0).collect();
        assert_eq!(lines, vec![1, 3, 5, 6], "{:?}", api.problems);
    }

    #[test]
    fn the_method_table_takes_object_first_parameters_only() {
        let api = Api::parse(
            "[g]\nfk(robot: Robot, q: [number]) -> Map\n    d\n\
             save(path: string, value: any)\n    d\n\
             stance(options: #{com: [x, y, z]}) -> Stance\n    d\n\
             f(contacts: [Contact]) -> Map\n    d\n\
             g(set: ContactSet, point: [x, y, z]) -> Map\n    d\n",
        );
        assert!(api.problems.is_empty(), "{:?}", api.problems);
        let table = api.methods();
        let names = |ty: &str| table[ty].iter().cloned().collect::<Vec<_>>();
        assert_eq!(table.keys().collect::<Vec<_>>(), ["ContactSet", "Robot"]);
        assert_eq!(names("Robot"), ["fk"]);
        assert_eq!(names("ContactSet"), ["g"]);
        // the shipped description: the calls the issue found missing in Python are methods
        let table = script_api().methods();
        for (ty, name) in [
            ("Stance", "com_inside"),
            ("Stance", "static_polygon"),
            ("Robot", "fk"),
            ("Robot", "mass"),
            ("Shape", "sensor_points"),
            ("CollisionSampler", "grid"),
            ("Contact", "wrench_span"),
            ("SampleMap", "jacobian"),
        ] {
            assert!(table[ty].contains(name), "{ty}.{name}");
        }
    }
}
