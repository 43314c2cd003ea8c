//! Batched forward kinematics: the poses of every frame for many configurations that set the
//! same few joints, written straight into one caller-owned buffer.
//!
//! What a single [`forward_kinematics`](crate::forward_kinematics) call repeats for every
//! configuration (resolving joint names, checking the whole configuration, allocating and
//! copying its results) is done once per batch here; each row then costs its joint placements
//! and the writing of its poses. The placements are computed by the same code as a single call,
//! so every pose equals the single call's bit for bit.

#[cfg(feature = "parallel")]
use rayon::prelude::*;

use crate::forward_kinematics::update_link_placements;
use crate::limits::MAX_JOINT_VALUE;
use crate::{Data, KinematicsError, Model, Result};

/// Floats written per frame: position x, y, z, then the unit quaternion w, x, y, z.
pub const POSE_FLOATS: usize = 7;

/// Rows below which a batch stays on the calling thread: starting work on another thread costs
/// about as much as this many rows of a small robot.
const ROWS_PER_TASK: usize = 256;

/// One column of a batch row: the joint it sets and where its values go in a configuration.
#[derive(Clone, Debug)]
struct Column {
    /// The joint's name, for messages.
    joint: String,
    /// First index of the joint's values in a configuration.
    idx_q: usize,
    /// Number of values (1, 4 for a ball joint, 7 for a floating joint).
    nq: usize,
    /// First column of the joint's values in a row.
    col: usize,
}

/// A plan for the forward kinematics of many configurations.
///
/// Each row of a batch holds the values of the joints named when the plan was made, in that
/// order (several values for ball and floating joints); every other joint keeps its value in
/// the base configuration, the model's
/// [`reference_configuration`](Model::reference_configuration) unless
/// [`with_base`](FkBatch::with_base) gives another. [`run`](FkBatch::run) writes, for row `i`
/// and frame `f` (indexed like [`Model::frames`]), the frame's world position and quaternion
/// `[x, y, z, w, qx, qy, qz]` at `out[(i * frames + f) * 7..][..7]`.
///
/// The joint names and the base configuration are checked once, when the plan is made; the
/// rows are checked before any pose is computed (finite values within Morsel's range, mimic
/// positions and quaternions as [`Model::check_configuration`] checks them), and the first bad
/// row is reported as [`KinematicsError::BatchRow`]. Large batches are shared out over rayon's
/// threads; the result is the same, bit for bit, whatever the number of threads.
///
/// ```
/// use morsel_kinematics::{ChainBuilder, FkBatch};
/// let model = ChainBuilder::new("arm")
///     .revolute("shoulder", [0.0, 0.0, 1.0], [0.0, 0.0, 0.3], [-3.0, 3.0])
///     .fixed("tip", [0.5, 0.0, 0.0])
///     .build()?;
/// let batch = FkBatch::new(&model, &["shoulder"])?;
/// let rows = [0.0, std::f64::consts::FRAC_PI_2];
/// let mut out = vec![0.0; batch.output_len(2)?];
/// batch.run(&rows, &mut out)?;
/// let tip = model.frame_id("tip")?.index();
/// let second_tip = &out[(model.frames().len() + tip) * 7..][..3];
/// assert!((second_tip[1] - 0.5).abs() < 1e-12);
/// # Ok::<(), morsel_kinematics::KinematicsError>(())
/// ```
#[derive(Clone, Debug)]
pub struct FkBatch<'m> {
    model: &'m Model,
    base: Vec<f64>,
    columns: Vec<Column>,
    width: usize,
    /// Whether a row can fail a check beyond its own values' range: a mimic joint follows a
    /// column, or a column holds a quaternion.
    full_row_check: bool,
}

