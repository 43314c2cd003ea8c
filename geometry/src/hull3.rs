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
/// `stop` is asked now and then (about every 1,000 added vertices); when it says true the
/// work ends with [`HullError::Stopped`].
pub fn convex_hull(points: &[Point3<f64>], stop: &dyn Fn() -> bool) -> Result<HullMesh, HullError> {
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
    let mut hull = Hull {
        points,
        faces: Vec::new(),
        eps,
    };
    hull.start(simplex);
    let mut pending: Vec<usize> = (0..hull.faces.len()).collect();
    let mut added = 0usize;
    while let Some(f) = pending.pop() {
        if !hull.faces[f].alive || hull.faces[f].outside.is_empty() {
            continue;
        }
        added += 1;
        if added.is_multiple_of(1024) && stop() {
            return Err(HullError::Stopped);
        }
        let new_faces = hull.add_farthest(f)?;
        pending.extend(
            new_faces
                .into_iter()
                .filter(|&g| !hull.faces[g].outside.is_empty()),
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
    eps: f64,
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
        self.faces.push(Face {
            v,
            next: [usize::MAX; 3],
            normal,
            offset: normal.dot(&a.coords),
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
        for &f in faces {
            if self.distance(f, i) > self.eps {
                self.faces[f].outside.push(i);
                return;
            }
        }
    }

    /// Adds the farthest point outside face `f`; returns the new faces.
    fn add_farthest(&mut self, f: usize) -> Result<Vec<usize>, HullError> {
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
        let mut visible = vec![f];
        self.faces[f].alive = false;
        let mut horizon: Vec<(u32, u32, usize)> = Vec::new();
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
        let mut new_faces = Vec::with_capacity(horizon.len());
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
            new_faces.push(nf);
        }
        // The new faces share edges (w, apex) / (apex, w) with each other.
        let mut spokes: HashMap<u32, (usize, usize)> = HashMap::with_capacity(new_faces.len());
        for &nf in &new_faces {
            let [u, w, _] = self.faces[nf].v;
            // edge 1 is (w, apex), edge 2 is (apex, u)
            if let Some((g, slot)) = spokes.remove(&w) {
                self.faces[nf].next[1] = g;
                self.faces[g].next[slot] = nf;
            } else {
                spokes.insert(w, (nf, 1));
            }
            if let Some((g, slot)) = spokes.remove(&u) {
                self.faces[nf].next[2] = g;
                self.faces[g].next[slot] = nf;
            } else {
                spokes.insert(u, (nf, 2));
            }
        }
        if !spokes.is_empty() {
            return Err(HullError::Inconsistent);
        }
        let mut orphans = Vec::new();
        for &g in &visible {
            orphans.append(&mut self.faces[g].outside);
        }
        for i in orphans {
            if i != apex {
                self.assign(i, &new_faces);
            }
        }
        Ok(new_faces)
    }

    /// The live faces over the vertices they use, renumbered in first-use order.
    fn output(&self) -> HullMesh {
        let mut index: HashMap<u32, u32> = HashMap::new();
        let mut vertices = Vec::new();
        let mut faces = Vec::new();
        for face in self.faces.iter().filter(|f| f.alive) {
            let mut t = [0u32; 3];
            for (k, &v) in face.v.iter().enumerate() {
                t[k] = *index.entry(v).or_insert_with(|| {
                    vertices.push(self.points[v as usize]);
                    (vertices.len() - 1) as u32
                });
            }
            faces.push(t);
        }
        (vertices, faces)
    }
}

/// The hull as parry's points and triangles, for [`crate::Shape::convex_hull`]: this module's
/// hull, or parry's when rounding defeats it ([`HullError::Inconsistent`]).
pub(crate) fn hull_for_shape(
    points: &[Point3<f64>],
    stop: &dyn Fn() -> bool,
) -> crate::error::Result<(Vec<parry3d_f64::math::Vector>, Vec<[u32; 3]>)> {
    let degenerate = |reason: String| crate::GeometryError::DegenerateHull { reason };
    match convex_hull(points, stop) {
        Ok((v, f)) => Ok((v.iter().map(crate::convert::to_parry_point).collect(), f)),
        Err(HullError::Degenerate(why)) => Err(degenerate(format!(
            "{why} (give at least four points that are not coplanar)"
        ))),
        Err(HullError::Stopped) => Err(degenerate("the hull was stopped".to_string())),
        Err(HullError::Inconsistent) => {
            let pts: Vec<_> = points.iter().map(crate::convert::to_parry_point).collect();
            parry3d_f64::transformation::try_convex_hull(&pts).map_err(|e| {
                degenerate(format!(
                    "{e:?} (give at least four points that are not coplanar)"
                ))
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (no dependency for tests of geometry).
    fn lcg(seed: &mut u64) -> f64 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 11) as f64 / (1u64 << 53) as f64
    }

    fn volume(v: &[Point3<f64>], f: &[[u32; 3]]) -> f64 {
        f.iter()
            .map(|t| {
                let (a, b, c) = (v[t[0] as usize], v[t[1] as usize], v[t[2] as usize]);
                a.coords.dot(&b.coords.cross(&c.coords)) / 6.0
            })
            .sum()
    }

    /// Every point lies on the inner side of every face (within `tol`), and the surface is
    /// closed: each directed edge has its reverse exactly once, and V - E + F = 2.
    fn check_hull(points: &[Point3<f64>], v: &[Point3<f64>], f: &[[u32; 3]], tol: f64) {
        let mut edges = HashMap::new();
        for t in f {
            for k in 0..3 {
                *edges.entry((t[k], t[(k + 1) % 3])).or_insert(0) += 1;
            }
        }
        for (&(a, b), &n) in &edges {
            assert_eq!(n, 1);
            assert_eq!(edges.get(&(b, a)), Some(&1));
        }
        assert_eq!(
            v.len() as i64 - (edges.len() / 2) as i64 + f.len() as i64,
            2
        );
        for t in f {
            let (a, b, c) = (v[t[0] as usize], v[t[1] as usize], v[t[2] as usize]);
            let n = (b - a).cross(&(c - a)).normalize();
            for p in points {
                assert!(n.dot(&(p - a)) <= tol, "a point is outside a face");
            }
        }
    }

    #[test]
    fn a_cube_with_points_inside_is_its_eight_corners() {
        let mut seed = 7;
        let mut pts: Vec<Point3<f64>> = (0..2000)
            .map(|_| Point3::new(lcg(&mut seed), lcg(&mut seed), lcg(&mut seed)) * 2.0)
            .map(|p| p - Vector3::repeat(1.0))
            .collect();
        for i in 0..8 {
            let c = |b: usize| if i & b == 0 { -1.0 } else { 1.0 };
            pts.push(Point3::new(c(1), c(2), c(4)));
        }
        let (v, f) = convex_hull(&pts, &|| false).unwrap();
        // Coplanar points on the cube's faces count as on the hull, not as vertices.
        assert_eq!(v.len(), 8);
        assert_eq!(f.len(), 12);
        assert!((volume(&v, &f) - 8.0).abs() < 1e-12);
        check_hull(&pts, &v, &f, 1e-12);
    }

    #[test]
    fn points_on_a_sphere_are_all_vertices() {
        // The Fibonacci sphere: n points, all on the unit sphere, none coplanar with three
        // others; the hull uses every point and has 2n - 4 triangles (Euler), and its
        // volume lies below the ball's 4/3 pi by less than the cap error.
        let n = 3000;
        let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
        let pts: Vec<Point3<f64>> = (0..n)
            .map(|i| {
                let z = 1.0 - 2.0 * (i as f64 + 0.5) / n as f64;
                let r = (1.0 - z * z).sqrt();
                let t = golden * i as f64;
                Point3::new(r * t.cos(), r * t.sin(), z)
            })
            .collect();
        let (v, f) = convex_hull(&pts, &|| false).unwrap();
        assert_eq!(v.len(), n);
        assert_eq!(f.len(), 2 * n - 4);
        let ball = 4.0 / 3.0 * std::f64::consts::PI;
        let vol = volume(&v, &f);
        assert!(vol < ball && ball - vol < 0.01, "{vol}");
        check_hull(&pts, &v, &f, 1e-12);
    }

    #[test]
    fn random_clouds_match_parry_s_hull_volume() {
        let mut seed = 11;
        for n in [4usize, 5, 50, 5000] {
            let pts: Vec<Point3<f64>> = (0..n)
                .map(|_| Point3::new(lcg(&mut seed), lcg(&mut seed), lcg(&mut seed)))
                .collect();
            let (v, f) = convex_hull(&pts, &|| false).unwrap();
            check_hull(&pts, &v, &f, 1e-12);
            let parry_pts: Vec<_> = pts.iter().map(crate::convert::to_parry_point).collect();
            let (pv, pf) = parry3d_f64::transformation::convex_hull(&parry_pts);
            let pv: Vec<Point3<f64>> = pv
                .into_iter()
                .map(crate::convert::from_parry_point)
                .collect();
            assert!((volume(&v, &f) - volume(&pv, &pf)).abs() < 1e-12, "n = {n}");
        }
    }

    #[test]
    fn flat_and_tiny_sets_are_refused_and_stop_stops() {
        let flat: Vec<Point3<f64>> = (0..20)
            .map(|i| Point3::new(i as f64, (i * i % 7) as f64, 0.0))
            .collect();
        assert!(matches!(
            convex_hull(&flat, &|| false),
            Err(HullError::Degenerate(_))
        ));
        let line: Vec<Point3<f64>> = (0..20).map(|i| Point3::new(i as f64, 0.0, 0.0)).collect();
        assert!(matches!(
            convex_hull(&line, &|| false),
            Err(HullError::Degenerate(_))
        ));
        assert!(matches!(
            convex_hull(&line[..3], &|| false),
            Err(HullError::Degenerate(_))
        ));
        let mut seed = 3;
        let cloud: Vec<Point3<f64>> = (0..20000)
            .map(|_| {
                let v = Vector3::new(
                    lcg(&mut seed) - 0.5,
                    lcg(&mut seed) - 0.5,
                    lcg(&mut seed) - 0.5,
                );
                Point3::from(v.normalize())
            })
            .collect();
        assert_eq!(convex_hull(&cloud, &|| true), Err(HullError::Stopped));
    }
}
