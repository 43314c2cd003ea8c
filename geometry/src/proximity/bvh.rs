//! The bounding-volume hierarchy of a triangle mesh, built once in the mesh's own frame.

use nalgebra::{Matrix3, Point3};

use super::extreme_points::ExtremePoints;
use super::node_points::NodePoints;
use super::obb::{Obb, obb_gap, obbs_disjoint, orthonormal_frame, principal_axes};
use super::one_ring::OneRings;
use super::split_bins::SplitBins;
use super::triangle::{PreparedTriangle, V3};
use crate::error::{GeometryError, Result};
use crate::range;

/// Deepest recursion of the mean split before falling back to the (balanced) median split.
const MAX_MEAN_SPLIT_DEPTH: usize = 48;

/// The bounding volumes of a node: an oriented box and a sphere about the box centre, packed
/// in two cache lines.
#[derive(Debug, Clone, Copy, PartialEq)]
#[repr(C, align(64))]
pub(crate) struct Node {
    /// The box bounding the node's triangles, in the mesh frame.
    pub obb: Obb,
    /// Radius of the sphere about `obb.center` bounding the node's triangles.
    pub radius: f64,
}

impl Node {
    /// Lower bound on the distance between this node and a box `other` (in this node's mesh
    /// frame) held in a sphere of radius `other_radius` about its centre: the larger of the
    /// sphere gap and the box gap. Stops early once it exceeds `stop`.
    #[inline]
    pub fn distance_bound(&self, other: &Obb, other_radius: f64, stop: f64) -> f64 {
        let sphere = (other.center - self.obb.center).norm() - self.radius - other_radius;
        if sphere > stop {
            return sphere;
        }
        obb_gap(&self.obb, other, stop).max(sphere)
    }

    /// Whether this node may meet a box `other` (in this node's mesh frame) held in a sphere
    /// of radius `other_radius` about its centre.
    #[inline]
    pub fn may_overlap(&self, other: &Obb, other_radius: f64) -> bool {
        let r = self.radius + other_radius;
        (other.center - self.obb.center).norm_squared() <= r * r && !obbs_disjoint(&self.obb, other)
    }
}

/// The bounding sphere of a node alone (the centre of its box and the radius), kept in a dense
/// array of its own for the cheap tests that need nothing else.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct Sphere {
    /// Centre, in the mesh frame.
    pub center: V3,
    /// Radius.
    pub radius: f64,
}

/// The links of a node: either two children (the left one is the next node) or a run of
/// triangles. Kept apart from the volumes so that both arrays stay dense.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Link {
    /// The right child for an internal node, the first triangle for a leaf.
    pub link: u32,
    /// Number of triangles of a leaf; 0 for an internal node.
    pub count: u32,
}

impl Link {
    /// Whether the node holds triangles.
    #[inline]
    pub fn is_leaf(&self) -> bool {
        self.count > 0
    }
}

/// A bounding-volume hierarchy over a triangle mesh for fast distance and intersection queries.
///
/// Built once per mesh, in the mesh's own frame, from its vertices and faces (the slices a
/// [`crate::TriangleMesh`] holds). Each node has an oriented bounding box (the smaller of a
/// principal-axis box, an axis-aligned box and, for single triangles, edge-aligned boxes) and a
/// bounding sphere; nodes are stored depth first in one flat array, the left child right after
/// its parent. Leaves hold one triangle by default. Queries take the placements of the meshes,
/// so the same hierarchy serves every pose.
#[derive(Debug, Clone)]
pub struct MeshBvh {
    pub(crate) nodes: Vec<Node>,
    /// The bounding sphere of each node, in node order.
    pub(crate) spheres: Vec<Sphere>,
    pub(crate) links: Vec<Link>,
    /// Triangles in leaf order.
    pub(crate) triangles: Vec<PreparedTriangle>,
    /// The face index (in the input) of each triangle in leaf order.
    pub(crate) face_of_slot: Vec<u32>,
    /// The leaf-order slot of each input face.
    pub(crate) slot_of_face: Vec<u32>,
    /// The triangles around each triangle (by slot).
    pub(crate) rings: OneRings,
    /// The corners the faces use, for the mesh's extent along a direction.
    pub(crate) extremes: ExtremePoints,
    /// The corners under each small node, for exact hull bounds.
    pub(crate) points: NodePoints,
    /// Largest absolute coordinate of the mesh (sets rounding tolerances).
    pub(crate) scale: f64,
    /// A process-unique identity (shared by clones, which hold the same hierarchy), so that a
    /// scratch space can recognise the pair of its last query.
    pub(crate) id: u64,
}

