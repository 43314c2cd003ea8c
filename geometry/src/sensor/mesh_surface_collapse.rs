//! Coarsening by half-edge collapses: edges shorter than a bound are removed, shortest first, by
//! merging one end point into the other, which stays where it is (so every vertex stays exactly
//! on the input surface).
//!
//! A collapse is refused when it would
//! - change the topology: the link condition (the common neighbours of the two end points are
//!   the apexes of the edge's triangles), a duplicate triangle, an end point whose triangles
//!   do not form one fan, or a vertex whose triangles all lie on the edge (an ear);
//! - wear away a feature: edges along which input faces meet at more than the feature angle, and
//!   boundary and non-manifold edges, are features; a vertex on no feature edge may go anywhere,
//!   a vertex on exactly two (a crease or boundary line) only along one of them, and any other
//!   vertex (a corner) never moves;
//! - flip a triangle, tilt it by more than the limit from the input face it lies on, make its
//!   shape worse than both the shape limit and the worst triangle it replaces, or lengthen an
//!   edge beyond `max_edge`.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use nalgebra::{Point3, Vector3};

use super::mesh_surface_state::Surface;

/// How far coarsening may go.
pub(super) struct CollapseLimits<'a> {
    /// Edges shorter than this are collapsed when safe.
    pub min_edge: f64,
    /// No collapse may create an edge longer than this.
    pub max_edge: f64,
    /// Cosine of the feature angle: faces meeting at a smaller cosine make a feature edge.
    pub feature_cos: f64,
    /// Cosine of the largest tilt of a triangle from its input face.
    pub tilt_cos: f64,
    /// Shape quality (1 for equilateral triangles) a collapse may always go down to.
    pub min_quality: f64,
    /// Unit normal of each input face.
    pub face_normal: &'a [Vector3<f64>],
}

/// The coarsening state: the surface, the live triangles of each vertex, and scratch buffers.
struct Coarsener<'a, 'b> {
    s: &'a mut Surface,
    limits: &'a CollapseLimits<'b>,
    vertex_faces: Vec<Vec<u32>>,
    alive: Vec<bool>,
    shared: Vec<u32>,
    near_u: Vec<u32>,
    near_v: Vec<u32>,
    pairs: Vec<(u32, u32)>,
    /// What is known of each vertex's fan (recomputed after a collapse changes it).
    fans: Vec<Fan>,
    /// Vertices whose surroundings changed since the last sweep began: only their edges are
    /// worth trying again.
    touched: Vec<bool>,
}

/// A vertex's fan of triangles, as far as collapses care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fan {
    /// Not computed since the fan last changed.
    Unknown,
    /// The triangles do not form one fan (or an edge has more than two).
    NonManifold,
    /// No feature edge: the vertex may merge into any neighbour.
    Smooth,
    /// Exactly two feature edges, to these neighbours: it may merge into one of them.
    Crease(u32, u32),
    /// Any other number of feature edges: the vertex stays.
    Corner,
}

/// Collapses short edges, shortest first, in up to four sweeps; dead triangles are removed from
/// `s.faces` (and `s.origin`) at the end.
pub(super) fn coarsen(s: &mut Surface, limits: &CollapseLimits<'_>) {
    let mut vertex_faces = vec![Vec::new(); s.pos.len()];
    for (f, tri) in s.faces.iter().enumerate() {
        for &v in tri {
            vertex_faces[v as usize].push(f as u32);
        }
    }
    let alive = vec![true; s.faces.len()];
    let n = s.pos.len();
    let mut c = Coarsener {
        s,
        limits,
        vertex_faces,
        alive,
        shared: Vec::new(),
        near_u: Vec::new(),
        near_v: Vec::new(),
        pairs: Vec::new(),
        fans: vec![Fan::Unknown; n],
        touched: vec![true; n],
    };
    for _sweep in 0..4 {
        if c.sweep() == 0 {
            break;
        }
    }
    let Coarsener { s, alive, .. } = c;
    let mut keep = alive.iter();
    s.faces.retain(|_| keep.next().copied().unwrap_or(false));
    let mut keep = alive.iter();
    s.origin.retain(|_| keep.next().copied().unwrap_or(false));
}

/// Shape quality `4√3·area / Σ edge²`: 1 for an equilateral triangle, 0 for a degenerate one.
fn quality(a: &Point3<f64>, b: &Point3<f64>, c: &Point3<f64>) -> f64 {
    let sum = (b - a).norm_squared() + (c - b).norm_squared() + (a - c).norm_squared();
    if sum == 0.0 {
        return 0.0;
    }
    2.0 * 3f64.sqrt() * (b - a).cross(&(c - a)).norm() / sum
}

impl Coarsener<'_, '_> {
    fn length(&self, a: u32, b: u32) -> f64 {
        (self.s.pos[a as usize] - self.s.pos[b as usize]).norm()
    }

