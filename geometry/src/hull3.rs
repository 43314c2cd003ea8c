//! The convex hull of a 3-D point set in O(n log n) expected time.
//!
//! Quickhull with conflict lists: every point not yet inside the hull is listed under one
//! face it lies outside of; the farthest point of a face with pending points is added next,
//! the faces it sees are replaced by a fan from their horizon to it, and only the points of
//! the replaced faces are assigned again (to the new faces). Faces with pending points wait on
//! a stack, so no step scans all faces (a scan per step made hulls of points on a sphere,
//! where every point is a vertex, quadratic).
//!
//! Points within `eps` (a small multiple of the set's size) of a face's plane count as on it,
//! not outside: nearly coplanar points do not make slivers.

use std::collections::HashMap;

use nalgebra::{Point3, Vector3};

use crate::stop::Stop;

/// A hull face: vertices counter-clockwise seen from outside, neighbours across edges
/// (v[0], v[1]), (v[1], v[2]), (v[2], v[0]), its plane, and the points waiting outside it.
struct Face {
    v: [u32; 3],
    next: [usize; 3],
    normal: Vector3<f64>,
    offset: f64,
    outside: Vec<u32>,
    alive: bool,
}

/// Why no hull could be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HullError {
    /// Fewer than four points, or all on a line or a plane (within the tolerance).
    Degenerate(&'static str),
    /// The caller's `stop` asked to end the work.
    Stopped,
    /// Rounding made the faces a point sees a region that is not a disc (points nearly
    /// coplanar and nearly coincident at once); the caller may use another method.
    Inconsistent,
}

/// A hull's vertices and its triangles (indices into the vertices).
pub type HullMesh = (Vec<Point3<f64>>, Vec<[u32; 3]>);

/// The hull of `points` as (vertices, counter-clockwise triangles seen from outside).
/// `stop` is asked now and then (before the work and about every 1,000 added vertices); when
/// it says true the work ends with [`HullError::Stopped`].
pub fn convex_hull(points: &[Point3<f64>], stop: &dyn Stop) -> Result<HullMesh, HullError> {
    if points.len() < 4 {
        return Err(HullError::Degenerate("fewer than four points"));
    }
    if points.len() > u32::MAX as usize {
        return Err(HullError::Degenerate(
            "more points than a hull can index (2^32)",
        ));
    }
    let mut lo = points[0].coords;
    let mut hi = lo;
    for p in points {
        lo = lo.inf(&p.coords);
        hi = hi.sup(&p.coords);
    }
    let size = (hi - lo).norm();
    let eps = size * 1e-11;
    let simplex = initial_simplex(points, eps)?;
    if stop.requested() {
        return Err(HullError::Stopped);
    }
    let mut hull = Hull {
        points,
        faces: Vec::new(),
        free: Vec::new(),
        eps,
        visible: Vec::new(),
        horizon: Vec::new(),
        new_faces: Vec::new(),
        orphans: Vec::new(),
        spoke: vec![0; points.len()],
        stamp: vec![0; points.len()],
        step: 0,
    };
    hull.start(simplex);
    // Sharing a large set of points out over the first faces takes a while too.
    if stop.requested() {
        return Err(HullError::Stopped);
    }
    // A face slot may be listed twice (freed and reused): a dead or empty entry is skipped.
    let mut pending: Vec<usize> = (0..hull.faces.len()).collect();
    let mut added = 0usize;
    while let Some(f) = pending.pop() {
        if !hull.faces[f].alive || hull.faces[f].outside.is_empty() {
            continue;
        }
        added += 1;
        if added.is_multiple_of(1024) && stop.requested() {
            return Err(HullError::Stopped);
        }
        hull.add_farthest(f)?;
        let faces = &hull.faces;
        pending.extend(
            hull.new_faces
                .iter()
                .copied()
                .filter(|&g| !faces[g].outside.is_empty()),
        );
    }
    Ok(hull.output())
}

