//! Balance maps: one margin (static, robust or torque-limited; see
//! [`morsel_stability::balance_map`]) over a grid of CoM positions, a list of CoM positions or
//! a list of robot configurations of a stance, computed in parallel and shardable like the
//! joint-space maps (`morsel run --shard I/N`, `--merge`, `morsel slurm`).
//!
//! Over CoM positions the stance is built once (its robot at its current configuration); the
//! polygon, region or robustness LP is made once and every position is a query of it. Over
//! configurations each configuration re-binds the stance: the robot is set to it, the bound
//! contacts move with their links, a robot CoM moves with the robot, the torque map is taken
//! there; the margin is the one at the stance's CoM at that configuration. The robot is put
//! back to its configuration afterwards.

use std::ops::Range;

use morsel_stability::balance_map::BALANCE_CHUNK;
use morsel_stability::{BalanceMargins, ComGrid, MarginKind, Stance, StaticPolygon, TorqueMap};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::bound_contact::BindingError;
use crate::error::LabError;
use crate::feasible_region::torque_map;
use crate::live_stance::LiveStance;
use crate::manifest::sha256_hex;
use crate::sharding::ScriptShards;

/// Where a balance map evaluates its margin.
#[derive(Debug, Clone, PartialEq)]
pub enum BalancePoints {
    /// A grid of CoM positions (without a z axis, at the stance's CoM height).
    Grid(ComGrid),
    /// CoM positions `[x, y, z]` (world frame).
    Coms(Vec<[f64; 3]>),
    /// Configurations of the stance's robot (model layout, `nq` values each).
    Configurations(Vec<Vec<f64>>),
}

/// What a balance map computes.
#[derive(Debug, Clone, PartialEq)]
pub struct BalanceRequest {
    /// The margin.
    pub kind: MarginKind,
    /// Where.
    pub points: BalancePoints,
    /// Effort limits replaced per velocity name (torque margin only).
    pub torque_limits: Vec<(String, f64)>,
    /// Friction-cone generators per contact vertex (robust margin only; 4 by default).
    pub generators: usize,
}

impl BalanceRequest {
    /// A request with no limit replaced and 4 generators.
    pub fn new(kind: MarginKind, points: BalancePoints) -> Self {
        Self {
            kind,
            points,
            torque_limits: Vec::new(),
            generators: 4,
        }
    }
}

/// A computed balance map.
#[derive(Debug, Clone, PartialEq)]
pub struct BalanceMap {
    /// The margin.
    pub kind: MarginKind,
    /// The names of the coordinates of each point: `x, y, z` for CoM maps, the configuration's
    /// values (velocity names when `nq == nv`, else `q[i]`) for configuration maps.
    pub columns: Vec<String>,
    /// The points' coordinates, row after row (`columns.len()` values each).
    pub coordinates: Vec<f64>,
    /// The grid's steps (`[nx, ny]` or `[nx, ny, nz]`, x slowest) for grid maps.
    pub steps: Option<Vec<usize>>,
    /// The margin at each point.
    pub values: Vec<f64>,
    /// The CoM at each point (`[x, y, z]`): the points themselves for CoM maps, the stance's
    /// CoM at each configuration for configuration maps.
    pub coms: Vec<[f64; 3]>,
    /// The static-equilibrium polygon (CoM maps; for configuration maps, at the robot's
    /// current configuration).
    pub polygon: StaticPolygon,
    /// What the distances are to for CoM maps: the polygon (static) or the feasible region
    /// (torque); `None` for robustness and configuration maps.
    pub region: Option<StaticPolygon>,
}

impl BalanceMap {
    /// Number of points.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the map has no point.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The rows `[coordinates..., margin]`, as `.npy` and `.csv` saves hold them.
    pub fn rows(&self) -> Vec<Vec<f64>> {
        let width = self.columns.len();
        self.values
            .iter()
            .enumerate()
            .map(|(i, &v)| {
                let mut row = self.coordinates[i * width..(i + 1) * width].to_vec();
                row.push(v);
                row
            })
            .collect()
    }
}

