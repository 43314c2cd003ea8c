//! A per-tick wrench distributor with its log: what both front ends' `wrench_distributor(stance)`
//! runs on every tick (pymanoid's `StanceWrenchDistributor` plus a stability check and a table).
//!
//! Each tick takes the stance as it is now (the front end re-reads robots, moves bound
//! contacts), distributes the wrench needed for the CoM acceleration (zero, a fixed vector, or
//! the CoM's second difference over the last three timed ticks) with the solver memory of the
//! previous ticks, re-checks static stability (Bretl's polygon, the CoM's margin) and records
//! the tick as a [`TickRecord`] and a row of [`COLUMNS`].

use morsel_stability::{PolygonMethod, Stance, WrenchDistribution, WrenchDistributor};
use nalgebra::{Point3, Vector3};

use crate::error::{LabError, Result};
use crate::simulation::ProcessNotice;

/// Where the CoM acceleration of a tick comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ComAcceleration {
    /// The same vector every tick (m/s^2).
    Fixed(Vector3<f64>),
    /// The second difference of the CoM over the last three timed ticks (zero before).
    Estimated,
}

/// The numeric columns of [`DistributorLog::table`], in order.
pub const COLUMNS: [&str; 12] = [
    "time",
    "tick",
    "com_x",
    "com_y",
    "com_z",
    "acc_x",
    "acc_y",
    "acc_z",
    "margin",
    "inside",
    "solved",
    "normal_force_total",
];

/// What one tick found.
#[derive(Clone, Debug)]
pub struct TickRecord {
    /// The tick's number, from 1.
    pub tick: u64,
    /// The simulation time (s), `None` for a tick driven by hand.
    pub time: Option<f64>,
    /// The distribution (status, wrenches).
    pub distribution: WrenchDistribution,
    /// The CoM (world).
    pub com: Point3<f64>,
    /// The CoM acceleration used (m/s^2).
    pub com_acceleration: Vector3<f64>,
    /// The link of each contact wrench, in the distribution's order.
    pub links: Vec<Option<String>>,
    /// The normal force of each contact wrench (N).
    pub normal_forces: Vec<f64>,
    /// The CoM's signed distance to the polygon's edges (m, > 0 inside); `None` without a
    /// bounded polygon or when the check is off.
    pub margin: Option<f64>,
    /// Whether the CoM is inside the polygon.
    pub inside: bool,
    /// The polygon's area (m^2; 0 when unbounded or unchecked).
    pub polygon_area: f64,
}

impl TickRecord {
    /// The row of [`COLUMNS`] (NaN time for hand-driven ticks, NaN margin without a polygon).
    pub fn row(&self) -> [f64; COLUMNS.len()] {
        let (c, a) = (self.com, self.com_acceleration);
        [
            self.time.unwrap_or(f64::NAN),
            self.tick as f64,
            c.x,
            c.y,
            c.z,
            a.x,
            a.y,
            a.z,
            self.margin.unwrap_or(f64::NAN),
            f64::from(u8::from(self.inside)),
            f64::from(u8::from(self.distribution.is_solved())),
            self.normal_forces.iter().sum(),
        ]
    }
}

/// A wrench distributor over a stance, its configuration and the log of its ticks.
#[derive(Clone, Debug)]
pub struct DistributorLog {
    inner: WrenchDistributor,
    acceleration: ComAcceleration,
    check_polygon: bool,
    records: Vec<TickRecord>,
    /// The last (up to) three timed CoM samples, oldest first.
    history: Vec<(f64, Point3<f64>)>,
    /// Stability of the previous tick: (CoM inside, distribution solved).
    previous: Option<(bool, bool)>,
}

/// The second derivative at the middle of three timed samples (m/s^2).
pub fn second_difference(h: &[(f64, Point3<f64>)]) -> Option<Vector3<f64>> {
    let [(t0, c0), (t1, c1), (t2, c2)] = h else {
        return None;
    };
    let (d1, d2, span) = (t1 - t0, t2 - t1, t2 - t0);
    if d1 <= 0.0 || d2 <= 0.0 {
        return None;
    }
    Some(((c2 - c1) / d2 - (c1 - c0) / d1) * (2.0 / span))
}

