//! [`SampleMap`]: sampled configurations and their values.

use ndarray::{Array2, ArrayD, ArrayView1, ArrayView2, Axis, IxDyn, ShapeBuilder, Slice};
use serde::{Deserialize, Serialize};

use crate::error::{JointspaceError, Result};
use crate::options::{DistanceOptions, Measure};

/// What the values of a [`SampleMap`] are.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Quantity {
    /// Signed Cartesian distance between the pairs (m), as sampled.
    Distance(DistanceOptions),
    /// Collision check: 1 free, 0 in collision.
    Binary,
    /// Signed joint-space distance to the collision boundary (rad for revolute joints).
    JointSpaceDistance,
    /// Anything else, named (for example one component of a Jacobian).
    Other(String),
}

impl Quantity {
    /// Whether values are signed distances (plots use a diverging colour scale centred on 0).
    pub fn is_signed(&self) -> bool {
        matches!(self, Quantity::Distance(_) | Quantity::JointSpaceDistance)
    }
    /// A short label for plots.
    pub fn label(&self) -> String {
        match self {
            Quantity::Distance(_) => "distance (m)".into(),
            Quantity::Binary => "collision check (1 free, 0 colliding)".into(),
            Quantity::JointSpaceDistance => "joint-space distance".into(),
            Quantity::Other(name) => name.clone(),
        }
    }
}

impl From<Measure> for Quantity {
    fn from(m: Measure) -> Self {
        match m {
            Measure::Distance(d) => Quantity::Distance(d),
            Measure::Binary => Quantity::Binary,
        }
    }
}

/// Sampled configurations of a subspace and one value each.
///
/// `rows()` is an `n × (k + 1)` array: the `k` sampled joint values, then the value (the
/// notebook's layout). Grid maps list their cells with the first joint varying fastest and
/// also give the values as a grid-shaped array ([`grid`](Self::grid)). A configuration
/// counts as in collision when its value is `<= 0` (distances and checks alike).
#[derive(Clone, Debug, PartialEq)]
pub struct SampleMap {
    joints: Vec<String>,
    ranges: Vec<[f64; 2]>,
    rows: Array2<f64>,
    steps: Option<Vec<usize>>,
    quantity: Quantity,
    source: Option<String>,
}

/// What a map was sampled from, as [`SampleMap::source`] gives it: the robot's name, the body
/// pairs, and a digest of the reference configuration (the values of the joints that were not
/// sampled). Two maps with the same joints but different sources hold different functions.
pub fn source_label(robot: &str, pairs: &[[String; 2]], reference: &[f64]) -> String {
    use sha2::{Digest, Sha256};
    let mut hash = Sha256::new();
    for v in reference {
        hash.update(v.to_le_bytes());
    }
    let digest = hash.finalize();
    let pairs: Vec<String> = pairs.iter().map(|[a, b]| format!("({a}, {b})")).collect();
    format!(
        "robot \"{robot}\", pairs [{}], reference configuration {:02x}{:02x}{:02x}{:02x}",
        pairs.join(", "),
        digest[0],
        digest[1],
        digest[2],
        digest[3]
    )
}

impl SampleMap {
    /// A map from its parts. `steps` makes it a grid map, whose rows must then be the grid's
    /// cells in order (first joint fastest).
    pub fn new(
        joints: Vec<String>,
        ranges: Vec<[f64; 2]>,
        rows: Array2<f64>,
        steps: Option<Vec<usize>>,
        quantity: Quantity,
    ) -> Result<Self> {
        let k = joints.len();
        check_header(
            "map",
            k,
            &[("ranges", k, ranges.len()), ("row", k + 1, rows.ncols())],
        )?;
        if let Some(steps) = &steps {
            if steps.len() != k {
                return Err(JointspaceError::WrongLength {
                    what: "map grid steps".into(),
                    expected: k,
                    got: steps.len(),
                });
            }
            let cells: usize = steps.iter().product();
            if cells != rows.nrows() {
                return Err(JointspaceError::WrongLength {
                    what: "grid map rows".into(),
                    expected: cells,
                    got: rows.nrows(),
                });
            }
        }
        Ok(SampleMap {
            joints,
            ranges,
            rows,
            steps,
            quantity,
            source: None,
        })
    }