/// Source of [`MeshBvh`] identities.
static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl MeshBvh {
    /// Builds the hierarchy with one triangle per leaf.
    ///
    /// Errors when there is no face, when a face refers to a missing vertex or when a vertex
    /// is not finite or is beyond ±[`MAX_LENGTH`](crate::MAX_LENGTH). Degenerate faces
    /// (repeated or collinear corners) are kept and treated as the segments or points they are.
    pub fn new(vertices: &[Point3<f64>], faces: &[[u32; 3]]) -> Result<Self> {
        Self::with_leaf_size(vertices, faces, 1)
    }

    /// Builds the hierarchy with at most `leaf_size` triangles per leaf (values below 1 are
    /// taken as 1). Small leaves prune best; larger ones make the tree smaller.
    pub fn with_leaf_size(
        vertices: &[Point3<f64>],
        faces: &[[u32; 3]],
        leaf_size: usize,
    ) -> Result<Self> {
        let invalid = |reason: String| GeometryError::InvalidMesh {
            source_path: None,
            reason,
        };
        if faces.is_empty() {
            return Err(invalid(
                "the mesh has no face: give at least one triangle".to_string(),
            ));
        }
        range::vertices(vertices, invalid, "")?;
        let n = vertices.len();
        if let Some((i, f)) = faces
            .iter()
            .enumerate()
            .find(|(_, f)| f.iter().any(|&k| k as usize >= n))
        {
            return Err(invalid(format!(
                "face {i} {f:?} refers to a vertex beyond the {n} vertices"
            )));
        }
        Self::check_face_count(faces.len())?;
        let corners: Vec<[V3; 3]> = faces
            .iter()
            .map(|f| f.map(|k| vertices[k as usize].coords))
            .collect();
        let scale = corners
            .iter()
            .flat_map(|c| c.iter())
            .map(|p| p.amax())
            .fold(0.0f64, f64::max)
            .max(f64::MIN_POSITIVE);
        let mut builder = Builder {
            corners: &corners,
            centroids: corners.iter().map(|c| (c[0] + c[1] + c[2]) / 3.0).collect(),
            bins: SplitBins::default(),
            leaf_size: leaf_size.max(1),
            margin: 1e-14 * scale,
            nodes: Vec::with_capacity(2 * faces.len()),
            links: Vec::with_capacity(2 * faces.len()),
            order: Vec::with_capacity(faces.len()),
        };
        let mut items: Vec<u32> = (0..faces.len() as u32).collect();
        builder.build(&mut items, 0);
        let Builder {
            nodes,
            links,
            order,
            ..
        } = builder;
        let triangles = order
            .iter()
            .map(|&f| PreparedTriangle::new(corners[f as usize]))
            .collect();
        let mut slot_of_face = vec![0u32; faces.len()];
        for (slot, &f) in order.iter().enumerate() {
            slot_of_face[f as usize] = slot as u32;
        }
        let spheres = nodes
            .iter()
            .map(|n| Sphere {
                center: n.obb.center,
                radius: n.radius,
            })
            .collect();
        let rings = OneRings::new(faces, &slot_of_face, n);
        let coords: Vec<V3> = vertices.iter().map(|v| v.coords).collect();
        let faces_in_slots: Vec<[u32; 3]> = order.iter().map(|&f| faces[f as usize]).collect();
        let children = |i: usize| {
            let l = links[i];
            (!l.is_leaf()).then_some((i + 1, l.link as usize))
        };
        let points = NodePoints::new(&subtree_spans(&links), &faces_in_slots, &coords, &children);
        let extremes = ExtremePoints::new(&points.root_points());
        Ok(Self {
            points,
            nodes,
            spheres,
            links,
            triangles,
            face_of_slot: order,
            slot_of_face,
            rings,
            extremes,
            scale,
            id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        })
    }

    /// Errors when `count` faces are more than a hierarchy can index (2^31).
    pub fn check_face_count(count: usize) -> Result<()> {
        if count >= u32::MAX as usize / 2 {
            return Err(GeometryError::InvalidMesh {
                source_path: None,
                reason: format!("{count} faces are more than a hierarchy can index"),
            });
        }
        Ok(())
    }

    /// Number of triangles (faces given at construction).
    pub fn triangle_count(&self) -> usize {
        self.triangles.len()
    }

    /// Number of nodes of the hierarchy.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The corners of face `face` (as given at construction), or `None` when out of range.
    pub fn triangle(&self, face: u32) -> Option<[Point3<f64>; 3]> {
        let slot = *self.slot_of_face.get(face as usize)?;
        Some(self.triangles[slot as usize].v.map(Point3::from))
    }

    /// The box and sphere of the root, in the mesh frame: `(centre, half extents along the box
    /// axes, axes as columns, sphere radius)`.
    pub fn root_bounds(&self) -> (Point3<f64>, V3, Matrix3<f64>, f64) {
        let n = &self.nodes[0];
        (
            Point3::from(n.obb.center),
            n.obb.half,
            Matrix3::from_columns(&n.obb.axes),
            n.radius,
        )
    }
}

