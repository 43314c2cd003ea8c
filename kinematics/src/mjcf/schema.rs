//! MJCF checked against MuJoCo's schema before anything is built: an element or attribute that
//! MuJoCo does not know is an [`MjcfError::UnknownName`] naming file, line and name, with the
//! closest known name when one is near (a misspelt `<jiont>` is refused, not skipped).
//!
//! The schema is MuJoCo's own table (`schema_table.rs`, generated from the MuJoCo release the
//! tests compare with by `kinematics/tests/mjcf_reference/make_schema.py`); the rules applying
//! it are those of MuJoCo 4.0.0, checked against it by `test_schema.py`:
//!
//! - each element's attributes must be in its row, and its children must be rows under it;
//!   an element of cardinality "at most once" (`<inertial>`, `<flag>`...) may appear once;
//! - `<worldbody>` (a child of `<mujoco>`), `<body>`, `<frame>` and `<replicate>` are checked
//!   against the body row, which may hold itself; `<default>` may hold `<default>`;
//!   `<worldbody>` may have no attribute;
//! - below a `<frame>` or `<replicate>` MuJoCo's schema checks nothing and its reader refuses
//!   only elements that are not body children: so here too (attributes there are not
//!   checked);
//! - `<include>` is expanded before the check: attributes on it and on an included file's
//!   root are not checked, as in MuJoCo. Namespace declarations (`xmlns`) are not attributes.
//!
//! Elements MuJoCo knows and Morsel reads without using (visual-only or dynamics-only) are
//! listed in [`IGNORED_ELEMENTS`]; the elements Morsel refuses as unsupported are in `unsupported.rs`.

use super::error::{MjcfError, MjcfResult, NameKind};
use super::reader::Node;
use super::schema_row::{Card, Row};
use super::schema_table::MUJOCO;

/// Elements MuJoCo knows that Morsel reads without effect on what it builds, on purpose (with
/// everything inside them): they cannot change poses, geometry or mass. Their names and
/// attributes are still checked against the schema.
pub const IGNORED_ELEMENTS: &[&str] = &[
    // Visual only.
    "visual",
    "texture",
    "material",
    "layer",
    "skin",
    "camera",
    "light",
    // Simulation, dynamics, sensing and control.
    "size",
    "statistic",
    "lengthrange",
    "extension",
    "plugin",
    "deformable",
    "pair",
    "tendon",
    "equality",
    "actuator",
    "sensor",
    "custom",
    "keyframe",
];

/// Checks the whole tree (includes expanded) against MuJoCo's schema.
pub(crate) fn check(root: &Node) -> MjcfResult<()> {
    if root.tag != MUJOCO.name {
        return Err(MjcfError::Invalid {
            at: root.location(),
            problem: "the root element of an MJCF file must be <mujoco>".into(),
        });
    }
    check_element(root, &MUJOCO, 0)
}

/// Whether `row` checks an element `tag` at `level` (the root is level 0): MuJoCo's
/// `mjXSchema::NameMatch`.
fn matches(row: &Row, tag: &str, level: usize) -> bool {
    if row.name == "body"
        && ((level == 1 && tag == "worldbody")
            || (level != 1 && tag == "body")
            || (level >= 1 && (tag == "frame" || tag == "replicate")))
    {
        return true;
    }
    row.name == tag
}

