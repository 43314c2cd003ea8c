//! Printing nested arrays and maps without overflowing the stack.
//!
//! Rhai prints an array by printing each element through a script function call, so a value
//! nested thousands deep (`let a = []; for i in 0..7000 { a = [a]; }`) overflowed the stack when
//! printed. Morsel registers its own printers for arrays and maps: they measure the nesting
//! first (without recursion) and refuse values nested more than [`MAX_PRINT_DEPTH`] deep with
//! a script error; shallower values print exactly as Rhai prints them (`[1, "a", #{"k": 2}]`).
//!
//! Every way a script turns a value into text goes through them:
//! - `print`, `debug`, `to_debug` and `to_string` called by the script;
//! - a string joined with `+`, `+=` or `append` (registered here for arrays and maps, as
//!   Rhai's own would fall back to an unbounded rendering on an error);
//! - `${}` interpolation. Rhai calls `to_string` there and, when it fails, renders the value
//!   itself (recursively: a stack overflow at 7,000 deep), so `to_string` cannot fail there.
//!   Instead it records the error ([`take_deferred`]) and returns a placeholder; the session's
//!   progress hook ([`deferred_pending`]) ends the run at the next operation, and the session
//!   reports the recorded error at the place of the call (also when the script ended first).
//! - A thrown value and the REPL's display of a result use [`too_deep`] before rendering.

use std::cell::Cell;

use rhai::{
    Array, Dynamic, Engine, EvalAltResult, ImmutableString, Map, NativeCallContext, Position,
};

use crate::error::{ShellError, script_error};

/// The deepest nesting of arrays and maps that prints: `[[1]]` is nested 2 deep.
pub const MAX_PRINT_DEPTH: usize = 64;

/// What `to_string` returns for a value nested too deep while its error is pending.
const PLACEHOLDER: &str = "<nested too deep to print>";

type PrintResult = Result<ImmutableString, Box<EvalAltResult>>;

thread_local! {
    /// Where a `to_string` of a value nested too deep was called, until the session takes it.
    static DEFERRED: Cell<Option<Position>> = const { Cell::new(None) };
}

/// Registers the depth-checked printers on `engine` (they replace Rhai's for arrays and maps).
pub fn register(engine: &mut Engine) {
    for name in ["print", "debug", "to_debug"] {
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
    // `to_string` is also what `${}` calls, where an error is not passed on (see the module
    // documentation): a value nested too deep defers its error.
    engine.register_fn(
        "to_string",
        |ctx: NativeCallContext, a: &mut Array| -> PrintResult {
            if check_depth(a.iter(), 1).is_err() {
                return Ok(defer(&ctx));
            }
            print_array(&ctx, a)
        },
    );
    engine.register_fn(
        "to_string",
        |ctx: NativeCallContext, m: &mut Map| -> PrintResult {
            if check_depth(m.values(), 1).is_err() {
                return Ok(defer(&ctx));
            }
            print_map(&ctx, m)
        },
    );
    register_concatenation::<Array>(engine, Dynamic::from_array);
    register_concatenation::<Map>(engine, Dynamic::from_map);
}

/// `string + x`, `x + string`, `string += x` and `string.append(x)` for arrays or maps `T`,
/// printing `x` as `to_string` does, with its depth checked first.
fn register_concatenation<T: Clone + Send + Sync + 'static>(
    engine: &mut Engine,
    into_dynamic: fn(T) -> Dynamic,
) {
    let text = move |ctx: &NativeCallContext, x: T| -> PrintResult {
        let mut value = into_dynamic(x);
        if too_deep(&value) {
            return Err(too_deep_error());
        }
        element(ctx, &mut value, "to_string")
    };
    engine.register_fn(
        "+",
        move |ctx: NativeCallContext, s: ImmutableString, x: T| -> PrintResult {
            Ok(format!("{s}{}", text(&ctx, x)?).into())
        },
    );
    engine.register_fn(
        "+",
        move |ctx: NativeCallContext, x: T, s: ImmutableString| -> PrintResult {
            Ok(format!("{}{s}", text(&ctx, x)?).into())
        },
    );
    for name in ["+=", "append"] {
        engine.register_fn(
            name,
            move |ctx: NativeCallContext,
                  s: &mut ImmutableString,
                  x: T|
                  -> Result<(), Box<EvalAltResult>> {
                let tail = text(&ctx, x)?;
                *s = format!("{s}{tail}").into();
                Ok(())
            },
        );
    }
}

