//! The glTF document of a [`Drawing`]: one node per part (name and pose), one mesh per part
//! with geometry (one primitive per collider or surface, one material per colour), the
//! animation's channels, the legend in the scene's `extras`, and the binary buffer the
//! accessors read.

use std::collections::BTreeMap;

use gltf_json as json;
use json::validation::Checked::Valid;
use json::validation::USize64;
use nalgebra::{Isometry3, Point3};

use super::drawing::{Animation, Drawing, Surface};
use super::legend::extras_json;
use super::tessellate::tessellate;

/// A document without its buffer object (the container adds it, as index 0) and the bytes of
/// that buffer.
pub struct Document {
    /// Everything but `buffers`.
    pub root: json::Root,
    /// The buffer's bytes (positions as `f32`, indices as `u32`, little-endian).
    pub bin: Vec<u8>,
}

/// The document under construction: the root, the buffer and one material per colour.
struct Builder {
    root: json::Root,
    bin: Vec<u8>,
    materials: BTreeMap<[u32; 4], json::Index<json::Material>>,
}

/// Builds the document, or says why the drawing cannot be written (non-finite or too large
/// for `f32`/`u32`, an animation that does not fit its parts).
pub fn build(drawing: &Drawing) -> Result<Document, String> {
    let mut b = Builder {
        root: json::Root {
            asset: json::Asset {
                generator: Some(format!("morsel {}", env!("CARGO_PKG_VERSION"))),
                ..Default::default()
            },
            ..Default::default()
        },
        bin: Vec::new(),
        materials: BTreeMap::new(),
    };
    let mut nodes = Vec::with_capacity(drawing.parts.len());
    for part in &drawing.parts {
        let mut primitives = Vec::with_capacity(part.colliders.len() + part.surfaces.len());
        for collider in &part.colliders {
            let triangles = tessellate(&collider.shape).map_err(|kind| {
                format!(
                    "\"{}\" has a {kind}, which cannot be drawn in glTF",
                    part.name
                )
            })?;
            let positions: Vec<Point3<f64>> = triangles
                .vertices
                .iter()
                .map(|p| collider.local_pose * p)
                .collect();
            let what = format!("a {} of \"{}\"", collider.shape.name(), part.name);
            let surface = Surface {
                vertices: positions,
                faces: triangles.faces,
                colour: part.colour,
                vertex_colours: None,
            };
            if let Some(p) = b.primitive(&surface, &what)? {
                primitives.push(p);
            }
        }
        for surface in &part.surfaces {
            let what = format!("a surface of \"{}\"", part.name);
            if let Some(p) = b.primitive(surface, &what)? {
                primitives.push(p);
            }
        }
        let mesh = (!primitives.is_empty()).then(|| {
            b.root.push(json::Mesh {
                extensions: None,
                extras: Default::default(),
                name: Some(part.name.clone()),
                primitives,
                weights: None,
            })
        });
        let (translation, rotation) = node_transform(&part.pose)
            .ok_or_else(|| format!("the pose of \"{}\" is not finite", part.name))?;
        nodes.push(b.root.push(json::Node {
            mesh,
            name: Some(part.name.clone()),
            translation: Some(translation),
            rotation: Some(json::scene::UnitQuaternion(rotation)),
            ..Default::default()
        }));
    }
    if let Some(animation) = &drawing.animation {
        b.animation(animation, &nodes)?;
    }
    let extras = if drawing.legend.is_empty() {
        None
    } else {
        let text = extras_json(&drawing.legend)?;
        Some(
            serde_json::value::RawValue::from_string(text)
                .map_err(|e| format!("cannot encode the legend: {e}"))?,
        )
    };
    let scene = b.root.push(json::Scene {
        extensions: None,
        extras,
        name: Some(drawing.name.clone()),
        nodes,
    });
    b.root.scene = Some(scene);
    if u32::try_from(b.bin.len()).is_err() {
        return Err(format!(
            "the geometry takes {} bytes, more than a glTF file can hold (4 GiB)",
            b.bin.len()
        ));
    }
    Ok(Document {
        root: b.root,
        bin: b.bin,
    })
}

