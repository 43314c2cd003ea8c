//! `<joint>` and `<freejoint>` elements: kind, anchor point, axis, reference and range.

use nalgebra::{Isometry3, Point3, Unit, Vector3};

use super::attrs::Attrs;
use super::compiler::Compiler;
use super::error::MjcfResult;

/// MuJoCo's joint types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MjJointKind {
    Hinge,
    Slide,
    Ball,
    Free,
}

/// A joint as compiled, in its body's frame.
#[derive(Clone, Debug)]
pub(crate) struct JointDef {
    pub name: Option<String>,
    pub kind: MjJointKind,
    /// The point the axis passes through (hinge, ball), body frame.
    pub pos: Point3<f64>,
    /// Unit axis, body frame.
    pub axis: Unit<Vector3<f64>>,
    /// `ref` in radians or metres (qpos0 of hinge and slide joints).
    pub reference: f64,
    /// Position limits in radians or metres, when limited.
    pub range: Option<(f64, f64)>,
    /// `armature` (kg·m² or kg), on each of the joint's degrees of freedom.
    pub armature: f64,
    /// The larger magnitude of a limited `actuatorfrcrange` (N·m or N); `inf` when unlimited.
    pub effort: f64,
}

/// Reads a `<joint>` (or, with `free` set, a `<freejoint>`) inside a frame placed at
/// `body_from_frame` in its body.
pub(crate) fn read_joint(
    a: &Attrs,
    compiler: &Compiler,
    body_from_frame: &Isometry3<f64>,
    free: bool,
) -> MjcfResult<JointDef> {
    let kind = if free {
        MjJointKind::Free
    } else {
        match a.keyword("type", &["hinge", "slide", "ball", "free"])? {
            "hinge" => MjJointKind::Hinge,
            "slide" => MjJointKind::Slide,
            "ball" => MjJointKind::Ball,
            _ => MjJointKind::Free,
        }
    };
    let pos = a.array::<3>("pos")?.unwrap_or([0.0; 3]);
    let axis_values = a.array::<3>("axis")?.unwrap_or([0.0, 0.0, 1.0]);
    let axis = Vector3::new(axis_values[0], axis_values[1], axis_values[2]);
    let axis = match kind {
        MjJointKind::Hinge | MjJointKind::Slide => Unit::try_new(axis, 1e-10).ok_or_else(|| {
            a.invalid(
                "axis",
                a.str("axis").unwrap_or_default(),
                "a non-zero axis such as 0 0 1",
            )
        })?,
        _ => Vector3::z_axis(),
    };
    let angular = |v: f64| {
        if kind == MjJointKind::Slide {
            v
        } else {
            compiler.angle(v)
        }
    };
    let reference = match kind {
        MjJointKind::Hinge | MjJointKind::Slide => angular(a.number("ref")?.unwrap_or(0.0)),
        _ => 0.0,
    };
    let range_values = a.array::<2>("range")?;
    let limited = match a.keyword("limited", &["auto", "true", "false"])? {
        "true" => true,
        "false" => false,
        _ if compiler.autolimits => range_values.is_some(),
        _ => {
            // MuJoCo rejects a range without `limited` when autolimits is off.
            if range_values.is_some() {
                return Err(a.invalid(
                    "range",
                    a.str("range").unwrap_or_default(),
                    "with autolimits=\"false\" a range needs limited=\"true\" or \"false\"",
                ));
            }
            false
        }
    };
    let range = match (kind, limited) {
        (MjJointKind::Hinge | MjJointKind::Slide, true) => {
            let [lo, hi] = range_values.unwrap_or([0.0, 0.0]);
            let (lo, hi) = (angular(lo), angular(hi));
            if lo >= hi {
                return Err(a.invalid(
                    "range",
                    a.str("range").unwrap_or("0 0"),
                    "a limited joint needs range[0] < range[1]",
                ));
            }
            Some((lo, hi))
        }
        _ => None,
    };
    // A <freejoint> takes no armature (and no defaults); a <joint> may.
    let armature = if free {
        0.0
    } else {
        a.number("armature")?.unwrap_or(0.0)
    };
    if !(armature >= 0.0 && armature.is_finite()) {
        return Err(a.invalid(
            "armature",
            a.str("armature").unwrap_or_default(),
            "a finite armature, 0 or more",
        ));
    }
    let effort = if free {
        f64::INFINITY
    } else {
        effort_limit(a, compiler)?
    };
    Ok(JointDef {
        name: a.node.attr("name").map(str::to_owned),
        kind,
        pos: body_from_frame * Point3::new(pos[0], pos[1], pos[2]),
        axis: body_from_frame.rotation * axis,
        reference,
        range,
        armature,
        effort,
    })
}

/// A joint's `actuatorfrcrange` as an effort limit: the larger magnitude of the range when
/// `actuatorfrclimited` (or, by default, autolimits with a range given), otherwise `inf`.
fn effort_limit(a: &Attrs, compiler: &Compiler) -> MjcfResult<f64> {
    let range = a.array::<2>("actuatorfrcrange")?;
    let limited = match a.keyword("actuatorfrclimited", &["auto", "true", "false"])? {
        "true" => true,
        "false" => false,
        _ => compiler.autolimits && range.is_some(),
    };
    if !limited {
        return Ok(f64::INFINITY);
    }
    match range {
        Some([lo, hi]) if lo <= hi => Ok(lo.abs().max(hi.abs())),
        _ => Err(a.invalid(
            "actuatorfrcrange",
            a.str("actuatorfrcrange").unwrap_or("0 0"),
            "a limited actuator force needs actuatorfrcrange[0] <= actuatorfrcrange[1]",
        )),
    }
}
