//! The two generated references: `docs/scripting.md` (Rhai) and `docs/python.md` (Python), both
//! from the one description ([`super::Api`]).

use std::fmt::Write as _;

use super::{Api, ApiFunction, GROUP_ORDER};

/// How to regenerate both files (written into each).
const REGENERATE: &str = "MORSEL_BLESS=1 cargo test -p morsel-lab --test api_docs";

/// The groups that have functions, in reference order.
fn groups(api: &Api) -> Vec<&str> {
    let mut groups: Vec<&str> = GROUP_ORDER
        .iter()
        .copied()
        .filter(|g| api.functions.iter().any(|f| f.group == *g))
        .collect();
    let mut others: Vec<&str> = api
        .functions
        .iter()
        .map(|f| f.group.as_str())
        .filter(|g| !GROUP_ORDER.contains(g))
        .collect();
    others.sort_unstable();
    others.dedup();
    groups.extend(others);
    groups
}

/// The functions of one group, sorted by name and signature.
fn functions_of<'a>(api: &'a Api, group: &str) -> Vec<&'a ApiFunction> {
    let mut list: Vec<&ApiFunction> = api.functions.iter().filter(|f| f.group == group).collect();
    list.sort_by(|a, b| (&a.name, &a.signature).cmp(&(&b.name, &b.signature)));
    list
}

/// The options of one function as a nested list, each key marked required or optional with its
/// default.
fn write_options(md: &mut String, f: &ApiFunction) {
    for option in &f.options {
        let _ = writeln!(md, "  - `{}`: {}", option.key, option.text);
    }
}

/// The options of one function for Python: a dict in the options position or keyword
/// arguments, each key marked required or optional with its default.
fn write_python_options(md: &mut String, f: &ApiFunction) {
    if f.options.is_empty() {
        return;
    }
    md.push_str("  Options (a dict, or keyword arguments):\n");
    for option in &f.options {
        let _ = writeln!(md, "  - `{}`: {}", option.key, python_text(&option.text));
    }
}

/// `docs/scripting.md`: the Rhai reference.
pub fn scripting(api: &Api) -> String {
    let mut md = String::new();
    md.push_str("# Morsel script API\n\n");
    let _ = write!(
        md,
        "<!-- Generated from lab/src/api/script_api.txt; do not edit by hand. Regenerate with\n     \
         {REGENERATE} -->\n\n"
    );
    md.push_str(
        "Every function that Morsel adds to Rhai, grouped by the crate it binds, with its \
         signature and one-line description, and under it each option of its options map, \
         required or optional with its default. A function whose first parameter is a Morsel object \
         is also a method: `f(x, a)` and `x.f(a)` are the same call. Numbers may be integers or \
         floats; vectors and points are arrays `[x, y, z]`; options are maps `#{ key: value }`. \
         Rhai's own functions and syntax also work: see <https://rhai.rs/book/>. In the REPL, \
         `:help NAME` shows the same text. The same functions exist in Python: see \
         [python.md](python.md).\n\n",
    );
    let groups = groups(api);
    md.push_str("Groups:");
    for (i, group) in groups.iter().enumerate() {
        md.push_str(if i == 0 { " " } else { ", " });
        let _ = write!(md, "[{group}](#{group})");
    }
    md.push_str("; [properties](#properties).\n");
    for group in &groups {
        let _ = write!(md, "\n## {group}\n\n");
        for f in functions_of(api, group) {
            let _ = write!(md, "- `{}`  \n  {}\n", f.signature, f.description);
            write_options(&mut md, f);
        }
    }
    md.push_str("\n## properties\n\nRead-only fields of Morsel objects (`x.name`), by type.\n\n");
    for p in &api.properties {
        if p.returns.is_empty() {
            let _ = writeln!(md, "- `{}.{}`", p.type_name, p.name);
        } else {
            let _ = writeln!(md, "- `{}.{} -> {}`", p.type_name, p.name, p.returns);
        }
    }
    md
}

/// A script type as Python shows it.
pub fn python_type(script: &str) -> String {
    let mut text = script.replace("#{", "{");
    for (from, to) in [
        ("INT", "int"),
        ("FLOAT", "float"),
        ("number", "float"),
        ("string", "str"),
        ("Map", "dict"),
        ("map", "dict"),
        ("array", "list"),
        ("Dynamic", "Any"),
        ("any", "Any"),
        ("()", "None"),
    ] {
        text = replace_word(&text, from, to);
    }
    for (from, to) in [("true", "True"), ("false", "False")] {
        text = replace_word(&text, from, to);
    }
    text
}

