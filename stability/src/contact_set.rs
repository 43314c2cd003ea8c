//! A set of contacts: stacked grasp matrix, net wrench span and net wrench cone.

use nalgebra::{DMatrix, Point3};

use crate::contact::Contact;
use crate::contact_cone::CONTACT_SPAN_COLUMNS;
use crate::double_description::{DdFailure, extreme_rays};
use crate::error::StabilityError;
use crate::transport::grasp_matrix;

/// Two unit face normals closer than this are the same face.
const FACE_MERGE_DISTANCE: f64 = 1e-9;

/// An ordered, non-empty set of contacts.
///
/// The order matters: stacked matrices place the contacts' blocks side by side in this order, and
/// distribution results list the contacts in this order.
#[derive(Debug, Clone, PartialEq)]
pub struct ContactSet {
    contacts: Vec<Contact>,
}

impl ContactSet {
    /// A contact set; errors when `contacts` is empty.
    pub fn new(contacts: Vec<Contact>) -> Result<Self, StabilityError> {
        if contacts.is_empty() {
            return Err(StabilityError::EmptyContactSet);
        }
        Ok(Self { contacts })
    }

    /// The contacts, in order.
    pub fn contacts(&self) -> &[Contact] {
        &self.contacts
    }

    /// Number of contacts.
    pub fn len(&self) -> usize {
        self.contacts.len()
    }

    /// Always `false`: a contact set holds at least one contact.
    pub fn is_empty(&self) -> bool {
        self.contacts.is_empty()
    }

    /// The contact at `index`.
    pub fn contact(&self, index: usize) -> Result<&Contact, StabilityError> {
        let len = self.contacts.len();
        self.contacts
            .get(index)
            .ok_or(StabilityError::ContactIndexOutOfRange { index, len })
    }

    /// Mutable access to the contact at `index` (to move it, or to set or unset its wrench).
    pub fn contact_mut(&mut self, index: usize) -> Result<&mut Contact, StabilityError> {
        let len = self.contacts.len();
        self.contacts
            .get_mut(index)
            .ok_or(StabilityError::ContactIndexOutOfRange { index, len })
    }

    /// Adds a contact at the end of the set.
    pub fn push(&mut self, contact: Contact) {
        self.contacts.push(contact);
    }

    /// Indices of the supporting (not managed) contacts, in order.
    pub fn supporting_indices(&self) -> Vec<usize> {
        (0..self.contacts.len())
            .filter(|&i| !self.contacts[i].is_managed())
            .collect()
    }

    /// Grasp matrix (6 × 6n) of all contacts at `point`: `w_P = G [w_1; …; w_n]`, each `w_i` taken
    /// at its contact point in the world frame.
    pub fn grasp_matrix(&self, point: &Point3<f64>) -> Result<DMatrix<f64>, StabilityError> {
        crate::limits::point("point", point)?;
        let mut g = DMatrix::zeros(6, 6 * self.contacts.len());
        for (i, contact) in self.contacts.iter().enumerate() {
            g.view_mut((0, 6 * i), (6, 6))
                .copy_from(&grasp_matrix(&contact.position(), point));
        }
        Ok(g)
    }

    /// Span matrix (6 × 16n) of the net contact wrench cone at `point` (world frame): every
    /// achievable net contact wrench at `point` is `S λ` with `λ >= 0`. The contacts' spans are
    /// placed side by side in the set's order. Managed contacts are included (the span is a
    /// property of the contact geometry).
    pub fn wrench_span(&self, point: &Point3<f64>) -> Result<DMatrix<f64>, StabilityError> {
        crate::limits::point("point", point)?;
        let mut span = DMatrix::zeros(6, CONTACT_SPAN_COLUMNS * self.contacts.len());
        for (i, contact) in self.contacts.iter().enumerate() {
            span.view_mut((0, CONTACT_SPAN_COLUMNS * i), (6, CONTACT_SPAN_COLUMNS))
                .copy_from(&contact.span_at(point));
        }
        Ok(span)
    }

    /// Generators of the net wrench cone at `point`, one `[f; τ]` array per span column.
    pub(crate) fn span_columns(&self, point: &Point3<f64>) -> Vec<[f64; 6]> {
        let mut columns = Vec::with_capacity(CONTACT_SPAN_COLUMNS * self.contacts.len());
        for contact in &self.contacts {
            let span = contact.span_at(point);
            for column in span.column_iter() {
                columns.push([
                    column[0], column[1], column[2], column[3], column[4], column[5],
                ]);
            }
        }
        columns
    }

    /// Face matrix `F` (m × 6) of the net contact wrench cone at `point` (world frame): the net
    /// contact wrench `w_P` is achievable iff `F w_P <= 0`.
    ///
    /// Computed from [`ContactSet::wrench_span`] by a double-description conversion. Each row has
    /// unit 2-norm and no two rows are the same face.
    pub fn wrench_inequalities(&self, point: &Point3<f64>) -> Result<DMatrix<f64>, StabilityError> {
        crate::limits::point("point", point)?;
        let faces = self.faces_at(point)?;
        Ok(DMatrix::from_fn(faces.len(), 6, |i, j| faces[i][j]))
    }