/// The margins' source, prepared once for a request.
enum Prepared {
    Coms {
        margins: Box<BalanceMargins>,
        coms: Vec<[f64; 3]>,
    },
    Configurations {
        configurations: Vec<Vec<f64>>,
    },
}

struct Plan {
    prepared: Prepared,
    columns: Vec<String>,
    coordinates: Vec<f64>,
    steps: Option<Vec<usize>>,
    polygon: StaticPolygon,
}

fn invalid(reason: String) -> LabError {
    LabError::from(morsel_stability::StabilityError::BalanceMap { reason })
}

fn plan(stance: &LiveStance, request: &BalanceRequest) -> Result<Plan, LabError> {
    let built = stance.current()?;
    let polygon = built
        .contacts()
        .static_equilibrium_polygon(morsel_stability::PolygonMethod::Bretl)?;
    let xyz = || vec!["x".to_owned(), "y".to_owned(), "z".to_owned()];
    let (coms, steps) = match &request.points {
        BalancePoints::Grid(grid) => (
            grid.points(0..grid.len(), built.com().z),
            Some(grid.steps()),
        ),
        BalancePoints::Coms(coms) => {
            if let Some(i) = coms.iter().position(|c| c.iter().any(|v| !v.is_finite())) {
                return Err(invalid(format!(
                    "CoM position {i} {:?} is not finite",
                    coms[i]
                )));
            }
            (coms.clone(), None)
        }
        BalancePoints::Configurations(configurations) => {
            let robot = crate::stance_torques::StanceRobot::of(stance)?;
            let model = &robot.model;
            for (i, q) in configurations.iter().enumerate() {
                model
                    .check_configuration(q)
                    .map_err(|e| invalid(format!("configuration {i}: {e}")))?;
            }
            let names = model.velocity_names();
            let columns = if model.nq() == names.len() {
                names
            } else {
                (0..model.nq()).map(|i| format!("q[{i}]")).collect()
            };
            return Ok(Plan {
                prepared: Prepared::Configurations {
                    configurations: configurations.clone(),
                },
                columns,
                coordinates: configurations.concat(),
                steps: None,
                polygon,
            });
        }
    };
    let margins = margins_of(&built, stance, request)?;
    Ok(Plan {
        columns: xyz(),
        coordinates: coms.iter().flatten().copied().collect(),
        prepared: Prepared::Coms {
            margins: Box::new(margins),
            coms,
        },
        steps,
        polygon,
    })
}

/// The margins of `request`'s kind for one built stance of `live`, at the robot's current
/// configuration.
fn margins_of(
    built: &Stance,
    live: &LiveStance,
    request: &BalanceRequest,
) -> Result<BalanceMargins, LabError> {
    MarginSource::at(live, request)?.margins(built)
}

/// What one configuration's margins are made from: the margin kind, with what that kind needs
/// (the generators for robust margins, the torque map at that configuration for torque ones).
enum MarginSource {
    Static,
    Robust { generators: usize },
    Torque(Box<TorqueMap>),
}

impl MarginSource {
    /// The source of `request`'s kind at `live`'s robot's current configuration.
    fn at(live: &LiveStance, request: &BalanceRequest) -> Result<Self, LabError> {
        Ok(match request.kind {
            MarginKind::Static => Self::Static,
            MarginKind::Robust => Self::Robust {
                generators: request.generators,
            },
            MarginKind::Torque => Self::Torque(Box::new(torque_map(live, &request.torque_limits)?)),
        })
    }

    /// The margins for `built`.
    fn margins(&self, built: &Stance) -> Result<BalanceMargins, LabError> {
        Ok(match self {
            Self::Static => BalanceMargins::static_margins(built)?,
            Self::Robust { generators } => BalanceMargins::robust_margins(built, *generators)?,
            Self::Torque(map) => BalanceMargins::torque_margins(built, map)?,
        })
    }
}

