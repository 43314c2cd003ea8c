//! The two clarabel forms of the wrench-distribution QP (see the parent module).

use nalgebra::{DMatrix, Matrix6, Vector6};

use crate::contact::Contact;
use crate::contact_cone::{CONTACT_FACES, WrenchFaces};
use crate::distribution::DistributionWeights;

/// The QP in clarabel's form `min ½ uᵀ P u` s.t. `A u + s = b`, `s ∈ {0}⁶ × R₊^m`, as CSC data
/// with a pattern that depends only on the problem structure.
#[derive(Clone)]
pub(super) struct QpData {
    pub(super) pressure_rows: Vec<bool>,
    pub(super) rows: usize,
    /// Number of leading equality rows (zero cone).
    pub(super) equalities: usize,
    pub(super) p_colptr: Vec<usize>,
    pub(super) p_rowval: Vec<usize>,
    pub(super) p_values: Vec<f64>,
    pub(super) q: Vec<f64>,
    /// For the eliminated form: the last contact's local wrench is `offset − Σ B_i u_i`.
    pub(super) eliminated: Option<(Vector6<f64>, Vec<Matrix6<f64>>)>,
    pub(super) a_colptr: Vec<usize>,
    pub(super) a_rowval: Vec<usize>,
    pub(super) a_values: Vec<f64>,
    pub(super) b: Vec<f64>,
}

impl QpData {
    pub(super) fn new(
        contacts: &[Contact],
        supporting: &[usize],
        maps: &[Matrix6<f64>],
        unit_target: &Vector6<f64>,
        scale: f64,
        weights: &DistributionWeights,
    ) -> Self {
        // Row layout: 6 equality rows, then per contact its 16 faces and optional pressure row.
        let (pressure_rows, first_row, rows) = row_layout(contacts, supporting, 6);
        let mut b = vec![0.0; rows];
        b[..6].copy_from_slice(unit_target.as_slice());
        let diagonal = weights.local_cost_diagonal();
        let mut p_diagonal = Vec::with_capacity(6 * supporting.len());
        let mut a_colptr = Vec::with_capacity(6 * supporting.len() + 1);
        let mut a_rowval = Vec::new();
        let mut a_values = Vec::new();
        a_colptr.push(0);
        for (block, &index) in supporting.iter().enumerate() {
            let contact = &contacts[index];
            let faces = contact.local_wrench_inequalities();
            for column in 0..6 {
                p_diagonal.push(diagonal[column]);
                for row in 0..6 {
                    a_rowval.push(row);
                    a_values.push(maps[block][(row, column)]);
                }
                let rows = ContactRows {
                    contact,
                    faces: &faces,
                    first: first_row[block],
                };
                rows.push_column(column, scale, &mut a_rowval, &mut a_values, &mut b);
                a_colptr.push(a_rowval.len());
            }
        }
        let n = p_diagonal.len();
        Self {
            pressure_rows,
            rows,
            equalities: 6,
            p_colptr: (0..=n).collect(),
            p_rowval: (0..n).collect(),
            p_values: p_diagonal,
            q: vec![0.0; n],
            eliminated: None,
            a_colptr,
            a_rowval,
            a_values,
            b,
        }
    }

