//! The touch model: the immutable sensor layout (groups of sensors with their positions and
//! search structures), built once from a scene and a configuration.

use std::ops::Range;

use nalgebra::{Isometry3, Point3, Vector3};
use rayon::prelude::*;

use crate::error::{Result, SensingError};
use crate::scene::{Scene, SceneStructure};
use crate::touch::body_mesh::BodyMesh;
use crate::touch::config::{MeshLayout, ResponseFunction, TouchConfig, TouchFunction, TouchKind};
use crate::touch::path_search::{PathScratch, within_path_rule};
use crate::touch::search::SensorTree;

/// Sensors that share one frame: a geom (point touch) or a whole body (mesh touch).
#[derive(Debug)]
pub struct SensorGroup {
    name: String,
    body: usize,
    collider: Option<usize>,
    local_pose: Isometry3<f64>,
    scale: f64,
    offset: usize,
    positions: Vec<Point3<f64>>,
    normals: Vec<Vector3<f64>>,
    pub(crate) tree: SensorTree,
    mesh: Option<BodyMesh>,
}

impl SensorGroup {
    /// `body` for a mesh group, `body/geom<i>` for a point group.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Index of the body in the scene.
    pub fn body(&self) -> usize {
        self.body
    }
    /// The collider (geom) for a point group, `None` for a mesh group.
    pub fn collider(&self) -> Option<usize> {
        self.collider
    }
    /// Pose of the group's frame in the body frame (the collider pose, or identity).
    pub fn local_pose(&self) -> &Isometry3<f64> {
        &self.local_pose
    }
    /// Sensor spacing (m).
    pub fn scale(&self) -> f64 {
        self.scale
    }
    /// Index of the group's first sensor among all sensors.
    pub fn offset(&self) -> usize {
        self.offset
    }
    /// The number of sensors.
    pub fn len(&self) -> usize {
        self.positions.len()
    }
    /// Whether the group has no sensor.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }
    /// Sensor positions in the group's frame.
    pub fn positions(&self) -> &[Point3<f64>] {
        &self.positions
    }
    /// Unit outward sensor normals in the group's frame.
    pub fn normals(&self) -> &[Vector3<f64>] {
        &self.normals
    }
    /// The merged sensor mesh (mesh touch only).
    pub fn mesh(&self) -> Option<&BodyMesh> {
        self.mesh.as_ref()
    }
}

/// The immutable part of a touch sensor (see [`crate::Touch`] for the pipeline).
#[derive(Debug)]
pub struct TouchModel {
    kind: TouchKind,
    touch_function: TouchFunction,
    response_function: ResponseFunction,
    mimo_quirks: bool,
    groups: Vec<SensorGroup>,
    body_groups: Vec<Range<usize>>,
    structure: SceneStructure,
    sensor_count: usize,
    max_vertices: usize,
}

