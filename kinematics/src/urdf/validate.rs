//! A structural check of URDF text that names the faulty element and its line.
//!
//! This pass runs before the document is read, so that the common mistakes get an error such
//! as `URDF joint "elbow" (line 42): missing <parent link="...">`; it returns the parsed tree.

use morsel_geometry::xml_depth::{MAX_XML_DEPTH, too_deep};
use std::cell::OnceCell;

use roxmltree::{Document, Node};

use crate::line_index::LineIndex;
use crate::{KinematicsError, Result};

/// Which `<geometry>` elements the load reads (and so checks): those of `<visual>`, those of
/// `<collision>`. Shapes a load does not read are not checked, as Pinocchio's
/// `buildModelFromUrdf` reads none (pybullet's files hold `<plane>` and `<cdf>` shapes).
#[derive(Clone, Copy)]
pub(crate) struct CheckedGeometry {
    pub visual: bool,
    pub collision: bool,
}

/// Parses a URDF and checks the parts that Morsel reads. `source_name` is used in parse errors.
pub(crate) fn validate<'t>(
    text: &'t str,
    source_name: &str,
    geometry: CheckedGeometry,
    stop: &dyn morsel_geometry::Stop,
) -> Result<Document<'t>> {
    // The XML parsers recurse per level: measure the nesting before either sees the text.
    if let Some(line) = too_deep(text, MAX_XML_DEPTH) {
        return Err(KinematicsError::UrdfParse {
            source_name: source_name.to_owned(),
            message: format!(
                "line {line}: elements are nested more than {MAX_XML_DEPTH} deep (the limit of Morsel's XML readers)"
            ),
        });
    }
    let doc = Document::parse_with_options(
        text,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..roxmltree::ParsingOptions::default()
        },
    )
    .map_err(|e| KinematicsError::UrdfParse {
        source_name: source_name.to_owned(),
        message: match e {
            // The errors roxmltree reports without a position: a truncated file.
            roxmltree::Error::UnexpectedEndOfStream
            | roxmltree::Error::NoRootNode
            | roxmltree::Error::UnclosedRootNode => format!(
                "{e} at line {} (the end of the file)",
                text.lines().count().max(1)
            ),
            _ => morsel_geometry::xml_depth::one_line(&e.to_string()),
        },
    })?;
    let robot = doc.root_element();
    let checker = Checker {
        text,
        lines: OnceCell::new(),
    };
    if robot.tag_name().name() != "robot" {
        return Err(checker.error(robot, "document", "the root element must be <robot>".into()));
    }
    crate::load_stop::check(stop)?;
    for node in robot.children().filter(Node::is_element) {
        crate::load_stop::check(stop)?;
        match node.tag_name().name() {
            "link" => checker.link(node, geometry)?,
            "joint" => checker.joint(node)?,
            _ => {}
        }
    }
    // Material colours, wherever they stand (top-level materials and those inside visuals).
    for color in robot.descendants().filter(|n| n.has_tag_name("color")) {
        checker.numbers(color, "material > color", "rgba", 4, false)?;
    }
    checker.joint_ends(robot)?;
    Ok(doc)
}

/// The checks, over the text they name lines of.
struct Checker<'t> {
    text: &'t str,
    /// Line starts, indexed on the first error (a valid file never needs them).
    lines: OnceCell<LineIndex>,
}

