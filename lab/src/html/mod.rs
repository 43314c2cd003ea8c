//! Offline HTML views of drawings: one self-contained page per [`Drawing`], with the vendored
//! three.js, the drawing's glb (base64) and its legend inside, so that it opens from `file://`
//! with nothing fetched.
//!
//! The page (`lab/assets/viewer/view.html` and `view.js`) orbits and zooms (OrbitControls),
//! draws a grid on the floor (the xy plane: Morsel is z up), frames the camera on the model's
//! bounding box, shows a legend (the drawing's [`LegendEntry`](crate::gltf::LegendEntry) list,
//! or the glb's materials when that is empty), and, when the glb has animations, a play/pause
//! button and a time slider. three.js is vendored in `lab/assets/viewer/three.bundle.js`
//! (version and command in `lab/assets/viewer/VENDORED.md`).

mod page;

use std::path::Path;

use crate::error::LabError;
use crate::gltf::{self, Drawing};

pub use page::{note_page, page};

/// The extension of HTML views, for messages.
pub const EXTENSION: &str = ".html";

/// True when `path` names an HTML view (`.html` or `.htm`, case-insensitive).
pub fn is_html_path(path: &str) -> bool {
    Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"))
}

/// The HTML view of `drawing`: its glb (as [`gltf::encode`] writes it) in the page. `name` is
/// the file name as the user gave it (for the page's title and for errors).
pub fn encode(name: &str, drawing: &Drawing) -> Result<Vec<u8>, LabError> {
    if !is_html_path(name) {
        return Err(LabError::Save {
            path: name.to_string(),
            reason: format!("an HTML view needs the extension {EXTENSION}"),
        });
    }
    // The glb is encoded under a `.glb` name; its errors are reported under the user's name.
    let glb = gltf::encode("view.glb", drawing).map_err(|error| match error {
        LabError::Save { reason, .. } => LabError::Save {
            path: name.to_string(),
            reason,
        },
        other => other,
    })?;
    Ok(page(&drawing.name, &drawing.legend, &glb).into_bytes())
}

/// The HTML view of `drawing` for a notebook cell (`_repr_html_`, `morsel.view`): as
/// [`encode`], except that a drawing with nothing to draw (an empty scene, a simulation
/// without robots) gives a page that says so instead of an error, since showing an empty
/// object is not a mistake. Saving one (`save("x.html", ...)`) stays an error.
pub fn view(name: &str, drawing: &Drawing) -> Result<Vec<u8>, LabError> {
    match drawing.nothing_to_draw() {
        Some(why) => Ok(note_page(&drawing.name, &why).into_bytes()),
        None => encode(name, drawing),
    }
}
