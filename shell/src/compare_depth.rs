//! Comparing nested arrays and maps without overflowing the stack.
//!
//! Rhai compares two arrays (or maps) by comparing their elements through the engine, one
//! native call per level, so `a == a` on a value nested 7,000 deep overflowed the stack (as
//! do `in`, `contains` and `index_of`, which compare with `==`). Morsel registers `==` and `!=`
//! for arrays and maps: they refuse values nested more than
//! [`MAX_PRINT_DEPTH`](crate::print_depth::MAX_PRINT_DEPTH) deep with a script error, and
//! otherwise compare as Rhai does (elements by the engine's `==`; elements of types without
//! one are unequal).

use rhai::{Array, Dynamic, Engine, EvalAltResult, Map, NativeCallContext};

use crate::error::{ShellError, script_error};
use crate::print_depth::{MAX_PRINT_DEPTH, too_deep};

type CompareResult = Result<bool, Box<EvalAltResult>>;

/// Registers the depth-checked `==` and `!=` for arrays and maps.
pub fn register(engine: &mut Engine) {
    engine.register_fn(
        "==",
        |ctx: NativeCallContext, a: &mut Array, b: Array| -> CompareResult {
            equal_arrays(&ctx, a, b)
        },
    );
    engine.register_fn(
        "!=",
        |ctx: NativeCallContext, a: &mut Array, b: Array| -> CompareResult {
            equal_arrays(&ctx, a, b).map(|e| !e)
        },
    );
    engine.register_fn(
        "==",
        |ctx: NativeCallContext, a: &mut Map, b: Map| -> CompareResult { equal_maps(&ctx, a, b) },
    );
    engine.register_fn(
        "!=",
        |ctx: NativeCallContext, a: &mut Map, b: Map| -> CompareResult {
            equal_maps(&ctx, a, b).map(|e| !e)
        },
    );
}

/// Refuses either side nested too deep.
fn check(a: Dynamic, b: Dynamic) -> Result<(), Box<EvalAltResult>> {
    if too_deep(&a) || too_deep(&b) {
        return Err(script_error(ShellError::argument(
            "the values to compare",
            format!("arrays and maps nested at most {MAX_PRINT_DEPTH} deep"),
            format!("a value nested more than {MAX_PRINT_DEPTH} deep"),
        )));
    }
    Ok(())
}

/// Two elements compared by the engine's `==` (unequal when their types have none).
fn equal(ctx: &NativeCallContext, x: &mut Dynamic, y: &mut Dynamic) -> CompareResult {
    match ctx.call_native_fn_raw("==", true, &mut [x, y]) {
        Ok(r) => Ok(r.as_bool().unwrap_or(false)),
        Err(err) if matches!(&*err, EvalAltResult::ErrorFunctionNotFound(sig, ..) if sig.starts_with("==")) => {
            Ok(false)
        }
        Err(err) => Err(err),
    }
}

fn equal_arrays(ctx: &NativeCallContext, a: &mut Array, mut b: Array) -> CompareResult {
    check(
        Dynamic::from_array(a.clone()),
        Dynamic::from_array(b.clone()),
    )?;
    if a.len() != b.len() {
        return Ok(false);
    }
    for (x, y) in a.iter_mut().zip(b.iter_mut()) {
        if !equal(ctx, x, y)? {
            return Ok(false);
        }
    }
    Ok(true)
}

fn equal_maps(ctx: &NativeCallContext, a: &mut Map, mut b: Map) -> CompareResult {
    check(Dynamic::from_map(a.clone()), Dynamic::from_map(b.clone()))?;
    if a.len() != b.len() {
        return Ok(false);
    }
    for (k, x) in a.iter_mut() {
        let Some(y) = b.get_mut(k) else {
            return Ok(false);
        };
        if !equal(ctx, x, y)? {
            return Ok(false);
        }
    }
    Ok(true)
}
