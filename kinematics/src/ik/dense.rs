//! Dense linear algebra on small row-major buffers, without allocation.

/// Solves `(A + λ I) x = b` for symmetric positive semi-definite `A` (`n x n`, row-major),
/// with the unknowns flagged in `blocked` removed (they come out as zero).
///
/// Sizes up to 12 use stack arrays of known size; larger ones factor `scratch`
/// (resized to `n * n`) in place. Returns `false` when the damped matrix is not positive
/// definite.
pub(crate) fn solve_damped(
    a: &[f64],
    b: &[f64],
    lambda: f64,
    blocked: &[bool],
    x: &mut [f64],
    scratch: &mut Vec<f64>,
) -> bool {
    macro_rules! fixed {
        ($($n:literal)*) => {
            match b.len() {
                $($n => solve_fixed::<$n>(a, b, lambda, blocked, x),)*
                _ => solve_dynamic(a, b, lambda, blocked, x, scratch),
            }
        };
    }
    fixed!(1 2 3 4 5 6 7 8 9 10 11 12)
}

// Index loops mirror the textbook Cholesky formulas.
#[allow(clippy::needless_range_loop)]
fn solve_fixed<const N: usize>(
    a: &[f64],
    b: &[f64],
    lambda: f64,
    blocked: &[bool],
    x: &mut [f64],
) -> bool {
    // Copy into arrays whose sizes the compiler knows, so the loops below unroll.
    let mut m = [[0.0; N]; N];
    let mut rhs = [0.0; N];
    for i in 0..N {
        m[i].copy_from_slice(&a[i * N..(i + 1) * N]);
        rhs[i] = b[i];
    }
    for i in 0..N {
        if blocked[i] {
            for k in 0..N {
                m[i][k] = 0.0;
                m[k][i] = 0.0;
            }
            m[i][i] = 1.0;
            rhs[i] = 0.0;
        } else {
            m[i][i] += lambda;
        }
    }
    // Cholesky factor L (lower triangle of m); reciprocals of its diagonal turn the
    // divisions of the substitutions into multiplications.
    let mut inv_diag = [0.0; N];
    for j in 0..N {
        let mut d = m[j][j];
        for k in 0..j {
            d -= m[j][k] * m[j][k];
        }
        if !(d > 0.0 && d.is_finite()) {
            return false;
        }
        let inv = 1.0 / d.sqrt();
        inv_diag[j] = inv;
        for i in j + 1..N {
            let mut s = m[i][j];
            for k in 0..j {
                s -= m[i][k] * m[j][k];
            }
            m[i][j] = s * inv;
        }
    }
    for i in 0..N {
        let mut s = rhs[i];
        for k in 0..i {
            s -= m[i][k] * rhs[k];
        }
        rhs[i] = s * inv_diag[i];
    }
    for i in (0..N).rev() {
        let mut s = rhs[i];
        for k in i + 1..N {
            s -= m[k][i] * rhs[k];
        }
        rhs[i] = s * inv_diag[i];
    }
    x.copy_from_slice(&rhs);
    true
}

fn solve_dynamic(
    a: &[f64],
    b: &[f64],
    lambda: f64,
    blocked: &[bool],
    x: &mut [f64],
    scratch: &mut Vec<f64>,
) -> bool {
    let n = b.len();
    scratch.clear();
    scratch.extend_from_slice(a);
    x.copy_from_slice(b);
    for i in 0..n {
        if blocked[i] {
            for k in 0..n {
                scratch[i * n + k] = 0.0;
                scratch[k * n + i] = 0.0;
            }
            scratch[i * n + i] = 1.0;
            x[i] = 0.0;
        } else {
            scratch[i * n + i] += lambda;
        }
    }
    cholesky_solve(scratch, x, n)
}

