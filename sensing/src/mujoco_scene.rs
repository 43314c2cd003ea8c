//! A scene read from MuJoCo's compiled model (`mjModel`'s body and geom arrays) and MuJoCo's
//! contacts (`mjData.contact`) turned into Morsel contacts, as a MIMo-style touch sensor reads
//! them on every simulation step.
//!
//! One scene body per MuJoCo body, with the same index (the body id), so that MuJoCo's body
//! poses (`xpos`, `xquat`) and contacts map onto the scene without a lookup by name.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use morsel_geometry::{Shape, TriangleMesh};
use nalgebra::{Isometry3, Point3, Quaternion, Translation3, UnitQuaternion, Vector3};
use ndarray::{ArrayView1, ArrayView2};

use crate::contact::Contact;
use crate::error::{Result, SensingError};
use crate::mujoco_force::{MujocoCone, mujoco_contact_force};
use crate::scene::{Body, Scene};

/// MuJoCo's geom types (`mjtGeom`), by their numbers in `mjModel.geom_type`.
mod geom_type {
    pub const PLANE: i32 = 0;
    pub const SPHERE: i32 = 2;
    pub const CAPSULE: i32 = 3;
    pub const ELLIPSOID: i32 = 4;
    pub const CYLINDER: i32 = 5;
    pub const BOX: i32 = 6;
    pub const MESH: i32 = 7;
}

/// The name of MuJoCo geom type `t`, for error messages.
fn type_name(t: i32) -> String {
    match t {
        0 => "plane".into(),
        1 => "hfield".into(),
        2 => "sphere".into(),
        3 => "capsule".into(),
        4 => "ellipsoid".into(),
        5 => "cylinder".into(),
        6 => "box".into(),
        7 => "mesh".into(),
        8 => "sdf".into(),
        other => format!("type {other}"),
    }
}

/// The parts of MuJoCo's compiled model a touch scene needs, one row per body or geom, as
/// `mjModel` holds them (quaternions `w, x, y, z`; sizes as MuJoCo gives them: radius,
/// half-length, half-extents).
#[derive(Debug, Clone, Copy)]
pub struct MujocoModel<'a> {
    /// Body names by body id (`mj_id2name`); an empty name becomes `body<id>`.
    pub body_names: &'a [String],
    /// `geom_type`.
    pub geom_type: ArrayView1<'a, i32>,
    /// `geom_bodyid`.
    pub geom_body: ArrayView1<'a, i32>,
    /// `geom_size`, (ngeom, 3).
    pub geom_size: ArrayView2<'a, f64>,
    /// `geom_pos`, (ngeom, 3): the geom's origin in its body's frame.
    pub geom_pos: ArrayView2<'a, f64>,
    /// `geom_quat`, (ngeom, 4): the geom's orientation in its body's frame.
    pub geom_quat: ArrayView2<'a, f64>,
    /// `geom_contype`.
    pub geom_contype: ArrayView1<'a, i32>,
    /// `geom_conaffinity`.
    pub geom_conaffinity: ArrayView1<'a, i32>,
    /// `geom_dataid` (the mesh of a mesh geom).
    pub geom_mesh: ArrayView1<'a, i32>,
    /// `mesh_vert`, (nmeshvert, 3).
    pub mesh_vert: ArrayView2<'a, f64>,
    /// `mesh_face`, (nmeshface, 3).
    pub mesh_face: ArrayView2<'a, i32>,
    /// `mesh_vertadr`, `mesh_vertnum`, `mesh_faceadr`, `mesh_facenum`.
    pub mesh_ranges: [ArrayView1<'a, i32>; 4],
}

