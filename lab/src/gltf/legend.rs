//! The legend of a drawing: what each colour means. Written into the glTF scene's `extras`
//! (`{"legend": [{"label": ..., "colour": [r, g, b, a]}, ...]}`) so that any viewer can show it.

use serde::Serialize;

/// One line of a legend: a label and the colour it explains (RGBA, linear, 0..1).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LegendEntry {
    /// What the colour shows ("force arrows (0.1 m = 5 N)", ...).
    pub label: String,
    /// The colour, as in the materials and vertex colours of the file.
    pub colour: [f32; 4],
}

impl LegendEntry {
    /// An entry of `label` and `colour`.
    pub fn new(label: impl Into<String>, colour: [f32; 4]) -> Self {
        LegendEntry {
            label: label.into(),
            colour,
        }
    }
}

/// The JSON of a legend as the scene's `extras`: `{"legend": [...]}`.
pub fn extras_json(legend: &[LegendEntry]) -> Result<String, String> {
    serde_json::to_string(&serde_json::json!({ "legend": legend }))
        .map_err(|e| format!("cannot encode the legend: {e}"))
}
