//! Projection of a point on a placed shape's surface, shared by the queries.

use nalgebra::{Isometry3, Point3};

use crate::convert::{from_parry_point, to_parry_point};
use crate::error::Result;
use crate::query_result::PointProjection;
use crate::shape::{Shape, ShapeKind, radial_direction};

/// `query::project_point` without checking its arguments: for points the queries derive themselves
/// (from checked poses), which may lie a little beyond `MAX_LENGTH`.
pub(crate) fn project(
    shape: &Shape,
    pose: &Isometry3<f64>,
    point: &Point3<f64>,
) -> Result<PointProjection> {
    let local = pose.inverse_transform_point(point);
    let (surface_local, inside) = match shape.kind() {
        ShapeKind::Pipe {
            radius,
            half_length,
        } => {
            let (cx, cy) = radial_direction(local.x, local.y);
            (
                Point3::new(
                    radius * cx,
                    radius * cy,
                    local.z.clamp(-half_length, *half_length),
                ),
                false,
            )
        }
        _ => {
            let (ps, offset) = shape.parry()?;
            let q = match offset {
                Some(o) => o.inverse() * to_parry_point(&local),
                None => to_parry_point(&local),
            };
            let proj = ps.project_local_point(q, false);
            let p = match offset {
                Some(o) => *o * proj.point,
                None => proj.point,
            };
            (from_parry_point(p), proj.is_inside && shape.is_solid())
        }
    };
    let d = (local - surface_local).norm();
    Ok(PointProjection {
        point: pose * surface_local,
        inside,
        signed_distance: if inside { -d } else { d },
    })
}
