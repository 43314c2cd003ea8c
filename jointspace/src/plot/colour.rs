//! Colour scales: diverging (centred on zero) for signed values, sequential otherwise, and two
//! colours for collision checks.

/// An 8-bit RGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// Negative end to positive end through a pale neutral at zero: red for collision, blue for
/// free space.
const DIVERGING: [Rgb; 5] = [
    Rgb(160, 20, 40),
    Rgb(230, 120, 95),
    Rgb(248, 246, 240),
    Rgb(110, 165, 210),
    Rgb(25, 65, 145),
];

/// Low to high: dark violet, teal, green, pale yellow.
const SEQUENTIAL: [Rgb; 4] = [
    Rgb(60, 15, 90),
    Rgb(40, 120, 140),
    Rgb(95, 190, 100),
    Rgb(245, 230, 80),
];

/// Colliding and free cells of a collision check.
const COLLIDING: Rgb = Rgb(190, 40, 50);
const FREE: Rgb = Rgb(235, 235, 225);

/// Maps values to colours.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Scale {
    /// Symmetric about 0: `[-limit, limit]`.
    Diverging { limit: f64 },
    /// `[lo, hi]`.
    Sequential { lo: f64, hi: f64 },
    /// `<= 0` colliding, `> 0` free.
    Binary,
}

impl Scale {
    /// The scale suited to `values`: binary when asked, diverging when `signed` or when the
    /// values take both signs, sequential otherwise.
    pub fn for_values(
        values: impl Iterator<Item = f64> + Clone,
        signed: bool,
        binary: bool,
    ) -> Scale {
        if binary {
            return Scale::Binary;
        }
        let finite = values.filter(|v| v.is_finite());
        let (lo, hi) = finite.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
        if !lo.is_finite() {
            return Scale::Sequential { lo: 0.0, hi: 1.0 };
        }
        if signed || (lo < 0.0 && hi > 0.0) {
            let limit = lo.abs().max(hi.abs());
            Scale::Diverging {
                limit: if limit > 0.0 { limit } else { 1.0 },
            }
        } else if hi > lo {
            Scale::Sequential { lo, hi }
        } else {
            Scale::Sequential {
                lo: lo - 0.5,
                hi: lo + 0.5,
            }
        }
    }

    pub fn colour(&self, v: f64) -> Rgb {
        if !v.is_finite() {
            return Rgb(128, 128, 128);
        }
        match *self {
            Scale::Diverging { limit } => {
                ramp(&DIVERGING, 0.5 + 0.5 * (v / limit).clamp(-1.0, 1.0))
            }
            Scale::Sequential { lo, hi } => {
                ramp(&SEQUENTIAL, ((v - lo) / (hi - lo)).clamp(0.0, 1.0))
            }
            Scale::Binary => {
                if v <= 0.0 {
                    COLLIDING
                } else {
                    FREE
                }
            }
        }
    }

    /// The value range a colour bar shows.
    pub fn extent(&self) -> (f64, f64) {
        match *self {
            Scale::Diverging { limit } => (-limit, limit),
            Scale::Sequential { lo, hi } => (lo, hi),
            Scale::Binary => (0.0, 1.0),
        }
    }
}

/// Linear interpolation along evenly spaced anchors, `t` in `[0, 1]`.
fn ramp(anchors: &[Rgb], t: f64) -> Rgb {
    let x = t * (anchors.len() - 1) as f64;
    let i = (x.floor() as usize).min(anchors.len() - 2);
    let f = x - i as f64;
    let (a, b) = (anchors[i], anchors[i + 1]);
    let mix = |p: u8, q: u8| (f64::from(p) + f * (f64::from(q) - f64::from(p))).round() as u8;
    Rgb(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diverging_is_centred_and_saturates() {
        let s = Scale::Diverging { limit: 2.0 };
        assert_eq!(s.colour(0.0), DIVERGING[2]);
        assert_eq!(s.colour(-2.0), DIVERGING[0]);
        assert_eq!(s.colour(5.0), DIVERGING[4]);
        let scale = Scale::for_values([-1.0, 3.0].into_iter(), false, false);
        assert_eq!(scale, Scale::Diverging { limit: 3.0 });
        assert_eq!(
            Scale::for_values([1.0, 3.0].into_iter(), false, false),
            Scale::Sequential { lo: 1.0, hi: 3.0 }
        );
    }
}