/// Four points spanning a tetrahedron of more than `eps` in every direction.
fn initial_simplex(points: &[Point3<f64>], eps: f64) -> Result<[u32; 4], HullError> {
    // The pair of axis extremes farthest apart.
    let mut ext = [0usize; 6];
    for (i, p) in points.iter().enumerate() {
        for axis in 0..3 {
            if p[axis] < points[ext[2 * axis]][axis] {
                ext[2 * axis] = i;
            }
            if p[axis] > points[ext[2 * axis + 1]][axis] {
                ext[2 * axis + 1] = i;
            }
        }
    }
    let (mut a, mut b, mut best) = (0, 0, -1.0);
    for &i in &ext {
        for &j in &ext {
            let d = (points[i] - points[j]).norm_squared();
            if d > best {
                (a, b, best) = (i, j, d);
            }
        }
    }
    if best.sqrt() <= eps {
        return Err(HullError::Degenerate("all points coincide"));
    }
    let ab = (points[b] - points[a]).normalize();
    let line = |p: &Point3<f64>| {
        let ap = p - points[a];
        (ap - ab * ap.dot(&ab)).norm()
    };
    let c = farthest(points, line);
    if line(&points[c]) <= eps {
        return Err(HullError::Degenerate("the points are collinear"));
    }
    let n = (points[b] - points[a])
        .cross(&(points[c] - points[a]))
        .normalize();
    let plane = |p: &Point3<f64>| (p - points[a]).dot(&n).abs();
    let d = farthest(points, plane);
    if plane(&points[d]) <= eps {
        return Err(HullError::Degenerate(
            "the points are coplanar: their hull encloses no volume",
        ));
    }
    Ok([a as u32, b as u32, c as u32, d as u32])
}

fn farthest(points: &[Point3<f64>], f: impl Fn(&Point3<f64>) -> f64) -> usize {
    let mut best = (0, f64::NEG_INFINITY);
    for (i, p) in points.iter().enumerate() {
        let d = f(p);
        if d > best.1 {
            best = (i, d);
        }
    }
    best.0
}

struct Hull<'a> {
    points: &'a [Point3<f64>],
    faces: Vec<Face>,
    /// Dead faces whose slots (and `outside` buffers) new faces reuse: without it a hull of n
    /// vertices keeps every face it ever made (about 6n), most of them dead.
    free: Vec<usize>,
    eps: f64,
    /// Scratch of one step, kept to spare the allocations.
    visible: Vec<usize>,
    horizon: Vec<(u32, u32, usize)>,
    new_faces: Vec<usize>,
    orphans: Vec<u32>,
    /// Per point: the new face whose edge (apex, point) it starts, valid when `stamp` equals
    /// the step's number.
    spoke: Vec<usize>,
    stamp: Vec<u32>,
    step: u32,
}

