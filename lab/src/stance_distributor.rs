//! The wrench distributor as both front ends hold it: a [`LiveStance`] and its
//! [`DistributorLog`] behind one shared lock, ticked by hand or by a simulation
//! ([`TickProcess`]).
//!
//! Every tick rebuilds the stance from the robot's current state (bound contacts follow their
//! links, a robot CoM is recomputed) and hands it to the log.

use std::sync::{Arc, Mutex, MutexGuard};

use nalgebra::Vector3;

use crate::distributor::{ComAcceleration, DistributorLog, TickRecord};
use crate::error::{LabError, Result, message_with_sources};
use crate::live_stance::LiveStance;
use crate::simulation::{ProcessNotice, TickProcess};

#[derive(Debug)]
struct State {
    stance: LiveStance,
    log: DistributorLog,
}

/// A shared wrench distributor over a live stance; clones share one state.
#[derive(Clone, Debug)]
pub struct StanceDistributor(Arc<Mutex<State>>);

impl StanceDistributor {
    /// A distributor over `stance` (built now to check it).
    pub fn new(
        mut stance: LiveStance,
        acceleration: ComAcceleration,
        check_polygon: bool,
    ) -> Result<Self> {
        let log = DistributorLog::new(stance.build()?, acceleration, check_polygon);
        Ok(Self(Arc::new(Mutex::new(State { stance, log }))))
    }

    fn lock(&self) -> Result<MutexGuard<'_, State>> {
        self.0.lock().map_err(|_| LabError::Distributor {
            reason: "this wrench distributor was left broken by an earlier failure; rebuild it"
                .into(),
        })
    }

    /// One tick at simulation `time` (`None` when driven by hand) with an `explicit` CoM
    /// acceleration or the configured one: the record and the stability notices.
    pub fn step(
        &self,
        time: Option<f64>,
        explicit: Option<Vector3<f64>>,
    ) -> Result<(TickRecord, Vec<ProcessNotice>)> {
        let mut guard = self.lock()?;
        let s = &mut *guard;
        let fresh = s.stance.build()?;
        let (record, notices) = s.log.step(&fresh, time, explicit)?;
        Ok((record.clone(), notices))
    }

    /// Distributes over another stance from the next tick on (a foot lifted): the solver
    /// memory restarts, the records go on.
    pub fn set_stance(&self, mut stance: LiveStance) -> Result<()> {
        let built = stance.build()?;
        let mut s = self.lock()?;
        s.stance = stance;
        s.log.set_stance(built);
        Ok(())
    }

    /// Runs `f` on the log (records, table, last distribution).
    pub fn with_log<T>(&self, f: impl FnOnce(&DistributorLog) -> T) -> Result<T> {
        Ok(f(&self.lock()?.log))
    }
}

impl TickProcess for StanceDistributor {
    fn label(&self) -> String {
        "wrench_distributor".into()
    }

    fn identity(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
    }

    fn tick(&self, time: f64, _dt: f64) -> std::result::Result<Vec<ProcessNotice>, String> {
        self.step(Some(time), None)
            .map(|(_, n)| n)
            .map_err(|e| message_with_sources(&e))
    }
}