impl Plan {
    fn len(&self) -> usize {
        match &self.prepared {
            Prepared::Coms { coms, .. } => coms.len(),
            Prepared::Configurations { configurations } => configurations.len(),
        }
    }

    /// The margins and CoMs of the points `range` (which starts at a chunk boundary).
    fn compute(
        &self,
        stance: &LiveStance,
        request: &BalanceRequest,
        range: Range<usize>,
    ) -> Result<(Vec<f64>, Vec<[f64; 3]>), LabError> {
        match &self.prepared {
            Prepared::Coms { margins, coms } => {
                let part = &coms[range];
                Ok((margins.margins(part)?, part.to_vec()))
            }
            Prepared::Configurations { configurations } => {
                at_configurations(stance, request, &configurations[range])
            }
        }
    }

    fn finish(&self, kind: MarginKind, values: Vec<f64>, coms: Vec<[f64; 3]>) -> BalanceMap {
        let region = match &self.prepared {
            Prepared::Coms { margins, .. } => margins.region().cloned(),
            Prepared::Configurations { .. } => None,
        };
        BalanceMap {
            kind,
            columns: self.columns.clone(),
            coordinates: self.coordinates.clone(),
            steps: self.steps.clone(),
            values,
            coms,
            polygon: self.polygon.clone(),
            region,
        }
    }
}

/// Each configuration's stance (set one after the other on the shared robot), then the
/// margins in parallel; the robot's configuration is restored whatever happens.
fn at_configurations(
    stance: &LiveStance,
    request: &BalanceRequest,
    configurations: &[Vec<f64>],
) -> Result<(Vec<f64>, Vec<[f64; 3]>), LabError> {
    let robot = crate::stance_torques::StanceRobot::of(stance)?.robot;
    let (original, _) = robot
        .configuration_and_placement()
        .map_err(BindingError::from)?;
    let mut posed: Vec<(Stance, MarginSource)> = Vec::with_capacity(configurations.len());
    let mut setup = || -> Result<(), LabError> {
        for q in configurations {
            robot
                .with(|a| a.set_configuration(q))
                .map_err(BindingError::from)?;
            posed.push((stance.current()?, MarginSource::at(stance, request)?));
        }
        Ok(())
    };
    let done = setup();
    robot
        .with(|a| a.set_configuration(original.as_slice()))
        .map_err(BindingError::from)?;
    done?;
    let margins: Vec<f64> = posed
        .par_iter()
        .map(|(built, source)| -> Result<f64, LabError> {
            let com = built.com();
            let at = [com.x, com.y, com.z];
            let margins = source.margins(built)?;
            Ok(margins.margin(at)?)
        })
        .collect::<Result<_, _>>()?;
    let coms = posed
        .iter()
        .map(|(s, _)| [s.com().x, s.com().y, s.com().z])
        .collect();
    Ok((margins, coms))
}

/// The balance map of `request` on `stance`, computed whole.
pub fn balance_map(stance: &LiveStance, request: &BalanceRequest) -> Result<BalanceMap, LabError> {
    let plan = plan(stance, request)?;
    let (values, coms) = plan.compute(stance, request, 0..plan.len())?;
    Ok(plan.finish(request.kind, values, coms))
}

/// One shard of a balance map, as its workload file holds it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BalanceShard {
    /// SHA-256 of the request (kind, options, every point's coordinates).
    pub request: String,
    /// Number of points of the whole map.
    pub count: usize,
    /// The first point of this shard.
    pub start: usize,
    /// The margins' bits (exact, infinities included).
    pub values: Vec<u64>,
    /// The CoMs' bits, three per point.
    pub coms: Vec<u64>,
}