impl Builder {
    /// The material of `colour` (double-sided, not metallic), made once per colour.
    fn material(&mut self, colour: [f32; 4]) -> json::Index<json::Material> {
        let key = colour.map(f32::to_bits);
        if let Some(m) = self.materials.get(&key) {
            return *m;
        }
        let opaque = colour[3] >= 1.0;
        let m = self.root.push(json::Material {
            double_sided: true,
            alpha_mode: Valid(if opaque {
                json::material::AlphaMode::Opaque
            } else {
                json::material::AlphaMode::Blend
            }),
            pbr_metallic_roughness: json::material::PbrMetallicRoughness {
                base_color_factor: json::material::PbrBaseColorFactor(colour),
                metallic_factor: json::material::StrengthFactor(0.0),
                roughness_factor: json::material::StrengthFactor(0.8),
                ..Default::default()
            },
            name: Some(format!(
                "rgba {:.3} {:.3} {:.3} {:.3}",
                colour[0], colour[1], colour[2], colour[3]
            )),
            ..Default::default()
        });
        self.materials.insert(key, m);
        m
    }

    /// The primitive of a surface (`None` when it has no triangle); `what` names it in errors.
    fn primitive(
        &mut self,
        surface: &Surface,
        what: &str,
    ) -> Result<Option<json::mesh::Primitive>, String> {
        if surface.faces.is_empty() {
            return Ok(None);
        }
        let positions: Vec<[f32; 3]> = surface
            .vertices
            .iter()
            .map(|q| [q.x as f32, q.y as f32, q.z as f32])
            .collect();
        if positions.iter().flatten().any(|x| !x.is_finite()) {
            return Err(format!(
                "{what} has coordinates that are not finite in 32-bit floats"
            ));
        }
        if let Some(bad) = surface
            .faces
            .iter()
            .flatten()
            .find(|&&i| i as usize >= positions.len())
        {
            return Err(format!(
                "{what} has a triangle on vertex {bad} of {}",
                positions.len()
            ));
        }
        let mut attributes = BTreeMap::new();
        let position = push_floats(
            &mut self.root,
            &mut self.bin,
            &positions,
            json::accessor::Type::Vec3,
            Some(json::buffer::Target::ArrayBuffer),
        );
        attributes.insert(Valid(json::mesh::Semantic::Positions), position);
        if let Some(colours) = &surface.vertex_colours {
            if colours.len() != positions.len() {
                return Err(format!(
                    "{what} has {} vertex colours for {} vertices",
                    colours.len(),
                    positions.len()
                ));
            }
            let clamped: Vec<[f32; 4]> = colours
                .iter()
                .map(|c| {
                    c.map(|x| {
                        if x.is_finite() {
                            x.clamp(0.0, 1.0)
                        } else {
                            0.0
                        }
                    })
                })
                .collect();
            let colour = push_floats(
                &mut self.root,
                &mut self.bin,
                &clamped,
                json::accessor::Type::Vec4,
                Some(json::buffer::Target::ArrayBuffer),
            );
            attributes.insert(Valid(json::mesh::Semantic::Colors(0)), colour);
        }
        let indices = push_indices(&mut self.root, &mut self.bin, &surface.faces);
        let material = self.material(surface.colour);
        Ok(Some(json::mesh::Primitive {
            attributes,
            extensions: None,
            extras: Default::default(),
            indices: Some(indices),
            material: Some(material),
            mode: Valid(json::mesh::Mode::Triangles),
            targets: None,
        }))
    }