impl<'m> FkBatch<'m> {
    /// A plan whose rows set `joint_names`, in that order.
    ///
    /// Errors: no name ([`KinematicsError::InvalidArgument`]), an unknown name ([`KinematicsError::UnknownName`]), a joint named twice or a
    /// joint without a value of its own (fixed, or mimicking another) ([`KinematicsError::BatchColumn`]).
    pub fn new<S: AsRef<str>>(model: &'m Model, joint_names: &[S]) -> Result<Self> {
        if joint_names.is_empty() {
            return Err(KinematicsError::invalid(
                "batch joints",
                "none is named; name at least one joint with a value",
            ));
        }
        let mut columns: Vec<Column> = Vec::with_capacity(joint_names.len());
        let mut width = 0;
        let mut full_row_check = false;
        for name in joint_names {
            let name = name.as_ref();
            let id = model.joint_id(name)?;
            if columns.iter().any(|c| c.joint == name) {
                return Err(KinematicsError::BatchColumn {
                    joint: name.to_owned(),
                    problem: "is named twice; each column must hold a different joint".into(),
                });
            }
            let joint = model.joint(id);
            if joint.nq() == 0 {
                let problem = match joint.mimic() {
                    Some(m) => format!(
                        "mimics \"{}\": it has no value of its own; give the joint it follows",
                        model.joint(m.joint).name()
                    ),
                    None => format!("is {}: it has no value", joint.kind().name()),
                };
                return Err(KinematicsError::BatchColumn {
                    joint: name.to_owned(),
                    problem,
                });
            }
            full_row_check |= joint.quaternion_w_index().is_some();
            full_row_check |= model
                .joints()
                .iter()
                .any(|j| j.mimic().is_some_and(|m| m.joint == id));
            columns.push(Column {
                joint: name.to_owned(),
                idx_q: joint.idx_q(),
                nq: joint.nq(),
                col: width,
            });
            width += joint.nq();
        }
        let base = model.reference_configuration().as_slice().to_vec();
        Ok(FkBatch {
            model,
            base,
            columns,
            width,
            full_row_check,
        })
    }

    /// The same plan with `base` (a whole configuration, checked as
    /// [`Model::check_configuration`] does) giving the joints that no column sets.
    pub fn with_base(mut self, base: &[f64]) -> Result<Self> {
        self.model.check_configuration(base)?;
        self.base = base.to_vec();
        Ok(self)
    }

    /// Values per row: the sum of the named joints' value counts.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Floats written per row: frames × [`POSE_FLOATS`].
    pub fn floats_per_row(&self) -> usize {
        self.model.frames().len() * POSE_FLOATS
    }

    /// The length of the output of `rows` rows, or an error when it does not fit in memory's
    /// address space.
    pub fn output_len(&self, rows: usize) -> Result<usize> {
        rows.checked_mul(self.floats_per_row()).ok_or_else(|| {
            KinematicsError::invalid(
                "batch size",
                format!(
                    "{rows} rows of {} floats cannot be addressed",
                    self.floats_per_row()
                ),
            )
        })
    }

    /// Writes the poses of every frame for each row of `rows` (row-major, [`width`](Self::width)
    /// values a row) into `out` (exactly [`output_len`](Self::output_len) floats).
    ///
    /// Errors, before anything is written: `rows` not a whole number of rows or `out` of the
    /// wrong length ([`KinematicsError::WrongLength`]); a row the model refuses
    /// ([`KinematicsError::BatchRow`], naming the first such row).
    pub fn run(&self, rows: &[f64], out: &mut [f64]) -> Result<()> {
        let n = self.row_count(rows)?;
        let expected = self.output_len(n)?;
        if out.len() != expected {
            return Err(KinematicsError::WrongLength {
                what: "batch output",
                expected,
                got: out.len(),
            });
        }
        self.check_rows(rows)?;
        let per_row = self.floats_per_row();
        if per_row == 0 || n == 0 {
            return Ok(());
        }
        let task = self.rows_per_task(n);
        if task >= n {
            self.run_rows(rows, out);
        } else {
            #[cfg(feature = "parallel")]
            out.par_chunks_mut(task * per_row)
                .zip(rows.par_chunks(task * self.width.max(1)))
                .for_each(|(out, rows)| self.run_rows(rows, out));
            #[cfg(not(feature = "parallel"))]
            self.run_rows(rows, out);
        }
        Ok(())
    }

    /// The poses of `rows`, as [`run`](Self::run) writes them, in a new vector.
    ///
    /// A batch small enough for one thread is written by appending, so the vector is never
    /// zeroed first (zeroing was about 7 % of a batch's time when profiled); a larger one is
    /// shared out over rayon's threads as [`run`](Self::run) does.
    pub fn run_to_vec(&self, rows: &[f64]) -> Result<Vec<f64>> {
        let n = self.row_count(rows)?;
        let len = self.output_len(n)?;
        if self.rows_per_task(n) < n {
            let mut out = vec![0.0; len];
            self.run(rows, &mut out)?;
            return Ok(out);
        }
        self.check_rows(rows)?;
        let mut out = Vec::with_capacity(len);
        self.for_each_row(rows, |pose| out.extend_from_slice(pose));
        Ok(out)
    }

