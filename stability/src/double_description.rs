//! The double-description method (Motzkin et al., 1953; Fukuda and Prodon, 1996) for pointed
//! polyhedral cones in a fixed small dimension.
//!
//! [`extreme_rays`] takes the H-representation `{x : a_k · x <= 0 for all k}` and returns the
//! extreme rays of that cone. By polarity, feeding it the generators `s_k` of a cone gives the
//! faces `h` of `cone(s_k)` (`h · s <= 0` on the cone), which is how the net contact wrench cone
//! is converted from span to face form.
//!
//! The implementation inserts one constraint at a time, keeps a zero-set bitset per ray, and
//! decides adjacency with the combinatorial test (no other ray is tight on all the constraints
//! two rays share). Rays and constraints are normalised so that one absolute tolerance applies.

/// Absolute tolerance on `a · r` (both unit vectors) below which a ray is on a constraint.
const ZERO_TOLERANCE: f64 = 1e-10;

/// Why a double-description conversion could not return the extreme rays of a pointed cone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DdFailure {
    /// The constraints have rank below the dimension: the cone contains a line.
    NotPointed {
        /// Rank of the constraint matrix.
        rank: usize,
    },
    /// More constraints than the bitsets can index (4096).
    TooManyConstraints {
        /// Number of constraints given.
        count: usize,
    },
}

/// Extreme rays (unit 2-norm) of the pointed cone `{x : a · x <= 0 for every a in constraints}`.
///
/// Rows with a zero norm are ignored. The output order is deterministic (it depends only on the
/// input). Returns an empty list when the cone is `{0}`.
pub(crate) fn extreme_rays<const D: usize>(
    constraints: &[[f64; D]],
) -> Result<Vec<[f64; D]>, DdFailure> {
    let rows: Vec<[f64; D]> = constraints.iter().filter_map(normalised).collect();
    let order = insertion_order(&rows);
    let basis = independent_rows(&rows, &order);
    if basis.len() < D {
        return Err(DdFailure::NotPointed { rank: basis.len() });
    }
    match rows.len().div_ceil(64) {
        0 | 1 => Ok(run::<D, 1>(&rows, &order, &basis)),
        2 => Ok(run::<D, 2>(&rows, &order, &basis)),
        3 | 4 => Ok(run::<D, 4>(&rows, &order, &basis)),
        5..=8 => Ok(run::<D, 8>(&rows, &order, &basis)),
        9..=16 => Ok(run::<D, 16>(&rows, &order, &basis)),
        17..=64 => Ok(run::<D, 64>(&rows, &order, &basis)),
        _ => Err(DdFailure::TooManyConstraints { count: rows.len() }),
    }
}

/// Runs the insertions with zero sets of `W` 64-bit words.
fn run<const D: usize, const W: usize>(
    rows: &[[f64; D]],
    order: &[usize],
    basis: &[usize],
) -> Vec<[f64; D]> {
    let mut state = DdState::<D, W>::new(rows.len());
    state.start_from_basis(rows, basis);
    for &k in order {
        if basis.contains(&k) {
            continue;
        }
        state.insert(&rows[k], k);
        if state.rays.is_empty() {
            break;
        }
    }
    state.rays
}

/// Scales a row to unit 2-norm; `None` for a zero (or non-finite) row.
fn normalised<const D: usize>(row: &[f64; D]) -> Option<[f64; D]> {
    let norm = row.iter().map(|v| v * v).sum::<f64>().sqrt();
    if norm > 1e-300 && norm.is_finite() {
        Some(row.map(|v| v / norm))
    } else {
        None
    }
}

/// Order in which the constraints are inserted: the rows least aligned with their mean first.
/// Those point to the outskirts of the cone and tend to be extreme, so the intermediate cones
/// reach the final one early and the later rows cut few rays. Ties keep the input order, so the
/// order (and the output) is deterministic.
fn insertion_order<const D: usize>(rows: &[[f64; D]]) -> Vec<usize> {
    let mut mean = [0.0; D];
    for row in rows {
        for (m, v) in mean.iter_mut().zip(row) {
            *m += v;
        }
    }
    let alignment = |row: &[f64; D]| row.iter().zip(&mean).map(|(a, b)| a * b).sum::<f64>();
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&i, &j| {
        alignment(&rows[i])
            .total_cmp(&alignment(&rows[j]))
            .then(i.cmp(&j))
    });
    order
}