impl TouchModel {
    /// Builds the sensors of every body named in `config.scales`.
    ///
    /// Errors: no sensing body, an unknown or repeated body (the error lists the scene's
    /// bodies), a scale that is not a finite positive distance, a sensing body without
    /// colliders, and geometry errors (for instance a half-space on a sensing body).
    pub fn new(scene: &Scene, config: &TouchConfig) -> Result<Self> {
        if config.scales.is_empty() {
            return Err(SensingError::InvalidParameter {
                parameter: "scales",
                requirement: "must name at least one sensing body with its sensor spacing",
                value: "an empty list".into(),
            });
        }
        let mut scale_of = vec![None; scene.len()];
        for (name, scale) in &config.scales {
            let i = scene.body_index(name)?;
            if !(scale.is_finite() && *scale > 0.0) {
                return Err(SensingError::InvalidScale {
                    body: name.clone(),
                    value: *scale,
                });
            }
            morsel_geometry::range::check_size(&format!("scale of body `{name}`"), *scale)?;
            if scale_of[i].is_some() {
                return Err(SensingError::InvalidParameter {
                    parameter: "scales",
                    requirement: "must name each body once",
                    value: format!("`{name}` twice"),
                });
            }
            if scene.bodies()[i].colliders.is_empty() {
                return Err(SensingError::InvalidParameter {
                    parameter: "scales",
                    requirement: "must name bodies that have colliders to carry sensors",
                    value: format!("`{name}` has none"),
                });
            }
            scale_of[i] = Some(*scale);
        }
        let sensing: Vec<(usize, f64)> = scale_of
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.map(|s| (i, s)))
            .collect();
        let mut groups = match config.kind {
            TouchKind::Points => point_groups(scene, &sensing)?,
            TouchKind::Mesh => mesh_groups(scene, &sensing, config.mesh_layout)?,
        };
        let mut body_groups = vec![0..0; scene.len()];
        let mut offset = 0;
        for (g, group) in groups.iter_mut().enumerate() {
            group.offset = offset;
            offset += group.len();
            let range = &mut body_groups[group.body];
            if range.start == range.end {
                *range = g..g + 1;
            } else {
                range.end = g + 1;
            }
        }
        let max_vertices = groups
            .iter()
            .filter_map(|g| g.mesh.as_ref().map(BodyMesh::len))
            .max()
            .unwrap_or(0);
        Ok(Self {
            kind: config.kind,
            touch_function: config.touch_function,
            response_function: config.response_function,
            mimo_quirks: config.mimo_quirks,
            groups,
            body_groups,
            structure: SceneStructure::of(scene),
            sensor_count: offset,
            max_vertices,
        })
    }

    /// Point or mesh sensors.
    pub fn kind(&self) -> TouchKind {
        self.kind
    }
    /// What each sensor reports.
    pub fn touch_function(&self) -> TouchFunction {
        self.touch_function
    }
    /// How contacts reach the sensors.
    pub fn response_function(&self) -> ResponseFunction {
        self.response_function
    }
    /// Whether the pipeline follows MIMo's quirks (see [`TouchConfig::mimo_quirks`]).
    pub fn mimo_quirks(&self) -> bool {
        self.mimo_quirks
    }
    /// All groups: bodies in scene order, and for point touch their geoms in collider order.
    pub fn groups(&self) -> &[SensorGroup] {
        &self.groups
    }
    /// The total number of sensors.
    pub fn sensor_count(&self) -> usize {
        self.sensor_count
    }
    /// Values per sensor (1 for `normal`, else 3).
    pub fn values_per_sensor(&self) -> usize {
        self.touch_function.size()
    }
    /// The names of the sensing bodies, in scene order.
    pub fn sensing_bodies(&self) -> Vec<&str> {
        self.body_groups
            .iter()
            .enumerate()
            .filter(|(_, r)| !r.is_empty())
            .map(|(i, _)| self.structure.body_name(i))
            .collect()
    }

    /// Per sensing body, in scene order: `(name, vertices, active)`. For mesh touch, the
    /// vertices of the body's merged sensor mesh and the sensors kept active among them
    /// (MIMo's TrimeshTouch drops those inside another geom of the body); for point touch,
    /// both are the number of sensor points on the body's geoms.
    pub fn sensor_counts(&self) -> Vec<(&str, usize, usize)> {
        self.body_groups
            .iter()
            .enumerate()
            .filter(|(_, r)| !r.is_empty())
            .map(|(i, r)| {
                let groups = &self.groups[r.clone()];
                let active: usize = groups.iter().map(SensorGroup::len).sum();
                let vertices = match self.kind {
                    TouchKind::Mesh => groups
                        .iter()
                        .filter_map(SensorGroup::mesh)
                        .map(BodyMesh::len)
                        .sum(),
                    TouchKind::Points => active,
                };
                (self.structure.body_name(i), vertices, active)
            })
            .collect()
    }

    /// The groups of body `i` (empty for a body without sensors or out of range).
    pub fn groups_of_body(&self, body: usize) -> &[SensorGroup] {
        match self.body_groups.get(body) {
            Some(r) => &self.groups[r.clone()],
            None => &[],
        }
    }

    /// The index of sensing body `name`; the error lists the sensing bodies.
    pub fn sensing_body_index(&self, name: &str) -> Result<usize> {
        let not_sensing = || SensingError::NotSensing {
            body: name.to_string(),
            sensing: self.sensing_bodies().join(", "),
        };
        let i = self.structure.position(name).ok_or_else(not_sensing)?;
        if self.body_groups[i].is_empty() {
            return Err(not_sensing());
        }
        Ok(i)
    }

    /// The range of sensor indices of body `name` in the flat output (divide the output by
    /// [`TouchModel::values_per_sensor`] to index it by sensor).
    pub fn body_sensor_range(&self, name: &str) -> Result<Range<usize>> {
        let groups = self.groups_of_body(self.sensing_body_index(name)?);
        let start = groups.first().map_or(0, |g| g.offset);
        Ok(start..start + groups.iter().map(SensorGroup::len).sum::<usize>())
    }

    /// Sensor positions of body `name` in the body frame, aligned with its outputs.
    pub fn sensor_positions(&self, name: &str) -> Result<Vec<Point3<f64>>> {
        let groups = self.groups_of_body(self.sensing_body_index(name)?);
        Ok(groups
            .iter()
            .flat_map(|g| g.positions.iter().map(|p| g.local_pose * p))
            .collect())
    }

    /// The nearest active sensor of `group` to `point` (group frame): `(sensor index in the
    /// group, distance)`.
    pub fn nearest_sensor(&self, group: usize, point: &Point3<f64>) -> Option<(usize, f64)> {
        self.groups.get(group)?.tree.nearest(point)
    }

    /// The `k` nearest active sensors of `group` to `point` (group frame), closest first.
    pub fn k_nearest_sensors(
        &self,
        group: usize,
        point: &Point3<f64>,
        k: usize,
    ) -> Vec<(usize, f64)> {
        let mut out = Vec::new();
        if let Some(g) = self.groups.get(group) {
            g.tree.k_nearest(point, k, &mut out);
        }
        out
    }

    /// The active sensors of `group` within `radius` of `point` (group frame): plain Euclidean
    /// distance for point touch, with the path rule (see [`crate::touch`]) for mesh touch.
    pub fn sensors_within(
        &self,
        group: usize,
        point: &Point3<f64>,
        radius: f64,
    ) -> Vec<(usize, f64)> {
        let mut out = Vec::new();
        let mut scratch = PathScratch::new(self.max_vertices);
        if let Some(g) = self.groups.get(group) {
            self.within_into(g, point, radius, &mut scratch, &mut out);
        }
        out
    }

    /// [`TouchModel::sensors_within`] with caller buffers.
    pub(crate) fn within_into(
        &self,
        group: &SensorGroup,
        point: &Point3<f64>,
        radius: f64,
        scratch: &mut PathScratch,
        out: &mut Vec<(usize, f64)>,
    ) {
        match &group.mesh {
            Some(mesh) => within_path_rule(mesh, point, radius, scratch, out),
            None => group.tree.within(point, radius, out),
        }
    }

    /// Scratch size for mesh searches: the largest vertex count of a body mesh.
    pub(crate) fn scratch_size(&self) -> usize {
        self.max_vertices
    }

    /// Checks that `scene` has the bodies and collider counts this model was built for.
    pub(crate) fn check_scene(&self, scene: &Scene) -> Result<()> {
        self.structure.check(scene, "touch")
    }
}