/// A description or option line as Python users read it: maps `#{...}` as dicts `{...}`, a
/// lone `()` as `None`, `true`/`false` as `True`/`False`, and the binary's folders and flags
/// (`--out`, `--seed`, paths relative to the script) as Python's (the working folder, the
/// `MORSEL_SEED` environment variable).
pub fn python_text(text: &str) -> String {
    let mut out = text.replace("#{", "{");
    for (from, to) in [
        ("under --out", "(relative to the working folder)"),
        (
            "relative to the script or --out",
            "relative to the working folder",
        ),
        ("relative to the script", "relative to the working folder"),
        ("The run's --seed", "The run's seed"),
        (
            "the run's --seed",
            "morsel.seed() (MORSEL_SEED, 0 when unset)",
        ),
        (
            "the golden-test harness runs the script",
            "MORSEL_TEST_MODE is 1 (a test harness runs the code)",
        ),
        ("defaults to --seed", "defaults to morsel.seed()"),
        (
            "(0 by default)",
            "(the MORSEL_SEED environment variable, 0 when unset)",
        ),
    ] {
        out = out.replace(from, to);
    }
    out = lone_unit_as_none(&out);
    for (from, to) in [("true", "True"), ("false", "False")] {
        out = replace_word(&out, from, to);
    }
    out
}

/// `()` not directly after a name (a call such as `to_map()` keeps its parentheses) as `None`.
fn lone_unit_as_none(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("()") {
        let before = rest[..at].chars().next_back();
        out.push_str(&rest[..at]);
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            out.push_str("()");
        } else {
            out.push_str("None");
        }
        rest = &rest[at + 2..];
    }
    out.push_str(rest);
    out
}

/// Replaces whole words only (`number` but not `numbers`).
fn replace_word(text: &str, from: &str, to: &str) -> String {
    let is_word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(from) {
        let before = rest[..at].chars().next_back();
        let after = rest[at + from.len()..].chars().next();
        out.push_str(&rest[..at]);
        let word_like = from.chars().all(|c| c.is_alphanumeric() || c == '_');
        if word_like && (is_word(before) || is_word(after)) {
            out.push_str(from);
        } else {
            out.push_str(to);
        }
        rest = &rest[at + from.len()..];
    }
    out.push_str(rest);
    out
}

/// The Python form of one overload: `morsel.name(param: type, ...) -> type`.
pub fn python_signature(f: &ApiFunction) -> String {
    let all = f.parameters();
    let last = all.len().saturating_sub(1);
    let params: Vec<String> = all
        .iter()
        .enumerate()
        .map(|(i, (name, ty))| {
            if ty.is_empty() {
                name.clone()
            } else if i == last && ty.starts_with("#{") && !f.options.is_empty() {
                // an options map: a dict, None, or keyword arguments
                format!("{name}: {} | None = None, **kwargs", python_type(ty))
            } else {
                format!("{name}: {}", python_type(ty))
            }
        })
        .collect();
    let mut text = format!("morsel.{}({})", f.name, params.join(", "));
    if let Some(ret) = f.returns() {
        let _ = write!(text, " -> {}", python_type(&ret));
    }
    text
}