    /// The same QP with the sum constraint eliminated: the last contact's local wrench is
    /// `u_k = M_k⁻¹ t − Σ_{i<k} M_k⁻¹ M_i u_i`, so only `6 (k − 1)` variables and no equality
    /// remain; the last contact's faces become dense rows and the cost a dense matrix.
    pub(super) fn eliminated(
        contacts: &[Contact],
        supporting: &[usize],
        maps: &[Matrix6<f64>],
        unit_target: &Vector6<f64>,
        scale: f64,
        weights: &DistributionWeights,
    ) -> Option<Self> {
        let k = supporting.len();
        let free = 6 * (k - 1);
        let last_inverse = maps[k - 1].try_inverse()?;
        let offset = last_inverse * unit_target;
        let couplings: Vec<Matrix6<f64>> = maps[..k - 1].iter().map(|m| last_inverse * m).collect();
        let (pressure_rows, first_row, rows) = row_layout(contacts, supporting, 0);
        let d = weights.local_cost_diagonal();
        // Dense cost: blockdiag(D) + Bᵀ D B, linear term −Bᵀ D offset.
        let mut hessian = DMatrix::zeros(free, free);
        let mut q = vec![0.0; free];
        for (i, bi) in couplings.iter().enumerate() {
            for j in 0..6 {
                hessian[(6 * i + j, 6 * i + j)] += d[j];
            }
            let dbi = Matrix6::from_diagonal(&d) * bi;
            for (jb, bj) in couplings.iter().enumerate() {
                let block = bj.transpose() * dbi;
                let mut view = hessian.view_mut((6 * jb, 6 * i), (6, 6));
                view += block;
            }
            let lin = -(bi.transpose() * d.component_mul(&offset));
            q[6 * i..6 * i + 6].copy_from_slice(lin.as_slice());
        }
        let mut p_colptr = vec![0];
        let mut p_rowval = Vec::new();
        let mut p_values = Vec::new();
        for c in 0..free {
            for r in 0..=c {
                p_rowval.push(r);
                p_values.push(0.5 * (hessian[(r, c)] + hessian[(c, r)]));
            }
            p_colptr.push(p_rowval.len());
        }
        let mut b = vec![0.0; rows];
        let last = &contacts[supporting[k - 1]];
        let last_faces = last.local_wrench_inequalities();
        // Last contact: F (offset − Σ B_i u_i) <= 0  ->  −F B_i u_i ... <= −F offset.
        let f_offset = last_faces * offset;
        for face in 0..CONTACT_FACES {
            b[first_row[k - 1] + face] = -f_offset[face];
        }
        if let Some(limit) = last.max_pressure() {
            b[first_row[k - 1] + CONTACT_FACES] = limit / scale - offset[2];
        }
        let mut a_colptr = vec![0];
        let mut a_rowval = Vec::new();
        let mut a_values = Vec::new();
        for (block, &index) in supporting[..k - 1].iter().enumerate() {
            let contact = &contacts[index];
            let faces = contact.local_wrench_inequalities();
            let dense = -(last_faces * couplings[block]);
            for column in 0..6 {
                let rows = ContactRows {
                    contact,
                    faces: &faces,
                    first: first_row[block],
                };
                rows.push_column(column, scale, &mut a_rowval, &mut a_values, &mut b);
                for face in 0..CONTACT_FACES {
                    a_rowval.push(first_row[k - 1] + face);
                    a_values.push(dense[(face, column)]);
                }
                if pressure_rows[k - 1] {
                    a_rowval.push(first_row[k - 1] + CONTACT_FACES);
                    a_values.push(-couplings[block][(2, column)]);
                }
                a_colptr.push(a_rowval.len());
            }
        }
        Some(Self {
            pressure_rows,
            rows,
            equalities: 0,
            p_colptr,
            p_rowval,
            p_values,
            q,
            eliminated: Some((offset, couplings)),
            a_colptr,
            a_rowval,
            a_values,
            b,
        })
    }

    /// The local wrenches of all supporting contacts from the solver's variables.
    pub(super) fn local_wrenches(&self, x: &[f64], count: usize) -> Vec<Vector6<f64>> {
        match &self.eliminated {
            None => (0..count)
                .map(|i| Vector6::from_fn(|r, _| x[6 * i + r]))
                .collect(),
            Some((offset, couplings)) => {
                let mut local: Vec<Vector6<f64>> = (0..count - 1)
                    .map(|i| Vector6::from_fn(|r, _| x[6 * i + r]))
                    .collect();
                let last = couplings
                    .iter()
                    .zip(&local)
                    .fold(*offset, |acc, (b, u)| acc - b * u);
                local.push(last);
                local
            }
        }
    }
}

impl QpData {
    /// The same QP keeping the equality rows and only the inequality rows marked in `keep`
    /// (indexed like the full rows).
    pub(super) fn restricted(&self, keep: &[bool]) -> QpData {
        let mut new_index = vec![usize::MAX; self.rows];
        let mut rows = 0;
        for (r, index) in new_index.iter_mut().enumerate() {
            if r < self.equalities || keep[r] {
                *index = rows;
                rows += 1;
            }
        }
        let mut a_colptr = Vec::with_capacity(self.a_colptr.len());
        let mut a_rowval = Vec::with_capacity(self.a_rowval.len());
        let mut a_values = Vec::with_capacity(self.a_values.len());
        a_colptr.push(0);
        for c in 0..self.a_colptr.len() - 1 {
            for k in self.a_colptr[c]..self.a_colptr[c + 1] {
                let r = new_index[self.a_rowval[k]];
                if r != usize::MAX {
                    a_rowval.push(r);
                    a_values.push(self.a_values[k]);
                }
            }
            a_colptr.push(a_rowval.len());
        }
        let b = (0..self.rows)
            .filter(|&r| new_index[r] != usize::MAX)
            .map(|r| self.b[r])
            .collect();
        QpData {
            pressure_rows: self.pressure_rows.clone(),
            rows,
            equalities: self.equalities,
            p_colptr: self.p_colptr.clone(),
            p_rowval: self.p_rowval.clone(),
            p_values: self.p_values.clone(),
            q: self.q.clone(),
            eliminated: self.eliminated.clone(),
            a_colptr,
            a_rowval,
            a_values,
            b,
        }
    }

