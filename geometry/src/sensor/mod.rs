//! Sensor points and sensor meshes: points spread over a shape's surface at a resolution, with
//! unit outward normals, and the same points joined into a triangle mesh.
//!
//! # Primitives follow MIMo
//! Boxes, spheres, ellipsoids, pipes, cylinders and capsules follow the rules of MIMo's
//! `sensorpoints` module exactly (count, order and coordinates), so that an experiment ported
//! from MIMo gets the same sensors. Sizes below are MIMo's: a box's half-sizes `s`, a radius
//! `r`, and the *full* length `L = 2·half_length` of a pipe's, cylinder's or capsule's straight
//! section (axis z, centred at the origin). `round` rounds half to even, as Python does. A
//! shape too small for the resolution gets one point at its centre, with normal `+z`.
//!
//! - **Box**: one point if `res > max(s)`. Otherwise each axis has `n = max(2, ceil(2s/res))`
//!   coordinates `linspace(−s, s, n)`; the surface grid points are emitted face by face: x−,
//!   x+ (every y and z; y outer, z inner), y−, y+ (interior x; x outer, z inner), z−, z+
//!   (interior x and y; x outer, y inner). Normal: the face normal, or on edges and corners the
//!   normalised sum of the normals of the faces the point is on.
//! - **Sphere**: one point if `res > r`. Otherwise `n_θ = ceil(π r/res)` rings at
//!   `θ_i = (i + ½)·π/n_θ` from +z, ring `i` with `round(2π sin θ_i · r/res)` points at
//!   `φ_j = 2π j/n`. Normal: the direction of the point.
//! - **Ellipsoid** (semi-axes `a, b, c`): the sphere rule with `r = max(a, b, c)`, points at
//!   `(a sin θ cos φ, b sin θ sin φ, c cos θ)`, normals `∝ (x/a², y/b², z/c²)`.
//! - **Pipe**: `ceil(L/res) + 1` rings at `z_i = i·L/(n − 1) − L/2` (bottom first), each of
//!   `ceil(2π r/res)` points at `2π j/n`; radial normals; no single-point rule.
//! - **Cylinder**: one point if `ceil(2π r/res) < 3` or `ceil(L/res) < 2`. Otherwise the pipe
//!   points with the two end rings' normals tilted to 45°, then the caps: radii
//!   `linspace(0, r, round(r/res) + 1)` without the last; radius 0 is the centre, radius `ρ` a
//!   ring of `floor(2π ρ/res)` points at `2π (j + ½)/n`; each cap position is emitted twice in
//!   a row, bottom (`z = −L/2`, normal −z) then top (`+L/2`, +z).
//! - **Capsule**: one point if `ceil(2π r/res) < 3`. Otherwise the pipe points (radial normals),
//!   then the half-balls: `n_θ = round(π r/(2 res))` rings at `θ_i = i·π/(2 n_θ)` from the pole
//!   (the equator is the pipe's), ring `i` with `round(2π sin θ_i · r/res)` points at `2π j/n`,
//!   or a single pole point at `z = ±(L/2 + r)` when that is below 2; each position is emitted
//!   twice in a row, upper (`z = r cos θ + L/2`) then lower (mirrored), normals pointing away
//!   from the half-ball's centre.
//!
//! A half-space has no finite surface: asking for its sensors is an error.
//!
//! # Triangle meshes go beyond MIMo
//! Mesh and convex-hull shapes get points spread over their real surface: see
//! [`mesh_surface`] for the method and what "roughly uniform" means.
//!
//! # One point set per shape and resolution
//! [`Shape::sensor_mesh`] uses exactly the points of [`Shape::sensor_points`], in the same order.
//!
//! ```
//! use morsel_geometry::Shape;
//! let sphere = Shape::sphere(0.05).unwrap();
//! let points = sphere.sensor_points(0.01).unwrap();
//! let mesh = sphere.sensor_mesh(0.01).unwrap();
//! assert_eq!(mesh.vertices(), &points.points[..]);
//! assert!(mesh.neighbours(0).len() >= 3);
//! ```

mod axial;
mod box_points;
pub mod mesh_surface;
mod mesh_surface_collapse;
mod mesh_surface_flip;
mod mesh_surface_input;
mod mesh_surface_refine;
mod mesh_surface_slots;
mod mesh_surface_state;
mod mimo_mesh;
mod numeric;
mod rings;
mod round_shapes;
mod sensor_mesh;

