//! Reading MJCF files into an owned element tree, with `<include>` expanded in place.
//!
//! An `<include file="...">` is replaced by the children of the included file's `<mujoco>`
//! root. Its path is taken relative to the including file's folder, then (MuJoCo's rule)
//! relative to the main file's folder. A file that includes itself, directly or through other
//! files, is an [`MjcfError::IncludeCycle`].
//!
//! Every file is opened through the loader's [`FileAccess`] policy. A model may include at
//! most [`MAX_INCLUDES`] files and read at most [`MAX_MODEL_BYTES`] of XML in all (so that an
//! include fan-out, each file including the next twice, stops early), and nest elements at
//! most [`MAX_XML_DEPTH`] deep, counting across includes.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use morsel_geometry::xml_depth::{MAX_XML_DEPTH, too_deep};
use morsel_geometry::{FileAccess, FileAccessError};

use super::error::{Location, MjcfError, MjcfResult};
use super::{MAX_INCLUDES, MAX_MODEL_BYTES};
use crate::line_index::LineIndex;
use crate::load_stop;
use morsel_geometry::Stop;
use morsel_geometry::stop::NEVER;

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
pub(crate) fn read_model(path: &Path, access: &FileAccess, stop: &dyn Stop) -> MjcfResult<Node> {
    let main_dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    Reader::new(access, main_dir, stop).read_file(path, None, 1)
}

/// Parses MJCF text given directly; includes are resolved against `base_dir`.
pub(crate) fn read_text(
    text: &str,
    name: &Path,
    base_dir: &Path,
    access: &FileAccess,
) -> MjcfResult<Node> {
    let mut reader = Reader::new(access, base_dir.to_path_buf(), NEVER);
    reader.stack.push(name.to_path_buf());
    reader.bytes = text.len() as u64;
    reader.parse(text, name, false, 1)
}

/// The state of one model's reading: the include stack (for cycles) and the budget spent.
struct Reader<'a> {
    access: &'a FileAccess,
    /// Asked once per element.
    stop: &'a dyn Stop,
    main_dir: PathBuf,
    stack: Vec<PathBuf>,
    includes: usize,
    bytes: u64,
}

impl<'a> Reader<'a> {
    fn new(access: &'a FileAccess, main_dir: PathBuf, stop: &'a dyn Stop) -> Self {
        Reader {
            access,
            stop,
            main_dir,
            stack: Vec::new(),
            includes: 0,
            bytes: 0,
        }
    }

