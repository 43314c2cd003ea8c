//! `<default>` classes: nesting, inheritance, and which class an element uses.
//!
//! The top-level `<default>` is class `main`; every nested `<default class="c">` starts from
//! its parent's values and overrides them. Several top-level `<default>` elements (from
//! included files) all add to `main`. An element uses its own `class`, else the `childclass`
//! of the nearest enclosing body or frame that has one, else `main`.

use std::collections::HashMap;

use super::error::{MjcfError, MjcfResult};
use super::orientation::ORIENTATIONS;
use super::reader::Node;

/// Attribute values per element tag (`geom`, `joint`, ...).
pub(crate) type ClassValues = HashMap<String, HashMap<String, String>>;

/// All default classes, each already merged with its ancestors.
#[derive(Debug, Default)]
pub(crate) struct Defaults {
    classes: HashMap<String, ClassValues>,
}

/// The name of the root default class.
pub(crate) const MAIN: &str = "main";

impl Defaults {
    /// Collects the `<default>` elements directly under `<mujoco>`.
    pub fn from_root(root: &Node) -> MjcfResult<Defaults> {
        let mut defaults = Defaults::default();
        defaults.classes.insert(MAIN.to_owned(), ClassValues::new());
        for node in root.children.iter().filter(|n| n.tag == "default") {
            defaults.add(node, None)?;
        }
        Ok(defaults)
    }

    fn add(&mut self, node: &Node, parent: Option<&str>) -> MjcfResult<()> {
        let name = match (node.attr("class"), parent) {
            (Some(c), _) => c.to_owned(),
            (None, None) => MAIN.to_owned(),
            (None, Some(_)) => {
                return Err(MjcfError::Invalid {
                    at: node.location(),
                    problem: "a nested <default> needs a class attribute".into(),
                });
            }
        };
        let mut values = match parent {
            Some(p) => {
                if self.classes.contains_key(&name) {
                    return Err(MjcfError::Invalid {
                        at: node.location(),
                        problem: format!("default class \"{name}\" is defined twice"),
                    });
                }
                self.classes[p].clone()
            }
            None => self.classes.remove(&name).unwrap_or_default(),
        };
        for child in node.children.iter().filter(|c| c.tag != "default") {
            let tag = if child.tag == "freejoint" {
                "joint".to_owned()
            } else {
                child.tag.clone()
            };
            let entry = values.entry(tag).or_default();
            // An orientation the class gives replaces the one it inherits, whatever its form
            // (MuJoCo: a class's `quat` wins over its parent's `euler`).
            if child
                .attrs
                .iter()
                .any(|(k, _)| ORIENTATIONS.contains(&k.as_str()))
            {
                entry.retain(|k, _| !ORIENTATIONS.contains(&k.as_str()));
            }
            for (k, v) in &child.attrs {
                entry.insert(k.clone(), v.clone());
            }
        }
        self.classes.insert(name.clone(), values);
        for child in node.children.iter().filter(|c| c.tag == "default") {
            self.add(child, Some(&name))?;
        }
        Ok(())
    }

    /// The values of `class` for elements tagged `tag` (empty when the class sets none).
    pub fn values(&self, class: &str, tag: &str) -> Option<&HashMap<String, String>> {
        self.classes.get(class).and_then(|c| c.get(tag))
    }

    /// Checks that `class` exists, naming `node` otherwise.
    pub fn check(&self, class: &str, node: &Node) -> MjcfResult<()> {
        if self.classes.contains_key(class) {
            return Ok(());
        }
        let mut known: Vec<&str> = self.classes.keys().map(String::as_str).collect();
        known.sort_unstable();
        Err(MjcfError::UnknownClass {
            at: node.location(),
            class: class.to_owned(),
            known: known.join(", "),
        })
    }

    /// The class `node` uses, given the inherited `childclass`.
    pub fn class_of<'a>(&self, node: &'a Node, inherited: &'a str) -> MjcfResult<&'a str> {
        let class = node.attr("class").unwrap_or(inherited);
        self.check(class, node)?;
        Ok(class)
    }
}
