//! Small triangle meshes that mark things in a drawing: force arrows, friction cones, point
//! markers, flat rectangles and polygons, and the colour ramp of sensor outputs.

use std::f64::consts::TAU;

use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};

use super::drawing::Surface;

/// Segments around an arrow's shaft and head and around a cone.
pub const GLYPH_SEGMENTS: usize = 12;

/// Colour of force arrows.
pub const ARROW_COLOUR: [f32; 4] = [0.05, 0.65, 0.15, 1.0];

/// The rotation taking +z to `direction` (any unit vector; the opposite of +z is a half turn
/// about x).
fn z_to(direction: &Vector3<f64>) -> UnitQuaternion<f64> {
    UnitQuaternion::rotation_between(&Vector3::z(), direction).unwrap_or_else(|| {
        UnitQuaternion::from_axis_angle(&Vector3::x_axis(), std::f64::consts::PI)
    })
}

/// A closed solid of revolution about +z through the rings `(z, radius)` (a radius of 0 is a
/// single apex vertex), capped at both ends, placed by `pose`.
fn revolve(rings: &[(f64, f64)], pose: &Isometry3<f64>, colour: [f32; 4]) -> Surface {
    let n = GLYPH_SEGMENTS;
    let mut s = Surface::new(colour);
    let mut ring_start = Vec::with_capacity(rings.len());
    for &(z, r) in rings {
        ring_start.push(s.vertices.len() as u32);
        let count = if r == 0.0 { 1 } else { n };
        for k in 0..count {
            let a = TAU * k as f64 / n as f64;
            s.vertices
                .push(pose * Point3::new(r * a.cos(), r * a.sin(), z));
        }
    }
    let n32 = n as u32;
    for w in 0..rings.len() - 1 {
        let (a, b) = (ring_start[w], ring_start[w + 1]);
        let (ra, rb) = (rings[w].1, rings[w + 1].1);
        for k in 0..n32 {
            let k1 = (k + 1) % n32;
            match (ra == 0.0, rb == 0.0) {
                (true, true) => {}
                (true, false) => s.faces.push([a, b + k1, b + k]),
                (false, true) => s.faces.push([a + k, a + k1, b]),
                (false, false) => {
                    s.faces.push([a + k, a + k1, b + k1]);
                    s.faces.push([a + k, b + k1, b + k]);
                }
            }
        }
    }
    // Caps on rings with a radius (fans around a centre vertex).
    for (w, &(z, r)) in rings.iter().enumerate() {
        let last = w + 1 == rings.len();
        if r == 0.0 || (w != 0 && !last) {
            continue;
        }
        let centre = s.vertices.len() as u32;
        s.vertices.push(pose * Point3::new(0.0, 0.0, z));
        let a = ring_start[w];
        for k in 0..n32 {
            let k1 = (k + 1) % n32;
            if last {
                s.faces.push([centre, a + k, a + k1]);
            } else {
                s.faces.push([centre, a + k1, a + k]);
            }
        }
    }
    s
}

/// An arrow from `tail` along `vector` (same length), a shaft and a conical head, with a
/// shaft radius of `radius`. `None` for a zero or non-finite vector.
pub fn arrow(
    tail: &Point3<f64>,
    vector: &Vector3<f64>,
    radius: f64,
    colour: [f32; 4],
) -> Option<Surface> {
    let length = vector.norm();
    if !(length.is_finite() && length > 0.0) {
        return None;
    }
    let head = (0.3 * length).min(6.0 * radius);
    let pose = Isometry3::from_parts(Translation3::from(tail.coords), z_to(&(vector / length)));
    Some(revolve(
        &[
            (0.0, radius),
            (length - head, radius),
            (length - head, 2.5 * radius),
            (length, 0.0),
        ],
        &pose,
        colour,
    ))
}

/// A rod (a capped cylinder of `radius`) from `from` to `to`. `None` when they coincide or
/// are not finite.
pub fn rod(from: &Point3<f64>, to: &Point3<f64>, radius: f64, colour: [f32; 4]) -> Option<Surface> {
    let vector = to - from;
    let length = vector.norm();
    if !(length.is_finite() && length > 0.0) {
        return None;
    }
    let pose = Isometry3::from_parts(Translation3::from(from.coords), z_to(&(vector / length)));
    Some(revolve(&[(0.0, radius), (length, radius)], &pose, colour))
}

/// A cone with its apex at `apex`, opening along `axis` (unit) with half-angle `atan(slope)`,
/// `height` long, closed by its base disc.
pub fn cone(
    apex: &Point3<f64>,
    axis: &Vector3<f64>,
    slope: f64,
    height: f64,
    colour: [f32; 4],
) -> Surface {
    let pose = Isometry3::from_parts(Translation3::from(apex.coords), z_to(axis));
    revolve(&[(0.0, 0.0), (height, slope * height)], &pose, colour)
}

