//! The shapes Morsel knows, each validated at construction and paired with the parry shape that
//! answers its queries.

use std::fmt;
use std::sync::{Arc, OnceLock};

use nalgebra::{Point3, Unit, Vector3};
#[cfg(feature = "queries")]
use parry3d_f64::math::{Pose, Rotation, Vector};
#[cfg(feature = "queries")]
use parry3d_f64::shape::{
    Ball, Capsule, ConvexPolyhedron, Cuboid, Cylinder, HalfSpace, Shape as ParryShape, TriMesh,
    TriMeshFlags,
};

#[cfg(feature = "queries")]
use crate::convert::{to_parry_point, to_parry_vector};
#[cfg(feature = "queries")]
use crate::ellipsoid::EllipsoidShape;
use crate::error::{GeometryError, Result, finite_vector};
use crate::mesh::TriangleMesh;
#[cfg(feature = "queries")]
use crate::proximity::MeshBvh;
use crate::range::{self, size};

/// Number of segments around a pipe's tessellation used by shape–shape queries.
///
/// The largest radial deviation of the tessellation from the true surface is
/// `r·(1 − cos(π/256)) ≈ 7.5e-5·r`. Point queries and distances on a pipe are exact (against
/// spheres in closed form, against boxes, ellipsoids, cylinders, capsules and pipes by exact
/// projections from the tessellation's answer); contact depths against shapes other than spheres
/// and distances to meshes and hulls use the tessellation.
pub const PIPE_QUERY_SEGMENTS: usize = 256;

/// Relative volume difference under which a closed mesh counts as convex (see
/// [`Shape::convex_solid`]).
pub const CONVEX_VOLUME_TOLERANCE: f64 = 1e-9;

/// What a shape is, with its defining sizes. All primitives are centred at their frame's origin;
/// cylinder, capsule and pipe have their axis along z.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ShapeKind {
    /// A box with the given half-extents along x, y, z.
    Cuboid {
        /// Half-extents (> 0).
        half_extents: Vector3<f64>,
    },
    /// A ball.
    Sphere {
        /// Radius (> 0).
        radius: f64,
    },
    /// An ellipsoid with semi-axes along x, y, z.
    Ellipsoid {
        /// Semi-axes (> 0).
        semi_axes: Vector3<f64>,
    },
    /// A solid cylinder along z, with flat caps.
    Cylinder {
        /// Radius (> 0).
        radius: f64,
        /// Half of the length along z (> 0).
        half_length: f64,
    },
    /// A cylinder along z capped by two half-balls; total extent along z is `2·(half_length + radius)`.
    Capsule {
        /// Radius (> 0).
        radius: f64,
        /// Half of the length of the straight section (> 0).
        half_length: f64,
    },
    /// An open cylinder along z (the lateral surface only, no caps).
    Pipe {
        /// Radius (> 0).
        radius: f64,
        /// Half of the length along z (> 0).
        half_length: f64,
    },
    /// The half-space `{x : n·x <= 0}` (the solid is below the plane through the origin).
    HalfSpace {
        /// Outward unit normal.
        normal: Unit<Vector3<f64>>,
    },
    /// A triangle mesh (a surface; solid only when closed).
    Mesh(Arc<TriangleMesh>),
    /// The convex hull of a point set, stored as its closed triangle mesh.
    ConvexHull(Arc<TriangleMesh>),
}

impl ShapeKind {
    /// A lower-case name for messages and scripts: `box`, `sphere`, `ellipsoid`, ...
    pub fn name(&self) -> &'static str {
        match self {
            ShapeKind::Cuboid { .. } => "box",
            ShapeKind::Sphere { .. } => "sphere",
            ShapeKind::Ellipsoid { .. } => "ellipsoid",
            ShapeKind::Cylinder { .. } => "cylinder",
            ShapeKind::Capsule { .. } => "capsule",
            ShapeKind::Pipe { .. } => "pipe",
            ShapeKind::HalfSpace { .. } => "halfspace",
            ShapeKind::Mesh(_) => "mesh",
            ShapeKind::ConvexHull(_) => "convex hull",
        }
    }
}