/// The first `D` linearly independent rows met in `order` (fewer when the rank is below `D`).
fn independent_rows<const D: usize>(rows: &[[f64; D]], order: &[usize]) -> Vec<usize> {
    let mut chosen = Vec::with_capacity(D);
    let mut basis: Vec<[f64; D]> = Vec::with_capacity(D);
    for &k in order {
        let mut residual = rows[k];
        for q in &basis {
            let dot: f64 = residual.iter().zip(q).map(|(a, b)| a * b).sum();
            for (r, qv) in residual.iter_mut().zip(q) {
                *r -= dot * qv;
            }
        }
        let norm = residual.iter().map(|v| v * v).sum::<f64>().sqrt();
        if norm > 1e-6 {
            chosen.push(k);
            basis.push(residual.map(|v| v / norm));
            if chosen.len() == D {
                break;
            }
        }
    }
    chosen
}

/// Whether the bitset has at least `k` bits set (clears the lowest bits one at a time, so it
/// stops early and needs no population count).
fn has_at_least_bits<const W: usize>(bits: &[u64; W], k: usize) -> bool {
    let mut needed = k;
    for &word in bits {
        let mut w = word;
        while w != 0 {
            if needed <= 1 {
                return true;
            }
            needed -= 1;
            w &= w - 1;
        }
    }
    needed == 0
}