/// An octahedron of circumradius `radius` centred on `centre`: a marker of 6 vertices and 8
/// triangles.
pub fn marker(centre: &Point3<f64>, radius: f64, colour: [f32; 4]) -> Surface {
    let mut s = Surface::new(colour);
    for axis in [Vector3::x(), -Vector3::x(), Vector3::y(), -Vector3::y()] {
        s.vertices.push(centre + axis * radius);
    }
    s.vertices.push(centre + Vector3::z() * radius);
    s.vertices.push(centre - Vector3::z() * radius);
    // Equator 0 (+x), 2 (+y), 1 (−x), 3 (−y) counter-clockwise about +z; 4 top, 5 bottom.
    let ring = [0u32, 2, 1, 3];
    for (&a, &b) in ring.iter().zip(ring.iter().cycle().skip(1)) {
        s.faces.push([a, b, 4]);
        s.faces.push([b, a, 5]);
    }
    s
}

/// A flat convex polygon (counter-clockwise `[x, y]` vertices) at height `z`, as a fan.
pub fn flat_polygon(vertices: &[[f64; 2]], z: f64, colour: [f32; 4]) -> Surface {
    let mut s = Surface::new(colour);
    s.vertices = vertices
        .iter()
        .map(|v| Point3::new(v[0], v[1], z))
        .collect();
    for k in 1..vertices.len().saturating_sub(1) as u32 {
        s.faces.push([0, k, k + 1]);
    }
    s
}

/// A flat outline of a closed polygon at height `z`: one thin quad per edge, `width` wide,
/// lying in the plane.
pub fn outline(vertices: &[[f64; 2]], z: f64, width: f64, colour: [f32; 4]) -> Surface {
    let mut s = Surface::new(colour);
    let n = vertices.len();
    for k in 0..n {
        let (a, b) = (vertices[k], vertices[(k + 1) % n]);
        let d = Vector3::new(b[0] - a[0], b[1] - a[1], 0.0);
        let Some(d) = d.try_normalize(0.0) else {
            continue;
        };
        let side = Vector3::new(-d.y, d.x, 0.0) * (0.5 * width);
        let (pa, pb) = (Point3::new(a[0], a[1], z), Point3::new(b[0], b[1], z));
        let base = s.vertices.len() as u32;
        s.vertices
            .extend([pa - side, pb - side, pb + side, pa + side]);
        s.faces.push([base, base + 1, base + 2]);
        s.faces.push([base, base + 2, base + 3]);
    }
    s
}

/// Colour of a value `t` in `[0, 1]` (clamped): blue at 0, yellow at 0.5, red at 1.
pub fn ramp(t: f64) -> [f32; 4] {
    const STOPS: [[f32; 3]; 3] = [[0.15, 0.3, 0.85], [1.0, 0.85, 0.1], [0.85, 0.05, 0.05]];
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    } as f32;
    let (a, b, u) = if t <= 0.5 {
        (STOPS[0], STOPS[1], t * 2.0)
    } else {
        (STOPS[1], STOPS[2], t * 2.0 - 1.0)
    };
    [
        a[0] + (b[0] - a[0]) * u,
        a[1] + (b[1] - a[1]) * u,
        a[2] + (b[2] - a[2]) * u,
        1.0,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A closed, consistently oriented mesh has a positive volume (divergence theorem).
    fn volume(s: &Surface) -> f64 {
        s.faces
            .iter()
            .map(|f| {
                let [a, b, c] = f.map(|i| s.vertices[i as usize].coords);
                a.dot(&b.cross(&c)) / 6.0
            })
            .sum()
    }

    #[test]
    fn glyphs_are_closed_outward_solids_of_the_right_size() {
        let m = marker(&Point3::new(1.0, 2.0, 3.0), 0.5, ARROW_COLOUR);
        // Octahedron of circumradius r: volume 4 r^3 / 3.
        assert!((volume(&m) - 4.0 * 0.125 / 3.0).abs() < 1e-12);
        let c = cone(&Point3::origin(), &Vector3::z(), 0.5, 2.0, ARROW_COLOUR);
        // A 12-gon pyramid: base area (n/2) r^2 sin(2 pi / n), times h / 3.
        let base = 6.0 * 1.0f64.powi(2) * (TAU / 12.0).sin();
        assert!(
            (volume(&c) - base * 2.0 / 3.0).abs() < 1e-12,
            "{}",
            volume(&c)
        );
        let down = arrow(
            &Point3::origin(),
            &Vector3::new(0.0, 0.0, -1.0),
            0.01,
            ARROW_COLOUR,
        )
        .expect("arrow");
        assert!(volume(&down) > 0.0);
        let lowest = down
            .vertices
            .iter()
            .map(|p| p.z)
            .fold(f64::INFINITY, f64::min);
        assert!((lowest + 1.0).abs() < 1e-12);
        assert!(arrow(&Point3::origin(), &Vector3::zeros(), 0.01, ARROW_COLOUR).is_none());
    }
}
