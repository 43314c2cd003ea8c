//! The glTF document of a [`Drawing`]: one node per part (name and pose), one mesh per part
//! with geometry (one primitive per collider), and the binary buffer the accessors read.

use std::collections::BTreeMap;

use gltf_json as json;
use json::validation::Checked::Valid;
use json::validation::USize64;
use nalgebra::Isometry3;

use super::drawing::Drawing;
use super::tessellate::tessellate;

/// Colour of every surface (RGBA, linear).
const SURFACE_COLOUR: [f32; 4] = [0.72, 0.74, 0.78, 1.0];

/// A document without its buffer object (the container adds it, as index 0) and the bytes of
/// that buffer.
pub struct Document {
    /// Everything but `buffers`.
    pub root: json::Root,
    /// The buffer's bytes (positions as `f32`, indices as `u32`, little-endian).
    pub bin: Vec<u8>,
}

/// Builds the document, or says why the drawing cannot be written (non-finite or too large
/// for `f32`/`u32`).
pub fn build(drawing: &Drawing) -> Result<Document, String> {
    let mut root = json::Root {
        asset: json::Asset {
            generator: Some(format!("morsel {}", env!("CARGO_PKG_VERSION"))),
            ..Default::default()
        },
        ..Default::default()
    };
    let material = root.push(json::Material {
        double_sided: true,
        pbr_metallic_roughness: json::material::PbrMetallicRoughness {
            base_color_factor: json::material::PbrBaseColorFactor(SURFACE_COLOUR),
            metallic_factor: json::material::StrengthFactor(0.0),
            roughness_factor: json::material::StrengthFactor(0.8),
            ..Default::default()
        },
        name: Some("surface".into()),
        ..Default::default()
    });
    let mut bin = Vec::new();
    let mut nodes = Vec::with_capacity(drawing.parts.len());
    for part in &drawing.parts {
        let mut primitives = Vec::with_capacity(part.colliders.len());
        for collider in &part.colliders {
            let triangles = tessellate(&collider.shape).map_err(|kind| {
                format!(
                    "\"{}\" has a {kind}, which cannot be drawn in glTF",
                    part.name
                )
            })?;
            if triangles.faces.is_empty() {
                continue;
            }
            let positions: Vec<[f32; 3]> = triangles
                .vertices
                .iter()
                .map(|p| {
                    let q = collider.local_pose * p;
                    [q.x as f32, q.y as f32, q.z as f32]
                })
                .collect();
            if positions.iter().flatten().any(|x| !x.is_finite()) {
                return Err(format!(
                    "a {} of \"{}\" has coordinates that are not finite in 32-bit floats",
                    collider.shape.name(),
                    part.name
                ));
            }
            let position = push_positions(&mut root, &mut bin, &positions);
            let indices = push_indices(&mut root, &mut bin, &triangles.faces, positions.len());
            primitives.push(json::mesh::Primitive {
                attributes: BTreeMap::from([(Valid(json::mesh::Semantic::Positions), position)]),
                extensions: None,
                extras: Default::default(),
                indices: Some(indices),
                material: Some(material),
                mode: Valid(json::mesh::Mode::Triangles),
                targets: None,
            });
        }
        let mesh = (!primitives.is_empty()).then(|| {
            root.push(json::Mesh {
                extensions: None,
                extras: Default::default(),
                name: Some(part.name.clone()),
                primitives,
                weights: None,
            })
        });
        let (translation, rotation) = node_transform(&part.pose)
            .ok_or_else(|| format!("the pose of \"{}\" is not finite", part.name))?;
        nodes.push(root.push(json::Node {
            mesh,
            name: Some(part.name.clone()),
            translation: Some(translation),
            rotation: Some(json::scene::UnitQuaternion(rotation)),
            ..Default::default()
        }));
    }
    let scene = root.push(json::Scene {
        extensions: None,
        extras: Default::default(),
        name: Some(drawing.name.clone()),
        nodes,
    });
    root.scene = Some(scene);
    if u32::try_from(bin.len()).is_err() {
        return Err(format!(
            "the geometry takes {} bytes, more than a glTF file can hold (4 GiB)",
            bin.len()
        ));
    }
    Ok(Document { root, bin })
}