/// The Python docstring of the function `name`: each overload's Python signature with its
/// description below it, as in `docs/python.md`; `None` when the description names no such
/// function.
pub fn python_docstring(api: &Api, name: &str) -> Option<String> {
    let parts: Vec<String> = api
        .overloads(name)
        .map(|f| {
            format!(
                "{}\n    {}",
                python_signature(f),
                python_text(&f.description)
            )
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join("\n\n"))
}

/// `docs/python.md`: the Python reference.
pub fn python(api: &Api) -> String {
    let mut md = String::new();
    md.push_str("# Morsel Python API\n\n");
    let _ = write!(
        md,
        "<!-- Generated from lab/src/api/script_api.txt; do not edit by hand. Regenerate with\n     \
         {REGENERATE} -->\n\n"
    );
    md.push_str(
        "`pip install ./python` gives `import morsel`. Every function of the script API \
         ([scripting.md](scripting.md)) exists in Python under the same name with the same \
         arguments: as a module function `morsel.f(x, a)` and, when its first parameter is a \
         Morsel object, as a method `x.f(a)`. An options map is a dict in the same position \
         (`morsel.touch(sc, {\"scales\": {...}})`), and its keys may also be given as keyword \
         arguments. Vectors, matrices, point sets and sample maps are float64 NumPy arrays; \
         poses are `morsel.Pose` objects with `.position`, `.quaternion` ([w, x, y, z]) and \
         `.matrix` (4x4). An argument written `[x, y, z]` is a list or a NumPy array of shape \
         `(3,)`, `[[x, y, z], ...]` one of shape `(n, 3)`, `[float]` one of shape `(n,)` and \
         `[[float]]` a 2-D array; most array results (`rows`, `values`, `points`, Jacobians, \
         positions) are float64 NumPy arrays of these shapes, a dict result `{...}` is a Python \
         dict and `None` stands for no value. Files are written relative to the working \
         folder. `help(morsel.f)` shows the same text. Errors raise `morsel.MorselError` (subclasses also derive from \
         `ValueError`, `TypeError`, `KeyError` or `FileNotFoundError` where they fit). \
         Python-only additions (batches, the MuJoCo adapter) are listed at the end.\n\n",
    );
    for group in groups(api) {
        let _ = write!(md, "## {group}\n\n");
        for f in functions_of(api, group) {
            let _ = write!(
                md,
                "- `{}`  \n  {}\n",
                python_signature(f),
                python_text(&f.description)
            );
            write_python_options(&mut md, f);
        }
        md.push('\n');
    }
    md.push_str("## properties\n\nRead-only attributes of Morsel objects, by type.\n\n");
    for p in &api.properties {
        if p.returns.is_empty() {
            let _ = writeln!(md, "- `{}.{}`", p.type_name, p.name);
        } else {
            let _ = writeln!(
                md,
                "- `{}.{} -> {}`",
                p.type_name,
                p.name,
                python_type(&p.returns)
            );
        }
    }
    md.push_str(
        "\n## Python only\n\n\
         - `morsel.fk_batch(robot, Q, joint_names) -> ndarray (n, bodies, 7)`  \n  \
         Forward kinematics of many configurations: positions and [w, x, y, z] quaternions.\n\
         - `morsel.mujoco.sync(robot, m, d)`, `morsel.mujoco.contacts(m, d)`  \n  \
         A Morsel robot set to a live MuJoCo state; MuJoCo's contacts as one batch of arrays \
         for `touch.observe`.\n\
         - `morsel.mujoco.BalanceMonitor(m, d, feet, ground=None, polygon=\"hull\" | \"static\", \
         of=\"com\" | \"cop\", point=None, height=0.0, min_force=1e-6, patch=1e-3, \
         source=\"mujoco\" | \"touch\", touch=None, robot=None)`, `.read()`, `.step(nstep=1)`  \n  \
         A robot that feels its own balance: each step, the feet's contact wrenches (MuJoCo's \
         contact forces, or with `source=\"touch\"` the feet's own touch sensors: a \
         `morsel.mimo` sensor, or a `morsel.Touch` over `robot`, via `Touch.body_load`), world \
         frame, about `point`, the centre of pressure, the support polygon and the signed margin \
         of the CoM (or CoP) to it, as {time, wrenches, wrench, cop, points, polygon, margin, \
         com}; None without support. Example: python/examples/humanoid_balance.py.\n\
         - `morsel.mimo.TrimeshTouch(env, touch_params)`, `morsel.mimo.DiscreteTouch(env, \
         touch_params)`  \n  \
         MIMo's touch classes as a drop-in (one import to change): MIMo's layouts, outputs and \
         interface; see [mimo.md](mimo.md).\n",
    );
    md
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::script_api;

    #[test]
    fn python_docstrings_hold_every_overload() {
        let api = Api::parse(
            "[g]\n\nf(x: number) -> INT\n    One.\nf(x: number, o: #{a}) -> INT\n    Two.\n",
        );
        assert_eq!(
            python_docstring(&api, "f").as_deref(),
            Some(
                "morsel.f(x: float) -> int\n    One.\n\nmorsel.f(x: float, o: {a}) -> int\n    Two."
            )
        );
        assert_eq!(python_docstring(&api, "g"), None);
    }

    #[test]
    fn script_types_read_as_python_types() {
        assert_eq!(python_type("#{dt: number}"), "{dt: float}");
        assert_eq!(python_type("[number] | ()"), "[float] | None");
        assert_eq!(python_type("numbers"), "numbers");
        assert_eq!(python_type("INT"), "int");
    }

    #[test]
    fn both_references_list_every_function() {
        let api = script_api();
        let rhai = scripting(api);
        let python = python(api);
        for f in &api.functions {
            assert!(
                rhai.contains(&format!("`{}`", f.signature)),
                "{}",
                f.signature
            );
            assert!(python.contains(&format!("`{}`", python_signature(f))));
        }
        assert!(
            python.contains("morsel.sphere(r: float) -> Shape"),
            "{python}"
        );
    }
}