/// A validated shape, cheap to clone (its parry representation is shared).
#[derive(Clone)]
pub struct Shape {
    kind: ShapeKind,
    #[cfg(feature = "queries")]
    /// The parry shape of a primitive or hull (a mesh's is in `mesh`, built on first use).
    parry: Option<Arc<dyn ParryShape>>,
    #[cfg(feature = "queries")]
    /// Pose of the parry shape in this shape's frame, when they differ (parry's cylinder is along y).
    parry_offset: Option<Pose>,
    /// The search structures of a triangle mesh, shared by clones.
    mesh: Option<Arc<MeshStructures>>,
}

/// The search structures of a triangle mesh: parry's triangle mesh (with pseudo-normals when
/// closed) and the proximity engine's hierarchy. Each is built when a query first needs it, so
/// that loading a robot costs only reading and welding its meshes (most robots query a few of
/// their meshes, and some none).
#[derive(Default)]
struct MeshStructures {
    #[cfg(feature = "queries")]
    parry: OnceLock<TriMesh>,
    #[cfg(feature = "queries")]
    bvh: OnceLock<Arc<MeshBvh>>,
    /// The mesh as a convex hull shape when it is closed and convex (`None` otherwise).
    convex: OnceLock<Option<Shape>>,
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Shape").field("kind", &self.kind).finish()
    }
}

impl PartialEq for Shape {
    fn eq(&self, other: &Self) -> bool {
        self.kind == other.kind
    }
}

#[cfg(feature = "queries")]
/// Rotation taking parry's y axis onto Morsel's z axis (+90° about x).
fn y_to_z() -> Pose {
    Pose::from_parts(
        Vector::ZERO,
        Rotation::from_axis_angle(Vector::X, std::f64::consts::FRAC_PI_2),
    )
}

/// The pose of a parry shape in its Morsel frame, kept only with the `queries` feature.
#[cfg(feature = "queries")]
macro_rules! parry_offset {
    ($pose:expr) => {
        Some($pose)
    };
}

#[cfg(not(feature = "queries"))]
macro_rules! parry_offset {
    ($pose:expr) => {
        None::<()>
    };
}

/// The parry shape of each primitive, built only with the `queries` feature: `parry!(expr)`
/// is `Some(Arc::new(expr))` with it and `None` without.
#[cfg(feature = "queries")]
macro_rules! parry {
    ($shape:expr) => {
        Some(Arc::new($shape) as Arc<dyn ParryShape>)
    };
}

#[cfg(not(feature = "queries"))]
macro_rules! parry {
    ($shape:expr) => {
        None::<()>
    };
}

impl Shape {
    #[cfg(feature = "queries")]
    fn new(
        kind: ShapeKind,
        parry: Option<Arc<dyn ParryShape>>,
        parry_offset: Option<Pose>,
    ) -> Self {
        Self {
            kind,
            parry,
            parry_offset,
            mesh: None,
        }
    }

    /// Without queries a shape is its kind alone.
    #[cfg(not(feature = "queries"))]
    fn new(kind: ShapeKind, _parry: Option<()>, _parry_offset: Option<()>) -> Self {
        Self { kind, mesh: None }
    }

    /// A box with the given half-extents.
    ///
    /// ```
    /// use morsel_geometry::Shape;
    /// use nalgebra::Vector3;
    /// assert!(Shape::cuboid(Vector3::new(0.1, 0.2, 0.3)).is_ok());
    /// assert!(Shape::cuboid(Vector3::new(0.1, 0.0, 0.3)).is_err());
    /// ```
    pub fn cuboid(half_extents: Vector3<f64>) -> Result<Self> {
        for (i, name) in ["half_extent_x", "half_extent_y", "half_extent_z"]
            .iter()
            .enumerate()
        {
            size("box", name, half_extents[i])?;
        }
        Ok(Self::new(
            ShapeKind::Cuboid { half_extents },
            parry!(Cuboid::new(to_parry_vector(&half_extents))),
            None,
        ))
    }

    /// A sphere of the given radius.
    pub fn sphere(radius: f64) -> Result<Self> {
        size("sphere", "radius", radius)?;
        Ok(Self::new(
            ShapeKind::Sphere { radius },
            parry!(Ball::new(radius)),
            None,
        ))
    }