    /// One pass over all short edges, shortest first; returns the number of collapses.
    fn sweep(&mut self) -> usize {
        let mut heap = BinaryHeap::new();
        for (f, tri) in self.s.faces.iter().enumerate() {
            if !self.alive[f] {
                continue;
            }
            for k in 0..3 {
                let (a, b) = (tri[k], tri[(k + 1) % 3]);
                if a < b && (self.touched[a as usize] || self.touched[b as usize]) {
                    self.push_if_short(&mut heap, a, b);
                }
            }
        }
        self.touched.iter_mut().for_each(|t| *t = false);
        let mut collapses = 0;
        while let Some(Reverse((_, a, b))) = heap.pop() {
            if self.vertex_faces[a as usize].is_empty() || self.vertex_faces[b as usize].is_empty()
            {
                continue;
            }
            // Keep the older vertex (input vertices first) when both directions are allowed.
            let survivor = if self.try_collapse(b, a) {
                a
            } else if self.try_collapse(a, b) {
                b
            } else {
                continue;
            };
            collapses += 1;
            self.neighbours(survivor, true);
            let near = std::mem::take(&mut self.near_u);
            for &w in &near {
                self.push_if_short(&mut heap, survivor.min(w), survivor.max(w));
            }
            self.near_u = near;
        }
        collapses
    }

    fn push_if_short(&self, heap: &mut BinaryHeap<Reverse<(u64, u32, u32)>>, a: u32, b: u32) {
        let l = self.length(a, b);
        if l < self.limits.min_edge {
            heap.push(Reverse((l.to_bits(), a, b)));
        }
    }

    /// Fills `shared` with the live triangles holding both `u` and `w`.
    fn faces_with(&mut self, u: u32, w: u32) {
        self.shared.clear();
        for &f in &self.vertex_faces[u as usize] {
            if self.s.faces[f as usize].contains(&w) {
                self.shared.push(f);
            }
        }
    }

    /// Fills `near_u` (or `near_v` when `!into_u`) with the sorted neighbours of `u`.
    fn neighbours(&mut self, u: u32, into_u: bool) {
        let out = if into_u {
            &mut self.near_u
        } else {
            &mut self.near_v
        };
        out.clear();
        for &f in &self.vertex_faces[u as usize] {
            out.extend(self.s.faces[f as usize].iter().filter(|&&x| x != u));
        }
        out.sort_unstable();
        out.dedup();
    }

    /// Whether two triangles meet at a feature (their input faces meet at a sharp angle).
    fn sharp(&self, f: u32, g: u32) -> bool {
        let (of, og) = (
            self.s.origin[f as usize] as usize,
            self.s.origin[g as usize] as usize,
        );
        of != og
            && self.limits.face_normal[of].dot(&self.limits.face_normal[og])
                < self.limits.feature_cos
    }

    /// The fan of `u`, from the cache or computed.
    fn fan(&mut self, u: u32) -> Fan {
        if self.fans[u as usize] == Fan::Unknown {
            self.fans[u as usize] = self.compute_fan(u);
        }
        self.fans[u as usize]
    }

    fn compute_fan(&mut self, u: u32) -> Fan {
        // (other vertex, face) for both edges of u in every face of u, grouped by vertex.
        self.pairs.clear();
        for &f in &self.vertex_faces[u as usize] {
            let t = self.s.faces[f as usize];
            for &x in &t {
                if x != u {
                    self.pairs.push((x, f));
                }
            }
        }
        if self.pairs.is_empty() {
            return Fan::NonManifold;
        }
        self.pairs.sort_unstable();
        let mut features = [u32::MAX; 2];
        let (mut n_features, mut boundary_edges) = (0, 0);
        let mut start = None;
        let mut i = 0;
        while i < self.pairs.len() {
            let mut j = i + 1;
            while j < self.pairs.len() && self.pairs[j].0 == self.pairs[i].0 {
                j += 1;
            }
            let feature = match j - i {
                1 => {
                    boundary_edges += 1;
                    start = Some(i);
                    true
                }
                2 => self.sharp(self.pairs[i].1, self.pairs[i + 1].1),
                _ => return Fan::NonManifold,
            };
            if feature {
                if n_features < 2 {
                    features[n_features] = self.pairs[i].0;
                }
                n_features += 1;
            }
            i = j;
        }
        if boundary_edges != 0 && boundary_edges != 2 {
            return Fan::NonManifold;
        }
        // Walk around the fan from a boundary edge (or any edge): one fan visits every face.
        let first = start.unwrap_or(0);
        let (mut at, mut face) = self.pairs[first];
        let mut visited = 0;
        loop {
            visited += 1;
            let t = self.s.faces[face as usize];
            let Some(&other) = t.iter().find(|&&x| x != u && x != at) else {
                return Fan::NonManifold;
            };
            let k = self.pairs.partition_point(|p| p.0 < other);
            let next = self.pairs[k..]
                .iter()
                .take_while(|p| p.0 == other)
                .find(|p| p.1 != face);
            match next {
                Some(&(_, g)) if g != self.pairs[first].1 && visited <= self.pairs.len() => {
                    at = other;
                    face = g;
                }
                _ => break,
            }
        }
        if visited != self.vertex_faces[u as usize].len() {
            return Fan::NonManifold;
        }
        match n_features {
            0 => Fan::Smooth,
            2 => Fan::Crease(features[0], features[1]),
            _ => Fan::Corner,
        }
    }

