//! The `hull` method: intersect the half-planes that the faces of the net contact wrench cone
//! impose on the CoM.
//!
//! With the weight normalised to `m g = 1`, the wrench the contacts must provide at the reference
//! point for a CoM at offset `(x, y)` is `w = [0, 0, 1, y, −x, 0]`. A face `h` of the cone
//! (`h · w <= 0` on it) therefore gives the half-plane `−h_τy x + h_τx y <= −h_fz`. The polygon
//! is the intersection of these half-planes, computed by clipping a large square.

use super::PolygonStatus;
use super::planar::clip;

/// Half-size (metres) of the square that is clipped; a polygon touching it is unbounded.
pub(crate) const BOUNDING_HALF_SIZE: f64 = 1e4;

/// Intersects the half-planes of the unit face normals `faces` (cone at the reference point).
/// Returns the vertices relative to the reference point.
pub(crate) fn intersect_faces(faces: &[[f64; 6]]) -> Result<Vec<[f64; 2]>, PolygonStatus> {
    let b = BOUNDING_HALF_SIZE;
    let mut polygon = vec![[-b, -b], [b, -b], [b, b], [-b, b]];
    let mut scratch = Vec::with_capacity(16);
    for face in faces {
        let normal = [-face[4], face[3]];
        let offset = -face[2];
        let norm = normal[0].hypot(normal[1]);
        if norm < 1e-12 {
            if offset < -1e-9 {
                return Err(empty_status(faces.len()));
            }
            continue;
        }
        clip(
            &polygon,
            [normal[0] / norm, normal[1] / norm],
            offset / norm,
            &mut scratch,
        );
        std::mem::swap(&mut polygon, &mut scratch);
        if polygon.len() < 3 {
            return Err(empty_status(faces.len()));
        }
    }
    if touches_bounding_square(&polygon) {
        return Err(unbounded_status());
    }
    Ok(polygon)
}

/// Whether a vertex lies on the bounding square (the true region extends past it).
pub(crate) fn touches_bounding_square(polygon: &[[f64; 2]]) -> bool {
    let limit = BOUNDING_HALF_SIZE * (1.0 - 1e-9);
    polygon
        .iter()
        .any(|p| p[0].abs() >= limit || p[1].abs() >= limit)
}

fn empty_status(face_count: usize) -> PolygonStatus {
    PolygonStatus::Empty {
        reason: format!(
            "the {face_count} faces of the net contact wrench cone exclude every CoM position: \
             the contacts cannot balance gravity"
        ),
    }
}

pub(crate) fn unbounded_status() -> PolygonStatus {
    PolygonStatus::Unbounded {
        reason: format!(
            "the polygon reaches the {BOUNDING_HALF_SIZE} m bounding square: the contacts can \
             exert internal forces whose moment balances any lever arm"
        ),
    }
}