    /// An ellipsoid with the given semi-axes along x, y, z.
    pub fn ellipsoid(semi_axes: Vector3<f64>) -> Result<Self> {
        for (i, name) in ["a", "b", "c"].into_iter().enumerate() {
            size("ellipsoid", name, semi_axes[i])?;
        }
        Ok(Self::new(
            ShapeKind::Ellipsoid { semi_axes },
            parry!(EllipsoidShape::new(to_parry_vector(&semi_axes))?),
            None,
        ))
    }

    /// A solid cylinder along z.
    pub fn cylinder(radius: f64, half_length: f64) -> Result<Self> {
        size("cylinder", "radius", radius)?;
        size("cylinder", "half_length", half_length)?;
        Ok(Self::new(
            ShapeKind::Cylinder {
                radius,
                half_length,
            },
            parry!(Cylinder::new(half_length, radius)),
            parry_offset!(y_to_z()),
        ))
    }

    /// A capsule along z (straight section of length `2·half_length`).
    pub fn capsule(radius: f64, half_length: f64) -> Result<Self> {
        size("capsule", "radius", radius)?;
        size("capsule", "half_length", half_length)?;
        Ok(Self::new(
            ShapeKind::Capsule {
                radius,
                half_length,
            },
            parry!(Capsule::new_z(half_length, radius)),
            None,
        ))
    }

    /// An open cylinder (no caps) along z. Shape–shape queries use a fine tessellation
    /// (see [`PIPE_QUERY_SEGMENTS`]); point queries are exact.
    pub fn pipe(radius: f64, half_length: f64) -> Result<Self> {
        size("pipe", "radius", radius)?;
        size("pipe", "half_length", half_length)?;
        Ok(Self::new(
            ShapeKind::Pipe {
                radius,
                half_length,
            },
            parry!(pipe_tessellation(radius, half_length)?),
            None,
        ))
    }

    /// The half-space below the plane through the origin with outward normal `normal`
    /// (a floor when the normal is +z).
    pub fn halfspace(normal: Vector3<f64>) -> Result<Self> {
        finite_vector("halfspace normal", &normal)?;
        // A long normal is scaled down first, so that its norm does not overflow to infinity.
        let largest = normal.amax();
        let scaled = if largest > 1.0 {
            normal / largest
        } else {
            normal
        };
        let unit = Unit::try_new(scaled, 1e-12).ok_or(GeometryError::ZeroVector {
            what: "halfspace normal",
            value: [normal.x, normal.y, normal.z],
        })?;
        Ok(Self::new(
            ShapeKind::HalfSpace { normal: unit },
            parry!(HalfSpace::new(to_parry_vector(&unit))),
            None,
        ))
    }

    /// A triangle mesh. Closed meshes get oriented pseudo-normals so that containment and
    /// penetration queries treat them as solids; open meshes are surfaces.
    ///
    /// The mesh's search structures (a bounding-volume hierarchy, pseudo-normals) are built
    /// when a query first needs them and shared by the shape's clones.
    ///
    /// Errors when the mesh has more faces than a hierarchy can index (2^31).
    pub fn mesh(mesh: Arc<TriangleMesh>) -> Result<Self> {
        check_face_count(mesh.faces().len())?;
        let mut shape = Self::new(ShapeKind::Mesh(mesh), None, None);
        shape.mesh = Some(Arc::new(MeshStructures::default()));
        Ok(shape)
    }

    /// The convex hull of a set of points (at least four, not all coplanar).
    pub fn convex_hull(points: &[Point3<f64>]) -> Result<Self> {
        Self::convex_hull_until(points, crate::stop::NEVER)
    }

