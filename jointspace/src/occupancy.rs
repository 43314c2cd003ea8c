//! A voxel classification of a closed mesh: which cells are certainly outside, certainly
//! inside, or crossed by the surface, and for inside cells a bound on the depth.
//!
//! Cells that a triangle overlaps (exact separating-axis test of triangle and box) are
//! *surface* cells. The others are split by a flood fill from the grid's border, which lies
//! outside the mesh: those reached are *outside*, the rest *inside*. A point in an outside
//! cell is outside the solid, one in an inside cell inside it. A breadth-first distance from
//! the surface cells bounds the depth of inside points from above: a point in a cell `s`
//! steps (6-connected) from a surface cell is within `(s + √3)·h` of the surface, `h` being
//! the cell size, and a point in a surface cell within `√3·h`.

use std::collections::VecDeque;

use morsel_geometry::TriangleMesh;
use nalgebra::{Point3, Vector3};

/// Cells per side of the longest axis.
const CELLS: f64 = 128.0;

/// Cell state: crossed by the surface.
const SURFACE: u16 = u16::MAX;
/// Cell state: outside the solid.
const OUTSIDE: u16 = u16::MAX - 1;

/// Where a point lies relative to a closed mesh.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Cell {
    /// Certainly outside.
    Outside,
    /// Certainly inside, no deeper than the bound.
    Inside(f64),
    /// Near the surface (either side), within the bound of it.
    Surface(f64),
}

/// The voxel classification of one closed mesh, in its frame.
#[derive(Debug)]
pub(crate) struct Occupancy {
    origin: Point3<f64>,
    h: f64,
    dims: [usize; 3],
    /// Per cell: SURFACE, OUTSIDE, or the breadth-first steps from the surface (inside).
    state: Vec<u16>,
}

impl Occupancy {
    pub fn new(mesh: &TriangleMesh) -> Occupancy {
        let (lo, hi) = mesh.bounds();
        let extent = (hi - lo).max();
        let h = if extent > 0.0 { extent / CELLS } else { 1.0 };
        // One cell of margin on every side, so that the border is outside.
        let origin = lo - Vector3::repeat(h);
        let dims = [0, 1, 2].map(|a| (((hi[a] - lo[a]) / h).ceil() as usize + 3).max(3));
        let mut occ = Occupancy {
            origin,
            h,
            dims,
            state: vec![0; dims[0] * dims[1] * dims[2]],
        };
        for f in mesh.faces() {
            let t = f.map(|i| mesh.vertices()[i as usize]);
            occ.mark_triangle(&t);
        }
        occ.flood_outside();
        occ.depth_steps();
        occ
    }

    /// Classifies a point given in the mesh frame.
    pub fn classify(&self, p: &Point3<f64>) -> Cell {
        let Some(i) = self.cell_of(p) else {
            return Cell::Outside;
        };
        let diagonal = 3f64.sqrt() * self.h;
        match self.state[i] {
            OUTSIDE => Cell::Outside,
            SURFACE => Cell::Surface(diagonal),
            steps => Cell::Inside(f64::from(steps) * self.h + diagonal),
        }
    }

    fn index(&self, x: usize, y: usize, z: usize) -> usize {
        x + self.dims[0] * (y + self.dims[1] * z)
    }

    fn cell_of(&self, p: &Point3<f64>) -> Option<usize> {
        let mut c = [0usize; 3];
        for a in 0..3 {
            let f = ((p[a] - self.origin[a]) / self.h).floor();
            if !(f >= 0.0 && f < self.dims[a] as f64) {
                return None;
            }
            c[a] = f as usize;
        }
        Some(self.index(c[0], c[1], c[2]))
    }

    /// Marks every cell the triangle overlaps.
    fn mark_triangle(&mut self, t: &[Point3<f64>; 3]) {
        let mut range = [(0usize, 0usize); 3];
        for (a, r) in range.iter_mut().enumerate() {
            let lo = t.iter().map(|p| p[a]).fold(f64::INFINITY, f64::min);
            let hi = t.iter().map(|p| p[a]).fold(f64::NEG_INFINITY, f64::max);
            let max = self.dims[a] - 1;
            let cell =
                |v: f64| (((v - self.origin[a]) / self.h).floor().max(0.0) as usize).min(max);
            // Widen by one cell so that triangles on a cell face mark both neighbours.
            *r = (cell(lo).saturating_sub(1), (cell(hi) + 1).min(max));
        }
        let test = TriangleBoxTest::new(t, &Vector3::repeat(0.5 * self.h));
        for z in range[2].0..=range[2].1 {
            for y in range[1].0..=range[1].1 {
                for x in range[0].0..=range[0].1 {
                    let center = self.origin
                        + Vector3::new(x as f64 + 0.5, y as f64 + 0.5, z as f64 + 0.5) * self.h;
                    if test.overlaps(&center) {
                        let i = self.index(x, y, z);
                        self.state[i] = SURFACE;
                    }
                }
            }
        }
    }

