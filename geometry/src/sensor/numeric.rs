//! The small numeric rules MIMo's point layouts rely on, written so that Morsel's coordinates
//! match MIMo's (Python and NumPy) arithmetic.

/// Python's `round` on a float: to the nearest integer, ties to the even one.
/// Negative results (impossible for the counts here) become 0.
#[inline]
pub(super) fn round_half_even(x: f64) -> usize {
    let r = x.round_ties_even();
    if r > 0.0 { r as usize } else { 0 }
}

/// `ceil(x)` as a count (0 for negative input).
#[inline]
pub(super) fn ceil_count(x: f64) -> usize {
    let r = x.ceil();
    if r > 0.0 { r as usize } else { 0 }
}

/// `floor(x)` as a count (0 for negative input).
#[inline]
pub(super) fn floor_count(x: f64) -> usize {
    let r = x.floor();
    if r > 0.0 { r as usize } else { 0 }
}

/// Element `i` of NumPy's `linspace(start, stop, n)`: `start + i·step` with
/// `step = (stop − start)/(n − 1)`, and exactly `stop` for the last element.
#[inline]
pub(super) fn linspace_at(start: f64, stop: f64, n: usize, i: usize) -> f64 {
    if n <= 1 {
        return start;
    }
    if i + 1 == n {
        return stop;
    }
    let step = (stop - start) / (n - 1) as f64;
    i as f64 * step + start
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_ties_go_to_even_like_python() {
        assert_eq!(round_half_even(0.5), 0);
        assert_eq!(round_half_even(1.5), 2);
        assert_eq!(round_half_even(2.5), 2);
        assert_eq!(round_half_even(3.5), 4);
        assert_eq!(round_half_even(2.4999), 2);
        assert_eq!(round_half_even(2.5001), 3);
        assert_eq!(round_half_even(-0.7), 0);
    }

    #[test]
    fn linspace_matches_numpy_end_points() {
        assert_eq!(linspace_at(-0.3, 0.3, 5, 0), -0.3);
        assert_eq!(linspace_at(-0.3, 0.3, 5, 4), 0.3);
        assert!((linspace_at(-0.3, 0.3, 5, 2)).abs() < 1e-17);
        assert_eq!(linspace_at(0.0, 1.0, 5, 1), 0.25);
    }

    #[test]
    fn counts_clamp_at_zero() {
        assert_eq!(ceil_count(2.000001), 3);
        assert_eq!(ceil_count(2.0), 2);
        assert_eq!(floor_count(6.99), 6);
        assert_eq!(ceil_count(-1.0), 0);
    }
}