    /// [`Shape::convex_hull`] that asks `stop` now and then and ends with
    /// [`GeometryError::Interrupted`] when it says so (a front end's Ctrl-C or time limit).
    pub fn convex_hull_until(points: &[Point3<f64>], stop: &dyn crate::Stop) -> Result<Self> {
        for p in points {
            range::point("convex hull point", p)?;
        }
        let (hull_vertices, hull_faces) = crate::hull3::hull_for_shape(points, stop)?;
        // The structures built from a large hull take a while too: ask once more first.
        if stop.requested() {
            return Err(GeometryError::Interrupted {
                work: "the convex hull",
            });
        }
        #[cfg(feature = "queries")]
        let polyhedron = ConvexPolyhedron::from_convex_mesh(
            hull_vertices.iter().map(to_parry_point).collect(),
            &hull_faces,
        )
        .ok_or_else(|| GeometryError::DegenerateHull {
            reason: "the hull is flat or degenerate (are the points coplanar?)".to_string(),
        })?;
        if stop.requested() {
            return Err(GeometryError::Interrupted {
                work: "the convex hull",
            });
        }
        let mesh = TriangleMesh::hull_surface(hull_vertices, hull_faces)?;
        let (lo, hi) = mesh.bounds();
        let scale = (hi - lo).norm();
        if mesh.signed_volume() <= 1e-12 * scale * scale * scale {
            return Err(GeometryError::DegenerateHull {
                reason: "the points are coplanar: their hull encloses no volume".to_string(),
            });
        }
        Ok(Self::new(
            ShapeKind::ConvexHull(Arc::new(mesh)),
            parry!(polyhedron),
            None,
        ))
    }

    /// The convex hull of a mesh's vertices.
    pub fn convex_hull_of(mesh: &TriangleMesh) -> Result<Self> {
        Self::convex_hull(mesh.vertices())
    }

    /// [`Shape::convex_hull_of`] that ends early when `stop` asks (see
    /// [`Shape::convex_hull_until`]).
    pub fn convex_hull_of_until(mesh: &TriangleMesh, stop: &dyn crate::Stop) -> Result<Self> {
        Self::convex_hull_until(mesh.vertices(), stop)
    }

    /// What this shape is.
    pub fn kind(&self) -> &ShapeKind {
        &self.kind
    }

    /// The kind's name (`box`, `sphere`, ...).
    pub fn name(&self) -> &'static str {
        self.kind.name()
    }

    /// Whether the shape encloses a volume (false for pipes and open meshes).
    pub fn is_solid(&self) -> bool {
        match &self.kind {
            ShapeKind::Pipe { .. } => false,
            ShapeKind::Mesh(m) => m.is_closed(),
            _ => true,
        }
    }

    /// The bounding-volume hierarchy of a triangle mesh (None for other shapes), built on the
    /// first call and shared by the shape's clones.
    ///
    /// Errors only when the hierarchy cannot be built (it can for every mesh
    /// [`Shape::mesh`] accepts).
    #[cfg(feature = "queries")]
    pub fn mesh_bvh(&self) -> Result<Option<&Arc<MeshBvh>>> {
        let (ShapeKind::Mesh(mesh), Some(structures)) = (&self.kind, &self.mesh) else {
            return Ok(None);
        };
        if let Some(bvh) = structures.bvh.get() {
            return Ok(Some(bvh));
        }
        let bvh = Arc::new(MeshBvh::new(mesh.vertices(), mesh.faces())?);
        Ok(Some(structures.bvh.get_or_init(|| bvh)))
    }

    /// A closed convex triangle mesh as the convex hull shape that bounds the same solid (so
    /// that penetration queries run on a convex polyhedron); `None` for an open or non-convex
    /// mesh and for every other shape. Decided on the first call and shared by the clones.
    ///
    /// The mesh is convex when the volume it encloses equals its hull's to a relative
    /// [`CONVEX_VOLUME_TOLERANCE`] (the mesh lies inside its hull, so equal volumes mean the
    /// same solid).
    pub fn convex_solid(&self) -> Option<&Shape> {
        let (ShapeKind::Mesh(mesh), Some(structures)) = (&self.kind, &self.mesh) else {
            return None;
        };
        structures
            .convex
            .get_or_init(|| {
                if !mesh.is_closed() {
                    return None;
                }
                let hull = Shape::convex_hull_of(mesh).ok()?;
                let ShapeKind::ConvexHull(h) = hull.kind() else {
                    return None;
                };
                let (inner, outer) = (mesh.signed_volume().abs(), h.signed_volume().abs());
                (outer - inner <= CONVEX_VOLUME_TOLERANCE * outer).then_some(hull)
            })
            .as_ref()
    }

    /// The parry shape that answers queries, and its pose in this shape's frame (a mesh's is
    /// built on first use).
    #[cfg(feature = "queries")]
    pub(crate) fn parry(&self) -> Result<(&dyn ParryShape, Option<&Pose>)> {
        if let Some(parry) = &self.parry {
            return Ok((parry.as_ref(), self.parry_offset.as_ref()));
        }
        let (ShapeKind::Mesh(mesh), Some(structures)) = (&self.kind, &self.mesh) else {
            return Err(GeometryError::InvalidMesh {
                source_path: None,
                reason: format!("a {} shape has no parry representation", self.name()),
            });
        };
        if let Some(trimesh) = structures.parry.get() {
            return Ok((trimesh, None));
        }
        let trimesh = parry_trimesh(mesh)?;
        Ok((structures.parry.get_or_init(|| trimesh), None))
    }

    /// The parry pose of this shape given its world pose.
    #[cfg(feature = "queries")]
    pub(crate) fn parry_pose(&self, pose: &Pose) -> Pose {
        match &self.parry_offset {
            Some(offset) => *pose * *offset,
            None => *pose,
        }
    }
}