    /// Merges `u` into `v` if every rule allows it.
    fn try_collapse(&mut self, u: u32, v: u32) -> bool {
        if !self.allowed(u, v) {
            return false;
        }
        let shared = std::mem::take(&mut self.shared);
        for &f in &shared {
            self.alive[f as usize] = false;
            for x in self.s.faces[f as usize] {
                self.vertex_faces[x as usize].retain(|&g| g != f);
            }
        }
        self.shared = shared;
        let moved = std::mem::take(&mut self.vertex_faces[u as usize]);
        for &f in &moved {
            for x in self.s.faces[f as usize].iter_mut() {
                if *x == u {
                    *x = v;
                }
            }
        }
        self.vertex_faces[v as usize].extend_from_slice(&moved);
        // Every neighbour of u (v and the apexes among them) now has a different fan.
        for &w in &self.near_u {
            self.fans[w as usize] = Fan::Unknown;
            self.touched[w as usize] = true;
        }
        self.fans[u as usize] = Fan::NonManifold;
        true
    }

    /// The checks of [`Self::try_collapse`]; leaves the triangles on the edge in `shared`.
    fn allowed(&mut self, u: u32, v: u32) -> bool {
        // Cheapest first: no edge from v to u's other neighbours may grow beyond the limit.
        let pv = self.s.pos[v as usize];
        let too_long = self.limits.max_edge.is_finite()
            && self.vertex_faces[u as usize].iter().any(|&f| {
                self.s.faces[f as usize]
                    .iter()
                    .any(|&w| (self.s.pos[w as usize] - pv).norm() > self.limits.max_edge)
            });
        if too_long {
            return false;
        }
        match self.fan(u) {
            Fan::Smooth => {}
            Fan::Crease(a, b) if v == a || v == b => {}
            _ => return false,
        }
        if self.fan(v) == Fan::NonManifold {
            return false;
        }
        self.faces_with(u, v);
        let n_apex = self.shared.len();
        // A vertex whose every triangle is on the edge (an ear, a lone triangle) would take
        // its triangles, and their area, with it.
        if n_apex == 0 || n_apex > 2 || n_apex == self.vertex_faces[u as usize].len() {
            return false;
        }
        let apex = |t: [u32; 3]| t.into_iter().find(|&x| x != u && x != v);
        let apexes: [Option<u32>; 2] = [
            apex(self.s.faces[self.shared[0] as usize]),
            self.shared
                .get(1)
                .and_then(|&f| apex(self.s.faces[f as usize])),
        ];
        if apexes[0].is_none() || (n_apex == 2 && (apexes[1].is_none() || apexes[0] == apexes[1])) {
            return false;
        }
        self.neighbours(u, true);
        self.neighbours(v, false);
        if count_common(&self.near_u, &self.near_v) != n_apex {
            return false;
        }
        self.geometry_allows(u, v)
    }

    /// Flip, tilt, shape and duplicate-triangle checks for the triangles that move.
    fn geometry_allows(&self, u: u32, v: u32) -> bool {
        let pos = &self.s.pos;
        let mut worst_old = f64::INFINITY;
        for &f in &self.vertex_faces[u as usize] {
            let [a, b, c] = self.s.faces[f as usize].map(|x| pos[x as usize]);
            worst_old = worst_old.min(quality(&a, &b, &c));
        }
        let floor = worst_old.min(self.limits.min_quality);
        let pv = pos[v as usize];
        for &f in &self.vertex_faces[u as usize] {
            if self.shared.contains(&f) {
                continue;
            }
            let old = self.s.faces[f as usize];
            let r = old.iter().position(|&x| x == u).unwrap_or(0);
            let (wa, wb) = (old[(r + 1) % 3], old[(r + 2) % 3]);
            let (pa, pb) = (pos[wa as usize], pos[wb as usize]);
            let n_old = (pa - pos[u as usize]).cross(&(pb - pos[u as usize]));
            let n_new = (pa - pv).cross(&(pb - pv));
            let new_len = n_new.norm();
            if new_len == 0.0 || n_old.dot(&n_new) < 0.0 {
                return false;
            }
            let input = self.limits.face_normal[self.s.origin[f as usize] as usize];
            if input.dot(&n_new) < self.limits.tilt_cos * new_len {
                return false;
            }
            if quality(&pv, &pa, &pb) < floor {
                return false;
            }
            // The moved triangle must not duplicate one already at v.
            let duplicate = self.vertex_faces[v as usize].iter().any(|&g| {
                let t = self.s.faces[g as usize];
                !self.shared.contains(&g) && t.contains(&wa) && t.contains(&wb)
            });
            if duplicate {
                return false;
            }
        }
        true
    }
}

/// The number of values two sorted, deduplicated lists share.
fn count_common(a: &[u32], b: &[u32]) -> usize {
    let (mut i, mut j, mut n) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                n += 1;
                i += 1;
                j += 1;
            }
        }
    }
    n
}
