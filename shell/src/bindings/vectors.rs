//! Vector helpers every script needs: `norm`, `dot`, `cross`, `add`, `sub`, `scale` over arrays
//! of numbers, and `round_to` for numbers and (nested) arrays of them.

use rhai::{Array, Dynamic, Engine, FLOAT, INT};

use crate::convert::{f64_arg, from_f64s, int_arg, vec_arg, vector3_arg};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};

use super::doc;

/// The numbers of an array argument.
fn numbers(a: &Array, what: &str) -> ScriptResult<Vec<f64>> {
    vec_arg(&Dynamic::from_array(a.clone()), what).or_script()
}

/// Two arrays of the same length.
fn pair(a: &Array, b: &Array, function: &str) -> ScriptResult<(Vec<f64>, Vec<f64>)> {
    let x = numbers(a, &format!("`a` of {function}()"))?;
    let y = numbers(b, &format!("`b` of {function}()"))?;
    if x.len() != y.len() {
        return Err(script_error(ShellError::argument(
            format!("`b` of {function}()"),
            format!("an array of {} numbers (as long as `a`)", x.len()),
            format!("{} numbers", y.len()),
        )));
    }
    Ok((x, y))
}

/// The number of decimals of `round_to`, 0 to 15.
fn decimals(digits: INT) -> ScriptResult<i32> {
    i32::try_from(digits)
        .ok()
        .filter(|d| (0..=15).contains(d))
        .ok_or_else(|| {
            script_error(ShellError::argument(
                "`digits` of round_to()",
                "a number of decimals from 0 to 15",
                digits.to_string(),
            ))
        })
}

/// `x` rounded to `digits` decimals (half away from zero), without a negative zero.
pub fn round_to(x: f64, digits: i32) -> f64 {
    let scale = 10f64.powi(digits);
    let scaled = x * scale;
    // Beyond 2^53 a float has no fraction left at that scale (and the product may overflow):
    // there is nothing to round.
    if scaled.is_nan() || scaled.abs() >= 9_007_199_254_740_992.0 {
        return x;
    }
    let r = scaled.round() / scale;
    if r == 0.0 { 0.0 } else { r }
}

/// `round_to` over a number or an array of numbers and arrays.
fn round_value(value: &Dynamic, digits: i32, what: &str) -> ScriptResult<Dynamic> {
    if let Ok(items) = value.as_array_ref() {
        let rounded: ScriptResult<Array> = items
            .iter()
            .enumerate()
            .map(|(i, v)| round_value(v, digits, &format!("{what}, element {i}")))
            .collect();
        return rounded.map(Dynamic::from_array);
    }
    let x = f64_arg(value, what).or_script()?;
    Ok(Dynamic::from_float(round_to(x, digits) as FLOAT))
}

/// Registers the vector helpers.
pub fn register(engine: &mut Engine) {
    doc("norm", &["v: [number]", "FLOAT"]).register_into_engine(
        engine,
        |v: Array| -> ScriptResult<FLOAT> {
            let v = numbers(&v, "`v` of norm()")?;
            Ok(v.iter().map(|x| x * x).sum::<f64>().sqrt())
        },
    );
    doc("dot", &["a: [number]", "b: [number]", "FLOAT"]).register_into_engine(
        engine,
        |a: Array, b: Array| -> ScriptResult<FLOAT> {
            let (x, y) = pair(&a, &b, "dot")?;
            Ok(x.iter().zip(&y).map(|(p, q)| p * q).sum())
        },
    );
    doc("cross", &["a: [x, y, z]", "b: [x, y, z]", "[x, y, z]"]).register_into_engine(
        engine,
        |a: Array, b: Array| -> ScriptResult<Array> {
            let x = vector3_arg(&Dynamic::from_array(a), "`a` of cross()").or_script()?;
            let y = vector3_arg(&Dynamic::from_array(b), "`b` of cross()").or_script()?;
            Ok(from_f64s(x.cross(&y).as_slice()))
        },
    );
    doc("add", &["a: [number]", "b: [number]", "[number]"]).register_into_engine(
        engine,
        |a: Array, b: Array| -> ScriptResult<Array> {
            let (x, y) = pair(&a, &b, "add")?;
            let sum: Vec<f64> = x.iter().zip(&y).map(|(p, q)| p + q).collect();
            Ok(from_f64s(&sum))
        },
    );
    doc("sub", &["a: [number]", "b: [number]", "[number]"]).register_into_engine(
        engine,
        |a: Array, b: Array| -> ScriptResult<Array> {
            let (x, y) = pair(&a, &b, "sub")?;
            let difference: Vec<f64> = x.iter().zip(&y).map(|(p, q)| p - q).collect();
            Ok(from_f64s(&difference))
        },
    );
    doc("scale", &["v: [number]", "s: number", "[number]"]).register_into_engine(
        engine,
        |v: Array, s: Dynamic| -> ScriptResult<Array> {
            let v = numbers(&v, "`v` of scale()")?;
            let s = f64_arg(&s, "`s` of scale()").or_script()?;
            let scaled: Vec<f64> = v.iter().map(|x| x * s).collect();
            Ok(from_f64s(&scaled))
        },
    );
    doc(
        "round_to",
        &["x: number | [number]", "digits: INT", "number | [number]"],
    )
    .register_into_engine(
        engine,
        |x: Dynamic, digits: Dynamic| -> ScriptResult<Dynamic> {
            let digits = decimals(int_arg(&digits, "`digits` of round_to()").or_script()?)?;
            round_value(&x, digits, "`x` of round_to()")
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_keeps_the_asked_decimals() {
        assert_eq!(round_to(0.1 + 0.2, 3), 0.3);
        assert_eq!(round_to(2.675, 0), 3.0);
        assert_eq!(round_to(-0.0004, 3), 0.0);
        assert!(round_to(-0.0004, 3).is_sign_positive());
        assert_eq!(round_to(1e300, 5), 1e300);
        assert_eq!(round_to(-1.23456, 2), -1.23);
    }
}