/// Solves `A x = b` for a symmetric positive definite `n x n` matrix `A` (row-major).
///
/// `a` is overwritten by its Cholesky factor (lower triangle) and `b` by the solution.
/// Returns `false` when `A` is not positive definite (then `b` is unspecified).
pub(crate) fn cholesky_solve(a: &mut [f64], b: &mut [f64], n: usize) -> bool {
    for j in 0..n {
        let mut d = a[j * n + j];
        for k in 0..j {
            d -= a[j * n + k] * a[j * n + k];
        }
        if d <= 0.0 || !d.is_finite() {
            return false;
        }
        let d = d.sqrt();
        a[j * n + j] = d;
        for i in j + 1..n {
            let mut s = a[i * n + j];
            for k in 0..j {
                s -= a[i * n + k] * a[j * n + k];
            }
            a[i * n + j] = s / d;
        }
    }
    // Forward substitution L y = b.
    for i in 0..n {
        let mut s = b[i];
        for k in 0..i {
            s -= a[i * n + k] * b[k];
        }
        b[i] = s / a[i * n + i];
    }
    // Back substitution Lᵀ x = y.
    for i in (0..n).rev() {
        let mut s = b[i];
        for k in i + 1..n {
            s -= a[k * n + i] * b[k];
        }
        b[i] = s / a[i * n + i];
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_a_known_system() {
        // A = M Mᵀ + I with M = [[1,2,0],[0,1,3],[1,0,1]]; x = (1, -2, 0.5); b = A x.
        let m = nalgebra::Matrix3::new(1.0, 2.0, 0.0, 0.0, 1.0, 3.0, 1.0, 0.0, 1.0);
        let a_full = m * m.transpose() + nalgebra::Matrix3::identity();
        let x = nalgebra::Vector3::new(1.0, -2.0, 0.5);
        let rhs = a_full * x;
        let mut a: Vec<f64> = (0..9).map(|k| a_full[(k / 3, k % 3)]).collect();
        let mut b = vec![rhs.x, rhs.y, rhs.z];
        assert!(cholesky_solve(&mut a, &mut b, 3));
        for k in 0..3 {
            assert!((b[k] - x[k]).abs() < 1e-12);
        }
    }

    #[test]
    fn fixed_and_dynamic_paths_agree() {
        // A 14 x 14 system takes the dynamic path, its leading 5 x 5 block the fixed one.
        let n = 14;
        let a: Vec<f64> = (0..n * n)
            .map(|k| {
                let (i, j) = (k / n, k % n);
                1.0 / (1.0 + i as f64 + j as f64) + if i == j { 1.0 } else { 0.0 }
            })
            .collect();
        let b: Vec<f64> = (0..n).map(|i| (i as f64).sin()).collect();
        let mut blocked = vec![false; n];
        blocked[2] = true;
        let mut scratch = Vec::new();
        let mut x_dyn = vec![0.0; n];
        assert!(solve_damped(
            &a,
            &b,
            0.1,
            &blocked,
            &mut x_dyn,
            &mut scratch
        ));
        assert_eq!(x_dyn[2], 0.0);
        // Residual of the unblocked rows.
        for i in (0..n).filter(|&i| i != 2) {
            let row: f64 = (0..n)
                .filter(|&k| k != 2)
                .map(|k| a[i * n + k] * x_dyn[k])
                .sum::<f64>()
                + 0.1 * x_dyn[i];
            assert!((row - b[i]).abs() < 1e-10);
        }
        let small: Vec<f64> = (0..25).map(|k| a[(k / 5) * n + k % 5]).collect();
        let mut x_fixed = vec![0.0; 5];
        assert!(solve_damped(
            &small,
            &b[..5],
            0.1,
            &blocked[..5],
            &mut x_fixed,
            &mut scratch
        ));
        let mut x_ref = b[..5].to_vec();
        assert!(solve_dynamic(
            &small,
            &b[..5],
            0.1,
            &blocked[..5],
            &mut x_ref,
            &mut scratch
        ));
        for k in 0..5 {
            assert!((x_fixed[k] - x_ref[k]).abs() < 1e-12);
        }
    }

    #[test]
    fn rejects_indefinite_matrices() {
        let mut a = vec![1.0, 2.0, 2.0, 1.0];
        let mut b = vec![1.0, 1.0];
        assert!(!cholesky_solve(&mut a, &mut b, 2));
    }
}
