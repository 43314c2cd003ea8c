//! The two glTF containers: `.glb` (binary: a JSON chunk and a BIN chunk) and `.gltf` (JSON
//! with the buffer embedded as a base64 `data:` URI).

use base64::Engine as _;
use gltf_json as json;
use json::validation::USize64;

use super::document::Document;

/// `glTF` in little-endian.
const GLB_MAGIC: u32 = 0x4654_6C67;
/// Chunk type `JSON`.
const CHUNK_JSON: u32 = 0x4E4F_534A;
/// Chunk type `BIN\0`.
const CHUNK_BIN: u32 = 0x004E_4942;

/// The two ways to write a glTF document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Container {
    /// `.glb`: binary glTF.
    Glb,
    /// `.gltf`: JSON, buffer embedded in base64.
    Gltf,
}

impl Container {
    /// The container named by a path's extension (case-insensitive), if it names one.
    pub fn from_path(path: &str) -> Option<Self> {
        let extension = std::path::Path::new(path)
            .extension()
            .map(|e| e.to_string_lossy().to_lowercase());
        match extension.as_deref() {
            Some("glb") => Some(Container::Glb),
            Some("gltf") => Some(Container::Gltf),
            _ => None,
        }
    }

    /// The bytes of the document in this container.
    pub fn encode(self, document: Document) -> Result<Vec<u8>, String> {
        let Document { mut root, bin } = document;
        let uri = match self {
            Container::Glb => None,
            Container::Gltf => Some(format!(
                "data:application/octet-stream;base64,{}",
                base64::engine::general_purpose::STANDARD.encode(&bin)
            )),
        };
        if !bin.is_empty() {
            root.push(json::Buffer {
                byte_length: USize64::from(bin.len()),
                name: None,
                uri,
                extensions: None,
                extras: Default::default(),
            });
        }
        let text = root
            .to_vec()
            .map_err(|e| format!("cannot encode the glTF JSON: {e}"))?;
        match self {
            Container::Gltf => Ok(text),
            Container::Glb => glb(text, bin),
        }
    }
}

/// The GLB container: a 12-byte header, the JSON chunk padded with spaces and the BIN chunk
/// padded with zeros, each to 4 bytes.
fn glb(mut text: Vec<u8>, mut bin: Vec<u8>) -> Result<Vec<u8>, String> {
    while !text.len().is_multiple_of(4) {
        text.push(b' ');
    }
    while !bin.len().is_multiple_of(4) {
        bin.push(0);
    }
    let bin_chunk = if bin.is_empty() { 0 } else { 8 + bin.len() };
    let total = 12 + 8 + text.len() + bin_chunk;
    let total = u32::try_from(total)
        .map_err(|_| format!("the file would take {total} bytes, more than GLB holds (4 GiB)"))?;
    let mut out = Vec::with_capacity(total as usize);
    out.extend_from_slice(&GLB_MAGIC.to_le_bytes());
    out.extend_from_slice(&2u32.to_le_bytes());
    out.extend_from_slice(&total.to_le_bytes());
    out.extend_from_slice(&(text.len() as u32).to_le_bytes());
    out.extend_from_slice(&CHUNK_JSON.to_le_bytes());
    out.extend_from_slice(&text);
    if !bin.is_empty() {
        out.extend_from_slice(&(bin.len() as u32).to_le_bytes());
        out.extend_from_slice(&CHUNK_BIN.to_le_bytes());
        out.extend_from_slice(&bin);
    }
    Ok(out)
}
