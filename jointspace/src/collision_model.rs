//! The geometry model: a robot's collision objects and the pairs to query, in Pinocchio's style.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use kiddo::ImmutableKdTree;
use morsel_geometry::proximity::MeshBvh;
use morsel_geometry::{Collider, GeometryError, Shape, ShapeKind, TriangleMesh};
use morsel_kinematics::{CollisionFilter, GeomInfo, LinkId, Model};
use rayon::prelude::*;

use crate::error::{JointspaceError, Result, list_names};
use crate::occupancy::Occupancy;
use crate::pseudo_normals::PseudoNormals;
use crate::surface_projector::SurfaceProjector;

/// Index of a collision object in its [`CollisionModel`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjectId(pub(crate) usize);

impl ObjectId {
    /// The position of the object in [`CollisionModel::objects`].
    pub fn index(self) -> usize {
        self.0
    }
}

/// A triangle mesh, shared by every object that uses the same mesh, with its search
/// structures (built when a pair first uses the mesh).
#[derive(Debug)]
pub(crate) struct MeshGeometry {
    pub mesh: Arc<TriangleMesh>,
    /// The mesh's shape, whose hierarchy (built on first use) the queries share.
    shape: Shape,
    /// Whether the mesh is closed, hence a solid.
    pub closed: bool,
    accel: OnceLock<MeshAccel>,
}

/// The search structures of a mesh.
#[derive(Debug)]
pub(crate) struct MeshAccel {
    /// Bounding-volume hierarchy of the proximity engine.
    pub bvh: Arc<MeshBvh>,
    /// Pseudo-normals for inside tests (closed meshes only).
    pub normals: Option<PseudoNormals>,
    /// The vertices in a k-d tree: the distance from a point to the nearest vertex bounds its
    /// distance to the surface from above (closed meshes only).
    pub vertex_tree: Option<ImmutableKdTree<f64, 3>>,
    /// Voxel classification (closed meshes only).
    pub occupancy: Option<Occupancy>,
    /// The mesh as parry's triangle mesh, for point projections (closed meshes only).
    pub projector: Option<SurfaceProjector>,
}

impl MeshGeometry {
    /// The search structures, built on first use.
    fn prepare(&self, name: &str) -> Result<&MeshAccel> {
        if let Some(a) = self.accel.get() {
            return Ok(a);
        }
        let mesh = &self.mesh;
        let geometry_error = |source| JointspaceError::Geometry {
            first: name.to_owned(),
            second: name.to_owned(),
            source,
        };
        // The hierarchy, the voxels and the rest are independent: built side by side.
        let closed = self.closed;
        let (bvh, (occupancy, rest)) = rayon::join(
            || -> Result<Arc<MeshBvh>> {
                match self.shape.mesh_bvh().map_err(geometry_error)? {
                    Some(bvh) => Ok(Arc::clone(bvh)),
                    None => Ok(Arc::new(
                        MeshBvh::new(mesh.vertices(), mesh.faces()).map_err(geometry_error)?,
                    )),
                }
            },
            || {
                rayon::join(
                    || closed.then(|| Occupancy::new(mesh)),
                    || -> Result<_> {
                        if !closed {
                            return Ok((None, None, None));
                        }
                        let points: Vec<[f64; 3]> =
                            mesh.vertices().iter().map(|v| [v.x, v.y, v.z]).collect();
                        let tree = ImmutableKdTree::new_from_slice(&points).map_err(|e| {
                            JointspaceError::invalid(
                                format!("mesh of \"{name}\""),
                                format!("its vertices do not fit a k-d tree: {e:?}"),
                            )
                        })?;
                        let projector = SurfaceProjector::new(mesh).map_err(|reason| {
                            JointspaceError::invalid(format!("mesh of \"{name}\""), reason)
                        })?;
                        Ok((Some(PseudoNormals::new(mesh)), Some(tree), Some(projector)))
                    },
                )
            },
        );
        let bvh: Arc<MeshBvh> = bvh?;
        let (normals, vertex_tree, projector) = rest?;
        Ok(self.accel.get_or_init(|| MeshAccel {
            bvh,
            normals,
            vertex_tree,
            occupancy,
            projector,
        }))
    }

