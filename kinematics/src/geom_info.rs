//! Per-geom records of a [`Model`](crate::Model) in MuJoCo's terms, and the collision filter
//! (`contype`/`conaffinity` and excluded body pairs) that goes with them.

use nalgebra::Isometry3;

use crate::{Link, LinkId};

/// One geom of a model, in model order: what MuJoCo would call it and where it sits.
///
/// MJCF models list their geoms as MuJoCo compiles them; models from other sources list each
/// link's collision geometry, links in order.
#[derive(Clone, Debug, PartialEq)]
pub struct GeomInfo {
    /// The geom's name (MuJoCo's `geom<id>` when it had none).
    pub name: String,
    /// The link (body) that carries it.
    pub link: LinkId,
    /// MuJoCo's type name: `sphere`, `capsule`, `ellipsoid`, `cylinder`, `box`, `plane` or `mesh`.
    pub kind: String,
    /// MuJoCo's `size` (radius, half-length, half-extents... as MuJoCo defines it per type).
    pub size: [f64; 3],
    /// Pose of the geom frame in the link frame.
    pub link_from_geom: Isometry3<f64>,
    /// MuJoCo's `contype` bit mask.
    pub contype: u32,
    /// MuJoCo's `conaffinity` bit mask.
    pub conaffinity: u32,
    /// Index of the geom's collider in [`Link::collisions`](crate::Link::collisions).
    pub collider: usize,
}

/// Which geoms may touch: MuJoCo's `contype`/`conaffinity` rule plus excluded link pairs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CollisionFilter {
    /// Link pairs that never collide (MJCF `<contact><exclude>`), smaller index first.
    pub excluded: Vec<(LinkId, LinkId)>,
}

impl CollisionFilter {
    /// True when geoms `a` and `b` may collide: different links, not an excluded pair, and
    /// `(a.contype & b.conaffinity) | (b.contype & a.conaffinity)` not zero.
    pub fn allows(&self, a: &GeomInfo, b: &GeomInfo) -> bool {
        if a.link == b.link {
            return false;
        }
        let pair = if a.link <= b.link {
            (a.link, b.link)
        } else {
            (b.link, a.link)
        };
        if self.excluded.contains(&pair) {
            return false;
        }
        (a.contype & b.conaffinity) | (b.contype & a.conaffinity) != 0
    }
}

/// Geom records for a model built without MJCF: each link's collision geometry in order,
/// named `<link>_<k>`, colliding with everything (`contype = conaffinity = 1`).
pub(crate) fn geoms_from_links(links: &[Link]) -> Vec<GeomInfo> {
    use morsel_geometry::ShapeKind;
    let mut out = Vec::new();
    for (l, link) in links.iter().enumerate() {
        for (k, collider) in link.collisions.iter().enumerate() {
            let (kind, size) = match collider.shape.kind() {
                ShapeKind::Sphere { radius } => ("sphere", [*radius, 0.0, 0.0]),
                ShapeKind::Capsule {
                    radius,
                    half_length,
                } => ("capsule", [*radius, *half_length, 0.0]),
                ShapeKind::Cylinder {
                    radius,
                    half_length,
                }
                | ShapeKind::Pipe {
                    radius,
                    half_length,
                } => ("cylinder", [*radius, *half_length, 0.0]),
                ShapeKind::Cuboid { half_extents } => {
                    ("box", [half_extents.x, half_extents.y, half_extents.z])
                }
                ShapeKind::Ellipsoid { semi_axes } => {
                    ("ellipsoid", [semi_axes.x, semi_axes.y, semi_axes.z])
                }
                ShapeKind::HalfSpace { .. } => ("plane", [0.0; 3]),
                ShapeKind::Mesh(mesh) | ShapeKind::ConvexHull(mesh) => {
                    let (lo, hi) = mesh.bounds();
                    (
                        "mesh",
                        [
                            0.5 * (hi.x - lo.x),
                            0.5 * (hi.y - lo.y),
                            0.5 * (hi.z - lo.z),
                        ],
                    )
                }
                _ => ("mesh", [0.0; 3]),
            };
            out.push(GeomInfo {
                name: format!("{}_{k}", link.name),
                link: LinkId(l),
                kind: kind.to_owned(),
                size,
                link_from_geom: collider.local_pose,
                contype: 1,
                conaffinity: 1,
                collider: k,
            });
        }
    }
    out
}

/// The world-axis-aligned bounding box of a geom placed at `world_from_geom`: closed-form
/// extents for primitives (as MuJoCo's sizes define them), the placed vertices for meshes,
/// `None` for planes (unbounded).
pub fn geom_aabb(
    geom: &GeomInfo,
    collider: &morsel_geometry::Collider,
    world_from_geom: &Isometry3<f64>,
) -> Option<(nalgebra::Point3<f64>, nalgebra::Point3<f64>)> {
    use nalgebra::{Point3, Vector3};
    let r = world_from_geom.rotation.to_rotation_matrix().into_inner();
    let c = world_from_geom.translation.vector;
    let [a, b, s2] = geom.size;
    let extent = match geom.kind.as_str() {
        "plane" => return None,
        "sphere" => Vector3::repeat(a),
        "capsule" => r.column(2).abs() * b + Vector3::repeat(a),
        "cylinder" => {
            let z = r.column(2);
            Vector3::from_fn(|i, _| z[i].abs() * b + a * (1.0 - z[i] * z[i]).max(0.0).sqrt())
        }
        "box" => r.abs() * Vector3::new(a, b, s2),
        "ellipsoid" => {
            let sq = Vector3::new(a * a, b * b, s2 * s2);
            r.component_mul(&r) * sq
        }
        .map(f64::sqrt),
        _ => {
            let (morsel_geometry::ShapeKind::Mesh(mesh)
            | morsel_geometry::ShapeKind::ConvexHull(mesh)) = collider.shape.kind()
            else {
                return None;
            };
            let mut lo = Point3::from(Vector3::repeat(f64::INFINITY));
            let mut hi = Point3::from(Vector3::repeat(f64::NEG_INFINITY));
            for v in mesh.vertices() {
                let w = world_from_geom * v;
                lo = lo.inf(&w);
                hi = hi.sup(&w);
            }
            return Some((lo, hi));
        }
    };
    Some((Point3::from(c - extent), Point3::from(c + extent)))
}
