//! Joining rings of points around the z axis into triangles.
//!
//! The round shapes (sphere, ellipsoid, pipe, cylinder, capsule) place their points on rings
//! around z. Seen as a topological sphere, their rings form a sequence from the north end to the
//! south end of the surface (for a cylinder: top cap centre, top cap rings outwards, the side
//! rings downwards, bottom cap rings inwards, bottom centre). Consecutive rings are stitched by a
//! merge walk on the angle, which handles any two point counts; a one-point ring (a pole or a cap
//! centre) becomes a fan, a two-point ring a ridge, and an end ring of three or more points is
//! closed by a fan when asked.

/// One ring of points, as the stitcher sees it: point `j` (of `count`) sits at angle
/// `2π (j + offset)/count`, counter-clockwise seen from +z, with `offset` 0 or ½, and has index
/// `first + stride·j` in the point list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Ring {
    /// Index of point 0.
    pub first: u32,
    /// Index step between consecutive points of the ring.
    pub stride: u32,
    /// Number of points.
    pub count: u32,
    /// Whether the angles are offset by half a step.
    pub half_offset: bool,
}

impl Ring {
    /// A ring of `count` consecutive points starting at `first`.
    pub fn contiguous(first: usize, count: usize) -> Self {
        Self {
            first: first as u32,
            stride: 1,
            count: count as u32,
            half_offset: false,
        }
    }

    /// Index of point `j` (taken modulo the count).
    #[inline]
    fn at(&self, j: u32) -> u32 {
        self.first + self.stride * (j % self.count)
    }

    /// Number of edges along the ring (a single point has none).
    #[inline]
    fn edges(&self) -> u32 {
        if self.count >= 2 { self.count } else { 0 }
    }

    /// The numerator `2j + 2·offset` of point `j`'s angle `(2j + 2·offset)/(2·count)`, in turns.
    #[inline]
    fn numerator(&self, j: u32) -> u64 {
        2 * u64::from(j) + u64::from(self.half_offset)
    }
}

/// Stitches a sequence of rings, listed from the north end to the south end of the surface, and
/// closes the two end rings with fans when `cap_ends` (rings with fewer than three points need
/// no cap). Empty rings are skipped. Triangles are counter-clockwise seen from outside.
pub(super) fn stitch_sequence(rings: &[Ring], cap_ends: bool, faces: &mut Vec<[u32; 3]>) {
    let mut live = rings.iter().filter(|r| r.count > 0);
    let Some(first) = live.next() else {
        return;
    };
    if cap_ends {
        cap(first, true, faces);
    }
    let mut previous = first;
    for ring in live {
        stitch(previous, ring, faces);
        previous = ring;
    }
    if cap_ends && !std::ptr::eq(previous, first) {
        cap(previous, false, faces);
    }
}

/// Triangles between ring `a` (north) and ring `b` (south) by a merge walk on the angle:
/// `a.edges() + b.edges()` triangles, outward. The middle of edge `(j, j + 1)` is at the angle
/// `(2j + 1 + 2·offset)/(2·count)` turns, numerator `numerator(j) + 1`.
fn stitch(a: &Ring, b: &Ring, faces: &mut Vec<[u32; 3]>) {
    let (ea, eb) = (a.edges(), b.edges());
    let (ca, cb) = (u64::from(a.count), u64::from(b.count));
    let (mut i, mut j) = (0u32, 0u32);
    while i < ea || j < eb {
        let advance_a = if i == ea {
            false
        } else if j == eb {
            true
        } else {
            // Advance the ring whose next edge is centred first, comparing the edges' middle
            // angles exactly (cross-multiplied fractions; ties advance `a`). This joins each
            // point to the points of the other ring nearest in angle, so that no triangle lies
            // in a plane through the axis (as one joining a pole pair would).
            (a.numerator(i) + 1) * cb <= (b.numerator(j) + 1) * ca
        };
        if advance_a {
            faces.push([a.at(i), b.at(j), a.at(i + 1)]);
            i += 1;
        } else {
            faces.push([a.at(i), b.at(j), b.at(j + 1)]);
            j += 1;
        }
    }
}

/// Closes an end ring of three or more points with a fan (outward: +z side for the north end).
fn cap(ring: &Ring, north: bool, faces: &mut Vec<[u32; 3]>) {
    if ring.count < 3 {
        return;
    }
    for k in 1..ring.count - 1 {
        if north {
            faces.push([ring.at(0), ring.at(k), ring.at(k + 1)]);
        } else {
            faces.push([ring.at(0), ring.at(k + 1), ring.at(k)]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stitching_two_rings_makes_one_triangle_per_ring_edge() {
        let mut faces = Vec::new();
        stitch(&Ring::contiguous(0, 5), &Ring::contiguous(5, 7), &mut faces);
        assert_eq!(faces.len(), 12);
        let mut faces = Vec::new();
        stitch(&Ring::contiguous(0, 1), &Ring::contiguous(1, 6), &mut faces);
        assert_eq!(
            faces,
            (0..6)
                .map(|j| [0, 1 + j, 1 + (j + 1) % 6])
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_closed_sequence_has_euler_characteristic_two() {
        let rings = [
            Ring::contiguous(0, 2),
            Ring::contiguous(2, 6),
            Ring::contiguous(8, 9),
            Ring::contiguous(17, 3),
        ];
        let mut faces = Vec::new();
        stitch_sequence(&rings, true, &mut faces);
        let v = 20i64;
        let f = faces.len() as i64;
        // Closed triangle mesh: E = 3F/2.
        assert_eq!(v - 3 * f / 2 + f, 2);
    }
}
