//! MuJoCo's contact forces: decoding a contact's force from MuJoCo's constraint forces
//! (`efc_force`), as `mj_contactForce` does, so that a whole batch of contacts can be read at
//! once.

use crate::contact::MAX_FORCE;
use crate::error::{Result, SensingError};

/// MuJoCo's friction cone (`mjModel.opt.cone`), which decides how `efc_force` holds a
/// contact's force.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MujocoCone {
    /// `mjCONE_PYRAMIDAL` (0): `2 (dim - 1)` edge forces per contact (one for `dim = 1`).
    Pyramidal,
    /// `mjCONE_ELLIPTIC` (1): `dim` values per contact, the force in the contact frame.
    Elliptic,
}

/// The force of one MuJoCo contact in its contact frame, `[normal, tangent 1, tangent 2]`
/// (torsional and rolling parts dropped), as `mj_contactForce` returns it: the force that geom
/// 1 exerts on geom 2.
///
/// `address` is the contact's `efc_address` (negative: the contact is not in the constraint
/// set and has no force), `dim` its `dim` (1, 3, 4 or 6) and `friction` its five friction
/// coefficients (used by the pyramidal cone: MuJoCo's `mju_decodePyramid`). Errors: an
/// unknown `dim`, too few friction values, rows beyond `efc`, and a decoded force that is not
/// finite or has a component beyond [`MAX_FORCE`] (NaN or `1e300` in `efc_force`, or
/// pyramid edges and friction whose products are that large), as [`Contact`](crate::Contact)
/// refuses.
pub fn mujoco_contact_force(
    cone: MujocoCone,
    efc: &[f64],
    address: i64,
    dim: usize,
    friction: &[f64],
) -> Result<[f64; 3]> {
    let invalid = |reason: String| SensingError::InvalidContact { index: 0, reason };
    if !matches!(dim, 1 | 3 | 4 | 6) {
        return Err(invalid(format!(
            "MuJoCo contact dimension must be 1, 3, 4 or 6, got {dim}"
        )));
    }
    let Ok(start) = usize::try_from(address) else {
        return Ok([0.0; 3]);
    };
    let rows = match (cone, dim) {
        (_, 1) => 1,
        (MujocoCone::Elliptic, _) => dim,
        (MujocoCone::Pyramidal, _) => 2 * (dim - 1),
    };
    let values = efc.get(start..start.saturating_add(rows)).ok_or_else(|| {
        invalid(format!(
            "efc_address {address} with {rows} rows is beyond efc_force ({} values)",
            efc.len()
        ))
    })?;
    let force = match (cone, dim) {
        (_, 1) => [values[0], 0.0, 0.0],
        (MujocoCone::Elliptic, _) => [values[0], values[1], values[2]],
        (MujocoCone::Pyramidal, _) => {
            if friction.len() < 2 {
                return Err(invalid(format!(
                    "a pyramidal contact needs its friction coefficients, got {}",
                    friction.len()
                )));
            }
            // Edge pairs (2i, 2i+1) are f_n ± mu_i f_i: f_n is the sum of all edges.
            let normal = values.iter().sum();
            [
                normal,
                (values[0] - values[1]) * friction[0],
                (values[2] - values[3]) * friction[1],
            ]
        }
    };
    if force.iter().all(|f| f.abs() <= MAX_FORCE) {
        return Ok(force);
    }
    let (kind, problem) = if force.iter().all(|f| f.is_finite()) {
        (
            "",
            format!(", which has a component beyond MAX_FORCE = {MAX_FORCE:e} N"),
        )
    } else {
        ("non-finite ", String::new())
    };
    let from = match cone {
        MujocoCone::Pyramidal if dim > 1 => format!(
            "the pyramid's edge forces {values:?} in efc_force[{start}..] and friction {:?}",
            &friction[..2]
        ),
        _ => format!("efc_force[{start}..] = {values:?}"),
    };
    Err(invalid(format!(
        "{from} decode to the {kind}force {force:?} (normal, tangent 1, tangent 2){problem}"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elliptic_values_are_the_contact_frame_force() {
        let efc = [9.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
        let f = mujoco_contact_force(MujocoCone::Elliptic, &efc, 1, 3, &[1.0; 5]).unwrap();
        assert_eq!(f, [1.0, 2.0, 3.0]);
        let f = mujoco_contact_force(MujocoCone::Elliptic, &efc, 1, 6, &[1.0; 5]).unwrap();
        assert_eq!(f, [1.0, 2.0, 3.0]);
        let f = mujoco_contact_force(MujocoCone::Elliptic, &efc, 6, 1, &[]).unwrap();
        assert_eq!(f, [6.0, 0.0, 0.0]);
    }

    #[test]
    fn pyramid_edges_decode_to_normal_and_friction() {
        // A normal force n with tangential forces t1, t2 on edges f_n ± f_t / mu, split evenly:
        // edge pair i carries (n/(2k) ± t_i/(2 mu_i)) with k = dim - 1 pairs.
        let (n, t1, t2, mu1, mu2) = (8.0, 1.5, -0.5, 0.5, 0.25);
        let k = 2.0;
        let edges = [
            n / (2.0 * k) + t1 / (2.0 * mu1),
            n / (2.0 * k) - t1 / (2.0 * mu1),
            n / (2.0 * k) + t2 / (2.0 * mu2),
            n / (2.0 * k) - t2 / (2.0 * mu2),
        ];
        let f = mujoco_contact_force(
            MujocoCone::Pyramidal,
            &edges,
            0,
            3,
            &[mu1, mu2, 0.0, 0.0, 0.0],
        )
        .unwrap();
        for (got, want) in f.iter().zip([n, t1, t2]) {
            assert!((got - want).abs() < 1e-12, "{f:?}");
        }
    }

    #[test]
    fn inactive_and_malformed_contacts() {
        let efc = [1.0, 2.0, 3.0];
        assert_eq!(
            mujoco_contact_force(MujocoCone::Elliptic, &efc, -1, 3, &[]).unwrap(),
            [0.0; 3]
        );
        assert!(mujoco_contact_force(MujocoCone::Elliptic, &efc, 1, 3, &[]).is_err());
        assert!(mujoco_contact_force(MujocoCone::Elliptic, &efc, 0, 2, &[]).is_err());
        assert!(mujoco_contact_force(MujocoCone::Pyramidal, &[1.0; 4], 0, 3, &[0.5]).is_err());
    }
}