/// MuJoCo's current contacts (`mjData.contact`, one row each) and constraint forces
/// (`efc_force`); strided views of MuJoCo's own arrays are fine.
#[derive(Debug, Clone, Copy)]
pub struct MujocoContacts<'a> {
    /// `geom1`.
    pub geom1: ArrayView1<'a, i32>,
    /// `geom2`.
    pub geom2: ArrayView1<'a, i32>,
    /// `pos`, (ncon, 3): midway between the surfaces.
    pub pos: ArrayView2<'a, f64>,
    /// `frame`, (ncon, 9): normal (geom 1 to geom 2) and the two tangents, as rows.
    pub frame: ArrayView2<'a, f64>,
    /// `dist`: signed distance (negative when penetrating).
    pub dist: ArrayView1<'a, f64>,
    /// `dim`.
    pub dim: ArrayView1<'a, i32>,
    /// `efc_address`.
    pub efc_address: ArrayView1<'a, i32>,
    /// `friction`, (ncon, 5).
    pub friction: ArrayView2<'a, f64>,
    /// `mjData.efc_force`.
    pub efc_force: &'a [f64],
    /// `mjModel.opt.cone`.
    pub cone: MujocoCone,
}

/// A Morsel scene mirroring a MuJoCo model: scene body `i` is MuJoCo body `i`.
#[derive(Debug, Clone)]
pub struct MujocoScene {
    scene: Scene,
    /// Per geom: its body id and its collider index (`None` for a geom without collider).
    geoms: Vec<(usize, Option<usize>)>,
    /// Unique per [`MujocoScene::new`] (a clone keeps it): the structure of the scene never
    /// changes after it is built, so a sensor checked against it once need not check again.
    id: u64,
}

/// The next [`MujocoScene`] id.
static NEXT_ID: AtomicU64 = AtomicU64::new(0);

fn model_error(problem: String) -> SensingError {
    SensingError::MujocoModel { problem }
}

/// Row `i` of MuJoCo's `xpos` and `xquat` (`w, x, y, z`) as a pose (rows checked by the caller).
fn pose_row(
    xpos: ArrayView2<'_, f64>,
    xquat: ArrayView2<'_, f64>,
    i: usize,
) -> Result<Isometry3<f64>> {
    let (p, q) = (xpos.row(i), xquat.row(i));
    isometry([p[0], p[1], p[2]], [q[0], q[1], q[2], q[3]])
}

/// The isometry of a MuJoCo position and `w, x, y, z` quaternion (normalised).
fn isometry(p: [f64; 3], q: [f64; 4]) -> Result<Isometry3<f64>> {
    let quat = Quaternion::new(q[0], q[1], q[2], q[3]);
    let norm = quat.norm();
    if !(norm.is_finite() && norm > 0.0 && p.iter().all(|x| x.is_finite())) {
        return Err(SensingError::NonFinite {
            what: "a MuJoCo pose (position, quaternion)",
            value: format!("{p:?}, {q:?}"),
        });
    }
    Ok(Isometry3::from_parts(
        Translation3::new(p[0], p[1], p[2]),
        UnitQuaternion::from_quaternion(quat),
    ))
}