/// A pose as glTF's translation and unit quaternion `[x, y, z, w]` in `f32`, if finite.
pub fn node_transform(pose: &Isometry3<f64>) -> Option<([f32; 3], [f32; 4])> {
    let t = pose.translation.vector;
    let q = pose.rotation.quaternion();
    let translation = [t.x as f32, t.y as f32, t.z as f32];
    let rotation = [q.i as f32, q.j as f32, q.k as f32, q.w as f32];
    (translation.iter().chain(&rotation).all(|x| x.is_finite())).then_some((translation, rotation))
}

/// Appends a buffer view over `bytes` (4-byte aligned) and returns its index.
fn push_view(
    root: &mut json::Root,
    bin: &mut Vec<u8>,
    bytes: &[u8],
    target: json::buffer::Target,
) -> json::Index<json::buffer::View> {
    let offset = bin.len();
    bin.extend_from_slice(bytes);
    while !bin.len().is_multiple_of(4) {
        bin.push(0);
    }
    root.push(json::buffer::View {
        buffer: json::Index::new(0),
        byte_length: USize64::from(bytes.len()),
        byte_offset: Some(USize64::from(offset)),
        byte_stride: None,
        name: None,
        target: Some(Valid(target)),
        extensions: None,
        extras: Default::default(),
    })
}

/// Appends a `VEC3`/`FLOAT` position accessor with its bounds.
fn push_positions(
    root: &mut json::Root,
    bin: &mut Vec<u8>,
    positions: &[[f32; 3]],
) -> json::Index<json::Accessor> {
    let mut min = [f32::INFINITY; 3];
    let mut max = [f32::NEG_INFINITY; 3];
    let mut bytes = Vec::with_capacity(positions.len() * 12);
    for p in positions {
        for k in 0..3 {
            min[k] = min[k].min(p[k]);
            max[k] = max[k].max(p[k]);
            bytes.extend_from_slice(&p[k].to_le_bytes());
        }
    }
    let view = push_view(root, bin, &bytes, json::buffer::Target::ArrayBuffer);
    root.push(json::Accessor {
        buffer_view: Some(view),
        byte_offset: None,
        count: USize64::from(positions.len()),
        component_type: Valid(json::accessor::GenericComponentType(
            json::accessor::ComponentType::F32,
        )),
        extensions: None,
        extras: Default::default(),
        type_: Valid(json::accessor::Type::Vec3),
        min: Some(serde_json::json!(min)),
        max: Some(serde_json::json!(max)),
        name: None,
        normalized: false,
        sparse: None,
    })
}

/// Appends a `SCALAR`/`UNSIGNED_INT` index accessor.
fn push_indices(
    root: &mut json::Root,
    bin: &mut Vec<u8>,
    faces: &[[u32; 3]],
    vertex_count: usize,
) -> json::Index<json::Accessor> {
    let mut bytes = Vec::with_capacity(faces.len() * 12);
    for i in faces.iter().flatten() {
        bytes.extend_from_slice(&i.to_le_bytes());
    }
    let view = push_view(root, bin, &bytes, json::buffer::Target::ElementArrayBuffer);
    let largest = faces.iter().flatten().max().copied().unwrap_or(0);
    debug_assert!((largest as usize) < vertex_count);
    root.push(json::Accessor {
        buffer_view: Some(view),
        byte_offset: None,
        count: USize64::from(faces.len() * 3),
        component_type: Valid(json::accessor::GenericComponentType(
            json::accessor::ComponentType::U32,
        )),
        extensions: None,
        extras: Default::default(),
        type_: Valid(json::accessor::Type::Scalar),
        min: None,
        max: None,
        name: None,
        normalized: false,
        sparse: None,
    })
}
