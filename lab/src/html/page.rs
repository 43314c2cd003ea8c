//! The page itself: the template `view.html` with its slots filled in one pass (so that text
//! put into one slot is never read as another slot).

use base64::Engine as _;

use crate::gltf::LegendEntry;

/// The page template; slots are `{{NAME}}`.
const TEMPLATE: &str = include_str!("../../assets/viewer/view.html");
/// The page's script (reads the embedded glb and legend, draws them).
const VIEW_JS: &str = include_str!("../../assets/viewer/view.js");
/// three.js, GLTFLoader and OrbitControls as one classic script (see `vendor.sh`).
const THREE_JS: &str = include_str!("../../assets/viewer/three.bundle.js");

/// The HTML page of a glb: titled `title`, with `legend` (empty: the glb's materials) listed.
pub fn page(title: &str, legend: &[LegendEntry], glb: &[u8]) -> String {
    let glb64 = base64::engine::general_purpose::STANDARD.encode(glb);
    let data = data_json(legend);
    let generator = format!("morsel {}", env!("CARGO_PKG_VERSION"));
    let mut out = String::with_capacity(TEMPLATE.len() + THREE_JS.len() + glb64.len() + 4096);
    let mut rest = TEMPLATE;
    while let Some(start) = rest.find("{{") {
        let Some(len) = rest[start + 2..].find("}}") else {
            break;
        };
        let slot = &rest[start + 2..start + 2 + len];
        let filled = match slot {
            "TITLE" => Some(escape_html(title)),
            "GENERATOR" => Some(generator.clone()),
            "DATA" => Some(data.clone()),
            "GLB_BASE64" => Some(glb64.clone()),
            "THREE" => Some(THREE_JS.to_string()),
            "VIEW" => Some(VIEW_JS.to_string()),
            _ => None,
        };
        match filled {
            Some(text) => {
                out.push_str(&rest[..start]);
                out.push_str(&text);
            }
            // Not a slot: keep the text as it is.
            None => out.push_str(&rest[..start + 4 + len]),
        }
        rest = &rest[start + 4 + len..];
    }
    out.push_str(rest);
    out
}

/// A page without a 3D view: titled `title`, saying `note` (what a notebook shows for an
/// object with nothing to draw). Styled as the view's panels; no script.
pub fn note_page(title: &str, note: &str) -> String {
    let generator = format!("morsel {}", env!("CARGO_PKG_VERSION"));
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"generator\" content=\"{generator}\">\n<title>{title}</title>\n\
         <style>\n  html, body {{ margin: 0; height: 100%; background: #eef0f3;\n\
         \x20              font: 13px/1.4 system-ui, sans-serif; color: #222; }}\n\
         \x20 .panel {{ position: fixed; top: 10px; left: 10px; max-width: 80vw;\n\
         \x20           background: rgba(255, 255, 255, 0.88); border-radius: 6px;\n\
         \x20           padding: 8px 10px; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.18); }}\n\
         \x20 .panel h1 {{ font-size: 14px; margin: 0 0 6px; }}\n</style>\n</head>\n<body>\n\
         <div id=\"note\" class=\"panel\"><h1>{title}</h1><p>{note}</p></div>\n</body>\n</html>\n",
        title = escape_html(title),
        note = escape_html(note),
    )
}

/// The page's data as JSON that is safe inside a `<script>` element (`<` escaped).
fn data_json(legend: &[LegendEntry]) -> String {
    let entries: Vec<serde_json::Value> = legend
        .iter()
        .map(|entry| {
            // Non-finite components would not survive JSON; draw them as 0.
            let colour: Vec<f64> = entry
                .colour
                .iter()
                .map(|&c| if c.is_finite() { f64::from(c) } else { 0.0 })
                .collect();
            serde_json::json!({ "label": entry.label, "colour": colour })
        })
        .collect();
    serde_json::json!({ "legend": entries })
        .to_string()
        .replace('<', "\\u003c")
}

/// Text safe in HTML element content.
fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_filled_once_and_text_stays_inert() {
        let legend = [LegendEntry {
            label: "</script>{{GLB_BASE64}}".into(),
            colour: [1.0, 0.0, f32::NAN, 1.0],
        }];
        let html = page("a<b", &legend, b"glTF");
        assert!(html.contains("<title>a&lt;b</title>"));
        assert!(html.contains("\\u003c/script>{{GLB_BASE64}}"));
        assert!(html.contains("Z2xURg=="), "base64 of the glb");
        assert!(!html.contains("{{TITLE}}") && !html.contains("{{THREE}}"));
        assert!(html.contains("[1.0,0.0,0.0,1.0]"));
    }

    #[test]
    fn a_note_page_says_its_note_and_stays_inert() {
        let html = note_page("a<b", "\"x\" has <nothing> to draw");
        assert!(html.contains("<title>a&lt;b</title>"));
        assert!(html.contains("<p>&quot;x&quot; has &lt;nothing&gt; to draw</p>"));
        assert!(!html.contains("<script"));
    }
}