impl MujocoScene {
    /// Mirrors `model`: every body, and as colliders of the bodies in `with_colliders` (body
    /// ids) their geoms that can collide (`contype` or `conaffinity` non-zero, the geoms MIMo
    /// puts sensors on), in geom order. Other bodies carry no colliders: MuJoCo's contacts
    /// name them, the sensors never look at their shape.
    ///
    /// Errors: arrays of different lengths, a geom whose body id is out of range, a geom on a
    /// body of `with_colliders` whose type Morsel cannot place sensors on (plane, height
    /// field, SDF) or whose size is invalid, and a malformed mesh.
    pub fn new(model: &MujocoModel<'_>, with_colliders: &[usize]) -> Result<Self> {
        let ngeom = model.geom_type.len();
        let lengths = [
            model.geom_body.len(),
            model.geom_size.nrows(),
            model.geom_pos.nrows(),
            model.geom_quat.nrows(),
            model.geom_contype.len(),
            model.geom_conaffinity.len(),
            model.geom_mesh.len(),
        ];
        if lengths.iter().any(|&n| n != ngeom)
            || model.geom_size.ncols() < 3
            || model.geom_pos.ncols() < 3
            || model.geom_quat.ncols() < 4
        {
            return Err(model_error(format!(
                "the geom arrays differ in length: {ngeom} types but (body, size, pos, quat, contype, conaffinity, dataid) {lengths:?}"
            )));
        }
        let nbody = model.body_names.len();
        let mut bodies: Vec<Body> = model
            .body_names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                Body::new(if n.is_empty() {
                    format!("body{i}")
                } else {
                    n.clone()
                })
            })
            .collect();
        let mut geoms = Vec::with_capacity(ngeom);
        for g in 0..ngeom {
            let b = usize::try_from(model.geom_body[g])
                .ok()
                .filter(|&b| b < nbody)
                .ok_or_else(|| {
                    model_error(format!(
                        "geom {g} belongs to body {} but the model has {nbody} bodies",
                        model.geom_body[g]
                    ))
                })?;
            let collides = model.geom_contype[g] != 0 || model.geom_conaffinity[g] != 0;
            if !(collides && with_colliders.contains(&b)) {
                geoms.push((b, None));
                continue;
            }
            let shape = geom_shape(model, g).map_err(|e| {
                model_error(format!(
                    "geom {g} ({}) of body `{}`: {e}",
                    type_name(model.geom_type[g]),
                    bodies[b].name
                ))
            })?;
            let p = model.geom_pos.row(g);
            let q = model.geom_quat.row(g);
            let pose = isometry([p[0], p[1], p[2]], [q[0], q[1], q[2], q[3]])?;
            let body = std::mem::replace(&mut bodies[b], Body::new("_"));
            bodies[b] = body.with_collider(shape, pose)?;
            geoms.push((b, Some(bodies[b].colliders.len() - 1)));
        }
        let mut scene = Scene::new();
        for body in bodies {
            scene.add_body(body)?;
        }
        Ok(Self {
            scene,
            geoms,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
        })
    }

    /// An id shared only by this scene and its clones, whose structure (bodies, colliders) is
    /// the same for good.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The scene (body `i` is MuJoCo body `i`).
    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// Geom `g`'s body id and collider index (`None` when it has no collider here).
    pub fn geom(&self, g: usize) -> Option<(usize, Option<usize>)> {
        self.geoms.get(g).copied()
    }

    /// The geom id of collider `c` of body `b`.
    pub fn geom_of_collider(&self, b: usize, c: usize) -> Option<usize> {
        self.geoms.iter().position(|&x| x == (b, Some(c)))
    }

    /// Moves every body to MuJoCo's `xpos` (nbody, 3) and `xquat` (nbody, 4, `w, x, y, z`).
    /// Errors: a row count other than the number of bodies, a non-finite pose.
    pub fn set_poses(
        &mut self,
        xpos: ArrayView2<'_, f64>,
        xquat: ArrayView2<'_, f64>,
    ) -> Result<()> {
        self.check_pose_rows(xpos, xquat)?;
        for i in 0..self.scene.len() {
            self.scene.body_mut(i)?.pose = pose_row(xpos, xquat, i)?;
        }
        Ok(())
    }

    /// Moves body `i` to row `i` of MuJoCo's `xpos` (nbody, 3) and `xquat` (nbody, 4) and
    /// checks its state as [`Scene::validate_state`] does. Errors: a row count other than the
    /// number of bodies, `i` out of range, a non-finite pose or one out of geometry's range.
    pub fn set_body_pose(
        &mut self,
        i: usize,
        xpos: ArrayView2<'_, f64>,
        xquat: ArrayView2<'_, f64>,
    ) -> Result<()> {
        self.check_pose_rows(xpos, xquat)?;
        let body = self.scene.body_mut(i)?;
        body.pose = pose_row(xpos, xquat, i)?;
        body.validate_state()
    }

    /// Errors unless `xpos` and `xquat` hold a row (of at least 3 and 4 values) per body.
    fn check_pose_rows(&self, xpos: ArrayView2<'_, f64>, xquat: ArrayView2<'_, f64>) -> Result<()> {
        let n = self.scene.len();
        if xpos.nrows() != n || xquat.nrows() != n || xpos.ncols() < 3 || xquat.ncols() < 4 {
            return Err(model_error(format!(
                "xpos and xquat must be ({n}, 3) and ({n}, 4) for this model's {n} bodies; got {:?} and {:?}",
                xpos.shape(),
                xquat.shape()
            )));
        }
        Ok(())
    }

    /// MuJoCo's contacts as Morsel contacts (geom 1's body is side A; the force, decoded from
    /// `efc_force` as `mj_contactForce` does, is the force on geom 2's body), written into
    /// `out` (cleared first). Contacts with a negative `efc_address` (not in the constraint
    /// set) carry no force. Errors: arrays of different lengths, a geom id out of range, a
    /// contact between two geoms of one body, and the errors of
    /// [`mujoco_contact_force`] and [`Contact::from_contact_frame`], with the contact's index.
    pub fn contacts(&self, c: &MujocoContacts<'_>, out: &mut Vec<Contact>) -> Result<()> {
        out.clear();
        let n = c.geom1.len();
        let lengths = [
            c.geom2.len(),
            c.pos.nrows(),
            c.frame.nrows(),
            c.dist.len(),
            c.dim.len(),
            c.efc_address.len(),
            c.friction.nrows(),
        ];
        if lengths.iter().any(|&k| k != n)
            || c.pos.ncols() < 3
            || c.frame.ncols() < 9
            || c.friction.ncols() < 5
        {
            return Err(model_error(format!(
                "the contact arrays differ in length: {n} geom1 but (geom2, pos, frame, dist, dim, efc_address, friction) {lengths:?}"
            )));
        }
        let mut friction = [0.0; 5];
        for i in 0..n {
            let geom = |g: i32| {
                usize::try_from(g)
                    .ok()
                    .and_then(|g| self.geom(g))
                    .ok_or_else(|| SensingError::InvalidContact {
                        index: i,
                        reason: format!(
                            "geom {g} is not a geom of the model ({} geoms)",
                            self.geoms.len()
                        ),
                    })
            };
            let (a, ca) = geom(c.geom1[i])?;
            let (b, cb) = geom(c.geom2[i])?;
            for (k, f) in friction.iter_mut().enumerate() {
                *f = c.friction[(i, k)];
            }
            let dim = usize::try_from(c.dim[i]).unwrap_or(0);
            let local = mujoco_contact_force(
                c.cone,
                c.efc_force,
                i64::from(c.efc_address[i]),
                dim,
                &friction,
            )
            .map_err(|e| e.for_contact(i))?;
            let f = c.frame.row(i);
            let frame = [[f[0], f[1], f[2]], [f[3], f[4], f[5]], [f[6], f[7], f[8]]];
            let position = Point3::new(c.pos[(i, 0)], c.pos[(i, 1)], c.pos[(i, 2)]);
            let contact = Contact::from_contact_frame(a, b, position, frame, local, c.dist[i])
                .map_err(|e| e.for_contact(i))?;
            out.push(contact.with_colliders(ca, cb));
        }
        Ok(())
    }
}

