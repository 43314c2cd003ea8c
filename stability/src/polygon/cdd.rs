//! The `cdd` method: a double-description conversion of the lifted (homogenised) polygon.
//!
//! A CoM offset `(x, y)` is lifted to the ray `(t, t x, t y)`, `t >= 0`. The faces `h` of the net
//! contact wrench cone give the cone `{(t, X, Y) : h_fz t − h_τy X + h_τx Y <= 0}`; together with
//! `t >= 0` and the bounding square `|X|, |Y| <= B t` it is a pointed 3-D cone whose extreme rays
//! are computed by double description and projected back (`x = X / t`, `y = Y / t`).

use super::PolygonStatus;
use super::hull::{BOUNDING_HALF_SIZE, touches_bounding_square, unbounded_status};
use crate::double_description::{DdFailure, extreme_rays};

/// Lifted rays with `t` at or below this are at infinity (or the apex).
const MIN_LIFT: f64 = 1e-12;

/// Vertices of the polygon (relative to the reference point) from the unit face normals of the
/// net contact wrench cone at the reference point. Unordered; the caller takes their hull.
pub(crate) fn project_lifted_cone(faces: &[[f64; 6]]) -> Result<Vec<[f64; 2]>, PolygonStatus> {
    let b = BOUNDING_HALF_SIZE;
    let mut rows: Vec<[f64; 3]> = faces.iter().map(|h| [h[2], -h[4], h[3]]).collect();
    rows.extend([
        [-1.0, 0.0, 0.0],
        [-b, 1.0, 0.0],
        [-b, -1.0, 0.0],
        [-b, 0.0, 1.0],
        [-b, 0.0, -1.0],
    ]);
    let rays = match extreme_rays(&rows) {
        Ok(rays) => rays,
        Err(DdFailure::NotPointed { .. }) | Err(DdFailure::TooManyConstraints { .. }) => {
            return Err(PolygonStatus::NumericalFailure {
                reason: format!(
                    "the lifted cone of {} faces could not be converted",
                    faces.len()
                ),
            });
        }
    };
    let vertices: Vec<[f64; 2]> = rays
        .iter()
        .filter(|r| r[0] > MIN_LIFT)
        .map(|r| [r[1] / r[0], r[2] / r[0]])
        .collect();
    if vertices.is_empty() {
        return Err(PolygonStatus::Empty {
            reason: format!(
                "the lifted cone of the {} faces of the net contact wrench cone has no ray with \
                 positive weight: the contacts cannot balance gravity",
                faces.len()
            ),
        });
    }
    if touches_bounding_square(&vertices) {
        return Err(unbounded_status());
    }
    Ok(vertices)
}