/// The points of shard `index` of `count` among `n`: whole chunks of [`BALANCE_CHUNK`].
pub fn shard_range(n: usize, index: usize, count: usize) -> Range<usize> {
    let chunks = n.div_ceil(BALANCE_CHUNK);
    let at = |i: usize| ((i as u128 * chunks as u128) / count as u128) as usize;
    (at(index) * BALANCE_CHUNK).min(n)..(at(index + 1) * BALANCE_CHUNK).min(n)
}

fn fingerprint(request: &BalanceRequest, plan: &Plan) -> String {
    let mut bytes = Vec::new();
    bytes.extend_from_slice(request.kind.name().as_bytes());
    bytes.extend_from_slice(&(request.generators as u64).to_le_bytes());
    for (name, limit) in &request.torque_limits {
        bytes.extend_from_slice(name.as_bytes());
        bytes.push(0);
        bytes.extend_from_slice(&limit.to_bits().to_le_bytes());
    }
    for column in &plan.columns {
        bytes.extend_from_slice(column.as_bytes());
        bytes.push(0);
    }
    for v in &plan.coordinates {
        bytes.extend_from_slice(&v.to_bits().to_le_bytes());
    }
    sha256_hex(&bytes)
}

/// The balance map as one sharded workload of a script run (kind `balance`): whole in a single
/// run, this shard's points (0 for the others, as the joint-space maps' stand-ins) in a shard run, assembled from every shard's file in a
/// merge run, which then equals a single run's map bit for bit.
pub fn balance_map_sharded(
    shards: &ScriptShards,
    stance: &LiveStance,
    request: &BalanceRequest,
) -> Result<BalanceMap, LabError> {
    let plan = plan(stance, request)?;
    let n = plan.len();
    let key = fingerprint(request, &plan);
    let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<u64>>();
    shards.workload(
        "balance",
        || {
            let (values, coms) = plan.compute(stance, request, 0..n)?;
            Ok(plan.finish(request.kind, values, coms))
        },
        |shard| {
            let range = shard_range(n, shard.index, shard.count);
            let (part, part_coms) = plan.compute(stance, request, range.clone())?;
            let payload = BalanceShard {
                request: key.clone(),
                count: n,
                start: range.start,
                values: bits(&part),
                coms: bits(part_coms.as_flattened()),
            };
            let mut values = vec![0.0; n];
            values[range.clone()].copy_from_slice(&part);
            // A CoM map knows every CoM; a configuration map only this shard's.
            let mut coms = match &plan.prepared {
                Prepared::Coms { coms, .. } => coms.clone(),
                Prepared::Configurations { .. } => vec![[0.0; 3]; n],
            };
            coms[range].copy_from_slice(&part_coms);
            Ok((payload, plan.finish(request.kind, values, coms)))
        },
        |parts: Vec<BalanceShard>| {
            let count = parts.len();
            let mut values = Vec::with_capacity(n);
            let mut coms = Vec::with_capacity(n);
            for (index, part) in parts.into_iter().enumerate() {
                let range = shard_range(n, index, count);
                if part.request != key || part.count != n || part.start != range.start {
                    return Err(LabError::Shard {
                        message: format!(
                            "balance map shard {index} of {count} was made by another request \
                             (other kind, options or points) than this run's"
                        ),
                    });
                }
                if part.values.len() != range.len() || part.coms.len() != 3 * range.len() {
                    return Err(LabError::Shard {
                        message: format!(
                            "balance map shard {index} of {count} holds {} margins, not {}",
                            part.values.len(),
                            range.len()
                        ),
                    });
                }
                values.extend(part.values.iter().map(|&b| f64::from_bits(b)));
                coms.extend(
                    part.coms
                        .chunks_exact(3)
                        .map(|c| [c[0], c[1], c[2]].map(f64::from_bits)),
                );
            }
            Ok(plan.finish(request.kind, values, coms))
        },
    )
}