    /// The search structures; errors when they were never prepared (objects get them when a
    /// pair that uses them is added).
    pub fn accel(&self) -> std::result::Result<&MeshAccel, GeometryError> {
        self.accel.get().ok_or(GeometryError::UnsupportedQuery {
            query: "mesh query",
            first: "mesh",
            second: "mesh",
            hint: Some("the mesh was not prepared: add its pair with CollisionModel::add_pairs"),
        })
    }
}

/// One collision element of one link.
#[derive(Clone, Debug)]
pub struct CollisionObject {
    name: String,
    link: LinkId,
    link_name: String,
    collider: Collider,
    pub(crate) mesh: Option<Arc<MeshGeometry>>,
    /// The model's record of this geom (MuJoCo's `contype`/`conaffinity` for MJCF robots).
    geom: Option<GeomInfo>,
}

impl CollisionObject {
    /// The object's name: `<link>_<k>`, `k` counting the link's collision elements from 0 in
    /// URDF order (Pinocchio's naming).
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The link that carries the object.
    pub fn link(&self) -> LinkId {
        self.link
    }
    /// The name of the link that carries the object.
    pub fn link_name(&self) -> &str {
        &self.link_name
    }
    /// The shape and its pose in the link frame.
    pub fn collider(&self) -> &Collider {
        &self.collider
    }
    /// Number of triangles for a mesh object, `None` for other shapes.
    pub fn triangle_count(&self) -> Option<usize> {
        self.mesh.as_ref().map(|m| m.mesh.faces().len())
    }
    /// Whether the object is a closed mesh or a primitive, both treated as solids.
    pub fn is_solid(&self) -> bool {
        match &self.mesh {
            Some(m) => m.closed,
            None => self.collider.shape.is_solid(),
        }
    }
}

/// A pair of collision objects to query, by their ids (the first is the lower id).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CollisionPair {
    /// First object.
    pub first: ObjectId,
    /// Second object.
    pub second: ObjectId,
}

/// One side of a pair as the user names it: a collision object (`base_link_0`), or a link
/// (`base_link`: all of its objects).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairSide {
    /// A name, looked up first among collision objects, then among links.
    Name(String),
    /// An object by id.
    Object(ObjectId),
}

impl From<&str> for PairSide {
    fn from(name: &str) -> Self {
        PairSide::Name(name.to_owned())
    }
}

impl From<String> for PairSide {
    fn from(name: String) -> Self {
        PairSide::Name(name)
    }
}

impl From<ObjectId> for PairSide {
    fn from(id: ObjectId) -> Self {
        PairSide::Object(id)
    }
}

/// A pair of names (objects or links) to check against each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairSelector {
    /// First side.
    pub first: PairSide,
    /// Second side.
    pub second: PairSide,
}

impl PairSelector {
    /// A pair from two names or ids.
    pub fn new(first: impl Into<PairSide>, second: impl Into<PairSide>) -> Self {
        PairSelector {
            first: first.into(),
            second: second.into(),
        }
    }
}

impl<A: Into<PairSide>, B: Into<PairSide>> From<(A, B)> for PairSelector {
    fn from((a, b): (A, B)) -> Self {
        PairSelector::new(a, b)
    }
}

/// The collision objects of a robot and the active pairs: the geometry model of Pinocchio.
///
/// Built once from a kinematics [`Model`]; mesh objects get their bounding-volume hierarchy
/// here (one per distinct mesh), so that every query afterwards only moves them. It never
/// changes during sampling; each thread evaluates it with its own
/// [`CollisionData`](crate::CollisionData).
#[derive(Clone, Debug)]
pub struct CollisionModel {
    objects: Vec<CollisionObject>,
    by_name: HashMap<String, usize>,
    pairs: Vec<CollisionPair>,
    robot: String,
    solid_meshes: bool,
    filter: CollisionFilter,
}

