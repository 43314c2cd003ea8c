//! How floats read when printed: `print(x)`, `"t = " + x`, `` `${x}` ``, arrays and maps in
//! `print`, and values shown by the REPL, all with at most ten significant digits and never
//! `-0.0` (`0.010000000000000002` reads `0.01`). Only the text changes: values keep every bit,
//! and `save(...)` writes them at full precision.
//!
//! Rhai prints a float through the functions `print`, `to_string`, `debug` and `to_debug` of
//! `FLOAT`, and an array or map element through `to_debug`; registering them here overrides
//! Rhai's own.

use rhai::{Engine, FLOAT, ImmutableString};

/// Significant digits shown.
const DIGITS: usize = 10;

/// `x` with at most [`DIGITS`] significant digits, as Rhai writes floats (`1.0`, `0.25`,
/// `1.5e-14`), with no negative zero.
pub fn readable_float(x: FLOAT) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf".into() } else { "-inf".into() };
    }
    // Scientific notation with DIGITS - 1 decimals rounds to DIGITS significant digits.
    let rounded: FLOAT = format!("{x:.prec$e}", prec = DIGITS - 1)
        .parse()
        .unwrap_or(x);
    let abs = rounded.abs();
    if abs == 0.0 {
        "0.0".into()
    } else if !(1e-13..=1e13).contains(&abs) {
        format!("{rounded:e}")
    } else if rounded.fract() == 0.0 {
        format!("{rounded}.0")
    } else {
        format!("{rounded}")
    }
}

/// Registers the float printers.
pub fn register(engine: &mut Engine) {
    for name in ["print", "to_string", "debug", "to_debug"] {
        engine.register_fn(name, |x: FLOAT| -> ImmutableString {
            readable_float(x).into()
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_read_with_ten_significant_digits() {
        assert_eq!(readable_float(0.1 + 0.2), "0.3");
        assert_eq!(readable_float(0.010000000000000002), "0.01");
        assert_eq!(readable_float(6.7250000000000005), "6.725");
        assert_eq!(readable_float(1.0), "1.0");
        assert_eq!(readable_float(-20.0), "-20.0");
        assert_eq!(readable_float(std::f64::consts::PI), "3.141592654");
        assert_eq!(readable_float(123456.7890123), "123456.789");
        assert_eq!(readable_float(1.5e-14), "1.5e-14");
        assert_eq!(readable_float(2.5e20), "2.5e20");
        assert_eq!(readable_float(f64::NAN), "NaN");
        assert_eq!(readable_float(f64::NEG_INFINITY), "-inf");
    }

    #[test]
    fn there_is_no_negative_zero() {
        assert_eq!(readable_float(-0.0), "0.0");
        assert_eq!(readable_float(-0.0 * 5.0), "0.0");
        assert_eq!(readable_float(-1e-300), "-1e-300");
    }
}
