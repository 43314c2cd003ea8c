//! MJCF features that change a model's bodies, joints, geometry or mass and that this loader
//! does not implement: each is an [`MjcfError::Unsupported`] naming file, line and element,
//! never a silent drop (a model with missing bodies and no error is the worst outcome).
//!
//! The list was made from MuJoCo's XML reference. Elements that add or replace bodies:
//! `<replicate>`, `<composite>`, `<flexcomp>` (model composition with `<model>` and
//! `<attach>` is read, see `attach.rs`). Compiler options that move bodies or drop geoms:
//! `alignfree`, `discardvisual` (when true), and `strippath` (changes which mesh
//! files are read). Free joints with `align="true"` (they move the body frame). Everything
//! else that MuJoCo reads for dynamics, rendering or sensing (actuators, tendons, equalities,
//! sensors, keyframes, cameras, lights, visual assets, contact parameters) cannot change poses,
//! geometry or mass and stays ignored.

use super::error::{MjcfError, MjcfResult};
use super::reader::Node;

/// Elements, anywhere in the tree, that add or replace bodies, with what to say about them.
const ELEMENTS: &[(&str, &str)] = &[
    (
        "replicate",
        "<replicate> (its repeated bodies would be missing); write the copies out",
    ),
    (
        "composite",
        "<composite> (the bodies it generates would be missing)",
    ),
    (
        "flexcomp",
        "<flexcomp> (the bodies it generates would be missing)",
    ),
];

/// `<compiler>` options that change bodies, geoms or the files read, when set to these values.
const COMPILER_OPTIONS: &[(&str, &str, &str)] = &[
    (
        "alignfree",
        "true",
        "alignfree=\"true\" (it moves free bodies' frames onto their inertial frames)",
    ),
    (
        "discardvisual",
        "true",
        "discardvisual=\"true\" (it removes visual geoms)",
    ),
    (
        "strippath",
        "true",
        "strippath=\"true\" (it changes which asset files are read)",
    ),
];

/// Fails on the first unsupported feature in the tree (document order).
pub(crate) fn check(root: &Node) -> MjcfResult<()> {
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        let unsupported = |what: String| MjcfError::Unsupported {
            at: node.location(),
            what,
        };
        if let Some((_, what)) = ELEMENTS.iter().find(|(tag, _)| *tag == node.tag) {
            return Err(unsupported((*what).to_owned()));
        }
        if node.tag == "compiler" {
            for (attr, value, what) in COMPILER_OPTIONS {
                if node.attr(attr).is_some_and(|v| v.trim() == *value) {
                    return Err(unsupported((*what).to_owned()));
                }
            }
        }
        let free = node.tag == "freejoint"
            || (node.tag == "joint" && node.attr("type").is_some_and(|t| t.trim() == "free"));
        if free && node.attr("align").is_some_and(|v| v.trim() == "true") {
            return Err(unsupported(
                "align=\"true\" on a free joint (it moves the body's frame onto its inertial frame)"
                    .into(),
            ));
        }
        stack.extend(node.children.iter().rev());
    }
    Ok(())
}