/// Geom `g`'s shape in its own frame.
fn geom_shape(model: &MujocoModel<'_>, g: usize) -> Result<Shape> {
    let s = model.geom_size.row(g);
    let shape = match model.geom_type[g] {
        geom_type::SPHERE => Shape::sphere(s[0]),
        geom_type::CAPSULE => Shape::capsule(s[0], s[1]),
        geom_type::CYLINDER => Shape::cylinder(s[0], s[1]),
        geom_type::ELLIPSOID => Shape::ellipsoid(Vector3::new(s[0], s[1], s[2])),
        geom_type::BOX => Shape::cuboid(Vector3::new(s[0], s[1], s[2])),
        geom_type::MESH => Shape::mesh(Arc::new(geom_mesh(model, g)?)),
        t => {
            let why = if t == geom_type::PLANE {
                "a plane is unbounded"
            } else {
                "Morsel has no shape for it"
            };
            return Err(model_error(format!(
                "sensors cannot be placed on a {} ({why}); leave its body out of `scales`",
                type_name(t)
            )));
        }
    };
    Ok(shape?)
}

/// Mesh geom `g`'s triangle mesh, from `mesh_vert` and `mesh_face`.
fn geom_mesh(model: &MujocoModel<'_>, g: usize) -> Result<TriangleMesh> {
    let [vadr, vnum, fadr, fnum] = &model.mesh_ranges;
    let id = usize::try_from(model.geom_mesh[g])
        .ok()
        .filter(|&m| m < vadr.len() && m < vnum.len() && m < fadr.len() && m < fnum.len())
        .ok_or_else(|| model_error(format!("mesh id {} out of range", model.geom_mesh[g])))?;
    let range = |adr: i32, num: i32, rows: usize| {
        let (a, k) = (usize::try_from(adr).ok()?, usize::try_from(num).ok()?);
        (a.checked_add(k)? <= rows).then_some(a..a + k)
    };
    let verts = range(vadr[id], vnum[id], model.mesh_vert.nrows())
        .ok_or_else(|| model_error(format!("mesh {id}: vertex range out of mesh_vert")))?;
    let faces = range(fadr[id], fnum[id], model.mesh_face.nrows())
        .ok_or_else(|| model_error(format!("mesh {id}: face range out of mesh_face")))?;
    let vertices = verts
        .map(|v| {
            let r = model.mesh_vert.row(v);
            Point3::new(r[0], r[1], r[2])
        })
        .collect();
    let faces = faces
        .map(|f| {
            let r = model.mesh_face.row(f);
            [r[0] as u32, r[1] as u32, r[2] as u32]
        })
        .collect();
    Ok(TriangleMesh::new(vertices, faces)?)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use ndarray::{Array1, Array2, array};

    /// The arrays of a mesh-free MuJoCo model ([`arrays`]: a world body with a floor plane and
    /// a body "ball" with a sphere 0.1 m up and a non-colliding marker sphere).
    pub(crate) struct Arrays {
        pub(crate) names: Vec<String>,
        /// Per geom: type, body, contype, conaffinity, dataid.
        pub(crate) ints: [Array1<i32>; 5],
        pub(crate) size: Array2<f64>,
        pub(crate) pos: Array2<f64>,
        pub(crate) quat: Array2<f64>,
        pub(crate) vert: Array2<f64>,
        pub(crate) face: Array2<i32>,
        pub(crate) ranges: Array1<i32>,
    }

    fn arrays() -> Arrays {
        Arrays {
            names: vec!["world".into(), "ball".into()],
            // type, body, contype, conaffinity, dataid
            ints: [
                array![0, 2, 2],
                array![0, 1, 1],
                array![1, 1, 0],
                array![1, 1, 0],
                array![-1, -1, -1],
            ],
            size: array![[0.0, 0.0, 0.1], [0.05, 0.0, 0.0], [0.01, 0.0, 0.0]],
            pos: array![[0.0, 0.0, 0.0], [0.0, 0.0, 0.1], [0.0, 0.0, 0.0]],
            quat: array![
                [1.0, 0.0, 0.0, 0.0],
                [1.0, 0.0, 0.0, 0.0],
                [1.0, 0.0, 0.0, 0.0]
            ],
            vert: Array2::zeros((0, 3)),
            face: Array2::zeros((0, 3)),
            ranges: Array1::zeros(0),
        }
    }

    /// The model that views `a`.
    pub(crate) fn model(a: &Arrays) -> MujocoModel<'_> {
        MujocoModel {
            body_names: &a.names,
            geom_type: a.ints[0].view(),
            geom_body: a.ints[1].view(),
            geom_size: a.size.view(),
            geom_pos: a.pos.view(),
            geom_quat: a.quat.view(),
            geom_contype: a.ints[2].view(),
            geom_conaffinity: a.ints[3].view(),
            geom_mesh: a.ints[4].view(),
            mesh_vert: a.vert.view(),
            mesh_face: a.face.view(),
            mesh_ranges: [
                a.ranges.view(),
                a.ranges.view(),
                a.ranges.view(),
                a.ranges.view(),
            ],
        }
    }

    #[test]
    fn colliding_geoms_of_sensing_bodies_become_colliders() {
        let a = arrays();
        let s = MujocoScene::new(&model(&a), &[1]).unwrap();
        assert_eq!(s.scene().len(), 2);
        assert_eq!(
            s.scene().bodies()[1].colliders.len(),
            1,
            "the marker does not collide"
        );
        assert!(
            s.scene().bodies()[0].colliders.is_empty(),
            "world does not sense"
        );
        assert_eq!(s.geom(0), Some((0, None)));
        assert_eq!(s.geom(1), Some((1, Some(0))));
        assert_eq!(s.geom(2), Some((1, None)));
        assert_eq!(s.geom_of_collider(1, 0), Some(1));
        let z = s.scene().bodies()[1].colliders[0]
            .local_pose
            .translation
            .vector
            .z;
        assert!((z - 0.1).abs() < 1e-15);
    }

    #[test]
    fn a_plane_cannot_carry_sensors() {
        let a = arrays();
        let err = MujocoScene::new(&model(&a), &[0]).unwrap_err().to_string();
        assert!(err.contains("plane") && err.contains("scales"), "{err}");
    }

    #[test]
    fn malformed_arrays_are_refused() {
        let mut a = arrays();
        a.ints[1] = array![0, 5, 1];
        let err = MujocoScene::new(&model(&a), &[1]).unwrap_err().to_string();
        assert!(err.contains("body 5"), "{err}");
        let mut a = arrays();
        a.size = Array2::zeros((2, 3));
        assert!(MujocoScene::new(&model(&a), &[1]).is_err());
    }

    #[test]
    fn contacts_carry_frame_force_and_colliders() {
        let a = arrays();
        let mut s = MujocoScene::new(&model(&a), &[1]).unwrap();
        let xpos = array![[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]];
        let xquat = array![[1.0, 0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0]];
        s.set_poses(xpos.view(), xquat.view()).unwrap();
        assert!(
            s.set_poses(array![[0.0, 0.0, 0.0]].view(), xquat.view())
                .is_err()
        );
        // One elliptic contact, floor (geom 0) to ball (geom 1): normal up, tangents x and y.
        let (g1, g2) = (array![0], array![1]);
        let pos = array![[0.0, 0.0, 0.0]];
        let frame = array![[0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0]];
        let (dist, dim, adr) = (array![-0.002], array![3], array![0]);
        let friction = Array2::zeros((1, 5));
        let efc = [10.0, 2.0, -1.0];
        let batch = MujocoContacts {
            geom1: g1.view(),
            geom2: g2.view(),
            pos: pos.view(),
            frame: frame.view(),
            dist: dist.view(),
            dim: dim.view(),
            efc_address: adr.view(),
            friction: friction.view(),
            efc_force: &efc,
            cone: MujocoCone::Elliptic,
        };
        let mut out = Vec::new();
        s.contacts(&batch, &mut out).unwrap();
        assert_eq!(out.len(), 1);
        let c = out[0];
        assert_eq!((c.body_a, c.body_b), (0, 1));
        assert_eq!((c.collider_a, c.collider_b), (None, Some(0)));
        assert!((c.force - Vector3::new(2.0, -1.0, 10.0)).norm() < 1e-15);
        assert!((c.depth - 0.002).abs() < 1e-15);
        assert_eq!(c.tangent.map(|t| t.into_inner()), Some(Vector3::x()));
        let bad = array![7];
        let err = s
            .contacts(
                &MujocoContacts {
                    geom2: bad.view(),
                    ..batch
                },
                &mut out,
            )
            .unwrap_err()
            .to_string();
        assert!(err.contains("geom 7"), "{err}");
    }
}
