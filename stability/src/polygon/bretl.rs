//! Bretl and Lall's incremental projection (2008) of the static-equilibrium polygon.
//!
//! An inner polygon (vertices found by support LPs) and an outer polygon (the supporting lines of
//! those LPs) are grown together. Each step solves one LP in the outer normal of the inner edge
//! whose gap triangle (between the edge and the two supporting lines at its ends) is largest,
//! until the total gap area is below the tolerance or every edge is proven final. Directions
//! start on the axes, so the result is deterministic.

use super::PolygonStatus;
use super::support_lp::{LpOutcome, SupportLp, SupportOracle};

/// Default stopping tolerance on the area between the inner and outer polygons, in m².
pub(crate) const AREA_GAP_TOLERANCE: f64 = 1e-12;

/// An edge is final when the LP in its normal does not move past it by more than this (metres).
const FINAL_EDGE_DISTANCE: f64 = 1e-12;

/// Safety cap on the number of LPs (a polygon of a few contacts has a few dozen vertices).
const MAX_STEPS: usize = 10_000;

/// A vertex found by a support LP, with the direction it was found in and its basis.
struct Support<B> {
    direction: [f64; 2],
    point: [f64; 2],
    basis: B,
    /// Whether the edge from this vertex to the next one is proven final.
    edge_final: bool,
}

/// Runs the projection on span columns taken at the reference point. Returns the inner polygon's
/// vertices (relative to the reference point), or the status explaining why there is no polygon.
pub(crate) fn project(
    columns: &[[f64; 6]],
    area_tolerance: f64,
) -> Result<Vec<[f64; 2]>, PolygonStatus> {
    project_lp(SupportLp::new(columns), area_tolerance)
}

/// Runs the projection on a prepared support LP (for instance one with part of the forces fixed,
/// [`SupportLp::shifted`], or the torque-limited feasible region's LP).
pub(crate) fn project_lp<L: SupportOracle>(
    mut lp: L,
    area_tolerance: f64,
) -> Result<Vec<[f64; 2]>, PolygonStatus> {
    match lp.find_feasible_basis() {
        LpOutcome::Optimal(_) => {}
        LpOutcome::Infeasible(residual) => {
            return Err(PolygonStatus::Empty {
                reason: format!(
                    "no combination of contact forces balances gravity at any CoM position \
                     (the LP of Bretl's method is infeasible, residual {residual:.3e})"
                ),
            });
        }
        LpOutcome::Unbounded | LpOutcome::IterationLimit => return Err(iteration_failure()),
    }
    let start = lp.basis();
    let mut supports: Vec<Support<L::Basis>> = Vec::with_capacity(32);
    for direction in [[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]] {
        let point = query(&mut lp, direction, &start)?;
        supports.push(Support {
            direction,
            point,
            basis: lp.basis(),
            edge_final: false,
        });
    }
    for _ in 0..MAX_STEPS {
        let n = supports.len();
        let mut total_gap = 0.0;
        let mut widest: Option<(usize, f64)> = None;
        for i in 0..n {
            if supports[i].edge_final {
                continue;
            }
            let gap = gap_area(&supports[i], &supports[(i + 1) % n]);
            if gap <= 0.0 {
                supports[i].edge_final = true;
                continue;
            }
            total_gap += gap;
            if widest.is_none_or(|(_, g)| gap > g) {
                widest = Some((i, gap));
            }
        }
        let Some((i, _)) = widest else {
            return Ok(supports.iter().map(|s| s.point).collect());
        };
        if total_gap < area_tolerance {
            return Ok(supports.iter().map(|s| s.point).collect());
        }
        let (a, b) = (supports[i].point, supports[(i + 1) % n].point);
        let edge = [b[0] - a[0], b[1] - a[1]];
        let length = edge[0].hypot(edge[1]);
        let normal = [edge[1] / length, -edge[0] / length];
        let start = supports[i].basis.clone();
        let point = query(&mut lp, normal, &start)?;
        let advance = normal[0] * (point[0] - a[0]) + normal[1] * (point[1] - a[1]);
        if advance <= FINAL_EDGE_DISTANCE {
            supports[i].edge_final = true;
        } else {
            supports.insert(
                i + 1,
                Support {
                    direction: normal,
                    point,
                    basis: lp.basis(),
                    edge_final: false,
                },
            );
        }
    }
    Err(PolygonStatus::NumericalFailure {
        reason: format!("Bretl's projection did not converge in {MAX_STEPS} steps"),
    })
}

/// Solves the support LP in `direction` from `start`.
fn query<L: SupportOracle>(
    lp: &mut L,
    direction: [f64; 2],
    start: &L::Basis,
) -> Result<[f64; 2], PolygonStatus> {
    match lp.support(direction, start) {
        LpOutcome::Optimal(point) => Ok(point),
        LpOutcome::Unbounded => Err(PolygonStatus::Unbounded {
            reason: format!(
                "the CoM can go arbitrarily far in the direction ({:.3}, {:.3}): the contacts can \
                 exert internal forces whose moment balances any lever arm",
                direction[0], direction[1]
            ),
        }),
        LpOutcome::Infeasible(_) | LpOutcome::IterationLimit => Err(iteration_failure()),
    }
}

fn iteration_failure() -> PolygonStatus {
    PolygonStatus::NumericalFailure {
        reason: "the support LP of Bretl's method hit its iteration limit".to_string(),
    }
}

/// Area of the triangle between the inner edge `a → b` and the supporting lines at `a` and `b`.
/// Zero when the edge is degenerate (one vertex optimal for every direction in between).
fn gap_area<B>(a: &Support<B>, b: &Support<B>) -> f64 {
    let (p, q) = (a.point, b.point);
    if (q[0] - p[0]).hypot(q[1] - p[1]) <= FINAL_EDGE_DISTANCE {
        return 0.0;
    }
    // Apex: d_a · x = d_a · p and d_b · x = d_b · q.
    let (da, db) = (a.direction, b.direction);
    let det = da[0] * db[1] - da[1] * db[0];
    if det.abs() < 1e-15 {
        // Parallel supporting lines (directions half a turn apart): the gap is unbounded in
        // principle; report a large gap so that the edge gets refined.
        return f64::MAX / 4.0;
    }
    let (ca, cb) = (da[0] * p[0] + da[1] * p[1], db[0] * q[0] + db[1] * q[1]);
    let apex = [
        (ca * db[1] - cb * da[1]) / det,
        (da[0] * cb - db[0] * ca) / det,
    ];
    let twice = (q[0] - p[0]) * (apex[1] - p[1]) - (q[1] - p[1]) * (apex[0] - p[0]);
    (twice / 2.0).abs()
}