/// The leaf-order slots of the triangles under node `i` of `mesh`, into `out` (for tests that
/// check a node against its contents).
#[cfg(test)]
pub(crate) fn slots_under(mesh: &MeshBvh, i: u32, out: &mut Vec<u32>) {
    let link = mesh.links[i as usize];
    if link.is_leaf() {
        out.extend(link.link..link.link + link.count);
    } else {
        slots_under(mesh, i + 1, out);
        slots_under(mesh, link.link, out);
    }
}

/// Per node (in node order), its first leaf slot and its number of triangles.
fn subtree_spans(links: &[Link]) -> Vec<(u32, u32)> {
    let mut spans = vec![(0u32, 0u32); links.len()];
    // Children follow their parent (left at i + 1, right at `link`): a reverse pass sees
    // children first.
    for i in (0..links.len()).rev() {
        let l = links[i];
        spans[i] = if l.is_leaf() {
            (l.link, l.count)
        } else {
            let (left, right) = (spans[i + 1], spans[l.link as usize]);
            (left.0.min(right.0), left.1 + right.1)
        };
    }
    spans
}

struct Builder<'a> {
    corners: &'a [[V3; 3]],
    centroids: Vec<V3>,
    bins: SplitBins,
    leaf_size: usize,
    margin: f64,
    nodes: Vec<Node>,
    links: Vec<Link>,
    order: Vec<u32>,
}

