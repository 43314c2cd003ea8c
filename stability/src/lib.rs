#![doc = include_str!("../README.md")]

pub mod balance_map;
pub mod contact;
pub mod contact_cone;
pub mod contact_set;
pub mod distribution;
pub mod distributor;
mod double_description;
pub mod error;
pub mod limits;
mod lp;
pub mod plot;
pub mod polygon;
pub mod robustness;
pub mod stance;
pub mod transport;
pub mod wrench_qp;

pub use nalgebra;

#[doc(inline)]
pub use balance_map::{BalanceMargins, ComGrid, GridAxis, MarginKind};
#[doc(inline)]
pub use contact::Contact;
#[doc(inline)]
pub use contact_cone::{WrenchFaces, WrenchSpan};
#[doc(inline)]
pub use contact_set::ContactSet;
#[doc(inline)]
pub use distribution::{
    ContactWrench, DistributionStatus, DistributionWeights, WrenchDistribution,
};
#[doc(inline)]
pub use distributor::WrenchDistributor;
#[doc(inline)]
pub use error::StabilityError;
#[doc(inline)]
pub use polygon::{AccelerationCone, ConvexPolygon, PolygonMethod, StaticPolygon, TorqueMap};
#[doc(inline)]
pub use robustness::{RobustnessLp, RobustnessOptions, equilibrium_robustness};
#[doc(inline)]
pub use stance::{STANDARD_GRAVITY, Stance};
#[doc(inline)]
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
