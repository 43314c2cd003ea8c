//! Printing nested arrays and maps without overflowing the stack.
//!
//! Rhai prints an array by printing each element through a script function call, so a value
//! nested thousands deep (`let a = []; for i in 0..7000 { a = [a]; }`) overflowed the stack when
//! printed. Morsel registers its own `print`, `debug`, `to_string` and `to_debug` for arrays and
//! maps: they measure the nesting first (without recursion) and refuse values nested more than
//! [`MAX_PRINT_DEPTH`] deep with a script error; shallower values print exactly as Rhai prints
//! them (`[1, "a", #{"k": 2}]`).

use rhai::{Array, Dynamic, Engine, EvalAltResult, ImmutableString, Map, NativeCallContext};

use crate::error::{ShellError, script_error};

/// The deepest nesting of arrays and maps that prints: `[[1]]` is nested 2 deep.
pub const MAX_PRINT_DEPTH: usize = 64;

type PrintResult = Result<ImmutableString, Box<EvalAltResult>>;

/// Registers the depth-checked printers on `engine` (they replace Rhai's for arrays and maps).
pub fn register(engine: &mut Engine) {
    for name in ["print", "debug", "to_string", "to_debug"] {
        engine.register_fn(
            name,
            |ctx: NativeCallContext, a: &mut Array| -> PrintResult {
                check_depth(a.iter(), 1)?;
                print_array(&ctx, a)
            },
        );
        engine.register_fn(name, |ctx: NativeCallContext, m: &mut Map| -> PrintResult {
            check_depth(m.values(), 1)?;
            print_map(&ctx, m)
        });
    }
}

/// The children of an array or map value, if it is one.
fn children(value: &Dynamic) -> Option<Vec<Dynamic>> {
    if let Ok(a) = value.as_array_ref() {
        return Some(
            a.iter()
                .filter(|v| v.is_array() || v.is_map())
                .cloned()
                .collect(),
        );
    }
    if let Ok(m) = value.as_map_ref() {
        return Some(
            m.values()
                .filter(|v| v.is_array() || v.is_map())
                .cloned()
                .collect(),
        );
    }
    None
}

/// Refuses a container (at `depth`) whose `items` nest deeper than [`MAX_PRINT_DEPTH`]; walks
/// with an explicit stack. Only nested containers are visited (cloning one is a reference-count
/// increment for Rhai's shared values, and a shallow copy otherwise).
fn check_depth<'a>(
    items: impl Iterator<Item = &'a Dynamic>,
    depth: usize,
) -> Result<(), Box<EvalAltResult>> {
    let too_deep = || {
        script_error(ShellError::argument(
            "the value to print",
            format!("arrays and maps nested at most {MAX_PRINT_DEPTH} deep"),
            format!("a value nested more than {MAX_PRINT_DEPTH} deep (print a part of it)"),
        ))
    };
    let mut stack: Vec<(Dynamic, usize)> = items
        .filter(|v| v.is_array() || v.is_map())
        .map(|v| (v.clone(), depth + 1))
        .collect();
    while let Some((value, d)) = stack.pop() {
        if d > MAX_PRINT_DEPTH {
            return Err(too_deep());
        }
        if let Some(inner) = children(&value) {
            stack.extend(inner.into_iter().map(|v| (v, d + 1)));
        }
    }
    if depth > MAX_PRINT_DEPTH {
        return Err(too_deep());
    }
    Ok(())
}

/// An element as `to_debug` prints it (through the engine, so Morsel's own types print as
/// registered).
fn element(ctx: &NativeCallContext, value: &mut Dynamic) -> PrintResult {
    let printed = ctx.call_native_fn_raw("to_debug", true, &mut [value])?;
    Ok(match printed.into_immutable_string() {
        Ok(s) => s,
        Err(_) => "?".into(),
    })
}

fn print_array(ctx: &NativeCallContext, array: &mut Array) -> PrintResult {
    let mut out = String::from("[");
    for (i, x) in array.iter_mut().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&element(ctx, x)?);
    }
    out.push(']');
    Ok(out.into())
}