    /// Marks the cells reachable from the border without crossing surface cells.
    fn flood_outside(&mut self) {
        let mut queue = VecDeque::new();
        let [nx, ny, nz] = self.dims;
        for z in 0..nz {
            for y in 0..ny {
                for x in 0..nx {
                    if x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1 {
                        let i = self.index(x, y, z);
                        if self.state[i] == 0 {
                            self.state[i] = OUTSIDE;
                            queue.push_back((x, y, z));
                        }
                    }
                }
            }
        }
        self.spread(queue, |state, _| (state == 0).then_some(OUTSIDE));
    }

    /// Breadth-first steps from the surface cells into the inside cells.
    fn depth_steps(&mut self) {
        let mut queue = VecDeque::new();
        let [nx, ny, nz] = self.dims;
        for z in 0..nz {
            for y in 0..ny {
                for x in 0..nx {
                    if self.state[self.index(x, y, z)] == SURFACE {
                        queue.push_back((x, y, z));
                    }
                }
            }
        }
        // Inside cells still hold 0; give them their distance (at least 1).
        self.spread(queue, |state, from| {
            (state == 0).then(|| {
                if from == SURFACE {
                    1
                } else {
                    (from + 1).min(OUTSIDE - 1)
                }
            })
        });
    }

    /// Breadth-first propagation over 6-neighbours: `next(neighbour state, own state)` gives
    /// the neighbour's new state, or `None` to leave it.
    fn spread(
        &mut self,
        mut queue: VecDeque<(usize, usize, usize)>,
        next: impl Fn(u16, u16) -> Option<u16>,
    ) {
        let [nx, ny, nz] = self.dims;
        while let Some((x, y, z)) = queue.pop_front() {
            let own = self.state[self.index(x, y, z)];
            let neighbours = [
                (x.wrapping_sub(1), y, z),
                (x + 1, y, z),
                (x, y.wrapping_sub(1), z),
                (x, y + 1, z),
                (x, y, z.wrapping_sub(1)),
                (x, y, z + 1),
            ];
            for (a, b, c) in neighbours {
                if a >= nx || b >= ny || c >= nz {
                    continue;
                }
                let i = self.index(a, b, c);
                if let Some(s) = next(self.state[i], own) {
                    self.state[i] = s;
                    queue.push_back((a, b, c));
                }
            }
        }
    }
}

/// The separating-axis test of one triangle against equal boxes at many centres: the
/// triangle's extent along each candidate axis (its normal, the box axes, and the nine edge
/// cross products) and the boxes' radius along it are computed once; a box then costs one
/// dot product per axis. Exact up to rounding (a box touching the triangle overlaps it).
struct TriangleBoxTest {
    /// Per axis: the axis, the triangle's lowest and highest projection, the box's radius;
    /// the first `len` are used (degenerate axes are left out).
    axes: [(Vector3<f64>, f64, f64, f64); MAX_AXES],
    len: usize,
}

/// The triangle's normal, the three box axes and the nine edge-axis cross products.
const MAX_AXES: usize = 13;

impl TriangleBoxTest {
    fn new(t: &[Point3<f64>; 3], half: &Vector3<f64>) -> Self {
        let e = [t[1] - t[0], t[2] - t[1], t[0] - t[2]];
        let units = [Vector3::x(), Vector3::y(), Vector3::z()];
        // The normal first: it separates most boxes near a large triangle.
        let candidates = std::iter::once(e[0].cross(&e[1]))
            .chain(units)
            .chain(e.iter().flat_map(|edge| units.map(|u| u.cross(edge))));
        let mut test = Self {
            axes: [(Vector3::zeros(), 0.0, 0.0, 0.0); MAX_AXES],
            len: 0,
        };
        for a in candidates.filter(|a| a.norm_squared() > 0.0) {
            let p = t.map(|x| x.coords.dot(&a));
            let r = half.x * a.x.abs() + half.y * a.y.abs() + half.z * a.z.abs();
            test.axes[test.len] = (a, p[0].min(p[1]).min(p[2]), p[0].max(p[1]).max(p[2]), r);
            test.len += 1;
        }
        test
    }

    /// Whether the box about `center` overlaps the triangle.
    fn overlaps(&self, center: &Point3<f64>) -> bool {
        self.axes[..self.len].iter().all(|(a, lo, hi, r)| {
            let c = center.coords.dot(a);
            !(lo - c > *r || hi - c < -r)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A closed box mesh with half-extents (2, 1, 0.5), outward faces.
    fn slab() -> TriangleMesh {
        crate::test_meshes::box_mesh([2.0, 1.0, 0.5])
    }

    #[test]
    fn classification_agrees_with_the_box_and_bounds_its_depth() {
        let occ = Occupancy::new(&slab());
        let mut state = 7u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        for _ in 0..20_000 {
            let p = Point3::new(6.0 * next() - 3.0, 3.0 * next() - 1.5, 2.0 * next() - 1.0);
            let depth = (2.0 - p.x.abs()).min(1.0 - p.y.abs()).min(0.5 - p.z.abs());
            match occ.classify(&p) {
                Cell::Outside => assert!(depth < 0.0, "{p:?} classified outside at depth {depth}"),
                Cell::Inside(bound) => assert!(
                    depth > 0.0 && depth <= bound,
                    "{p:?}: depth {depth}, bound {bound}"
                ),
                Cell::Surface(bound) => {
                    assert!(depth.abs() <= bound, "{p:?}: depth {depth}, bound {bound}")
                }
            }
        }
    }
}