    /// Reads one file whose root element sits at `depth` (1 for the main file; an included
    /// file's children take the place of its `<include>`).
    fn read_file(&mut self, path: &Path, at: Option<Location>, depth: usize) -> MjcfResult<Node> {
        let refused = |source| MjcfError::File {
            at: at.clone(),
            source,
        };
        let canonical = self.access.resolve(path).map_err(refused)?;
        if self.stack.contains(&canonical) {
            let mut chain = self.stack.clone();
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
        let text = self.access.read_text(path).map_err(refused)?;
        let text = text.map_err(|line| MjcfError::Xml {
            file: path.to_path_buf(),
            line: line as u32,
            message: "the file is not valid UTF-8".into(),
        })?;
        self.bytes += text.len() as u64;
        if self.bytes > MAX_MODEL_BYTES {
            return Err(MjcfError::TooLarge {
                at: at.unwrap_or_else(|| Location {
                    file: Arc::from(path),
                    line: 1,
                    element: "mujoco".into(),
                }),
                problem: format!(
                    "the model's files hold more than {MAX_MODEL_BYTES} bytes of XML in all (includes counted each time)"
                ),
            });
        }
        self.stack.push(canonical);
        let node = self.parse(&text, path, at.is_some(), depth)?;
        self.stack.pop();
        Ok(node)
    }

    /// Parses one file; an included file (`included`) may also have a `<mujocoinclude>` root.
    fn parse(&mut self, text: &str, path: &Path, included: bool, depth: usize) -> MjcfResult<Node> {
        // The parser recurses per level: measure the nesting first (this file's root sits
        // at `depth`).
        if let Some(line) = too_deep(text, MAX_XML_DEPTH.saturating_sub(depth - 1)) {
            return Err(MjcfError::TooLarge {
                at: Location {
                    file: Arc::from(path),
                    line,
                    element: "element".into(),
                },
                problem: format!(
                    "elements are nested more than {MAX_XML_DEPTH} deep (counting through includes), the limit of Morsel's XML readers"
                ),
            });
        }
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
                message: morsel_geometry::xml_depth::one_line(&e.to_string()),
            })?;
        let file: Arc<Path> = Arc::from(path);
        let root = doc.root_element();
        let lines = LineIndex::new(text);
        let node = self.convert(&lines, root, &file, depth)?;
        if node.tag != "mujoco" && !(included && node.tag == "mujocoinclude") {
            return Err(MjcfError::Invalid {
                at: node.location(),
                problem: "the root element of an MJCF file must be <mujoco> (<mujocoinclude> in an included file)".into(),
            });
        }
        Ok(node)
    }

    fn convert(
        &mut self,
        lines: &LineIndex,
        element: roxmltree::Node,
        file: &Arc<Path>,
        depth: usize,
    ) -> MjcfResult<Node> {
        load_stop::check(self.stop)?;
        let mut node = Node {
            tag: element.tag_name().name().to_owned(),
            attrs: element
                .attributes()
                .map(|a| (a.name().to_owned(), a.value().to_owned()))
                .collect(),
            children: Vec::new(),
            file: Arc::clone(file),
            line: lines.line_of(element.range().start),
        };
        if depth > MAX_XML_DEPTH {
            return Err(MjcfError::TooLarge {
                at: node.location(),
                problem: format!(
                    "elements are nested more than {MAX_XML_DEPTH} deep (counting through includes), the limit of Morsel's XML readers"
                ),
            });
        }
        for child in element.children().filter(roxmltree::Node::is_element) {
            let child = match self.convert(lines, child, file, depth + 1) {
                Ok(child) => child,
                Err(e) => {
                    if matches!(&e, MjcfError::Model(k) if load_stop::is_stop(k)) {
                        load_stop::discard(node);
                    }
                    return Err(e);
                }
            };
            if child.tag == "include" {
                node.children.extend(self.include(&child, depth + 1)?);
            } else {
                node.children.push(child);
            }
        }
        Ok(node)
    }

    /// The children of the `<mujoco>` root of the file an `<include>` at `depth` names.
    fn include(&mut self, element: &Node, depth: usize) -> MjcfResult<Vec<Node>> {
        let at = element.location();
        let Some(name) = element.attr("file") else {
            return Err(MjcfError::Invalid {
                at,
                problem: "<include> needs a file attribute".into(),
            });
        };
        self.includes += 1;
        if self.includes > MAX_INCLUDES {
            return Err(MjcfError::TooLarge {
                at,
                problem: format!(
                    "the model includes more than {MAX_INCLUDES} files (each <include> counted, also of a file already included)"
                ),
            });
        }
        let own_dir = element
            .file
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        let first = own_dir.join(name);
        let second = self.main_dir.join(name);
        // MuJoCo's rule: the including file's folder, then the main file's. A path the policy
        // refuses counts as absent for the first try, so the choice reveals nothing about it.
        let path = match self.access.resolve(&first) {
            Ok(_) => first,
            Err(first_error) => match self.access.resolve(&second) {
                Ok(_) => second,
                Err(second_error) => {
                    return Err(match (first_error, second_error) {
                        (FileAccessError::NotFound { .. }, FileAccessError::NotFound { .. }) => {
                            MjcfError::MissingFile {
                                at,
                                name: name.to_owned(),
                                path: first,
                            }
                        }
                        (FileAccessError::NotFound { .. }, refused) | (refused, _) => {
                            MjcfError::File {
                                at: Some(at),
                                source: refused,
                            }
                        }
                    });
                }
            },
        };
        // The included root's children replace the `<include>`: the root sits one level up.
        let included = self.read_file(&path, Some(at), depth - 1)?;
        Ok(included.children)
    }
}
