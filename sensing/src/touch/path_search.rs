//! The path rule of mesh touch: a sensor is within distance `r` of a point only if it is joined
//! to the vertex nearest the point by a path of mesh vertices that are all within `r`.
//!
//! The geoms of a body have separate meshes (no edge joins two geoms), so the rule applies per
//! geom: in each geom's mesh, the walk starts from that mesh's vertex nearest the point (when it
//! is within `r`). This keeps a press on one face of a thin body away from the sensors on the
//! opposite face, while a press where two geoms meet still reaches both.
//!
//! The search is exact and caches nothing: the seed of each geom mesh is its nearest vertex (a
//! k-d tree query, skipped when the mesh's bounding sphere or its geom's surface is provably
//! out of reach), and a
//! breadth-first walk from it visits the neighbours that lie within `r`; the visited active
//! vertices are the answer. The walk only touches the answer and its rim, so its cost does not
//! grow with the mesh.

use nalgebra::Point3;

use crate::touch::body_mesh::BodyMesh;

/// Reusable buffers for [`within_path_rule`]: visit marks stamped with a generation counter,
/// so that a search allocates nothing and never clears arrays.
#[derive(Debug, Default, Clone)]
pub(crate) struct PathScratch {
    seen: Vec<u32>,
    generation: u32,
    queue: Vec<(u32, f64)>,
}

impl PathScratch {
    /// Buffers for meshes of up to `vertices` vertices.
    pub fn new(vertices: usize) -> Self {
        Self {
            seen: vec![0; vertices],
            generation: 0,
            queue: Vec::with_capacity(64),
        }
    }

    fn next_generation(&mut self, vertices: usize) -> u32 {
        if self.seen.len() < vertices {
            self.seen.resize(vertices, 0);
        }
        if self.generation == u32::MAX {
            self.seen.fill(0);
            self.generation = 0;
        }
        self.generation += 1;
        self.generation
    }
}

/// The active sensors of `mesh` within `radius` of `p` under the path rule, as
/// `(sensor index, distance)` into `out` (cleared), in walk order.
pub(crate) fn within_path_rule(
    mesh: &BodyMesh,
    p: &Point3<f64>,
    radius: f64,
    scratch: &mut PathScratch,
    out: &mut Vec<(usize, f64)>,
) {
    out.clear();
    let generation = scratch.next_generation(mesh.len());
    for c in 0..mesh.submesh_count() {
        let (centre, bound) = mesh.submesh_bounds[c];
        if (p - centre).norm() - bound > radius {
            continue;
        }
        if mesh.submesh_surfaces[c]
            .lower_bound(p)
            .is_some_and(|d| d > radius)
        {
            continue;
        }
        let Some((local, d)) = mesh.submesh_trees[c].nearest(p) else {
            continue;
        };
        if d > radius {
            continue;
        }
        let seed = mesh.submesh(c).start + local;
        let radius_squared = radius * radius;
        scratch.seen[seed] = generation;
        scratch.queue.clear();
        scratch.queue.push((seed as u32, d));
        let mut head = 0;
        while head < scratch.queue.len() {
            let (u, du) = scratch.queue[head];
            head += 1;
            if let Some(sensor) = mesh.sensor_of_vertex(u as usize) {
                out.push((sensor, du));
            }
            for &n in mesh.neighbours(u as usize) {
                let n = n as usize;
                if scratch.seen[n] != generation {
                    scratch.seen[n] = generation;
                    let dn = (mesh.vertices()[n] - p).norm_squared();
                    if dn <= radius_squared {
                        scratch.queue.push((n as u32, dn.sqrt()));
                    }
                }
            }
        }
    }
}