    /// Rows per rayon task for a batch of `n` rows (`n` or more: one task).
    fn rows_per_task(&self, n: usize) -> usize {
        #[cfg(feature = "parallel")]
        let threads = rayon::current_num_threads().max(1);
        // Without the `parallel` feature every batch is one task on the caller's thread.
        #[cfg(not(feature = "parallel"))]
        let threads = 1;
        n.div_ceil(threads).max(ROWS_PER_TASK)
    }

    /// The number of rows in `rows`, refusing a length that is not a whole number of rows.
    fn row_count(&self, rows: &[f64]) -> Result<usize> {
        if !rows.len().is_multiple_of(self.width) {
            return Err(KinematicsError::WrongLength {
                what: "batch rows (a multiple of the row width)",
                expected: rows.len().next_multiple_of(self.width),
                got: rows.len(),
            });
        }
        Ok(rows.len() / self.width)
    }

    /// Checks every row in order and reports the first bad one.
    fn check_rows(&self, rows: &[f64]) -> Result<()> {
        let mut q = self.base.clone();
        for (i, row) in rows.chunks_exact(self.width).enumerate() {
            for c in &self.columns {
                for (k, &v) in row[c.col..c.col + c.nq].iter().enumerate() {
                    if !v.is_finite() {
                        return Err(self.row_error(
                            i,
                            KinematicsError::NotFinite {
                                what: format!("column {} (joint \"{}\")", c.col + k, c.joint),
                                value: v,
                            },
                        ));
                    }
                    if v.abs() > MAX_JOINT_VALUE {
                        return Err(self.row_error(
                            i,
                            KinematicsError::invalid(
                                format!("column {} (joint \"{}\")", c.col + k, c.joint),
                                format!(
                                    "{v:e} is outside ±{MAX_JOINT_VALUE:e} (Morsel's range for joint values)"
                                ),
                            ),
                        ));
                    }
                }
            }
            if self.full_row_check {
                self.fill(&mut q, row);
                self.model
                    .check_configuration(&q)
                    .map_err(|e| self.row_error(i, e))?;
            }
        }
        Ok(())
    }

    fn row_error(&self, row: usize, source: KinematicsError) -> KinematicsError {
        KinematicsError::BatchRow {
            row,
            source: Box::new(source),
        }
    }

    /// Copies a row's values into their places in configuration `q`.
    #[inline]
    fn fill(&self, q: &mut [f64], row: &[f64]) {
        for c in &self.columns {
            // One value is assigned, not copied as a slice (a `memcpy` call per column).
            if c.nq == 1 {
                q[c.idx_q] = row[c.col];
            } else {
                q[c.idx_q..c.idx_q + c.nq].copy_from_slice(&row[c.col..c.col + c.nq]);
            }
        }
    }

    /// The poses of checked `rows` into `out`, on this thread.
    fn run_rows(&self, rows: &[f64], out: &mut [f64]) {
        let mut slots = out.chunks_exact_mut(POSE_FLOATS);
        self.for_each_row(rows, |pose| {
            if let Some(slot) = slots.next() {
                slot.copy_from_slice(pose);
            }
        });
    }

    /// Calls `write` with each frame's pose `[x, y, z, w, qx, qy, qz]` for each of the checked
    /// `rows` in turn, on this thread, with one configuration and one set of link poses reused
    /// for every row.
    #[inline(always)]
    fn for_each_row(&self, rows: &[f64], mut write: impl FnMut(&[f64; POSE_FLOATS])) {
        let model = self.model;
        let links = model.links().len();
        let mut data = Data::new(model);
        let mut q = self.base.clone();
        for row in rows.chunks_exact(self.width) {
            self.fill(&mut q, row);
            update_link_placements(model, &mut data, &q);
            for pose in &data.world_from_link {
                write(&pose_floats(pose));
            }
            for frame in &model.frames()[links..] {
                let pose = data.world_from_link[frame.link().index()] * frame.link_from_frame();
                write(&pose_floats(&pose));
            }
        }
    }
}

/// A pose as `[x, y, z, w, qx, qy, qz]`.
#[inline]
fn pose_floats(pose: &nalgebra::Isometry3<f64>) -> [f64; POSE_FLOATS] {
    let t = &pose.translation.vector;
    let r = pose.rotation.quaternion();
    [t.x, t.y, t.z, r.w, r.i, r.j, r.k]
}
