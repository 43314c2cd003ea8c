//! Recorders: one row per simulation step, sampled from a robot.

use std::sync::{Arc, Mutex};

use morsel_kinematics::ArmaturePoseSensor;

use super::{Robot, SimResult, lock};
use crate::LabError;
use crate::Value;
use crate::save::{self, Format};

/// What a recorder samples.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordKind {
    /// The armature pose sensor: every joint's value.
    Pose,
    /// A link's or frame's scene position (x, y, z).
    Frame(String),
}

impl RecordKind {
    /// The script API's `what`: `"pose"` for the pose sensor, otherwise a link or frame name.
    pub fn from_what(what: &str) -> Self {
        if what == "pose" {
            RecordKind::Pose
        } else {
            RecordKind::Frame(what.to_string())
        }
    }
}

#[derive(Debug)]
struct RecorderState {
    robot: Robot,
    kind: RecordKind,
    columns: Vec<String>,
    rows: Vec<Vec<f64>>,
}

/// A shared recorder: one row per simulation step, the time first.
#[derive(Clone, Debug)]
pub struct Recorder(Arc<Mutex<RecorderState>>);

impl Recorder {
    /// A recorder of `kind` on `robot`; checks a frame name at once.
    pub fn new(robot: Robot, kind: RecordKind) -> SimResult<Self> {
        let mut columns = vec!["time".to_string()];
        match &kind {
            RecordKind::Pose => columns.extend(robot.with(|a| Ok(a.get_joints()))?),
            RecordKind::Frame(frame) => {
                robot.model()?.frame_id(frame)?;
                columns.extend(["x", "y", "z"].map(|c| format!("{frame}.{c}")));
            }
        }
        Ok(Recorder(Arc::new(Mutex::new(RecorderState {
            robot,
            kind,
            columns,
            rows: Vec::new(),
        }))))
    }

    /// Samples the robot now, stamping the row with `time`.
    pub fn sample(&self, time: f64) -> SimResult<()> {
        let mut r = lock(&self.0, "recorder")?;
        let mut row = vec![time];
        match &r.kind {
            RecordKind::Pose => {
                let pose = r.robot.with(|a| Ok(ArmaturePoseSensor::read(a)))?;
                row.extend(pose.joints.iter().map(|(_, v)| *v));
            }
            RecordKind::Frame(frame) => {
                let frame = frame.clone();
                let p = r.robot.with(|a| a.frame_pose(frame.as_str()))?;
                row.extend(p.translation.vector.iter().copied());
            }
        }
        r.rows.push(row);
        Ok(())
    }

    /// The recording encoded for `save(recorder, name)` by `name`'s extension: `.csv` has the
    /// columns in recording order (time first) under a header, `.npy` the rows as an
    /// (n, columns) array, `.json` a map {column: values}.
    pub fn encode(&self, name: &str) -> Result<Vec<u8>, LabError> {
        let (columns, rows) = self.table().map_err(|e| LabError::Save {
            path: name.to_string(),
            reason: e.to_string(),
        })?;
        match Format::from_path(name)? {
            Format::Npy => {
                let value = Value::List(
                    rows.iter()
                        .map(|r| Value::floats(r.iter().copied()))
                        .collect(),
                );
                save::encode(name, &value)
            }
            Format::Csv | Format::Json => save::encode_table(name, &columns, &rows),
        }
    }

    /// Column names (`time` first) and the rows recorded so far.
    pub fn table(&self) -> SimResult<(Vec<String>, Vec<Vec<f64>>)> {
        let r = lock(&self.0, "recorder")?;
        Ok((r.columns.clone(), r.rows.clone()))
    }
}

#[cfg(test)]
mod tests {
    use morsel_kinematics::ChainBuilder;

    use super::*;

    #[test]
    fn a_recording_encodes_by_extension() {
        let builder = ChainBuilder::new("a").revolute("j", [0.0, 0.0, 1.0], [0.0; 3], [-1.0, 1.0]);
        let robot = Robot::building(builder).expect("robot");
        let rec = Recorder::new(robot.clone(), RecordKind::from_what("pose")).expect("recorder");
        rec.sample(0.0).expect("sample");
        robot.with(|a| a.set_rotation("j", 0.25)).expect("set");
        rec.sample(0.5).expect("sample");
        let csv = String::from_utf8(rec.encode("r.csv").expect("csv")).expect("utf8");
        assert_eq!(csv, "time,j\n0.0,0.0\n0.5,0.25\n");
        let json = String::from_utf8(rec.encode("r.json").expect("json")).expect("utf8");
        let parsed: serde_json::Value = serde_json::from_str(&json).expect("parse");
        assert_eq!(parsed["j"], serde_json::json!([0.0, 0.25]));
        let npy = rec.encode("r.npy").expect("npy");
        assert!(npy.starts_with(b"\x93NUMPY"));
        assert!(rec.encode("r.txt").is_err());
        assert_eq!(
            RecordKind::from_what("tool"),
            RecordKind::Frame("tool".to_string())
        );
    }
}