    /// The same map, recorded as sampled from `source` (see [`source_label`]).
    pub fn with_source(mut self, source: impl Into<String>) -> Self {
        self.source = Some(source.into());
        self
    }

    /// What the map was sampled from ([`source_label`]), when known: maps from a sampler or a
    /// merge of shards know it, maps built from bare rows (or read from `.npy`) do not.
    pub fn source(&self) -> Option<&str> {
        self.source.as_deref()
    }

    /// Names of the sampled joints.
    pub fn joints(&self) -> &[String] {
        &self.joints
    }
    /// Sampled range of each joint.
    pub fn ranges(&self) -> &[[f64; 2]] {
        &self.ranges
    }
    /// Number of sampled joints.
    pub fn dim(&self) -> usize {
        self.joints.len()
    }
    /// Number of samples.
    pub fn len(&self) -> usize {
        self.rows.nrows()
    }
    /// Whether the map has no sample.
    pub fn is_empty(&self) -> bool {
        self.rows.nrows() == 0
    }
    /// What the values are.
    pub fn quantity(&self) -> &Quantity {
        &self.quantity
    }
    /// The grid's steps per joint, for grid maps.
    pub fn steps(&self) -> Option<&[usize]> {
        self.steps.as_deref()
    }
    /// The rows `[q_1 .. q_k, value]` (ready for `.npy`).
    pub fn rows(&self) -> &Array2<f64> {
        &self.rows
    }
    /// The rows, consuming the map.
    pub fn into_rows(self) -> Array2<f64> {
        self.rows
    }
    /// The sampled configurations (`n × k`).
    pub fn configurations(&self) -> ArrayView2<'_, f64> {
        self.rows.slice_axis(Axis(1), Slice::from(..self.dim()))
    }
    /// The values (length `n`).
    pub fn values(&self) -> ArrayView1<'_, f64> {
        self.rows.column(self.dim())
    }
    /// Whether sample `i` is in collision (value `<= 0`).
    pub fn in_collision(&self, i: usize) -> bool {
        self.rows[[i, self.dim()]] <= 0.0
    }

    /// For grid maps, the values shaped as the grid: `grid[[i_1, .., i_k]]` is the value at
    /// the `i_1`-th value of the first joint, and so on (column-major storage, which `.npy`
    /// records so that numpy reads the same indexing). `None` for random maps.
    pub fn grid(&self) -> Option<ArrayD<f64>> {
        let steps = self.steps.as_ref()?;
        let values: Vec<f64> = self.values().to_vec();
        ArrayD::from_shape_vec(IxDyn(steps).f(), values).ok()
    }

    /// The same samples with other values (for example a Jacobian component), checked to be
    /// one per sample.
    pub fn with_values(&self, values: &[f64], quantity: Quantity) -> Result<SampleMap> {
        if values.len() != self.len() {
            return Err(JointspaceError::WrongLength {
                what: "values".into(),
                expected: self.len(),
                got: values.len(),
            });
        }
        let mut rows = self.rows.clone();
        rows.column_mut(self.dim())
            .iter_mut()
            .zip(values)
            .for_each(|(r, v)| *r = *v);
        Ok(SampleMap {
            rows,
            quantity,
            ..self.clone_header()
        })
    }

    fn clone_header(&self) -> SampleMap {
        SampleMap {
            joints: self.joints.clone(),
            ranges: self.ranges.clone(),
            rows: Array2::zeros((0, 0)),
            steps: self.steps.clone(),
            quantity: self.quantity.clone(),
            source: self.source.clone(),
        }
    }
}

/// Checks the header of a set of sampled configurations (a map or a boundary): at least one
/// joint, and each `(what, expected, got)` length as expected. Errors name `owner` (`map`,
/// `boundary`) and the part.
pub(crate) fn check_header(
    owner: &str,
    joints: usize,
    lengths: &[(&str, usize, usize)],
) -> Result<()> {
    if joints == 0 {
        return Err(JointspaceError::invalid(
            format!("{owner} joints"),
            "the list is empty; give at least one joint",
        ));
    }
    for &(what, expected, got) in lengths {
        if got != expected {
            return Err(JointspaceError::WrongLength {
                what: format!("{owner} {what}"),
                expected,
                got,
            });
        }
    }
    Ok(())
}