    /// Unit face normals of the net wrench cone at `point`, de-duplicated.
    pub(crate) fn faces_at(&self, point: &Point3<f64>) -> Result<Vec<[f64; 6]>, StabilityError> {
        Ok(dedup_unit_rows(self.raw_faces_at(point)?))
    }

    /// Unit face normals of the net wrench cone at `point`, straight from the double description.
    pub(crate) fn raw_faces_at(
        &self,
        point: &Point3<f64>,
    ) -> Result<Vec<[f64; 6]>, StabilityError> {
        let generators = self.span_columns(point);
        let faces = extreme_rays(&generators).map_err(|failure| match failure {
            DdFailure::NotPointed { rank } => StabilityError::Numerical {
                what: "net wrench cone (double description)",
                reason: format!(
                    "the span has rank {rank} < 6, which valid contacts cannot produce"
                ),
            },
            DdFailure::TooManyConstraints { count } => StabilityError::Numerical {
                what: "net wrench cone (double description)",
                reason: format!(
                    "{count} span columns are more than the 4096 supported (256 contacts)"
                ),
            },
        })?;
        Ok(faces)
    }

    /// The largest distance from `point` to a contact's vertex (> 0 for valid contacts).
    pub(crate) fn extent_about(&self, point: &Point3<f64>) -> f64 {
        self.contacts
            .iter()
            .flat_map(|c| c.vertices())
            .map(|v| (v - point).norm())
            .fold(0.0, f64::max)
    }

    /// This set seen in units of `length` from `origin` (see [`Contact::normalised`]).
    pub(crate) fn normalised(&self, origin: &Point3<f64>, length: f64) -> Self {
        Self {
            contacts: self
                .contacts
                .iter()
                .map(|c| c.normalised(origin, length))
                .collect(),
        }
    }

    /// Mean of the contact points, used as a well-conditioned reference point.
    pub(crate) fn centroid(&self) -> Point3<f64> {
        let sum = self
            .contacts
            .iter()
            .fold(nalgebra::Vector3::zeros(), |acc, c| {
                acc + c.position().coords
            });
        Point3::from(sum / self.contacts.len() as f64)
    }
}

/// Removes rows within [`FACE_MERGE_DISTANCE`] of another kept row (rows are unit vectors);
/// the survivors keep their order.
fn dedup_unit_rows<const D: usize>(rows: Vec<[f64; D]>) -> Vec<[f64; D]> {
    let close = |a: &[f64; D], b: &[f64; D]| {
        a.iter()
            .zip(b)
            .map(|(x, y)| (x - y) * (x - y))
            .sum::<f64>()
            .sqrt()
            < FACE_MERGE_DISTANCE
    };
    // Sort by the first coordinate so that only a small window needs comparing.
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| rows[a][0].total_cmp(&rows[b][0]).then(a.cmp(&b)));
    let mut keep = vec![true; rows.len()];
    for (position, &i) in order.iter().enumerate() {
        for &j in order[..position].iter().rev() {
            if rows[i][0] - rows[j][0] >= FACE_MERGE_DISTANCE {
                break;
            }
            if keep[j] && close(&rows[i], &rows[j]) {
                keep[i] = false;
                break;
            }
        }
    }
    rows.into_iter()
        .zip(keep)
        .filter_map(|(row, k)| k.then_some(row))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_duplicate_rows_are_merged_in_order() {
        let rows = vec![
            [1.0, 0.0],
            [0.0, 1.0],
            [1.0, 1e-12],
            [0.6, 0.8],
            [0.0, 1.0 - 1e-13],
        ];
        assert_eq!(
            dedup_unit_rows(rows),
            vec![[1.0, 0.0], [0.0, 1.0], [0.6, 0.8]]
        );
    }

    #[test]
    fn empty_sets_and_bad_indices_are_errors() {
        assert_eq!(
            ContactSet::new(vec![]),
            Err(StabilityError::EmptyContactSet)
        );
        let c = Contact::from_pos_rpy([0.1, 0.1], [0.0; 3], [0.0; 3], 0.5).unwrap();
        let mut set = ContactSet::new(vec![c]).unwrap();
        assert!(matches!(
            set.contact(1),
            Err(StabilityError::ContactIndexOutOfRange { index: 1, len: 1 })
        ));
        assert!(set.contact_mut(0).is_ok());
        let nan = Point3::new(f64::NAN, 0.0, 0.0);
        assert!(matches!(
            set.grasp_matrix(&nan),
            Err(StabilityError::NonFinite { .. })
        ));
        assert!(matches!(
            set.wrench_span(&nan),
            Err(StabilityError::NonFinite { .. })
        ));
        assert!(matches!(
            set.wrench_inequalities(&nan),
            Err(StabilityError::NonFinite { .. })
        ));
    }
}