/// Records that `to_string` met a value nested too deep at the call of `ctx`; returns the
/// placeholder text.
fn defer(ctx: &NativeCallContext) -> ImmutableString {
    let at = ctx.call_position();
    DEFERRED.with(|d| {
        if d.get().is_none() {
            d.set(Some(at));
        }
    });
    PLACEHOLDER.into()
}

/// Whether a deferred print error waits (asked by the session's progress hook at every
/// operation: a thread-local read).
pub fn deferred_pending() -> bool {
    DEFERRED.with(|d| d.get().is_some())
}

/// Takes the deferred print error, if any, as the script error at the place of its call.
pub fn take_deferred() -> Option<Box<EvalAltResult>> {
    DEFERRED.with(Cell::take).map(|at| {
        let mut err = too_deep_error();
        err.set_position(at);
        err
    })
}

/// Forgets a deferred print error (before each run).
pub fn clear_deferred() {
    DEFERRED.with(|d| d.set(None));
}

/// The error of a value nested more than [`MAX_PRINT_DEPTH`] deep.
pub fn too_deep_error() -> Box<EvalAltResult> {
    script_error(too_deep_shell_error())
}

/// [`too_deep_error`] as the shell's error.
pub fn too_deep_shell_error() -> ShellError {
    ShellError::argument(
        "the value to print",
        format!("arrays and maps nested at most {MAX_PRINT_DEPTH} deep"),
        format!("a value nested more than {MAX_PRINT_DEPTH} deep (print a part of it)"),
    )
}

/// Whether `value` is an array or map nested more than [`MAX_PRINT_DEPTH`] deep.
pub fn too_deep(value: &Dynamic) -> bool {
    if !(value.is_array() || value.is_map()) {
        return false;
    }
    check_depth(std::iter::once(value), 0).is_err()
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
    let mut stack: Vec<(Dynamic, usize)> = items
        .filter(|v| v.is_array() || v.is_map())
        .map(|v| (v.clone(), depth + 1))
        .collect();
    while let Some((value, d)) = stack.pop() {
        if d > MAX_PRINT_DEPTH {
            return Err(too_deep_error());
        }
        if let Some(inner) = children(&value) {
            stack.extend(inner.into_iter().map(|v| (v, d + 1)));
        }
    }
    if depth > MAX_PRINT_DEPTH {
        return Err(too_deep_error());
    }
    Ok(())
}

/// An element as the printer `name` prints it (through the engine, so Morsel's own types print
/// as registered).
fn element(ctx: &NativeCallContext, value: &mut Dynamic, name: &str) -> PrintResult {
    let printed = ctx.call_native_fn_raw(name, true, &mut [value])?;
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
        out.push_str(&element(ctx, x, "to_debug")?);
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
        out.push_str(&format!("{k:?}: {}", element(ctx, v, "to_debug")?));
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
        // `${}` and joining with a string, also as the last statement of a script.
        refused(&mut s, &at(super::MAX_PRINT_DEPTH + 1, "let t = `${a}`;"));
        refused(&mut s, &at(super::MAX_PRINT_DEPTH + 1, "let t = \"\" + m;"));
        // A later run of the session starts clean.
        let _ = s.run_source("t", "let t = `${[1]}`;").expect("runs");
        // The REPL shows a value too deep to print by its description.
        let deep = s
            .run_source("t", "let a = 0; for i in 0..7000 { a = [a]; } a")
            .expect("built");
        let shown = s.display(&deep);
        assert!(
            shown.starts_with("an array of 1 element (")
                && shown.contains("nested more than 64 deep"),
            "{shown}"
        );
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