impl Hull<'_> {
    fn p(&self, i: u32) -> &Point3<f64> {
        &self.points[i as usize]
    }

    fn new_face(&mut self, v: [u32; 3]) -> usize {
        let (a, b, c) = (self.p(v[0]), self.p(v[1]), self.p(v[2]));
        let n = (b - a).cross(&(c - a));
        let len = n.norm();
        // A zero-area face (possible only for points within eps of each other) keeps a zero
        // normal: nothing is ever outside it, and its neighbours close the hull.
        let normal = if len > 0.0 { n / len } else { Vector3::zeros() };
        let offset = normal.dot(&a.coords);
        if let Some(f) = self.free.pop() {
            let face = &mut self.faces[f];
            face.v = v;
            face.next = [usize::MAX; 3];
            face.normal = normal;
            face.offset = offset;
            face.outside.clear();
            face.alive = true;
            return f;
        }
        self.faces.push(Face {
            v,
            next: [usize::MAX; 3],
            normal,
            offset,
            outside: Vec::new(),
            alive: true,
        });
        self.faces.len() - 1
    }

    fn distance(&self, f: usize, i: u32) -> f64 {
        let face = &self.faces[f];
        face.normal.dot(&self.p(i).coords) - face.offset
    }

    /// The tetrahedron, oriented outwards and linked, with every other point assigned.
    fn start(&mut self, s: [u32; 4]) {
        let [a, b, c, d] = s;
        let mut tri = [[a, b, c], [a, c, d], [a, d, b], [b, d, c]];
        // Orient (a, b, c) away from d; the others follow from it.
        let n = (self.p(b) - self.p(a)).cross(&(self.p(c) - self.p(a)));
        if n.dot(&(self.p(d) - self.p(a))) > 0.0 {
            tri = [[a, c, b], [a, d, c], [a, b, d], [b, c, d]];
        }
        let ids: Vec<usize> = tri.iter().map(|&v| self.new_face(v)).collect();
        self.link(&ids);
        let simplex = s;
        for i in 0..self.points.len() as u32 {
            if !simplex.contains(&i) {
                self.assign(i, &ids);
            }
        }
    }

    /// Links the faces `ids` to each other across their shared edges.
    fn link(&mut self, ids: &[usize]) {
        let mut edges: HashMap<(u32, u32), (usize, usize)> = HashMap::with_capacity(ids.len() * 3);
        for &f in ids {
            let v = self.faces[f].v;
            for k in 0..3 {
                let (u, w) = (v[k], v[(k + 1) % 3]);
                if let Some((g, slot)) = edges.remove(&(w, u)) {
                    self.faces[f].next[k] = g;
                    self.faces[g].next[slot] = f;
                } else {
                    edges.insert((u, w), (f, k));
                }
            }
        }
    }

    /// Lists point `i` under the first of `faces` it lies outside of (none: it is inside).
    fn assign(&mut self, i: u32, faces: &[usize]) {
        let p = self.points[i as usize].coords;
        for &f in faces {
            let face = &mut self.faces[f];
            if face.normal.dot(&p) - face.offset > self.eps {
                face.outside.push(i);
                return;
            }
        }
    }

    /// Adds the farthest point outside face `f`; the new faces are left in `self.new_faces`.
    fn add_farthest(&mut self, f: usize) -> Result<(), HullError> {
        let outside = &self.faces[f].outside;
        let mut apex = outside[0];
        let mut best = f64::NEG_INFINITY;
        for &i in outside {
            let d = self.distance(f, i);
            if d > best {
                (apex, best) = (i, d);
            }
        }
        // The faces the apex sees: connected, found from f across edges.
        let mut visible = std::mem::take(&mut self.visible);
        let mut horizon = std::mem::take(&mut self.horizon);
        visible.clear();
        horizon.clear();
        visible.push(f);
        self.faces[f].alive = false;
        let mut k = 0;
        while k < visible.len() {
            let g = visible[k];
            k += 1;
            for e in 0..3 {
                let h = self.faces[g].next[e];
                if !self.faces[h].alive {
                    continue;
                }
                if self.distance(h, apex) > self.eps {
                    self.faces[h].alive = false;
                    visible.push(h);
                } else {
                    let v = self.faces[g].v;
                    horizon.push((v[e], v[(e + 1) % 3], h));
                }
            }
        }
        // A visible face reached twice stays listed once: faces are marked dead when queued.
        // A horizon edge whose outer face later turned visible is no horizon edge.
        horizon.retain(|&(_, _, h)| self.faces[h].alive);
        self.step = self.step.wrapping_add(1);
        if self.step == 0 {
            self.stamp.fill(0);
            self.step = 1;
        }
        let step = self.step;
        let mut new_faces = std::mem::take(&mut self.new_faces);
        new_faces.clear();
        let mut consistent = true;
        for &(u, w, h) in &horizon {
            let nf = self.new_face([u, w, apex]);
            // Across (u, w): the face that stays; it pointed at a visible face over (w, u).
            self.faces[nf].next[0] = h;
            let hv = self.faces[h].v;
            for s in 0..3 {
                if hv[s] == w && hv[(s + 1) % 3] == u {
                    self.faces[h].next[s] = nf;
                }
            }
            // Edge 2 of nf is (apex, u); each horizon vertex starts one such edge.
            let slot = u as usize;
            consistent &= self.stamp[slot] != step;
            self.stamp[slot] = step;
            self.spoke[slot] = nf;
            new_faces.push(nf);
        }
        // Edge 1 of nf, (w, apex), is edge 2, (apex, w), of the new face that starts at w.
        for &nf in &new_faces {
            let w = self.faces[nf].v[1] as usize;
            if self.stamp[w] != step {
                consistent = false;
                break;
            }
            let g = self.spoke[w];
            self.faces[nf].next[1] = g;
            self.faces[g].next[2] = nf;
        }
        let mut orphans = std::mem::take(&mut self.orphans);
        orphans.clear();
        for &g in &visible {
            orphans.append(&mut self.faces[g].outside);
        }
        if consistent {
            for &i in &orphans {
                if i != apex {
                    self.assign(i, &new_faces);
                }
            }
        }
        self.free.extend_from_slice(&visible);
        self.visible = visible;
        self.horizon = horizon;
        self.new_faces = new_faces;
        self.orphans = orphans;
        if consistent {
            Ok(())
        } else {
            Err(HullError::Inconsistent)
        }
    }

    /// The live faces over the vertices they use, renumbered in first-use order.
    fn output(&self) -> HullMesh {
        let mut index = vec![u32::MAX; self.points.len()];
        let mut vertices = Vec::new();
        let mut faces = Vec::new();
        for face in self.faces.iter().filter(|f| f.alive) {
            let mut t = [0u32; 3];
            for (k, &v) in face.v.iter().enumerate() {
                let slot = &mut index[v as usize];
                if *slot == u32::MAX {
                    vertices.push(self.points[v as usize]);
                    *slot = (vertices.len() - 1) as u32;
                }
                t[k] = *slot;
            }
            faces.push(t);
        }
        (vertices, faces)
    }
}