impl Builder<'_> {
    fn build(&mut self, items: &mut [u32], depth: usize) -> u32 {
        let obb = self.fit(items);
        let radius = items
            .iter()
            .flat_map(|&t| self.corners[t as usize].iter())
            .map(|p| (p - obb.center).norm())
            .fold(0.0f64, f64::max)
            + self.margin;
        let index = self.nodes.len() as u32;
        self.nodes.push(Node { obb, radius });
        self.links.push(Link { link: 0, count: 0 });
        if items.len() <= self.leaf_size {
            let node = &mut self.links[index as usize];
            node.link = self.order.len() as u32;
            node.count = items.len() as u32;
            self.order.extend_from_slice(items);
            return index;
        }
        let mid = self.split(items, &obb, depth);
        let (left, right) = items.split_at_mut(mid);
        self.build(left, depth + 1);
        let right_index = self.build(right, depth + 1);
        self.links[index as usize].link = right_index;
        index
    }

    /// Partitions `items` in two non-empty halves and returns the size of the first: by the
    /// binned surface-area heuristic ([`SplitBins`]); when it finds no cut, at the mean of the
    /// centroids along the longest box axis; at the median when the mean split leaves a side
    /// empty or the tree is getting deep.
    fn split(&mut self, items: &mut [u32], obb: &Obb, depth: usize) -> usize {
        if depth < MAX_MEAN_SPLIT_DEPTH
            && let Some(mid) = self.bins.split(items, self.corners, &self.centroids, obb)
        {
            return mid;
        }
        let mut axes = [0usize, 1, 2];
        axes.sort_by(|&a, &b| obb.half[b].total_cmp(&obb.half[a]));
        let key = |axis: &V3, t: u32| axis.dot(&self.centroids[t as usize]);
        if depth < MAX_MEAN_SPLIT_DEPTH {
            for k in axes {
                let axis = obb.axes[k];
                let mean = items.iter().map(|&t| key(&axis, t)).sum::<f64>() / items.len() as f64;
                let mut lo = 0;
                for i in 0..items.len() {
                    if key(&axis, items[i]) < mean {
                        items.swap(i, lo);
                        lo += 1;
                    }
                }
                if lo > 0 && lo < items.len() {
                    return lo;
                }
            }
        }
        let axis = obb.axes[axes[0]];
        let mid = items.len() / 2;
        items.select_nth_unstable_by(mid, |&a, &b| key(&axis, a).total_cmp(&key(&axis, b)));
        mid
    }

    /// The smallest of several candidate boxes around the triangles: for a single triangle,
    /// the boxes aligned with each of its edges (a smallest rectangle around a triangle has a
    /// side along one of its edges), else an axis-aligned and a principal-axis box.
    fn fit(&self, items: &[u32]) -> Obb {
        let mut candidates = [[V3::zeros(); 3]; 3];
        let mut count = 0;
        if let [t] = items {
            let c = &self.corners[*t as usize];
            let normal = (c[1] - c[0]).cross(&(c[2] - c[0]));
            for k in 0..3 {
                let edge = c[(k + 1) % 3] - c[k];
                if let Some(frame) = orthonormal_frame(edge, normal.cross(&edge)) {
                    candidates[count] = frame;
                    count += 1;
                }
            }
        }
        if count == 0 {
            candidates[0] = [V3::x(), V3::y(), V3::z()];
            candidates[1] = principal_axes(&self.covariance(items));
            count = 2;
        }
        let mut boxes = [Obb::default(); 3];
        for (b, axes) in boxes.iter_mut().zip(&candidates[..count]) {
            *b = Obb::fit_with_axes(*axes, self.points(items), self.margin);
        }
        let boxes = &boxes[..count];
        let size = boxes.iter().map(|b| b.half.amax()).fold(0.0f64, f64::max);
        let floor = 1e-3 * 2.0 * size;
        boxes
            .iter()
            .copied()
            .min_by(|a, b| {
                a.volume_with_floor(floor)
                    .total_cmp(&b.volume_with_floor(floor))
            })
            .unwrap_or_default()
    }

    /// The corners of the triangles `items`.
    fn points<'i>(&'i self, items: &'i [u32]) -> impl Iterator<Item = V3> + Clone + 'i {
        items
            .iter()
            .flat_map(|&t| self.corners[t as usize].iter().copied())
    }

    /// Covariance of the triangles as surfaces of uniform density (of their corners when the
    /// total area vanishes), about a reference corner to limit cancellation.
    fn covariance(&self, items: &[u32]) -> Matrix3<f64> {
        let origin = self.corners[items[0] as usize][0];
        let mut area = 0.0;
        let mut first = V3::zeros();
        let mut second = Matrix3::zeros();
        for &t in items {
            let c = self.corners[t as usize].map(|p| p - origin);
            let a = 0.5 * (c[1] - c[0]).cross(&(c[2] - c[0])).norm();
            let centroid = (c[0] + c[1] + c[2]) / 3.0;
            area += a;
            first += centroid * a;
            second += (c[0] * c[0].transpose()
                + c[1] * c[1].transpose()
                + c[2] * c[2].transpose()
                + centroid * centroid.transpose() * 9.0)
                * (a / 12.0);
        }
        if area > 0.0 {
            let mean = first / area;
            second / area - mean * mean.transpose()
        } else {
            let n = 3.0 * items.len() as f64;
            let mean = items
                .iter()
                .flat_map(|&t| self.corners[t as usize].iter())
                .map(|p| p - origin)
                .sum::<V3>()
                / n;
            items
                .iter()
                .flat_map(|&t| self.corners[t as usize].iter())
                .map(|p| {
                    let d = p - origin - mean;
                    d * d.transpose()
                })
                .sum::<Matrix3<f64>>()
                / n
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proximity::node_points;
    use crate::proximity::test_random::uniform_stream;

    /// A closed bumpy sphere of 3,200 triangles, through a real hierarchy (large nodes cut from
    /// their children's sets): every node's farthest point along many directions is the
    /// farthest of the corners of its triangles, and large nodes keep fewer points.
    #[test]
    fn hierarchy_nodes_keep_the_support_of_their_triangles() {
        let (rings, segments) = (41u32, 40u32);
        let mut vertices = vec![nalgebra::Point3::new(0.0, 0.0, 1.0)];
        for r in 1..rings {
            let theta = std::f64::consts::PI * f64::from(r) / f64::from(rings);
            for s in 0..segments {
                let phi = 2.0 * std::f64::consts::PI * f64::from(s) / f64::from(segments);
                let bump = 1.0 + 0.05 * (5.0 * phi).sin() * (3.0 * theta).cos();
                vertices.push(nalgebra::Point3::new(
                    bump * theta.sin() * phi.cos(),
                    bump * theta.sin() * phi.sin(),
                    bump * theta.cos(),
                ));
            }
        }
        vertices.push(nalgebra::Point3::new(0.0, 0.0, -1.0));
        let bottom = vertices.len() as u32 - 1;
        let at = |r: u32, s: u32| 1 + (r - 1) * segments + s % segments;
        let mut faces = Vec::new();
        for s in 0..segments {
            faces.push([0, at(1, s), at(1, s + 1)]);
            faces.push([bottom, at(rings - 1, s + 1), at(rings - 1, s)]);
            for r in 1..rings - 1 {
                faces.push([at(r, s), at(r + 1, s), at(r + 1, s + 1)]);
                faces.push([at(r, s), at(r + 1, s + 1), at(r, s + 1)]);
            }
        }
        assert_eq!(faces.len(), 3200);
        let bvh = MeshBvh::new(&vertices, &faces).expect("mesh");
        let mut rnd = uniform_stream(9);
        let mut large = 0;
        for i in 0..bvh.links.len() as u32 {
            let mut slots = Vec::new();
            slots_under(&bvh, i, &mut slots);
            let corners: Vec<V3> = slots
                .iter()
                .flat_map(|&s| bvh.triangles[s as usize].v)
                .collect();
            let kept = bvh.points.kept(i);
            if corners.len() > 3 * node_points::MAX_TRIANGLES as usize {
                large += 1;
                assert!(kept < corners.len() / 6, "node {i} keeps {}", kept);
            }
            for _ in 0..16 {
                let d = V3::new(rnd(), rnd(), rnd());
                let top = corners.iter().map(|c| c.dot(&d)).fold(f64::MIN, f64::max);
                let p = bvh.points.farthest(i, &d);
                assert_eq!(p.dot(&d), top, "node {i}");
            }
        }
        assert!(large >= 3, "{large} large nodes");
    }
}