fn check_element(node: &Node, row: &Row, level: usize) -> MjcfResult<()> {
    if node.tag == "frame" || node.tag == "replicate" {
        return check_body_children(node, row);
    }
    if node.tag == "worldbody"
        && let Some((name, _)) = node.attrs.first()
    {
        return Err(MjcfError::Invalid {
            at: node.location(),
            problem: format!(
                "the world body cannot have attributes (found {name}); MuJoCo refuses them too"
            ),
        });
    }
    for (name, _) in &node.attrs {
        if row.attrs.binary_search(&name.as_str()).is_err() {
            return Err(MjcfError::UnknownName {
                at: node.location(),
                kind: NameKind::Attribute,
                name: name.clone(),
                parent: node.tag.as_str().into(),
                suggestion: closest(name, row.attrs.iter().copied()),
            });
        }
    }
    let mut counts = vec![0usize; row.children.len()];
    for child in &node.children {
        if let Some(k) = row
            .children
            .iter()
            .position(|r| matches(r, &child.tag, level + 1))
        {
            counts[k] += 1;
            let sub = &row.children[k];
            if sub.card == Card::AtMostOne && counts[k] == 2 {
                return Err(MjcfError::Invalid {
                    at: node.location(),
                    problem: format!(
                        "a second <{}> (line {}); MuJoCo allows at most one here",
                        child.tag, child.line
                    ),
                });
            }
            check_element(child, sub, level + 1)?;
        } else if row.card == Card::Recursive && matches(row, &child.tag, level + 1) {
            check_element(child, row, level + 1)?;
        } else {
            let mut known: Vec<&str> = row.children.iter().map(|r| r.name).collect();
            if row.card == Card::Recursive {
                known.push(row.name);
            }
            if known.contains(&"body") && level + 1 != 1 {
                known.extend(["frame", "replicate"]);
            }
            return Err(unknown_element(child, &node.tag, &known));
        }
    }
    Ok(())
}

/// Below a `<frame>` or `<replicate>`: only the child elements of bodies, frames and
/// replicates are checked (by name), as MuJoCo's reader does there.
fn check_body_children(node: &Node, body: &Row) -> MjcfResult<()> {
    for child in &node.children {
        match child.tag.as_str() {
            "body" | "frame" | "replicate" => check_body_children(child, body)?,
            tag if body.children.iter().any(|r| r.name == tag) => {}
            _ => {
                let mut known: Vec<&str> = body.children.iter().map(|r| r.name).collect();
                known.extend(["body", "frame", "replicate"]);
                return Err(unknown_element(child, &node.tag, &known));
            }
        }
    }
    Ok(())
}

fn unknown_element(node: &Node, parent: &str, known: &[&str]) -> MjcfError {
    MjcfError::UnknownName {
        at: node.location(),
        kind: NameKind::Element,
        name: node.tag.clone(),
        parent: parent.into(),
        suggestion: closest(&node.tag, known.iter().copied()),
    }
}

/// The known name nearest to `name` when it is at most two edits away (a transposition
/// counts as one) and the edits do not make up the whole name.
fn closest<'a>(name: &str, known: impl Iterator<Item = &'a str>) -> Option<Box<str>> {
    let lower = name.to_lowercase();
    // Ties go to the name sharing the longer start (`sight`: `site` before `light`).
    let shared = |k: &str| {
        lower
            .chars()
            .zip(k.chars())
            .take_while(|(a, b)| a == b)
            .count()
    };
    known
        .map(|k| (strsim::osa_distance(&lower, k), shared(k), k))
        .filter(|&(d, _, _)| d <= 2 && d < name.chars().count())
        .min_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)))
        .map(|(_, _, k)| k.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows_sorted(row: &Row) -> bool {
        row.attrs.windows(2).all(|w| w[0] < w[1]) && row.children.iter().all(rows_sorted)
    }

    #[test]
    fn attributes_are_sorted_for_the_binary_search() {
        assert!(rows_sorted(&MUJOCO));
    }

    fn holds(row: &Row, name: &str) -> bool {
        row.name == name || row.children.iter().any(|r| holds(r, name))
    }

    #[test]
    fn the_ignored_elements_are_mujocos() {
        for name in IGNORED_ELEMENTS {
            assert!(holds(&MUJOCO, name), "{name}");
        }
    }

    #[test]
    fn near_names_are_suggested_and_far_ones_not() {
        let known = ["joint", "geom", "site", "body"];
        assert_eq!(
            closest("jiont", known.iter().copied()).as_deref(),
            Some("joint")
        );
        assert_eq!(
            closest("Geom", known.iter().copied()).as_deref(),
            Some("geom")
        );
        assert_eq!(closest("frobnicate", known.iter().copied()), None);
        assert_eq!(closest("x", known.iter().copied()), None);
    }
}