use nalgebra::{Point3, Vector3};

use crate::error::{GeometryError, Result};
use crate::range;
use crate::shape::{Shape, ShapeKind};

pub use sensor_mesh::SensorMesh;

/// The largest number of sensor points a single shape may get; a finer resolution is an error
/// (MIMo's own scenes have about 5,000 to 7,000 sensors in all).
pub const MAX_SENSOR_POINTS: usize = 5_000_000;

/// Sensor points on a shape's surface, in the shape's local frame.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SensorPoints {
    /// Positions, on the surface (or the shape's centre in the single-point cases).
    pub points: Vec<Point3<f64>>,
    /// Unit outward normals, one per point.
    pub normals: Vec<Vector3<f64>>,
}

impl SensorPoints {
    /// An empty set with room for `n` points.
    pub(crate) fn with_capacity(n: usize) -> Self {
        Self {
            points: Vec::with_capacity(n),
            normals: Vec::with_capacity(n),
        }
    }

    /// Appends a point and its normal (normalised here).
    #[inline]
    pub(crate) fn push(&mut self, point: Point3<f64>, normal: Vector3<f64>) {
        self.points.push(point);
        self.normals.push(normal / normal.norm());
    }

    /// The single point at the centre with a `+z` normal, used when a shape is too small for
    /// the resolution.
    pub(crate) fn single_centre() -> Self {
        Self {
            points: vec![Point3::origin()],
            normals: vec![Vector3::z()],
        }
    }

    /// The number of points.
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Whether there is no point (never the case for a valid shape).
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }
}

/// Points and, when asked for, the triangles that join them.
#[derive(Debug, Default)]
pub(crate) struct Layout {
    /// The sensor points.
    pub points: SensorPoints,
    /// Triangles (outward, counter-clockwise seen from outside).
    pub faces: Vec<[u32; 3]>,
    /// Adjacency edges that belong to no triangle (degenerate pipes only).
    pub extra_edges: Vec<[u32; 2]>,
}

impl Shape {
    /// Sensor points spread over the surface at `resolution` (the approximate spacing, metres),
    /// with unit outward normals, in the shape's local frame.
    ///
    /// Primitives follow MIMo's rules exactly (see the [module docs](crate::sensor)); meshes
    /// and convex hulls are sampled as [`mesh_surface`] describes.
    ///
    /// Errors: a resolution that is not a finite positive number, or is outside
    /// [`MIN_LENGTH`](crate::MIN_LENGTH) to [`MAX_LENGTH`](crate::MAX_LENGTH); a half-space (it has no
    /// finite surface); a resolution so fine that the shape would get more than
    /// [`MAX_SENSOR_POINTS`] points.
    ///
    /// ```
    /// use morsel_geometry::Shape;
    /// use nalgebra::Vector3;
    /// let cube = Shape::cuboid(Vector3::new(0.1, 0.1, 0.1)).unwrap();
    /// // ceil(2·0.1/0.08) = 3 coordinates per axis: 9 + 9 + 3 + 3 + 1 + 1 points.
    /// assert_eq!(cube.sensor_points(0.08).unwrap().len(), 26);
    /// assert!(cube.sensor_points(0.0).is_err());
    /// ```
    pub fn sensor_points(&self, resolution: f64) -> Result<SensorPoints> {
        Ok(self.sensor_layout(resolution, false)?.points)
    }

    /// The points of [`Shape::sensor_points`] (same points, same order) joined into a triangle
    /// mesh with per-vertex normals and vertex adjacency.
    ///
    /// The mesh is closed and consistently oriented outward for every closed primitive, open
    /// along its two end rings for a pipe, and has the topology of the input for meshes (closed
    /// when the input is closed). Cases without triangles: a single-point shape (one vertex),
    /// and a pipe whose rings have fewer than three points (its adjacency then links each point
    /// to its ring and axial neighbours). Errors as for [`Shape::sensor_points`].
    pub fn sensor_mesh(&self, resolution: f64) -> Result<SensorMesh> {
        let layout = self.sensor_layout(resolution, true)?;
        Ok(SensorMesh::from_layout(layout))
    }

