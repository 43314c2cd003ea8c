//! The friction-cone generators of point contacts, with the conventions of
//! hpp-centroidal-dynamics (so that robustness values compare with it).
//!
//! Each point contact with unit normal `n` and friction `μ` gets `k` unit force rays on its
//! friction cone: tangents `t₁ = n × e_y` (or `n × e_x` when `n` is nearly along `e_y`) and
//! `t₂ = n × t₁`, both normalised, and rays `n + μ (sin θ_j t₁ + cos θ_j t₂)` normalised, at
//! angles `θ_j = π/4 + 2π j / k`. With four rays this is the inner friction pyramid.

use nalgebra::Vector3;

/// Below this norm, `n × e_y` is taken as degenerate and `n × e_x` is used instead.
const TANGENT_DEGENERACY: f64 = 1e-5;

/// The `count` unit generators of the friction cone of normal `normal` (unit) and friction
/// `friction`.
pub(crate) fn cone_generators(
    normal: &Vector3<f64>,
    friction: f64,
    count: usize,
) -> Vec<Vector3<f64>> {
    let mut t1 = normal.cross(&Vector3::y());
    if t1.norm() < TANGENT_DEGENERACY {
        t1 = normal.cross(&Vector3::x());
    }
    let t2 = normal.cross(&t1).normalize();
    let t1 = t1.normalize();
    let step = 2.0 * std::f64::consts::PI / count as f64;
    (0..count)
        .map(|j| {
            let theta = std::f64::consts::FRAC_PI_4 + step * j as f64;
            (normal + friction * (theta.sin() * t1 + theta.cos() * t2)).normalize()
        })
        .collect()
}

/// The force margin (newtons) per unit of the common generator weight `b₀`: the distance from the
/// sum of the generators to the cone's boundary ray, `|(Σ_j g_j) × g₀|`. For unit rays on the cone
/// of friction `μ` this is `k μ / (1 + μ²)`.
pub(crate) fn margin_per_weight(generators: &[Vector3<f64>]) -> f64 {
    let sum: Vector3<f64> = generators.iter().sum();
    generators.first().map_or(0.0, |g0| sum.cross(g0).norm())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_lie_on_the_cone_and_the_margin_has_its_closed_form() {
        for (normal, friction, count) in [
            (Vector3::z(), 0.7, 4),
            (Vector3::new(0.3, -0.4, 0.866).normalize(), 0.4, 7),
            (Vector3::y(), 1.2, 3),
        ] {
            let rays = cone_generators(&normal, friction, count);
            assert_eq!(rays.len(), count);
            for ray in &rays {
                let along = ray.dot(&normal);
                let across = (ray - along * normal).norm();
                assert!((ray.norm() - 1.0).abs() < 1e-15);
                assert!(
                    (across / along - friction).abs() < 1e-12,
                    "{across} {along}"
                );
            }
            let expected = count as f64 * friction / (1.0 + friction * friction);
            assert!((margin_per_weight(&rays) - expected).abs() < 1e-12);
        }
    }

    #[test]
    fn four_rays_on_flat_ground_are_the_inner_pyramid() {
        let s = 0.5 * std::f64::consts::SQRT_2;
        for ray in cone_generators(&Vector3::z(), 1.0, 4) {
            let scaled = ray / ray.z;
            assert!((scaled.x.abs() - s).abs() < 1e-12 && (scaled.y.abs() - s).abs() < 1e-12);
        }
    }
}
