//! The vertices of a mesh stored coordinate by coordinate, to find the highest of them along a
//! direction in one vectorized pass: the support of the mesh (a surface's points are convex
//! combinations of its corners, so none lies higher than the highest corner).

use super::triangle::V3;

/// Lanes of the vectorized pass (one AVX register of `f64`).
const LANES: usize = 4;

/// The corners a mesh's faces use, structure of arrays, padded to a whole number of lanes by
/// repeating the first corner.
#[derive(Debug, Clone, Default)]
pub(crate) struct ExtremePoints {
    x: Vec<f64>,
    y: Vec<f64>,
    z: Vec<f64>,
}

impl ExtremePoints {
    /// The given points (for a mesh: the corners its faces use, or the corners of their hull,
    /// which have the same support).
    pub fn new(corners: &[V3]) -> Self {
        let mut points = Self::default();
        for v in corners {
            points.x.push(v.x);
            points.y.push(v.y);
            points.z.push(v.z);
        }
        if let (Some(&x), Some(&y), Some(&z)) =
            (points.x.first(), points.y.first(), points.z.first())
        {
            while points.x.len() % LANES != 0 {
                points.x.push(x);
                points.y.push(y);
                points.z.push(z);
            }
        }
        points
    }

    /// The largest `d . v` over the corners (`-inf` when there is none).
    pub fn highest(&self, d: &V3) -> f64 {
        let mut best = [f64::NEG_INFINITY; LANES];
        let chunks = self
            .x
            .chunks_exact(LANES)
            .zip(self.y.chunks_exact(LANES))
            .zip(self.z.chunks_exact(LANES));
        for ((x, y), z) in chunks {
            for k in 0..LANES {
                let v = d.x * x[k] + d.y * y[k] + d.z * z[k];
                best[k] = if v > best[k] { v } else { best[k] };
            }
        }
        best.into_iter().fold(f64::NEG_INFINITY, f64::max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn highest_is_the_brute_force_maximum_over_the_points() {
        let vertices = [
            V3::new(0.0, 0.0, 0.0),
            V3::new(1.0, 2.0, -1.0),
            V3::new(-3.0, 0.5, 2.0),
            V3::new(100.0, -100.0, 100.0),
            V3::new(0.25, -4.0, 0.0),
        ];
        let points = ExtremePoints::new(&vertices);
        for d in [
            V3::x(),
            -V3::x(),
            V3::new(0.3, -0.4, 0.866),
            V3::new(-1.0, -1.0, -1.0),
        ] {
            let expected = vertices
                .iter()
                .map(|v| d.x * v.x + d.y * v.y + d.z * v.z)
                .fold(f64::NEG_INFINITY, f64::max);
            assert_eq!(points.highest(&d), expected);
        }
    }
}
