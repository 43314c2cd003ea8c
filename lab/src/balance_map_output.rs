//! A balance map as plain data and as files: `save(path, map)` writes `.npy` and `.csv` as the
//! rows `[coordinates..., margin]` (as the joint-space maps' rows), `.json` as
//! [`balance_map_value`]; the front ends only resolve the path.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use morsel_stability::StaticPolygon;

use crate::balance_map::BalanceMap;
use crate::error::LabError;
use crate::save::{self, Format};
use crate::value::Value;

/// A margin as JSON can hold it: the number, or `"inf"` / `"-inf"` / `"nan"`.
fn margin_value(x: f64) -> Value {
    if x.is_finite() {
        Value::Float(x)
    } else if x.is_nan() {
        Value::Str("nan".into())
    } else if x > 0.0 {
        Value::Str("inf".into())
    } else {
        Value::Str("-inf".into())
    }
}

/// `#{status, vertices, area, reason}` of a polygon result.
pub fn polygon_value(polygon: &StaticPolygon) -> Value {
    let mut m = BTreeMap::new();
    m.insert("status".into(), Value::Str(polygon.status().into()));
    m.insert(
        "vertices".into(),
        Value::List(
            polygon
                .vertices()
                .iter()
                .map(|v| Value::floats(*v))
                .collect(),
        ),
    );
    m.insert(
        "area".into(),
        Value::Float(polygon.polygon().map_or(0.0, |p| p.area())),
    );
    m.insert(
        "reason".into(),
        polygon
            .reason()
            .map_or(Value::Unit, |r| Value::Str(r.to_owned())),
    );
    Value::Map(m)
}

/// The map as plain data: `#{kind, unit, columns, steps, points, values, coms, polygon,
/// region}`; non-finite margins (and the unknown CoMs of a shard's stand-in) are the strings
/// `"inf"`, `"-inf"`, `"nan"`.
pub fn balance_map_value(map: &BalanceMap) -> Value {
    let width = map.columns.len().max(1);
    let mut m = BTreeMap::new();
    m.insert("kind".into(), Value::Str(map.kind.name().into()));
    m.insert("unit".into(), Value::Str(map.kind.unit().into()));
    m.insert(
        "columns".into(),
        Value::List(map.columns.iter().cloned().map(Value::Str).collect()),
    );
    m.insert(
        "steps".into(),
        map.steps.as_ref().map_or(Value::Unit, |s| {
            Value::List(s.iter().map(|&n| Value::Int(n as i64)).collect())
        }),
    );
    m.insert(
        "points".into(),
        Value::List(
            map.coordinates
                .chunks(width)
                .map(|row| Value::floats(row.iter().copied()))
                .collect(),
        ),
    );
    m.insert(
        "values".into(),
        Value::List(map.values.iter().map(|&x| margin_value(x)).collect()),
    );
    m.insert(
        "coms".into(),
        Value::List(
            map.coms
                .iter()
                .map(|c| Value::List(c.iter().map(|&x| margin_value(x)).collect()))
                .collect(),
        ),
    );
    m.insert("polygon".into(), polygon_value(&map.polygon));
    m.insert(
        "region".into(),
        map.region.as_ref().map_or(Value::Unit, polygon_value),
    );
    Value::Map(m)
}

/// The bytes `save(name, map)` writes, by `name`'s extension.
pub fn encode_balance_map(name: &str, map: &BalanceMap) -> Result<Vec<u8>, LabError> {
    let value = match Format::from_path(name)? {
        Format::Npy | Format::Csv => {
            Value::List(map.rows().into_iter().map(Value::floats).collect())
        }
        Format::Json => balance_map_value(map),
    };
    save::encode(name, &value)
}

/// Writes `save(name, map)`'s bytes to `target` (the resolved path of `name`).
pub fn save_balance_map(name: &str, target: &Path, map: &BalanceMap) -> Result<PathBuf, LabError> {
    let bytes = encode_balance_map(name, map)?;
    std::fs::write(target, bytes).map_err(LabError::io("cannot write", target))?;
    Ok(target.to_path_buf())
}