    /// The animation: one shared input (the key times) and, per track, a translation and a
    /// rotation channel with linear interpolation.
    fn animation(
        &mut self,
        animation: &Animation,
        nodes: &[json::Index<json::Node>],
    ) -> Result<(), String> {
        let times: Vec<[f32; 1]> = animation.times.iter().map(|t| [*t as f32]).collect();
        if times.is_empty() {
            return Err(format!("the animation \"{}\" has no key", animation.name));
        }
        if times
            .windows(2)
            .any(|w| w[1][0].is_nan() || w[1][0] <= w[0][0])
            || !times.iter().all(|t| t[0].is_finite())
        {
            return Err(format!(
                "the key times of \"{}\" must be finite and increase in 32-bit floats",
                animation.name
            ));
        }
        let input = push_floats(
            &mut self.root,
            &mut self.bin,
            &times,
            json::accessor::Type::Scalar,
            None,
        );
        let mut samplers = Vec::new();
        let mut channels = Vec::new();
        for track in &animation.tracks {
            let node = *nodes.get(track.part).ok_or_else(|| {
                format!(
                    "the animation moves part {} of a drawing of {} parts",
                    track.part,
                    nodes.len()
                )
            })?;
            if track.poses.len() != times.len() {
                return Err(format!(
                    "the animation has {} keys but {} poses for part {}",
                    times.len(),
                    track.poses.len(),
                    track.part
                ));
            }
            let mut translations = Vec::with_capacity(times.len());
            let mut rotations = Vec::with_capacity(times.len());
            let mut previous: Option<[f32; 4]> = None;
            for pose in &track.poses {
                let (t, mut r) = node_transform(pose).ok_or_else(|| {
                    format!(
                        "a pose of part {} in the animation is not finite",
                        track.part
                    )
                })?;
                // Keep consecutive quaternions in one hemisphere so that interpolation takes
                // the short way.
                if let Some(p) = previous
                    && p.iter().zip(&r).map(|(a, b)| a * b).sum::<f32>() < 0.0
                {
                    r = r.map(|x| -x);
                }
                previous = Some(r);
                translations.push(t);
                rotations.push(r);
            }
            for (path, output) in [
                (
                    json::animation::Property::Translation,
                    push_floats(
                        &mut self.root,
                        &mut self.bin,
                        &translations,
                        json::accessor::Type::Vec3,
                        None,
                    ),
                ),
                (
                    json::animation::Property::Rotation,
                    push_floats(
                        &mut self.root,
                        &mut self.bin,
                        &rotations,
                        json::accessor::Type::Vec4,
                        None,
                    ),
                ),
            ] {
                let sampler = json::Index::new(samplers.len() as u32);
                samplers.push(json::animation::Sampler {
                    extensions: None,
                    extras: Default::default(),
                    input,
                    interpolation: Valid(json::animation::Interpolation::Linear),
                    output,
                });
                channels.push(json::animation::Channel {
                    sampler,
                    target: json::animation::Target {
                        extensions: None,
                        extras: Default::default(),
                        node,
                        path: Valid(path),
                    },
                    extensions: None,
                    extras: Default::default(),
                });
            }
        }
        if channels.is_empty() {
            return Ok(());
        }
        self.root.push(json::Animation {
            extensions: None,
            extras: Default::default(),
            channels,
            name: Some(animation.name.clone()),
            samplers,
        });
        Ok(())
    }
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
    target: Option<json::buffer::Target>,
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
        target: target.map(Valid),
        extensions: None,
        extras: Default::default(),
    })
}

/// Appends a `FLOAT` accessor of `N`-component items (`type_` says which) with its bounds.
fn push_floats<const N: usize>(
    root: &mut json::Root,
    bin: &mut Vec<u8>,
    items: &[[f32; N]],
    type_: json::accessor::Type,
    target: Option<json::buffer::Target>,
) -> json::Index<json::Accessor> {
    let mut min = [f32::INFINITY; N];
    let mut max = [f32::NEG_INFINITY; N];
    let mut bytes = Vec::with_capacity(items.len() * 4 * N);
    for p in items {
        for k in 0..N {
            min[k] = min[k].min(p[k]);
            max[k] = max[k].max(p[k]);
            bytes.extend_from_slice(&p[k].to_le_bytes());
        }
    }
    let view = push_view(root, bin, &bytes, target);
    root.push(json::Accessor {
        buffer_view: Some(view),
        byte_offset: None,
        count: USize64::from(items.len()),
        component_type: Valid(json::accessor::GenericComponentType(
            json::accessor::ComponentType::F32,
        )),
        extensions: None,
        extras: Default::default(),
        type_: Valid(type_),
        min: Some(serde_json::json!(min.as_slice())),
        max: Some(serde_json::json!(max.as_slice())),
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
) -> json::Index<json::Accessor> {
    let mut bytes = Vec::with_capacity(faces.len() * 12);
    for i in faces.iter().flatten() {
        bytes.extend_from_slice(&i.to_le_bytes());
    }
    let view = push_view(
        root,
        bin,
        &bytes,
        Some(json::buffer::Target::ElementArrayBuffer),
    );
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
