//! Reproducible random numbers and boxes for the proximity tests.

use nalgebra::Rotation3;

use super::obb::Obb;
use super::triangle::V3;

/// Uniform numbers in [-1, 1) from a seed (a 64-bit linear congruential stream, top 53 bits).
pub(crate) fn uniform_stream(mut seed: u64) -> impl FnMut() -> f64 {
    move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 11) as f64) / ((1u64 << 53) as f64) * 2.0 - 1.0
    }
}

/// The axis-aligned box of centre `center` and half extents `half`.
pub(crate) fn aabb(center: V3, half: V3) -> Obb {
    Obb {
        axes: [V3::x(), V3::y(), V3::z()],
        center,
        half,
    }
}

/// A box of random orientation, centre in `[-spread, spread)^3` and half extents in `[0, 1)`.
pub(crate) fn random_box(rnd: &mut impl FnMut() -> f64, spread: f64) -> Obb {
    let r = Rotation3::new(V3::new(rnd(), rnd(), rnd()) * 3.0);
    let center = V3::new(rnd(), rnd(), rnd()) * spread;
    let half = V3::new(rnd().abs(), rnd().abs(), rnd().abs());
    Obb {
        axes: [
            r.matrix().column(0).into_owned(),
            r.matrix().column(1).into_owned(),
            r.matrix().column(2).into_owned(),
        ],
        center,
        half,
    }
}