impl Checker<'_> {
    fn error(&self, node: Node, element: &str, problem: String) -> KinematicsError {
        let line = self
            .lines
            .get_or_init(|| LineIndex::new(self.text))
            .line_of(node.range().start);
        KinematicsError::UrdfElement {
            element: element.to_owned(),
            location: format!(" (line {line})"),
            problem,
        }
    }

    fn required<'n>(&self, node: Node<'n, '_>, element: &str, attribute: &str) -> Result<&'n str> {
        node.attribute(attribute).ok_or_else(|| {
            self.error(
                node,
                element,
                format!(
                    "missing attribute {attribute}=\"...\" on <{}>",
                    node.tag_name().name()
                ),
            )
        })
    }

    fn numbers(
        &self,
        node: Node,
        element: &str,
        attribute: &str,
        count: usize,
        required: bool,
    ) -> Result<()> {
        let Some(text) = node.attribute(attribute) else {
            return if required {
                self.required(node, element, attribute).map(|_| ())
            } else {
                Ok(())
            };
        };
        let values: Vec<&str> = text.split_whitespace().collect();
        let parsed: Vec<f64> = values
            .iter()
            .filter_map(|v| v.parse::<f64>().ok())
            .collect();
        if values.len() != count || parsed.len() != count || parsed.iter().any(|v| !v.is_finite()) {
            let what = if count == 1 {
                "a finite number".to_owned()
            } else {
                format!("{count} finite numbers")
            };
            return Err(self.error(
                node,
                element,
                format!(
                    "{attribute}=\"{text}\" on <{}> must be {what}",
                    node.tag_name().name()
                ),
            ));
        }
        Ok(())
    }

    /// Every joint's parent and child name a link of the file.
    fn joint_ends(&self, robot: Node) -> Result<()> {
        let links: std::collections::BTreeSet<&str> = children(robot, "link")
            .filter_map(|l| l.attribute("name"))
            .collect();
        for joint in children(robot, "joint") {
            let element = format!("joint \"{}\"", joint.attribute("name").unwrap_or_default());
            for end in ["parent", "child"] {
                for node in children(joint, end) {
                    let link = node.attribute("link").unwrap_or_default();
                    if !links.contains(link) {
                        return Err(self.error(
                            node,
                            &format!("{element} > {end}"),
                            format!("link=\"{link}\" names no <link> of this file"),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    fn origin(&self, parent: Node, element: &str) -> Result<()> {
        for origin in children(parent, "origin") {
            let element = format!("{element} > origin");
            self.numbers(origin, &element, "xyz", 3, false)?;
            self.numbers(origin, &element, "rpy", 3, false)?;
        }
        Ok(())
    }

    fn link(&self, link: Node, geometry: CheckedGeometry) -> Result<()> {
        let name = self.required(link, "link", "name")?;
        let element = format!("link \"{name}\"");
        for inertial in children(link, "inertial") {
            let element = format!("{element} > inertial");
            self.origin(inertial, &element)?;
            let mass = children(inertial, "mass").next().ok_or_else(|| {
                self.error(inertial, &element, "missing <mass value=\"...\"/>".into())
            })?;
            self.numbers(mass, &format!("{element} > mass"), "value", 1, true)?;
            if let Some(value) = mass
                .attribute("value")
                .and_then(|v| v.trim().parse::<f64>().ok())
                .filter(|v| *v < 0.0)
            {
                return Err(self.error(
                    mass,
                    &format!("{element} > mass"),
                    format!("mass {value} is negative"),
                ));
            }
            let inertia = children(inertial, "inertia").next().ok_or_else(|| {
                self.error(
                    inertial,
                    &element,
                    "missing <inertia ixx=... ixy=... ixz=... iyy=... iyz=... izz=.../>".into(),
                )
            })?;
            for attribute in ["ixx", "ixy", "ixz", "iyy", "iyz", "izz"] {
                self.numbers(inertia, &format!("{element} > inertia"), attribute, 1, true)?;
            }
        }
        for (kind, read) in [
            ("visual", geometry.visual),
            ("collision", geometry.collision),
        ] {
            if !read {
                continue;
            }
            for (i, item) in children(link, kind).enumerate() {
                let element = format!("{element} > {kind} #{}", i + 1);
                self.origin(item, &element)?;
                let geometry = children(item, "geometry")
                    .next()
                    .ok_or_else(|| self.error(item, &element, "missing <geometry>".into()))?;
                self.geometry(geometry, &format!("{element} > geometry"))?;
            }
        }
        Ok(())
    }

    fn geometry(&self, geometry: Node, element: &str) -> Result<()> {
        if let Some(text) = geometry
            .children()
            .filter(Node::is_text)
            .find_map(|t| t.text().map(str::trim).filter(|t| !t.is_empty()))
        {
            return Err(self.error(
                geometry,
                element,
                format!("unexpected text \"{text}\" in <geometry>; it holds one shape element"),
            ));
        }
        let shapes: Vec<Node> = geometry.children().filter(Node::is_element).collect();
        let [shape] = shapes.as_slice() else {
            return Err(self.error(
                geometry,
                element,
                format!(
                    "<geometry> must hold exactly one of <box>, <cylinder>, <capsule>, <sphere>, <mesh>; it holds {}",
                    shapes.len()
                ),
            ));
        };
        let tag = shape.tag_name().name();
        let element = format!("{element} > {tag}");
        match tag {
            "box" => self.numbers(*shape, &element, "size", 3, true),
            "cylinder" | "capsule" => {
                self.numbers(*shape, &element, "radius", 1, true)?;
                self.numbers(*shape, &element, "length", 1, true)
            }
            "sphere" => self.numbers(*shape, &element, "radius", 1, true),
            "mesh" => {
                let filename = self.required(*shape, &element, "filename")?;
                if filename.trim().is_empty() {
                    return Err(self.error(*shape, &element, "filename is empty".into()));
                }
                self.numbers(*shape, &element, "scale", 3, false)
            }
            other => Err(self.error(
                *shape,
                &element,
                format!("unknown geometry <{other}>; use <box>, <cylinder>, <capsule>, <sphere> or <mesh>"),
            )),
        }
    }

    fn joint(&self, joint: Node) -> Result<()> {
        let name = self.required(joint, "joint", "name")?;
        let element = format!("joint \"{name}\"");
        let kind = self.required(joint, &element, "type")?;
        match kind {
            "revolute" | "continuous" | "prismatic" | "fixed" | "floating" => {}
            "planar" | "spherical" => {
                return Err(self.error(
                    joint,
                    &element,
                    format!("type \"{kind}\" is not supported; use revolute, continuous, prismatic, fixed or floating joints"),
                ));
            }
            other => {
                return Err(self.error(
                    joint,
                    &element,
                    format!("unknown type \"{other}\"; use revolute, continuous, prismatic, fixed or floating"),
                ));
            }
        }
        for end in ["parent", "child"] {
            let node = children(joint, end).next().ok_or_else(|| {
                self.error(joint, &element, format!("missing <{end} link=\"...\"/>"))
            })?;
            self.required(node, &format!("{element} > {end}"), "link")?;
        }
        self.origin(joint, &element)?;
        for axis in children(joint, "axis") {
            let axis_element = format!("{element} > axis");
            self.numbers(axis, &axis_element, "xyz", 3, true)?;
            let zero = axis.attribute("xyz").is_some_and(|t| {
                t.split_whitespace()
                    .filter_map(|v| v.parse::<f64>().ok())
                    .all(|v| v == 0.0)
            });
            if zero && kind != "fixed" && kind != "floating" {
                return Err(self.error(
                    axis,
                    &axis_element,
                    "xyz is zero; give a direction such as \"0 0 1\"".into(),
                ));
            }
        }
        let limit = children(joint, "limit").next();
        if limit.is_none() && (kind == "revolute" || kind == "prismatic") {
            return Err(self.error(
                joint,
                &element,
                format!("a {kind} joint needs <limit lower=\"...\" upper=\"...\" effort=\"...\" velocity=\"...\"/>"),
            ));
        }
        if let Some(limit) = limit {
            let limit_element = format!("{element} > limit");
            for attribute in ["lower", "upper", "effort"] {
                self.numbers(limit, &limit_element, attribute, 1, false)?;
            }
            self.numbers(limit, &limit_element, "velocity", 1, true)?;
            // A lower limit above the upper one is read as "no limit" (see `joint_spec`).
        }
        // The optional elements the URDF reader also parses: their numbers are checked here so
        // that a bad one is reported with its line.
        for (tag, attributes, required) in [
            ("dynamics", &["damping", "friction"][..], &[][..]),
            (
                "safety_controller",
                &["soft_lower_limit", "soft_upper_limit", "k_position"][..],
                &["k_velocity"][..],
            ),
            ("calibration", &["rising", "falling"][..], &[][..]),
        ] {
            for node in children(joint, tag) {
                let node_element = format!("{element} > {tag}");
                for attribute in attributes {
                    self.numbers(node, &node_element, attribute, 1, false)?;
                }
                for attribute in required {
                    self.numbers(node, &node_element, attribute, 1, true)?;
                }
            }
        }
        for mimic in children(joint, "mimic") {
            let mimic_element = format!("{element} > mimic");
            self.required(mimic, &mimic_element, "joint")?;
            self.numbers(mimic, &mimic_element, "multiplier", 1, false)?;
            self.numbers(mimic, &mimic_element, "offset", 1, false)?;
        }
        Ok(())
    }
}

fn children<'a, 'input: 'a>(
    node: Node<'a, 'input>,
    tag: &'a str,
) -> impl Iterator<Item = Node<'a, 'input>> + 'a {
    node.children()
        .filter(move |n| n.is_element() && n.tag_name().name() == tag)
}