impl DistributorLog {
    /// A distributor over `stance`; `check_polygon` re-computes the polygon every tick.
    pub fn new(stance: Stance, acceleration: ComAcceleration, check_polygon: bool) -> Self {
        Self {
            inner: WrenchDistributor::new(stance),
            acceleration,
            check_polygon,
            records: Vec::new(),
            history: Vec::new(),
            previous: None,
        }
    }

    /// Distributes over another stance from the next tick on: the solver memory restarts, the
    /// records go on.
    pub fn set_stance(&mut self, stance: Stance) {
        self.inner = WrenchDistributor::new(stance);
    }

    /// The stance of the last tick (or the one given).
    pub fn stance(&self) -> &Stance {
        self.inner.stance()
    }

    /// The records, one per tick.
    pub fn records(&self) -> &[TickRecord] {
        &self.records
    }

    /// The number of ticks so far.
    pub fn ticks(&self) -> u64 {
        self.records.len() as u64
    }

    /// The last tick's distribution.
    pub fn last(&self) -> Option<&WrenchDistribution> {
        self.records.last().map(|r| &r.distribution)
    }

    /// The table: one row of [`COLUMNS`] per tick.
    pub fn table(&self) -> Vec<[f64; COLUMNS.len()]> {
        self.records.iter().map(TickRecord::row).collect()
    }

