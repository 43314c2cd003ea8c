//! The C99 code of a spline model ([`SplineGrid`]): its coefficients, the per-joint B-spline
//! basis and the sum over the `4^k` coefficients of a query, in the order of
//! [`SplineGrid::value_gradient`] and with the same operations, so that the values equal
//! Morsel's to rounding. The header's frame (comment, guards, constants, the distance and
//! gradient wrappers) is [`super::export_c`]'s.

use std::fmt::Write;

use super::c_text::lit;
use super::spline::{SIXTH, SplineGrid};

/// Coefficients per line of the array.
const PER_LINE: usize = 6;

/// Writes the coefficients, the basis function and `<p>_distance_gradient`.
pub(crate) fn write_spline(h: &mut String, spline: &SplineGrid, p: &str) -> std::fmt::Result {
    let k = spline.dim();
    writeln!(
        h,
        "/* The coefficients, row-major over the joints (the last joint's index runs fastest). */"
    )?;
    writeln!(
        h,
        "static const double {p}_coef[{}] = {{",
        spline.coefficients.len()
    )?;
    for line in spline.coefficients.chunks(PER_LINE) {
        let items: Vec<String> = line.iter().map(|c| lit(*c)).collect();
        writeln!(h, "    {},", items.join(", "))?;
    }
    writeln!(h, "}};\n")?;
    writeln!(
        h,
        "/* floor(x) without libm: exact below 2^52 in size, x itself beyond and for NaN. */
static inline double {p}_floor(double x) {{
    if (!(fabs(x) < 4503599627370496.0)) return x;
    const double i = (double)(long long)x;
    return i > x ? i - 1.0 : i;
}}

/* One joint's part of a query: t = (q - origin) scale in cells (wrapped into [0, n) when
 * periodic), the cell clamped to [0, n - 1], the offsets of its 4 coefficients (index times
 * stride) and their uniform cubic B-spline weights w and slopes d (per cell). */
static inline void {p}_basis(double q, double origin, double scale, long n, int periodic,
                             long stride, long *offset, double *w, double *d) {{
    const double nf = (double)n;
    double t = (q - origin) * scale;
    if (periodic) t -= nf * {p}_floor(t / nf);
    double i = {p}_floor(t);
    i = i > 0.0 ? i : 0.0;
    i = i < nf - 1.0 ? i : nf - 1.0;
    const double u = t - i;
    const long cell = (long)i;
    for (long j = 0; j < 4; ++j)
        offset[j] = (periodic ? (cell + n - 1 + j) % n : cell + j) * stride;
    const double v = 1.0 - u, u2 = u * u, u3 = u2 * u;
    w[0] = v * v * v * {sixth};
    w[1] = (3.0 * u3 - 6.0 * u2 + 4.0) * {sixth};
    w[2] = (-3.0 * u3 + 3.0 * u2 + 3.0 * u + 1.0) * {sixth};
    w[3] = u3 * {sixth};
    d[0] = -0.5 * (v * v);
    d[1] = 0.5 * (3.0 * u2 - 4.0 * u);
    d[2] = 0.5 * (-3.0 * u2 + 2.0 * u + 1.0);
    d[3] = 0.5 * u2;
}}
",
        sixth = lit(SIXTH)
    )?;
    writeln!(
        h,
        "/* The value at q and, when grad is not null, its gradient ({k} values), from one pass:
 * joint 0's 4 terms outermost; at each joint the value adds inner * w, this joint's
 * derivative inner * d, each later joint's derivative inner derivative * w. */"
    )?;
    writeln!(
        h,
        "static inline double {p}_distance_gradient(const double *q, double *grad) {{"
    )?;
    for a in 0..k {
        writeln!(
            h,
            "    long o{a}[4];\n    double w{a}[4], d{a}[4];\n    {p}_basis(q[{a}], {}, {}, {}, {}, {}, o{a}, w{a}, d{a});",
            lit(spline.origin[a]),
            lit(spline.scale[a]),
            spline.cells[a],
            i32::from(spline.periodic[a]),
            spline.stride(a)
        )?;
    }
    write_level(h, spline, p, 0, "    ")?;
    writeln!(h, "    if (grad) {{")?;
    for a in 0..k {
        writeln!(h, "        grad[{a}] = g{a}_0 * {};", lit(spline.scale[a]))?;
    }
    writeln!(h, "    }}\n    return v_0;\n}}\n")
}

/// The loop over joint `a`'s 4 terms: declares its accumulators `v_a` and `g<x>_a` (x ≥ a)
/// before the loop, at indentation `pad`.
fn write_level(
    h: &mut String,
    spline: &SplineGrid,
    p: &str,
    a: usize,
    pad: &str,
) -> std::fmt::Result {
    let k = spline.dim();
    let grads: Vec<String> = (a..k).map(|x| format!("g{x}_{a} = 0.0")).collect();
    writeln!(h, "{pad}double v_{a} = 0.0, {};", grads.join(", "))?;
    writeln!(h, "{pad}for (int j{a} = 0; j{a} < 4; ++j{a}) {{")?;
    let inner_pad = format!("{pad}    ");
    let base = if a == 0 {
        "o0[j0]".to_string()
    } else {
        format!("at{} + o{a}[j{a}]", a - 1)
    };
    if a + 1 == k {
        writeln!(h, "{inner_pad}const double c = {p}_coef[{base}];")?;
        writeln!(h, "{inner_pad}v_{a} += c * w{a}[j{a}];")?;
        writeln!(h, "{inner_pad}g{a}_{a} += c * d{a}[j{a}];")?;
    } else {
        writeln!(h, "{inner_pad}const long at{a} = {base};")?;
        write_level(h, spline, p, a + 1, &inner_pad)?;
        let b = a + 1;
        writeln!(h, "{inner_pad}v_{a} += v_{b} * w{a}[j{a}];")?;
        writeln!(h, "{inner_pad}g{a}_{a} += v_{b} * d{a}[j{a}];")?;
        for x in b..k {
            writeln!(h, "{inner_pad}g{x}_{a} += g{x}_{b} * w{a}[j{a}];")?;
        }
    }
    writeln!(h, "{pad}}}")
}