    /// The same QP in the step `δ = x − x0`, with the cost multiplied by `objective_scale`: rows
    /// `A δ <= b − A x0`; the cost keeps its quadratic part, and its linear part is the gradient
    /// at `x0` (taken as zero with sum rows, where the gradient of the sum-constrained optimum is
    /// orthogonal to every feasible step).
    pub(super) fn shifted(&self, x0: &[f64], objective_scale: f64) -> QpData {
        let mut shifted = self.clone();
        shifted.b = self.slacks(x0);
        if self.equalities > 0 {
            shifted.q.fill(0.0);
        } else {
            // q + P x0 with P stored as its upper triangle.
            for c in 0..x0.len() {
                for k in self.p_colptr[c]..self.p_colptr[c + 1] {
                    let r = self.p_rowval[k];
                    shifted.q[r] += self.p_values[k] * x0[c];
                    if r != c {
                        shifted.q[c] += self.p_values[k] * x0[r];
                    }
                }
            }
        }
        for v in shifted.p_values.iter_mut().chain(shifted.q.iter_mut()) {
            *v *= objective_scale;
        }
        shifted
    }

    /// The slack `b − A x` of every row.
    pub(super) fn slacks(&self, x: &[f64]) -> Vec<f64> {
        let mut slack = self.b.clone();
        for (c, &value) in x.iter().enumerate() {
            for k in self.a_colptr[c]..self.a_colptr[c + 1] {
                slack[self.a_rowval[k]] -= self.a_values[k] * value;
            }
        }
        slack
    }

    /// The solver variables describing the local wrenches `local` (all contacts, in order).
    pub(super) fn variables(&self, local: &[Vector6<f64>]) -> Vec<f64> {
        let blocks = if self.eliminated.is_some() {
            local.len().saturating_sub(1)
        } else {
            local.len()
        };
        local[..blocks]
            .iter()
            .flat_map(|u| u.iter().copied())
            .collect()
    }
}

/// The inequality rows' layout after `start` leading rows: per supporting contact, whether it
/// has a pressure row and its first row (its 16 faces, then the pressure row); and the total
/// number of rows.
fn row_layout(
    contacts: &[Contact],
    supporting: &[usize],
    start: usize,
) -> (Vec<bool>, Vec<usize>, usize) {
    let pressure_rows: Vec<bool> = supporting
        .iter()
        .map(|&i| contacts[i].max_pressure().is_some())
        .collect();
    let mut first_row = Vec::with_capacity(supporting.len());
    let mut rows = start;
    for &has_pressure in &pressure_rows {
        first_row.push(rows);
        rows += CONTACT_FACES + usize::from(has_pressure);
    }
    (pressure_rows, first_row, rows)
}

/// A contact's own inequality rows on its own local wrench: its faces and its pressure limit.
struct ContactRows<'a> {
    contact: &'a Contact,
    faces: &'a WrenchFaces,
    /// The first of its rows.
    first: usize,
}

impl ContactRows<'_> {
    /// Appends the entries of column `column` (a local wrench component) of these rows to
    /// CSC data, and in the normal-force column writes the pressure limit (scaled by `scale`)
    /// into `b`. The faces' zero pattern depends only on the column, never on the (positive)
    /// sizes and friction, so the pattern is fixed.
    fn push_column(
        &self,
        column: usize,
        scale: f64,
        a_rowval: &mut Vec<usize>,
        a_values: &mut Vec<f64>,
        b: &mut [f64],
    ) {
        for face in 0..CONTACT_FACES {
            let value = self.faces[(face, column)];
            if value != 0.0 {
                a_rowval.push(self.first + face);
                a_values.push(value);
            }
        }
        if column == 2
            && let Some(limit) = self.contact.max_pressure()
        {
            a_rowval.push(self.first + CONTACT_FACES);
            a_values.push(1.0);
            b[self.first + CONTACT_FACES] = limit / scale;
        }
    }
}
