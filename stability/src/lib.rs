//! # morsel-stability
//!
//! Contact stability for legged and humanoid robots, independent of any robot model: rectangular
//! contacts with Coulomb friction, their wrench cones in span and face form, the net wrench cone
//! of a contact set, the static-equilibrium polygon of the centre of mass (three methods that
//! agree), and the wrench-distribution QP (pymanoid's `find_supporting_wrenches`, solved by a
//! dense dual active-set method with clarabel as fallback and cross-check).
//!
//! Conventions: SI units, world frame with z up, wrenches `[force; moment]` exerted by the
//! environment on the robot. Every function that returns a wrench says at which point and in
//! which frame it is taken. Matrix layouts and orders follow pymanoid so that they can be
//! compared entry by entry.
//!
//! ```
//! use morsel_stability::{Contact, ContactSet, PolygonMethod, Stance};
//! use nalgebra::Point3;
//!
//! let left = Contact::from_pos_rpy([0.11, 0.05], [0.0, 0.15, 0.0], [0.0; 3], 0.7)?;
//! let right = Contact::from_pos_rpy([0.11, 0.05], [0.0, -0.15, 0.0], [0.0; 3], 0.7)?;
//! let stance = Stance::new(Point3::new(0.0, 0.0, 0.8), 38.0, ContactSet::new(vec![left, right])?)?;
//!
//! let polygon = stance.static_equilibrium_polygon(PolygonMethod::Bretl)?;
//! assert!(stance.is_com_inside(&polygon));
//!
//! let distribution = stance.distribute()?;
//! assert!(distribution.is_solved());
//! let total_normal: f64 = distribution.wrenches.iter().map(|w| w.normal_force).sum();
//! assert!((total_normal - 38.0 * 9.81).abs() < 1e-6);
//! # Ok::<(), morsel_stability::StabilityError>(())
//! ```

pub mod contact;
pub mod contact_cone;
pub mod contact_set;
pub mod distribution;
pub mod distributor;
mod double_description;
pub mod error;
pub mod limits;
pub mod plot;
pub mod polygon;
pub mod stance;
pub mod transport;
pub mod wrench_qp;

pub use nalgebra;

pub use contact::Contact;
pub use contact_cone::{WrenchFaces, WrenchSpan};
pub use contact_set::ContactSet;
pub use distribution::{
    ContactWrench, DistributionStatus, DistributionWeights, WrenchDistribution,
};
pub use distributor::WrenchDistributor;
pub use error::StabilityError;
pub use polygon::{ConvexPolygon, PolygonMethod, StaticPolygon};
pub use stance::{STANDARD_GRAVITY, Stance};
pub use wrench_qp::{DistributionWorkspace, QpSolver};

#[cfg(test)]
mod send_sync {
    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn public_types_are_send_and_sync() {
        assert_send_sync::<crate::Contact>();
        assert_send_sync::<crate::ContactSet>();
        assert_send_sync::<crate::Stance>();
        assert_send_sync::<crate::WrenchDistributor>();
        assert_send_sync::<crate::StaticPolygon>();
        assert_send_sync::<crate::WrenchDistribution>();
    }
}