impl CollisionModel {
    /// All collision elements of `model`, named `<link>_<k>`, with no active pair.
    ///
    /// Errors when the model has no collision geometry or a mesh cannot get a hierarchy.
    pub fn from_model(model: &Model) -> Result<Self> {
        let mut objects = Vec::new();
        let mut shared: Vec<Arc<MeshGeometry>> = Vec::new();
        for link in model.links() {
            let link_id = model.link_id(link.name())?;
            for (k, collider) in link.collisions().iter().enumerate() {
                let name = format!("{}_{k}", link.name());
                let mesh = match collider.shape.kind() {
                    ShapeKind::Mesh(m) => Some(mesh_geometry(m, &collider.shape, &mut shared)),
                    _ => None,
                };
                let geom = model
                    .geoms()
                    .iter()
                    .find(|g| g.link == link_id && g.collider == k)
                    .cloned();
                objects.push(CollisionObject {
                    name,
                    link: link_id,
                    link_name: link.name().to_owned(),
                    collider: collider.clone(),
                    mesh,
                    geom,
                });
            }
        }
        if objects.is_empty() {
            return Err(JointspaceError::NoCollisionGeometry {
                robot: model.name().to_owned(),
            });
        }
        let mut by_name = HashMap::new();
        for (i, o) in objects.iter().enumerate() {
            if by_name.insert(o.name.clone(), i).is_some() {
                return Err(JointspaceError::invalid(
                    "collision model",
                    format!(
                        "two collision objects are named \"{}\"; rename the link that ends in a number",
                        o.name
                    ),
                ));
            }
        }
        Ok(CollisionModel {
            objects,
            by_name,
            pairs: Vec::new(),
            robot: model.name().to_owned(),
            solid_meshes: true,
            filter: model.collision_filter().clone(),
        })
    }

    /// The robot's name.
    pub fn robot(&self) -> &str {
        &self.robot
    }
    /// All collision objects, links in model order, each link's elements in URDF order.
    pub fn objects(&self) -> &[CollisionObject] {
        &self.objects
    }
    /// The object with this id.
    pub fn object(&self, id: ObjectId) -> &CollisionObject {
        &self.objects[id.0]
    }
    /// Looks an object up by its name (`base_link_0`).
    pub fn object_id(&self, name: &str) -> Result<ObjectId> {
        self.by_name
            .get(name)
            .map(|&i| ObjectId(i))
            .ok_or_else(|| self.unknown(name))
    }
    /// The objects of the link named `link` (empty when the link has no collision geometry
    /// or does not exist).
    pub fn objects_of_link(&self, link: &str) -> Vec<ObjectId> {
        (0..self.objects.len())
            .filter(|&i| self.objects[i].link_name == link)
            .map(ObjectId)
            .collect()
    }
    /// The active pairs, in the order they were added.
    pub fn pairs(&self) -> &[CollisionPair] {
        &self.pairs
    }

    /// Adds the pairs a selector names: every object of the first side against every object
    /// of the second that MuJoCo would let collide (for robots from MJCF: `contype` /
    /// `conaffinity` and `<contact><exclude>`; URDF objects collide with everything). A pair
    /// already active is not added twice. Returns the indices of the selector's pairs in
    /// [`pairs`](Self::pairs).
    ///
    /// Errors when a name is unknown, when a side has no object, when both sides are the
    /// same object or sit on the same link (they never move relative to each other), or when
    /// MuJoCo's filter rejects every pair of the selector.
    pub fn add_pairs(&mut self, selector: &PairSelector) -> Result<Vec<usize>> {
        let first = self.resolve(&selector.first)?;
        let second = self.resolve(&selector.second)?;
        let (fa, fb) = (
            self.side_name(&selector.first),
            self.side_name(&selector.second),
        );
        let invalid = |reason: String| JointspaceError::InvalidPair {
            first: fa.clone(),
            second: fb.clone(),
            reason,
        };
        let mut candidates = Vec::new();
        for &a in &first {
            for &b in &second {
                if a == b {
                    return Err(invalid(format!(
                        "object \"{}\" is on both sides; pair it with another object",
                        self.objects[a.0].name
                    )));
                }
                if self.objects[a.0].link == self.objects[b.0].link {
                    return Err(invalid(format!(
                        "objects \"{}\" and \"{}\" are on the same link \"{}\", so they never move relative to each other",
                        self.objects[a.0].name, self.objects[b.0].name, self.objects[a.0].link_name
                    )));
                }
                if let (Some(ga), Some(gb)) = (&self.objects[a.0].geom, &self.objects[b.0].geom)
                    && !self.filter.allows(ga, gb)
                {
                    continue;
                }
                candidates.push(CollisionPair {
                    first: a.min(b),
                    second: a.max(b),
                });
            }
        }
        // The meshes of the pairs get their search structures (side by side) before any pair
        // is added, so that a failure adds none.
        let mut to_prepare: Vec<usize> = candidates
            .iter()
            .flat_map(|p| [p.first.0, p.second.0])
            .collect();
        to_prepare.sort_unstable();
        to_prepare.dedup();
        to_prepare
            .par_iter()
            .try_for_each(|&i| match &self.objects[i].mesh {
                Some(m) => m.prepare(&self.objects[i].name).map(|_| ()),
                None => Ok(()),
            })?;
        let mut added = Vec::new();
        for pair in candidates {
            let index = match self.pairs.iter().position(|p| *p == pair) {
                Some(i) => i,
                None => {
                    self.pairs.push(pair);
                    self.pairs.len() - 1
                }
            };
            if !added.contains(&index) {
                added.push(index);
            }
        }
        if added.is_empty() {
            return Err(invalid(
                "MuJoCo's contype/conaffinity (or a <contact><exclude>) lets none of these objects collide; pick objects that can touch"
                    .to_owned(),
            ));
        }
        Ok(added)
    }