fn print_map(ctx: &NativeCallContext, map: &mut Map) -> PrintResult {
    let mut out = String::from("#{");
    for (i, (k, v)) in map.iter_mut().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&format!("{k:?}: {}", element(ctx, v)?));
    }
    out.push('}');
    Ok(out.into())
}

#[cfg(test)]
mod tests {
    use crate::{Session, SessionOptions};

    fn session() -> (tempfile::TempDir, Session) {
        let dir = tempfile::tempdir().expect("temp dir");
        let options = SessionOptions::new(dir.path(), dir.path().join("out")).capture_output();
        let session = Session::new(options).expect("session");
        (dir, session)
    }

    #[test]
    fn values_print_as_rhai_prints_them() {
        let (_dir, mut s) = session();
        let script = "let a = [1, \"x\", #{k: [2.5, ()]}]; print(a); print(a.to_string());";
        let _ = s.run_source("t", script).expect("runs");
        let out = s.take_output();
        assert_eq!(
            out.lines().collect::<Vec<_>>(),
            [r#"[1, "x", #{"k": [2.5, ()]}]"#; 2]
        );
    }

    #[test]
    fn values_nested_too_deep_are_a_script_error_not_a_stack_overflow() {
        // On a thread with the main thread's stack (8 MiB), where `morsel run` runs scripts:
        // Rhai's own size checks while building a 7,000-deep value need more than a test
        // thread's 2 MiB in a debug build.
        let handle = std::thread::Builder::new()
            .stack_size(8 << 20)
            .spawn(deep_values)
            .expect("thread");
        handle.join().expect("no stack overflow");
    }

    fn deep_values() {
        let (_dir, mut s) = session();
        // 64 levels print; 65 and 7,000 (the campaign's crash) are refused.
        let at = |n: usize, call: &str| {
            format!(
                "let a = 0; for i in 0..{n} {{ a = [a]; }} let m = 0; for i in 0..{n} {{ m = #{{ x: m }}; }} {call}"
            )
        };
        let _ = s
            .run_source("t", &at(super::MAX_PRINT_DEPTH, "print(a); debug(m);"))
            .expect("64 levels print");
        let refused = |s: &mut Session, script: &str| {
            let err = s.run_source("t", script).expect_err(script).to_string();
            assert!(err.contains("nested more than 64 deep"), "{script}: {err}");
        };
        for call in [
            "print(a);",
            "debug(a);",
            "a.to_debug();",
            "print(m);",
            "m.to_string();",
        ] {
            refused(&mut s, &at(super::MAX_PRINT_DEPTH + 1, call));
        }
        refused(&mut s, "let a = 0; for i in 0..7000 { a = [a]; } print(a);");
    }

    /// `${}` interpolation nested in the source: within the expression depth limit
    /// (`Limits::max_expr_depth`, 128 at the top level; `max_function_expr_depth`, 64, in a
    /// function) it evaluates; far beyond it, a parse error (never a stack overflow).
    #[test]
    fn nested_interpolation_is_bounded_by_the_expression_depth() {
        let handle = std::thread::Builder::new()
            .stack_size(8 << 20)
            .spawn(|| {
                let (_dir, mut s) = session();
                let nested = |n: usize| "`a${".repeat(n) + "1" + "}`".repeat(n).as_str();
                let _ = s
                    .run_source("t", &format!("print({});", nested(10)))
                    .expect("10 levels");
                assert_eq!(s.take_output().trim(), format!("{}1", "a".repeat(10)));
                for n in [200, 5_000, 50_000] {
                    let script = format!("let t = {};", nested(n));
                    let err = s
                        .run_source("t", &script)
                        .expect_err("too deep")
                        .to_string();
                    assert!(
                        err.contains("too deeply nested") || err.contains("complex"),
                        "{n}: {err}"
                    );
                    let script = format!("fn f() {{ {} }} f();", nested(n));
                    assert!(s.run_source("t", &script).is_err(), "{n} in a function");
                }
            })
            .expect("thread");
        handle.join().expect("no stack overflow");
    }
}