/// The hull's points and triangles, for [`crate::Shape::convex_hull`]: this module's hull, or
/// (with the `queries` feature) parry's when rounding defeats it ([`HullError::Inconsistent`]).
pub(crate) fn hull_for_shape(
    points: &[Point3<f64>],
    stop: &dyn Stop,
) -> crate::error::Result<HullMesh> {
    let degenerate = |reason: String| crate::GeometryError::DegenerateHull { reason };
    match convex_hull(points, stop) {
        Ok(hull) => Ok(hull),
        Err(HullError::Degenerate(why)) => Err(degenerate(format!(
            "{why} (give at least four points that are not coplanar)"
        ))),
        Err(HullError::Stopped) => Err(crate::GeometryError::Interrupted {
            work: "the convex hull",
        }),
        #[cfg(feature = "queries")]
        Err(HullError::Inconsistent) => {
            let pts: Vec<_> = points.iter().map(crate::convert::to_parry_point).collect();
            let (v, f) = parry3d_f64::transformation::try_convex_hull(&pts).map_err(|e| {
                degenerate(format!(
                    "{e:?} (give at least four points that are not coplanar)"
                ))
            })?;
            Ok((v.into_iter().map(crate::convert::from_parry_point).collect(), f))
        }
        #[cfg(not(feature = "queries"))]
        Err(HullError::Inconsistent) => Err(degenerate(
            "rounding made the hull inconsistent (morsel-geometry's `queries` feature adds a second hull algorithm for such inputs)".to_string(),
        )),
    }
}

#[cfg(test)]
#[path = "hull3_tests.rs"]
mod tests;
