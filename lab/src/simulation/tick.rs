//! Processes that the simulation ticks after its armatures (see [`super::Simulation::add_process`]).

/// A notice that a [`TickProcess`] raises during a step: a kind and a detail.
pub type ProcessNotice = (&'static str, String);

/// A process that runs once per step after the armatures (a wrench distributor, a sensor).
///
/// It lives in the layer that owns it (the bindings) and reaches the robots through its own
/// shared handles; the simulation only calls it in order, holding its own lock, so a tick must
/// not call back into the simulation.
pub trait TickProcess: std::fmt::Debug + Send + Sync {
    /// A short label for events and errors (`wrench_distributor`, ...).
    fn label(&self) -> String;
    /// The address of the shared object: two handles of one process have the same identity,
    /// so a process is added once.
    fn identity(&self) -> usize;
    /// Runs once for the step that ended at `time` (s) with step `dt` (s); returns notices
    /// (for instance `("stability", "CoM left the polygon")`) or what went wrong.
    fn tick(&self, time: f64, dt: f64) -> Result<Vec<ProcessNotice>, String>;
}
