//! JSON and NPZ exports of a [`JointspaceModel`], for Python and other tools.
//!
//! JSON: `{"format": "morsel-jointspace-model", "version": 2, "activation": "tanh-pade-7-6",
//! "model": {...}}` where `activation` names the hidden units' function ([`activation`](super::activation):
//! the `[7/6]` Padé approximant of `tanh` on inputs clamped to ±4.97; version 1 files used
//! the library `tanh` and are refused) and the model
//! lists `joints`, `ranges`, `encoding` (per joint `"Periodic"` or `{"Scaled": {"lo", "hi"}}`),
//! either the network under `mlp` (its `layers`: `weights` row-major `outputs × inputs`, `bias`)
//! or the spline under `spline` (`cells`, `periodic`, `origin`, `scale` per joint and the
//! row-major `coefficients`), `quantity` and `offset`; numbers round-trip exactly. NPZ: for a
//! network `w<l>` (`outputs × inputs`) and `b<l>` per layer; for a spline `coefficients` (one
//! axis per joint), `cells`, `origin` and `scale`; then `ranges` (`k × 2`), `periodic` (`k`
//! booleans) and `offset` (a scalar); the joint names are in the JSON and the C header.

use std::path::Path;

use ndarray::{Array0, Array1, Array2, ArrayD, IxDyn};
use ndarray_npy::NpzWriter;
use serde::{Deserialize, Serialize};

use super::encoding::JointEncoding;
use super::{Approximator, JointspaceModel};
use crate::error::{JointspaceError, Result};

/// The JSON format tag.
pub const MODEL_FORMAT: &str = "morsel-jointspace-model";
/// The JSON format version.
pub const MODEL_VERSION: u32 = 2;
/// The name of the hidden units' function in the JSON ([`activation`](super::activation)).
pub const ACTIVATION_NAME: &str = "tanh-pade-7-6";

#[derive(Serialize, Deserialize)]
struct Document {
    format: String,
    version: u32,
    #[serde(default)]
    activation: String,
    model: JointspaceModel,
}

/// The model as JSON text.
pub fn to_json(model: &JointspaceModel) -> Result<String> {
    serde_json::to_string_pretty(&Document {
        format: MODEL_FORMAT.into(),
        version: MODEL_VERSION,
        activation: ACTIVATION_NAME.into(),
        model: model.clone(),
    })
    .map_err(|e| JointspaceError::invalid("model JSON", e.to_string()))
}

/// A model from the JSON of [`to_json`], checked like [`JointspaceModel::new`].
pub fn from_json(text: &str) -> Result<JointspaceModel> {
    let doc: Document = serde_json::from_str(text)
        .map_err(|e| JointspaceError::invalid("model JSON", e.to_string()))?;
    if doc.format != MODEL_FORMAT || doc.version != MODEL_VERSION {
        return Err(JointspaceError::invalid(
            "model JSON",
            format!(
                "format \"{}\" version {} is not {MODEL_FORMAT} version {MODEL_VERSION} (a version 1 model used another activation: fit it again)",
                doc.format, doc.version
            ),
        ));
    }
    if doc.activation != ACTIVATION_NAME {
        return Err(JointspaceError::invalid(
            "model JSON",
            format!(
                "activation \"{}\" is not \"{ACTIVATION_NAME}\"",
                doc.activation
            ),
        ));
    }
    let m = doc.model;
    let mut model = match m.approximator {
        Approximator::Network(mlp) => {
            JointspaceModel::new(m.joints, m.ranges, m.encoding, mlp, m.quantity)?
        }
        Approximator::Spline(spline) => {
            JointspaceModel::from_spline(m.joints, m.ranges, m.encoding, spline, m.quantity)?
        }
    };
    model.set_offset(m.offset)?;
    model.source = m.source;
    model.certification = m.certification;
    Ok(model)
}

/// Writes the model's weights and encoding to an `.npz` file (see the module documentation).
pub fn save_npz(model: &JointspaceModel, path: impl AsRef<Path>) -> Result<()> {
    let path = path.as_ref();
    let io = |source| JointspaceError::Io {
        path: path.to_path_buf(),
        source,
    };
    let npz = |e: ndarray_npy::WriteNpzError| JointspaceError::Io {
        path: path.to_path_buf(),
        source: std::io::Error::other(e.to_string()),
    };
    let shape = |e: ndarray::ShapeError| JointspaceError::invalid("model arrays", e.to_string());
    let file = std::fs::File::create(path).map_err(io)?;
    let mut w = NpzWriter::new(file);
    match &model.approximator {
        Approximator::Network(mlp) => {
            for (l, layer) in mlp.layers.iter().enumerate() {
                let weights =
                    Array2::from_shape_vec((layer.outputs, layer.inputs), layer.weights.clone())
                        .map_err(shape)?;
                w.add_array(format!("w{l}"), &weights).map_err(npz)?;
                w.add_array(format!("b{l}"), &Array1::from(layer.bias.clone()))
                    .map_err(npz)?;
            }
        }
        Approximator::Spline(spline) => {
            let lens: Vec<usize> = (0..spline.dim()).map(|a| spline.axis_len(a)).collect();
            let coefficients =
                ArrayD::from_shape_vec(IxDyn(&lens), spline.coefficients.clone()).map_err(shape)?;
            w.add_array("coefficients", &coefficients).map_err(npz)?;
            let cells: Array1<u64> = spline.cells.iter().map(|&c| c as u64).collect();
            w.add_array("cells", &cells).map_err(npz)?;
            w.add_array("origin", &Array1::from(spline.origin.clone()))
                .map_err(npz)?;
            w.add_array("scale", &Array1::from(spline.scale.clone()))
                .map_err(npz)?;
        }
    }
    let ranges: Vec<f64> = model.ranges.iter().flatten().copied().collect();
    let ranges = Array2::from_shape_vec((model.dim(), 2), ranges).map_err(shape)?;
    w.add_array("ranges", &ranges).map_err(npz)?;
    let periodic: Array1<bool> = model
        .encoding
        .iter()
        .map(|e| matches!(e, JointEncoding::Periodic))
        .collect();
    w.add_array("periodic", &periodic).map_err(npz)?;
    w.add_array("offset", &Array0::from_elem((), model.offset))
        .map_err(npz)?;
    w.finish().map_err(npz)?;
    Ok(())
}