    /// The sensor mesh MIMo's `TrimeshTouch` builds for this shape: MIMo's own meshing rules
    /// (see `mimo_mesh` in this module), which differ from [`Shape::sensor_mesh`]'s points for
    /// boxes (single-point test), capsules and cylinders (ring counts), joined as MIMo joins
    /// them (convex hulls, Delaunay caps, trimesh's vertex merge). Vertices are in MIMo's order.
    ///
    /// Errors as for [`Shape::sensor_points`].
    ///
    /// ```
    /// use morsel_geometry::Shape;
    /// // A capsule of radius 5 cm and half-length 5 cm at 2.5 cm spacing: MIMo's mesh rings
    /// // (ceil counts, the half-balls' rings up to the equator) give more vertices than the
    /// // point rule's.
    /// let capsule = Shape::capsule(0.05, 0.05).unwrap();
    /// assert_eq!(capsule.mimo_sensor_mesh(0.025).unwrap().len(), 119);
    /// assert_eq!(capsule.sensor_mesh(0.025).unwrap().len(), 101);
    /// ```
    pub fn mimo_sensor_mesh(&self, resolution: f64) -> Result<SensorMesh> {
        // The same size checks and point budget as the point rule (a mesh geom's budget is
        // checked on its bounding sphere in `mimo_mesh`).
        match self.kind() {
            ShapeKind::Mesh(_) | ShapeKind::ConvexHull(_) => {
                range::size("sensor points", "resolution", resolution)?;
            }
            _ => {
                self.sensor_layout(resolution, false)?;
            }
        }
        let layout = mimo_mesh::layout(self, resolution).ok_or_else(|| too_fine(self.name()))?;
        Ok(SensorMesh::from_layout(layout))
    }

    /// Points (and faces when `with_faces`) for this shape.
    fn sensor_layout(&self, resolution: f64, with_faces: bool) -> Result<Layout> {
        range::size("sensor points", "resolution", resolution)?;
        let too_many = |estimate: f64| -> Result<()> {
            if estimate.is_finite() && estimate <= MAX_SENSOR_POINTS as f64 {
                Ok(())
            } else {
                Err(too_fine(self.name()))
            }
        };
        let res = resolution;
        let layout = match self.kind() {
            ShapeKind::Cuboid { half_extents } => {
                too_many(box_points::count_bound(half_extents, res))?;
                box_points::layout(half_extents, res, with_faces)
            }
            ShapeKind::Sphere { radius } => {
                too_many(round_shapes::count_bound(*radius, res))?;
                round_shapes::sphere_layout(*radius, res, with_faces)
            }
            ShapeKind::Ellipsoid { semi_axes } => {
                too_many(round_shapes::count_bound(semi_axes.max(), res))?;
                round_shapes::ellipsoid_layout(semi_axes, res, with_faces)
            }
            ShapeKind::Pipe {
                radius,
                half_length,
            } => {
                too_many(axial::count_bound(*radius, 2.0 * half_length, res))?;
                axial::pipe_layout(*radius, 2.0 * half_length, res, with_faces)
            }
            ShapeKind::Cylinder {
                radius,
                half_length,
            } => {
                too_many(axial::count_bound(*radius, 2.0 * half_length, res))?;
                axial::cylinder_layout(*radius, 2.0 * half_length, res, with_faces)
            }
            ShapeKind::Capsule {
                radius,
                half_length,
            } => {
                too_many(axial::count_bound(*radius, 2.0 * half_length, res))?;
                axial::capsule_layout(*radius, 2.0 * half_length, res, with_faces)
            }
            ShapeKind::HalfSpace { .. } => {
                return Err(GeometryError::UnsupportedQuery {
                    query: "sensor_points",
                    first: self.name(),
                    second: "resolution",
                    hint: Some(
                        "a half-space has no finite surface to cover with sensors; \
                         use a box as a floor patch instead",
                    ),
                });
            }
            ShapeKind::Mesh(mesh) | ShapeKind::ConvexHull(mesh) => {
                mesh_surface::layout(mesh, res, with_faces).ok_or_else(|| too_fine(self.name()))?
            }
        };
        Ok(layout)
    }
}

/// The error for a resolution that would give more than [`MAX_SENSOR_POINTS`] points.
fn too_fine(shape: &'static str) -> GeometryError {
    GeometryError::UnsupportedQuery {
        query: "sensor_points",
        first: shape,
        second: "resolution this fine",
        hint: Some(
            "it would give more than MAX_SENSOR_POINTS = 5,000,000 sensor points; \
             use a coarser resolution",
        ),
    }
}
