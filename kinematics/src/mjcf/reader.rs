//! Reading MJCF files into an owned element tree, with `<include>` expanded in place.
//!
//! An `<include file="...">` is replaced by the children of the included file's `<mujoco>`
//! root. Its path is taken relative to the including file's folder, then (MuJoCo's rule)
//! relative to the main file's folder. A file that includes itself, directly or through other
//! files, is an [`MjcfError::IncludeCycle`].

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::error::{Location, MjcfError, MjcfResult};

/// One XML element: tag, attributes, children, and where it was written.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub tag: String,
    pub attrs: Vec<(String, String)>,
    pub children: Vec<Node>,
    pub file: Arc<Path>,
    pub line: u32,
}

impl Node {
    /// The attribute's value as written on the element itself.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The element's location for error messages.
    pub fn location(&self) -> Location {
        let element = match self.attr("name") {
            Some(name) => format!("{} \"{name}\"", self.tag),
            None => self.tag.clone(),
        };
        Location {
            file: Arc::clone(&self.file),
            line: self.line,
            element,
        }
    }
}

/// Reads `path` (whose root must be `<mujoco>`) with every include expanded.
pub(crate) fn read_model(path: &Path) -> MjcfResult<Node> {
    let main_dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut stack = Vec::new();
    read_file(path, None, &main_dir, &mut stack)
}

/// Parses MJCF text given directly; includes are resolved against `base_dir`.
pub(crate) fn read_text(text: &str, name: &Path, base_dir: &Path) -> MjcfResult<Node> {
    let mut stack = vec![name.to_path_buf()];
    parse(text, name, base_dir, &mut stack, false)
}

fn read_file(
    path: &Path,
    at: Option<Location>,
    main_dir: &Path,
    stack: &mut Vec<PathBuf>,
) -> MjcfResult<Node> {
    let canonical = path.canonicalize().map_err(|source| MjcfError::Io {
        at: at.clone(),
        path: path.to_path_buf(),
        source,
    })?;
    if stack.contains(&canonical) {
        let mut chain = stack.clone();
        chain.push(canonical);
        return Err(MjcfError::IncludeCycle {
            at: at.unwrap_or_else(|| Location {
                file: Arc::from(path),
                line: 1,
                element: "mujoco".into(),
            }),
            chain,
        });
    }
    let bytes = std::fs::read(path).map_err(|source| MjcfError::Io {
        at: at.clone(),
        path: path.to_path_buf(),
        source,
    })?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        MjcfError::Xml {
            file: path.to_path_buf(),
            line: 1 + valid.iter().filter(|&&b| b == b'\n').count() as u32,
            message: "the file is not valid UTF-8".into(),
        }
    })?;
    stack.push(canonical);
    let node = parse(&text, path, main_dir, stack, at.is_some())?;
    stack.pop();
    Ok(node)
}

/// Parses one file; an included file (`included`) may also have a `<mujocoinclude>` root.
fn parse(
    text: &str,
    path: &Path,
    main_dir: &Path,
    stack: &mut Vec<PathBuf>,
    included: bool,
) -> MjcfResult<Node> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    let doc =
        roxmltree::Document::parse_with_options(text, options).map_err(|e| MjcfError::Xml {
            file: path.to_path_buf(),
            line: match e {
                // Errors roxmltree places at the start: the text ended too early.
                roxmltree::Error::UnexpectedEndOfStream
                | roxmltree::Error::NoRootNode
                | roxmltree::Error::UnclosedRootNode => text.lines().count().max(1) as u32,
                _ => e.pos().row,
            },
            message: e.to_string(),
        })?;
    let file: Arc<Path> = Arc::from(path);
    let root = doc.root_element();
    let node = convert(&doc, root, &file, main_dir, stack)?;
    if node.tag != "mujoco" && !(included && node.tag == "mujocoinclude") {
        return Err(MjcfError::Invalid {
            at: node.location(),
            problem: "the root element of an MJCF file must be <mujoco> (<mujocoinclude> in an included file)".into(),
        });
    }
    Ok(node)
}

fn convert(
    doc: &roxmltree::Document,
    element: roxmltree::Node,
    file: &Arc<Path>,
    main_dir: &Path,
    stack: &mut Vec<PathBuf>,
) -> MjcfResult<Node> {
    let mut node = Node {
        tag: element.tag_name().name().to_owned(),
        attrs: element
            .attributes()
            .map(|a| (a.name().to_owned(), a.value().to_owned()))
            .collect(),
        children: Vec::new(),
        file: Arc::clone(file),
        line: doc.text_pos_at(element.range().start).row,
    };
    for child in element.children().filter(roxmltree::Node::is_element) {
        let child = convert(doc, child, file, main_dir, stack)?;
        if child.tag == "include" {
            node.children.extend(include(&child, main_dir, stack)?);
        } else {
            node.children.push(child);
        }
    }
    Ok(node)
}

/// The children of the `<mujoco>` root of the file an `<include>` names.
fn include(element: &Node, main_dir: &Path, stack: &mut Vec<PathBuf>) -> MjcfResult<Vec<Node>> {
    let at = element.location();
    let Some(name) = element.attr("file") else {
        return Err(MjcfError::Invalid {
            at,
            problem: "<include> needs a file attribute".into(),
        });
    };
    let own_dir = element
        .file
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let first = own_dir.join(name);
    let path = if first.exists() {
        first
    } else {
        let second = main_dir.join(name);
        if !second.exists() {
            return Err(MjcfError::MissingFile {
                at,
                name: name.to_owned(),
                path: first,
            });
        }
        second
    };
    let included = read_file(&path, Some(at), main_dir, stack)?;
    Ok(included.children)
}