    /// Whether closed meshes are solids (the default): a mesh nested inside a closed mesh
    /// collides with it although their surfaces do not meet. When false, mesh–mesh pairs
    /// compare surfaces only, as FCL does. Primitives and mesh–primitive pairs always follow
    /// morsel-geometry's rule (closed meshes are solids).
    pub fn solid_meshes(&self) -> bool {
        self.solid_meshes
    }
    /// Sets [`solid_meshes`](Self::solid_meshes).
    pub fn set_solid_meshes(&mut self, solid: bool) {
        self.solid_meshes = solid;
    }

    /// Removes every active pair.
    pub fn clear_pairs(&mut self) {
        self.pairs.clear();
    }

    /// The objects a pair side names: the object itself, or all objects of a link.
    fn resolve(&self, side: &PairSide) -> Result<Vec<ObjectId>> {
        match side {
            PairSide::Object(id) if id.0 < self.objects.len() => Ok(vec![*id]),
            PairSide::Object(id) => Err(JointspaceError::invalid(
                "collision object id",
                format!(
                    "{} is out of range; the model has {} objects",
                    id.0,
                    self.objects.len()
                ),
            )),
            PairSide::Name(name) => {
                if let Some(&i) = self.by_name.get(name) {
                    return Ok(vec![ObjectId(i)]);
                }
                let of_link = self.objects_of_link(name);
                if of_link.is_empty() {
                    Err(self.unknown(name))
                } else {
                    Ok(of_link)
                }
            }
        }
    }

    fn side_name(&self, side: &PairSide) -> String {
        match side {
            PairSide::Name(n) => n.clone(),
            PairSide::Object(id) => self
                .objects
                .get(id.0)
                .map_or_else(|| format!("#{}", id.0), |o| o.name.clone()),
        }
    }

    fn unknown(&self, name: &str) -> JointspaceError {
        JointspaceError::UnknownObject {
            name: name.to_owned(),
            known: list_names(self.objects.iter().map(|o| o.name.as_str())),
        }
    }
}

/// The shared geometry of `mesh` (one per distinct mesh).
fn mesh_geometry(
    mesh: &Arc<TriangleMesh>,
    shape: &Shape,
    shared: &mut Vec<Arc<MeshGeometry>>,
) -> Arc<MeshGeometry> {
    if let Some(g) = shared.iter().find(|g| Arc::ptr_eq(&g.mesh, mesh)) {
        return g.clone();
    }
    let g = Arc::new(MeshGeometry {
        mesh: mesh.clone(),
        shape: shape.clone(),
        closed: mesh.is_closed(),
        accel: OnceLock::new(),
    });
    shared.push(g.clone());
    g
}