/// One group per geom of each sensing body, sensor points in the geom frame.
fn point_groups(scene: &Scene, sensing: &[(usize, f64)]) -> Result<Vec<SensorGroup>> {
    let jobs: Vec<(usize, usize, f64)> = sensing
        .iter()
        .flat_map(|&(b, s)| (0..scene.bodies()[b].colliders.len()).map(move |c| (b, c, s)))
        .collect();
    jobs.par_iter()
        .map(|&(b, c, scale)| {
            let body = &scene.bodies()[b];
            let collider = &body.colliders[c];
            let points = collider.shape.sensor_points(scale)?;
            Ok(SensorGroup {
                name: format!("{}/geom{c}", body.name),
                body: b,
                collider: Some(c),
                local_pose: collider.local_pose,
                scale,
                offset: 0,
                tree: SensorTree::new(&points.points),
                positions: points.points,
                normals: points.normals,
                mesh: None,
            })
        })
        .collect()
}

/// One group per sensing body, the active vertices of its merged sensor mesh.
fn mesh_groups(
    scene: &Scene,
    sensing: &[(usize, f64)],
    layout: MeshLayout,
) -> Result<Vec<SensorGroup>> {
    sensing
        .par_iter()
        .map(|&(b, scale)| {
            let body = &scene.bodies()[b];
            let mesh = BodyMesh::build_with(body, scale, layout)?;
            let active: Vec<usize> = (0..mesh.len()).filter(|&i| mesh.is_active(i)).collect();
            let positions: Vec<Point3<f64>> = active.iter().map(|&i| mesh.vertices()[i]).collect();
            let normals = active.iter().map(|&i| mesh.normals()[i]).collect();
            Ok(SensorGroup {
                name: body.name.clone(),
                body: b,
                collider: None,
                local_pose: Isometry3::identity(),
                scale,
                offset: 0,
                tree: SensorTree::new(&positions),
                positions,
                normals,
                mesh: Some(mesh),
            })
        })
        .collect()
}
