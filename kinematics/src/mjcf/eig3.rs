//! MuJoCo's eigen-decomposition of a symmetric 3 x 3 matrix (Jacobi rotations accumulated in a
//! quaternion, eigenvalues sorted in decreasing order by quarter turns), reimplemented so that
//! mesh frames come out with the same axes and signs as MuJoCo's compiler gives them.

/// Row-major 3 x 3 matrix of the rotation `q = [w, x, y, z]` (unit).
fn quat_to_mat(q: &[f64; 4]) -> [f64; 9] {
    let [w, x, y, z] = *q;
    [
        w * w + x * x - y * y - z * z,
        2.0 * (x * y - w * z),
        2.0 * (x * z + w * y),
        2.0 * (x * y + w * z),
        w * w - x * x + y * y - z * z,
        2.0 * (y * z - w * x),
        2.0 * (x * z - w * y),
        2.0 * (y * z + w * x),
        w * w - x * x - y * y + z * z,
    ]
}

fn mul_mat(a: &[f64; 9], b: &[f64; 9]) -> [f64; 9] {
    let mut r = [0.0; 9];
    for i in 0..3 {
        for j in 0..3 {
            r[3 * i + j] = (0..3).map(|k| a[3 * i + k] * b[3 * k + j]).sum();
        }
    }
    r
}

fn transpose(a: &[f64; 9]) -> [f64; 9] {
    [a[0], a[3], a[6], a[1], a[4], a[7], a[2], a[5], a[8]]
}

fn mul_quat(a: &[f64; 4], b: &[f64; 4]) -> [f64; 4] {
    [
        a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
        a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
        a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1],
        a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0],
    ]
}

fn normalize(q: &mut [f64; 4]) {
    let n = q.iter().map(|v| v * v).sum::<f64>().sqrt();
    if n > 1e-15 {
        q.iter_mut().for_each(|v| *v /= n);
    } else {
        *q = [1.0, 0.0, 0.0, 0.0];
    }
}

/// MuJoCo's threshold for telling eigenvalues apart when sorting.
const EPS: f64 = 1e-12;
/// Rotations stop when the largest off-diagonal element is below this fraction of the trace.
/// MuJoCo 3.x stopped at an absolute 1e-12, which leaves small meshes (inertia ~1e-9) with
/// frames off by up to 1e-3 rad when two eigenvalues are close; MuJoCo 4.0 (the version our
/// reference data comes from) converges fully, and so do we.
const RELATIVE_EPS: f64 = 1e-15;

/// Eigenvalues (decreasing) of the symmetric row-major `mat`, and the rotation `[w, x, y, z]`
/// whose matrix columns are the matching eigenvectors.
pub(crate) fn eig3(mat: &[f64; 9]) -> ([f64; 3], [f64; 4]) {
    let mut quat = [1.0, 0.0, 0.0, 0.0];
    let mut eigval = [0.0; 3];
    for _ in 0..500 {
        let v = quat_to_mat(&quat);
        let d = mul_mat(&mul_mat(&transpose(&v), mat), &v);
        eigval = [d[0], d[4], d[8]];
        let (rk, ck, rotk) = if d[1].abs() > d[2].abs() && d[1].abs() > d[5].abs() {
            (0, 1, 2)
        } else if d[2].abs() > d[5].abs() {
            (0, 2, 1)
        } else {
            (1, 2, 0)
        };
        let off = d[3 * rk + ck];
        if off.abs() <= RELATIVE_EPS * (d[0].abs() + d[4].abs() + d[8].abs()) {
            break;
        }
        let tau = (d[4 * ck] - d[4 * rk]) / (2.0 * off);
        let t = if tau >= 0.0 {
            1.0 / (tau + (1.0 + tau * tau).sqrt())
        } else {
            -1.0 / (-tau + (1.0 + tau * tau).sqrt())
        };
        // sin of half the rotation angle, sqrt((1 - c) / 2) with c = 1 / sqrt(1 + t^2), written
        // so that it keeps its precision for tiny angles (MuJoCo 3.x's form stalls there).
        let r = (1.0 + t * t).sqrt();
        let one_minus_c = t * t / (r * (r + 1.0));
        let mut rot = [0.0; 4];
        let s = (0.5 * one_minus_c).sqrt();
        rot[rotk + 1] = if tau >= 0.0 { -s } else { s };
        if rotk == 1 {
            rot[rotk + 1] = -rot[rotk + 1];
        }
        rot[0] = (1.0 - rot[rotk + 1] * rot[rotk + 1]).sqrt();
        normalize(&mut rot);
        quat = mul_quat(&quat, &rot);
        normalize(&mut quat);
    }
    // Sort in decreasing order (bubble sort 0, 1, 0), turning the frame by 90 degrees per swap.
    for j in 0..3 {
        let j1 = j % 2;
        if eigval[j1] + EPS < eigval[j1 + 1] {
            eigval.swap(j1, j1 + 1);
            let mut rot = [std::f64::consts::FRAC_1_SQRT_2, 0.0, 0.0, 0.0];
            rot[(j1 + 2) % 3 + 1] = rot[0];
            quat = mul_quat(&quat, &rot);
            normalize(&mut quat);
        }
    }
    (eigval, quat)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eigenvectors_diagonalise_and_values_decrease() {
        let m = [4.0, 1.0, 0.5, 1.0, 3.0, 0.2, 0.5, 0.2, 1.0];
        let (values, q) = eig3(&m);
        assert!(values[0] >= values[1] && values[1] >= values[2]);
        let v = quat_to_mat(&q);
        let d = mul_mat(&mul_mat(&transpose(&v), &m), &v);
        for i in 0..3 {
            for j in 0..3 {
                let expected = if i == j { values[i] } else { 0.0 };
                assert!((d[3 * i + j] - expected).abs() < 1e-9, "{d:?}");
            }
        }
        // Trace and determinant are invariants.
        assert!((values.iter().sum::<f64>() - 8.0).abs() < 1e-12);
    }
}