/// Inverse of a small dense `D × D` matrix (Gauss-Jordan elimination with partial pivoting);
/// `None` when it is singular.
fn invert_dense<const D: usize>(mut m: [[f64; D]; D]) -> Option<[[f64; D]; D]> {
    let mut inv = [[0.0; D]; D];
    for (i, row) in inv.iter_mut().enumerate() {
        row[i] = 1.0;
    }
    for col in 0..D {
        let pivot = (col..D).max_by(|&i, &j| m[i][col].abs().total_cmp(&m[j][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, pivot);
        inv.swap(col, pivot);
        let scale = 1.0 / m[col][col];
        for k in 0..D {
            m[col][k] *= scale;
            inv[col][k] *= scale;
        }
        for row in 0..D {
            if row != col {
                let factor = m[row][col];
                if factor != 0.0 {
                    for k in 0..D {
                        m[row][k] -= factor * m[col][k];
                        inv[row][k] -= factor * inv[col][k];
                    }
                }
            }
        }
    }
    Some(inv)
}

/// Rays of the current cone, their zero sets (bitsets of `W` words over constraint indices) and
/// the edges (adjacent pairs) of the cone.
///
/// Keeping the edge graph makes each insertion cost about the size of the graph: new rays come
/// only from edges that cross the new hyperplane, and only pairs of rays lying on the hyperplane
/// need an adjacency test.
struct DdState<const D: usize, const W: usize> {
    rays: Vec<[f64; D]>,
    zero_sets: Vec<[u64; W]>,
    edges: Vec<(u32, u32)>,
    // Scratch buffers reused between insertions.
    values: Vec<f64>,
    sides: Vec<i8>,
    remap: Vec<u32>,
    on_plane: Vec<u32>,
    candidates: Vec<u32>,
    touched: Vec<bool>,
    plane_edges: Vec<(u32, u32)>,
    plane_zero_sets: Vec<[u64; W]>,
    candidate_zero_sets: Vec<[u64; W]>,
    /// Whether each candidate is on exactly `D − 1` constraints (a simple ray).
    candidate_simple: Vec<bool>,
    next_rays: Vec<[f64; D]>,
    next_zero_sets: Vec<[u64; W]>,
    next_edges: Vec<(u32, u32)>,
}

impl<const D: usize, const W: usize> DdState<D, W> {
    fn new(constraint_count: usize) -> Self {
        let capacity = 4 * constraint_count;
        Self {
            rays: Vec::with_capacity(capacity),
            zero_sets: Vec::with_capacity(capacity),
            edges: Vec::with_capacity(4 * capacity),
            values: Vec::new(),
            sides: Vec::new(),
            remap: Vec::new(),
            on_plane: Vec::new(),
            candidates: Vec::new(),
            touched: Vec::new(),
            plane_edges: Vec::new(),
            plane_zero_sets: Vec::new(),
            candidate_zero_sets: Vec::new(),
            candidate_simple: Vec::new(),
            next_rays: Vec::with_capacity(capacity),
            next_zero_sets: Vec::with_capacity(capacity),
            next_edges: Vec::with_capacity(4 * capacity),
        }
    }

    /// The simplicial cone of the `D` basis rows: ray `j` is `−B⁻¹ e_j`, tight on every basis
    /// row but the `j`-th; every pair of rays is adjacent.
    fn start_from_basis(&mut self, rows: &[[f64; D]], basis: &[usize]) {
        let mut b = [[0.0; D]; D];
        for (i, &k) in basis.iter().enumerate() {
            b[i] = rows[k];
        }
        // Independent rows were checked, so the matrix is regular.
        let Some(inverse) = invert_dense(b) else {
            return;
        };
        #[allow(clippy::needless_range_loop)] // `j` indexes the basis too
        for j in 0..D {
            let column: [f64; D] = std::array::from_fn(|i| -inverse[i][j]);
            let Some(ray) = normalised(&column) else {
                continue;
            };
            let mut zeros = [0u64; W];
            for (i, &k) in basis.iter().enumerate() {
                if i != j {
                    zeros[k / 64] |= 1 << (k % 64);
                }
            }
            self.rays.push(ray);
            self.zero_sets.push(zeros);
        }
        let n = self.rays.len() as u32;
        for a in 0..n {
            for b in a + 1..n {
                self.edges.push((a, b));
            }
        }
    }

    /// Intersects the current cone with `{x : row · x <= 0}` (constraint index `index`).
    fn insert(&mut self, row: &[f64; D], index: usize) {
        let (word, bit) = (index / 64, 1u64 << (index % 64));
        self.values.clear();
        self.sides.clear();
        let mut any_positive = false;
        for ray in &self.rays {
            let v: f64 = row.iter().zip(ray).map(|(a, b)| a * b).sum();
            let side = if v > ZERO_TOLERANCE {
                1
            } else if v < -ZERO_TOLERANCE {
                -1
            } else {
                0
            };
            any_positive |= side > 0;
            self.values.push(v);
            self.sides.push(side);
        }
        if !any_positive {
            // Redundant constraint: only record which rays are on it.
            for (zeros, &side) in self.zero_sets.iter_mut().zip(&self.sides) {
                if side == 0 {
                    zeros[word] |= bit;
                }
            }
            return;
        }
        self.next_rays.clear();
        self.next_zero_sets.clear();
        self.next_edges.clear();
        self.on_plane.clear();
        self.remap.clear();
        // Keep the rays on the non-violating side.
        for r in 0..self.rays.len() {
            let side = self.sides[r];
            if side > 0 {
                self.remap.push(u32::MAX);
                continue;
            }
            let id = self.next_rays.len() as u32;
            self.remap.push(id);
            self.next_rays.push(self.rays[r]);
            let mut zeros = self.zero_sets[r];
            if side == 0 {
                zeros[word] |= bit;
                self.on_plane.push(id);
            }
            self.next_zero_sets.push(zeros);
        }
        // Edges: keep those off the hyperplane, cut those that cross it. A ray on the hyperplane
        // with a violating neighbour is "touched": only touched rays and new rays can gain edges.
        self.touched.clear();
        self.touched.resize(self.next_rays.len(), false);
        self.plane_edges.clear();
        for &(u, v) in &self.edges {
            let (su, sv) = (self.sides[u as usize], self.sides[v as usize]);
            match (su, sv) {
                (0, 0) => self
                    .plane_edges
                    .push((self.remap[u as usize], self.remap[v as usize])),
                (-1, _) | (_, -1) if su <= 0 && sv <= 0 => {
                    self.next_edges
                        .push((self.remap[u as usize], self.remap[v as usize]));
                }
                (1, 0) => self.touched[self.remap[v as usize] as usize] = true,
                (0, 1) => self.touched[self.remap[u as usize] as usize] = true,
                (1, -1) | (-1, 1) => {
                    let (p, n) = if su > 0 {
                        (u as usize, v as usize)
                    } else {
                        (v as usize, u as usize)
                    };
                    let (vp, vn) = (self.values[p], self.values[n]);
                    let (rp, rn) = (&self.rays[p], &self.rays[n]);
                    let mut ray = [0.0; D];
                    for d in 0..D {
                        ray[d] = vp * rn[d] - vn * rp[d];
                    }
                    let Some(ray) = normalised(&ray) else {
                        continue;
                    };
                    let (zp, zn) = (&self.zero_sets[p], &self.zero_sets[n]);
                    let mut zeros: [u64; W] = std::array::from_fn(|k| zp[k] & zn[k]);
                    zeros[word] |= bit;
                    let id = self.next_rays.len() as u32;
                    self.next_rays.push(ray);
                    self.next_zero_sets.push(zeros);
                    self.touched.push(true);
                    self.on_plane.push(id);
                    self.next_edges.push((id, self.remap[n]));
                }
                _ => {}
            }
        }
        // Edges between two touched rays on the hyperplane are re-tested below; keep the others.
        for &(a, b) in &self.plane_edges {
            if !(self.touched[a as usize] && self.touched[b as usize]) {
                self.next_edges.push((a, b));
            }
        }
        self.candidates.clear();
        self.candidates.extend(
            self.on_plane
                .iter()
                .copied()
                .filter(|&r| self.touched[r as usize]),
        );
        // New edges lie in the hyperplane and join two candidates (new rays and touched rays).
        // Combinatorial test: no other ray on the hyperplane is tight on all their common
        // constraints (a ray off the hyperplane is not tight on it, so it cannot be).
        self.plane_zero_sets.clear();
        self.plane_zero_sets.extend(
            self.on_plane
                .iter()
                .map(|&r| self.next_zero_sets[r as usize]),
        );
        self.candidate_zero_sets.clear();
        self.candidate_zero_sets.extend(
            self.candidates
                .iter()
                .map(|&r| self.next_zero_sets[r as usize]),
        );
        self.candidate_simple.clear();
        self.candidate_simple.extend(
            self.candidate_zero_sets
                .iter()
                .map(|z| z.iter().map(|w| w.count_ones() as usize).sum::<usize>() == D - 1),
        );
        let plane = &self.plane_zero_sets;
        let candidates = &self.candidate_zero_sets;
        for (i, za) in candidates.iter().enumerate() {
            for (j, zb) in candidates.iter().enumerate().skip(i + 1) {
                let common: [u64; W] = std::array::from_fn(|k| za[k] & zb[k]);
                if !has_at_least_bits(&common, D - 2) {
                    continue;
                }
                // A simple ray (on exactly D − 1 constraints, necessarily independent since it is
                // extreme) shares with the other ray D − 2 independent constraints, which cut out
                // a 2-D face: its only extreme rays are the two, so they are adjacent.
                if self.candidate_simple[i] || self.candidate_simple[j] {
                    self.next_edges
                        .push((self.candidates[i], self.candidates[j]));
                    continue;
                }
                // `a` and `b` themselves contain `common`; any third ray blocks.
                let mut containing = 0;
                for zc in plane {
                    if zc.iter().zip(&common).all(|(z, c)| z & c == *c) {
                        containing += 1;
                        if containing > 2 {
                            break;
                        }
                    }
                }
                if containing <= 2 {
                    self.next_edges
                        .push((self.candidates[i], self.candidates[j]));
                }
            }
        }
        std::mem::swap(&mut self.rays, &mut self.next_rays);
        std::mem::swap(&mut self.zero_sets, &mut self.next_zero_sets);
        std::mem::swap(&mut self.edges, &mut self.next_edges);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dot<const D: usize>(a: &[f64; D], b: &[f64; D]) -> f64 {
        a.iter().zip(b).map(|(x, y)| x * y).sum()
    }

    #[test]
    fn the_positive_orthant_has_the_unit_vectors_as_rays() {
        // {x : -x_i <= 0}
        let rows = [[-1.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, -1.0]];
        let mut rays = extreme_rays(&rows).unwrap();
        rays.sort_by(|a, b| b.partial_cmp(a).unwrap());
        assert_eq!(
            rays,
            vec![[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
        );
    }

    #[test]
    fn a_square_pyramid_is_recovered_from_its_faces() {
        // Cone over the square [-1, 1]^2 at height 1: faces ±x - z <= 0, ±y - z <= 0.
        let rows = [
            [1.0, 0.0, -1.0],
            [-1.0, 0.0, -1.0],
            [0.0, 1.0, -1.0],
            [0.0, -1.0, -1.0],
        ];
        let rays = extreme_rays(&rows).unwrap();
        assert_eq!(rays.len(), 4);
        for r in &rays {
            let (x, y) = (r[0] / r[2], r[1] / r[2]);
            assert!((x.abs() - 1.0).abs() < 1e-12 && (y.abs() - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn redundant_and_repeated_constraints_do_not_add_rays() {
        let rows = [
            [1.0, 0.0, -1.0],
            [-1.0, 0.0, -1.0],
            [0.0, 1.0, -1.0],
            [0.0, -1.0, -1.0],
            [0.0, 0.0, -1.0],  // redundant
            [2.0, 0.0, -2.0],  // repeated
            [0.5, 0.5, -10.0], // redundant
        ];
        let rays = extreme_rays(&rows).unwrap();
        assert_eq!(rays.len(), 4);
        for r in &rays {
            assert!(rows.iter().all(|a| dot(a, r) <= 1e-12));
        }
    }

    #[test]
    fn a_cone_with_a_line_is_reported() {
        let rows = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
        assert_eq!(extreme_rays(&rows), Err(DdFailure::NotPointed { rank: 2 }));
    }

    #[test]
    fn polar_of_a_cube_cone_in_four_dimensions() {
        // Generators (±1, ±1, ±1, 1) of the cone over a cube; its faces are ±e_i - e_4 (6 of them).
        let mut generators = Vec::new();
        for s in 0..8 {
            let sign = |b: usize| if s & (1 << b) == 0 { 1.0 } else { -1.0 };
            generators.push([sign(0), sign(1), sign(2), 1.0]);
        }
        let faces = extreme_rays(&generators).unwrap();
        assert_eq!(faces.len(), 6);
        for h in &faces {
            let scale = -h[3];
            let nonzero: Vec<f64> = h[..3].iter().filter(|v| v.abs() > 1e-12).copied().collect();
            assert_eq!(nonzero.len(), 1);
            assert!((nonzero[0].abs() - scale).abs() < 1e-12);
        }
    }
}