    /// One tick on `fresh`, the stance as it is now (its contacts in the same order as the
    /// distributor's), at simulation `time` (`None` when driven by hand), with an `explicit`
    /// CoM acceleration or the configured one. Returns the record and the stability changes
    /// since the previous tick (CoM left or re-entered the polygon, distribution failed or
    /// solved again).
    pub fn step(
        &mut self,
        fresh: &Stance,
        time: Option<f64>,
        explicit: Option<Vector3<f64>>,
    ) -> Result<(&TickRecord, Vec<ProcessNotice>)> {
        {
            let target = self.inner.stance_mut();
            target.set_mass(fresh.mass())?;
            target.set_gravity(fresh.gravity())?;
            for (i, c) in fresh.contacts().contacts().iter().enumerate() {
                target.contacts_mut().contact_mut(i)?.set_pose(*c.pose())?;
            }
        }
        let com = fresh.com();
        if let Some(t) = time {
            self.history.push((t, com));
            if self.history.len() > 3 {
                self.history.remove(0);
            }
        }
        let acceleration = match (explicit, self.acceleration) {
            (Some(a), _) | (None, ComAcceleration::Fixed(a)) => a,
            (None, ComAcceleration::Estimated) if time.is_none() => {
                return Err(LabError::Distributor {
                    reason: "a distributor made with com_acceleration: \"estimated\" needs a simulation tick (sim.add(d)) or an explicit acceleration step(d, [ax, ay, az])".into(),
                });
            }
            (None, ComAcceleration::Estimated) => {
                second_difference(&self.history).unwrap_or_else(Vector3::zeros)
            }
        };
        let (margin, polygon_area) = if self.check_polygon {
            let polygon = fresh.static_equilibrium_polygon(PolygonMethod::Bretl)?;
            match polygon.polygon() {
                Some(p) => (Some(p.signed_distance([com.x, com.y])), p.area()),
                None => (None, 0.0),
            }
        } else {
            (None, 0.0)
        };
        let distribution = self.inner.step(&com, &acceleration)?.clone();
        let solved = distribution.is_solved();
        let inside = margin.is_some_and(|m| m >= 0.0);

        let mut notices = Vec::new();
        let (was_inside, was_solved) = self.previous.unwrap_or((true, true));
        let at = format!("CoM [{:.4}, {:.4}]", com.x, com.y);
        if self.check_polygon && was_inside && !inside {
            let how = margin.map_or("the polygon is not bounded".to_string(), |m| {
                format!("margin {m:.4} m")
            });
            notices.push((
                "stability",
                format!("{at} left the support polygon ({how})"),
            ));
        } else if self.check_polygon && !was_inside && inside {
            notices.push((
                "stability",
                format!("{at} is back inside the support polygon"),
            ));
        }
        if was_solved && !solved {
            let reason = distribution.status.reason().unwrap_or_default();
            notices.push(("stability", format!("wrench distribution failed: {reason}")));
        } else if !was_solved && solved {
            notices.push(("stability", "wrench distribution solved again".to_string()));
        }
        self.previous = Some((inside, solved));

        let record = TickRecord {
            tick: self.ticks() + 1,
            time,
            links: distribution
                .wrenches
                .iter()
                .map(|w| w.link.clone())
                .collect(),
            normal_forces: distribution
                .wrenches
                .iter()
                .map(|w| w.normal_force)
                .collect(),
            distribution,
            com,
            com_acceleration: acceleration,
            margin,
            inside,
            polygon_area,
        };
        self.records.push(record);
        let last = self.records.last().ok_or_else(|| LabError::Distributor {
            reason: "a tick was not recorded".into(),
        })?;
        Ok((last, notices))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use morsel_stability::{Contact, ContactSet};

    #[test]
    fn second_difference_of_a_parabola_is_its_curvature() {
        // c(t) = (t^2, -3 t^2 / 2, 0): acceleration (2, -3, 0), uneven steps.
        let c = |t: f64| Point3::new(t * t, -1.5 * t * t, 0.0);
        let h = [(0.1, c(0.1)), (0.25, c(0.25)), (0.3, c(0.3))];
        let a = second_difference(&h).expect("three samples");
        assert!((a - Vector3::new(2.0, -3.0, 0.0)).norm() < 1e-9, "{a}");
        assert!(second_difference(&h[..2]).is_none());
        assert!(second_difference(&[h[0], h[0], h[1]]).is_none());
    }

    fn two_feet(com: Point3<f64>) -> Stance {
        let left =
            Contact::from_pos_rpy([0.1, 0.05], [0.0, 0.15, 0.0], [0.0; 3], 0.7).expect("valid");
        let right =
            Contact::from_pos_rpy([0.1, 0.05], [0.0, -0.15, 0.0], [0.0; 3], 0.7).expect("valid");
        Stance::new(
            com,
            10.0,
            ContactSet::new(vec![left, right]).expect("valid"),
        )
        .expect("valid")
    }

    #[test]
    fn a_tick_holds_the_weight_and_logs_a_row() {
        let st = two_feet(Point3::new(0.0, 0.0, 0.8));
        let mut log =
            DistributorLog::new(st.clone(), ComAcceleration::Fixed(Vector3::zeros()), true);
        let (r, notices) = log.step(&st, None, None).expect("valid");
        assert!(notices.is_empty());
        assert!(r.distribution.is_solved());
        // m g shared by two symmetric feet; the margin is the distance to the nearer edge
        // (the feet span x in [-0.1, 0.1]).
        assert!((r.normal_forces.iter().sum::<f64>() - 98.1).abs() < 1e-6);
        assert!(
            (r.margin.expect("valid") - 0.1).abs() < 1e-6,
            "{:?}",
            r.margin
        );
        let row = log.table()[0];
        assert!(row[0].is_nan());
        assert_eq!(row[1], 1.0);
        assert_eq!(row[9], 1.0);
    }

    #[test]
    fn leaving_the_polygon_is_a_notice_and_estimated_needs_a_time() {
        let st = two_feet(Point3::new(0.0, 0.0, 0.8));
        let mut log = DistributorLog::new(st, ComAcceleration::Estimated, true);
        assert!(
            log.step(&two_feet(Point3::new(0.0, 0.0, 0.8)), None, None)
                .is_err()
        );
        let (_, n) = log
            .step(&two_feet(Point3::new(0.5, 0.0, 0.8)), Some(0.1), None)
            .expect("valid");
        assert!(
            n.iter()
                .any(|(_, m)| m.contains("left the support polygon")),
            "{n:?}"
        );
    }
}
