//! [`LegendEntry`]: what a colour means in a drawing, for the legend of its HTML view.

/// One line of a legend: a label and the colour it explains (RGBA, linear, as glTF colours).
#[derive(Debug, Clone, PartialEq)]
pub struct LegendEntry {
    /// What the colour shows (e.g. "surface", "force arrows").
    pub label: String,
    /// The colour (RGBA, linear, each in [0, 1]).
    pub colour: [f32; 4],
}