#[cfg(feature = "queries")]
/// Parry's triangle mesh of `mesh`, oriented (with pseudo-normals) when the mesh is closed.
fn parry_trimesh(mesh: &TriangleMesh) -> Result<TriMesh> {
    let vertices: Vec<Vector> = mesh.vertices().iter().map(to_parry_point).collect();
    let flags = if mesh.is_closed() {
        TriMeshFlags::ORIENTED
    } else {
        TriMeshFlags::empty()
    };
    TriMesh::with_flags(vertices, mesh.faces().to_vec(), flags).map_err(|e| {
        GeometryError::InvalidMesh {
            source_path: None,
            reason: format!("{e:?}"),
        }
    })
}

/// The open tessellated cylinder that answers a pipe's shape–shape queries
/// ([`PIPE_QUERY_SEGMENTS`] segments around).
#[cfg(feature = "queries")]
fn pipe_tessellation(radius: f64, half_length: f64) -> Result<TriMesh> {
    let n = PIPE_QUERY_SEGMENTS;
    let mut vertices = Vec::with_capacity(2 * n);
    for z in [-half_length, half_length] {
        for j in 0..n {
            let phi = std::f64::consts::TAU * j as f64 / n as f64;
            vertices.push(Vector::new(radius * phi.cos(), radius * phi.sin(), z));
        }
    }
    let mut faces = Vec::with_capacity(2 * n);
    for j in 0..n as u32 {
        let k = (j + 1) % n as u32;
        let (b0, b1, t0, t1) = (j, k, j + n as u32, k + n as u32);
        faces.push([b0, b1, t1]);
        faces.push([b0, t1, t0]);
    }
    TriMesh::new(vertices, faces).map_err(|e| GeometryError::InvalidMesh {
        source_path: None,
        reason: format!("pipe tessellation failed: {e:?}"),
    })
}

/// Refuses meshes with more faces than a hierarchy can index (the proximity engine's limit).
fn check_face_count(count: usize) -> Result<()> {
    #[cfg(feature = "queries")]
    return MeshBvh::check_face_count(count);
    #[cfg(not(feature = "queries"))]
    if count >= u32::MAX as usize / 2 {
        return Err(GeometryError::InvalidMesh {
            source_path: None,
            reason: format!("{count} faces: a mesh may have at most 2^31 - 1"),
        });
    }
    #[cfg(not(feature = "queries"))]
    Ok(())
}

#[cfg(feature = "queries")]
/// The unit direction of `(x, y)` in the plane across a cylinder's axis, or `(1, 0)` on the
/// axis itself (where every direction is as good).
pub(crate) fn radial_direction(x: f64, y: f64) -> (f64, f64) {
    let r = x.hypot(y);
    if r > 0.0 { (x / r, y / r) } else { (1.0, 0.0) }
}
