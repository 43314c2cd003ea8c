//! The drawing of a stance: each contact's rectangle at its pose and its friction cone (apex
//! at the contact point, opening along the contact normal, half-angle `atan(μ)`), the centre
//! of mass as a sphere, and the static-equilibrium polygon as a flat polygon with its outline
//! at the CoM's height.

use morsel_geometry::{Collider, Shape};
use morsel_stability::{Stance, StaticPolygon};
use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};

use super::drawing::{Drawing, Part, Surface};
use super::glyphs::{cone, flat_polygon, outline};
use super::legend::LegendEntry;

/// Height (m) of a drawn friction cone, along the contact normal.
pub const CONE_HEIGHT: f64 = 0.1;

/// Radius (m) of the CoM's sphere.
pub const COM_RADIUS: f64 = 0.025;

/// Colour of contact rectangles.
pub const CONTACT_COLOUR: [f32; 4] = [0.15, 0.3, 0.65, 1.0];
/// Colour of friction cones (translucent).
pub const CONE_COLOUR: [f32; 4] = [1.0, 0.55, 0.1, 0.4];
/// Colour of the centre of mass.
pub const COM_COLOUR: [f32; 4] = [0.85, 0.05, 0.05, 1.0];
/// Colour of the static-equilibrium polygon (translucent).
pub const POLYGON_COLOUR: [f32; 4] = [0.1, 0.7, 0.3, 0.45];
/// Colour of the polygon's outline.
pub const OUTLINE_COLOUR: [f32; 4] = [0.0, 0.4, 0.15, 1.0];

/// Why a stance without contacts draws nothing.
const NO_CONTACTS: &str = "a stance without contacts has nothing to draw";

impl Drawing {
    /// A stance and its static-equilibrium polygon (see the module docs). Node names:
    /// `contact <i>` and `friction cone <i>` per contact (in the stance's order), `com`, and
    /// `static polygon` when the polygon is bounded (an empty or unbounded polygon is said in
    /// the legend instead).
    pub fn from_stance(
        name: &str,
        stance: &Stance,
        polygon: &StaticPolygon,
    ) -> Result<Self, String> {
        let contacts = stance.contacts().contacts();
        if contacts.is_empty() {
            return Ok(Drawing::nothing(name, NO_CONTACTS));
        }
        let mut parts = Vec::with_capacity(2 * contacts.len() + 2);
        for (i, c) in contacts.iter().enumerate() {
            let [x, y] = c.shape();
            let mut rectangle = Surface::new(CONTACT_COLOUR);
            rectangle.vertices = [(x, y), (-x, y), (-x, -y), (x, -y)]
                .map(|(a, b)| Point3::new(a, b, 0.0))
                .to_vec();
            rectangle.faces = vec![[0, 1, 2], [0, 2, 3]];
            parts.push(Part::with_surfaces(
                format!("contact {i}"),
                *c.pose(),
                vec![rectangle],
            ));
            let friction_cone = cone(
                &Point3::origin(),
                &Vector3::z(),
                c.friction(),
                CONE_HEIGHT,
                CONE_COLOUR,
            );
            parts.push(Part::with_surfaces(
                format!("friction cone {i}"),
                *c.pose(),
                vec![friction_cone],
            ));
        }
        let com = stance.com();
        let sphere = Shape::sphere(COM_RADIUS).map_err(|e| e.to_string())?;
        let sphere = Collider::new(sphere, Isometry3::identity()).map_err(|e| e.to_string())?;
        let mut com_part = Part::new(
            "com",
            Isometry3::from_parts(Translation3::from(com.coords), UnitQuaternion::identity()),
            vec![sphere],
        );
        com_part.colour = COM_COLOUR;
        parts.push(com_part);
        let mut legend = vec![
            LegendEntry::new("contact rectangles", CONTACT_COLOUR),
            LegendEntry::new(
                format!("friction cones ({CONE_HEIGHT} m along the normal)"),
                CONE_COLOUR,
            ),
            LegendEntry::new(
                format!("centre of mass ({:.3} kg)", stance.mass()),
                COM_COLOUR,
            ),
        ];
        match polygon {
            StaticPolygon::Bounded(p) => {
                let width = (0.01 * p.area().sqrt()).clamp(1e-3, 1e-2);
                let vertices = p.vertices();
                let fill = flat_polygon(vertices, com.z, POLYGON_COLOUR);
                let line = outline(vertices, com.z, width, OUTLINE_COLOUR);
                parts.push(Part::with_surfaces(
                    "static polygon",
                    Isometry3::identity(),
                    vec![fill, line],
                ));
                legend.push(LegendEntry::new(
                    format!(
                        "static-equilibrium polygon at the CoM height ({:.3} m)",
                        com.z
                    ),
                    POLYGON_COLOUR,
                ));
                legend.push(LegendEntry::new("its outline", OUTLINE_COLOUR));
            }
            other => legend.push(LegendEntry::new(
                format!("static-equilibrium polygon: {} (not drawn)", other.status()),
                POLYGON_COLOUR,
            )),
        }
        let mut drawing = Drawing::new(name, parts);
        drawing.legend = legend;
        Ok(drawing)
    }
}

/// A stance with its static-equilibrium polygon computed by Bretl and Lall's method (the
/// script API's default): what `save("x.glb", stance)` draws.
pub fn stance_drawing(name: &str, stance: &Stance) -> Result<Drawing, String> {
    // Before the polygon, which a stance without contacts does not have.
    if stance.contacts().contacts().is_empty() {
        return Ok(Drawing::nothing(name, NO_CONTACTS));
    }
    let polygon = stance
        .static_equilibrium_polygon(morsel_stability::PolygonMethod::Bretl)
        .map_err(|e| format!("cannot compute the static-equilibrium polygon: {e}"))?;
    Drawing::from_stance(name, stance, &polygon)
}
