//! [`MjcfError`]: what can go wrong while reading an MJCF file, always with the file, line and
//! element it concerns.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::KinematicsError;

/// Where in the MJCF input a problem is: file, 1-based line and a description of the element
/// (e.g. `geom "lb"` or `unnamed joint`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The file that holds the element (an included file when it came from `<include>`).
    pub file: Arc<Path>,
    /// 1-based line of the element's start tag.
    pub line: u32,
    /// The element, as `tag "name"` or `tag` when it has no name.
    pub element: String,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: <{}>",
            self.file.display(),
            self.line,
            self.element
        )
    }
}

/// Everything that can go wrong while loading MJCF.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MjcfError {
    /// A file could not be read.
    #[error("{}: cannot read {}: {source}", at.as_ref().map_or_else(|| "MJCF".to_owned(), |a| a.to_string()), path.display())]
    Io {
        /// The element that asked for the file (`<include>`), if any.
        at: Option<Location>,
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// The file-access policy refused a file (outside the readable folders, not a regular
    /// file, too large), named by the element that asked for it.
    #[error("{}: {source}", at.as_ref().map_or_else(|| "MJCF".to_owned(), |a| a.to_string()))]
    File {
        /// The element that asked for the file (`<include>`, `<mesh>`), if any.
        at: Option<Location>,
        /// The refusal.
        source: morsel_geometry::FileAccessError,
    },
    /// A limit on the size of a model was reached: element nesting, the number of included
    /// files, or the bytes read ([`MAX_INCLUDES`](super::MAX_INCLUDES),
    /// [`MAX_MODEL_BYTES`](super::MAX_MODEL_BYTES),
    /// [`MAX_XML_DEPTH`](morsel_geometry::xml_depth::MAX_XML_DEPTH)).
    #[error("{at}: {problem}")]
    TooLarge {
        /// The element where the limit was reached.
        at: Location,
        /// Which limit, and its value.
        problem: String,
    },
    /// The text is not well-formed XML.
    #[error("{}:{line}: malformed XML: {message}", file.display())]
    Xml {
        /// The file.
        file: PathBuf,
        /// 1-based line of the problem.
        line: u32,
        /// The XML parser's message.
        message: String,
    },
    /// An `<include>` that includes itself, directly or through other files.
    #[error("{at}: include cycle: {}", chain.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(" -> "))]
    IncludeCycle {
        /// The `<include>` that closes the cycle.
        at: Location,
        /// The files of the cycle, outermost first, ending with the repeated one.
        chain: Vec<PathBuf>,
    },
    /// A file named by an element (`<include file>`, `<mesh file>`) does not exist.
    #[error("{at}: file \"{name}\" not found (looked for {})", path.display())]
    MissingFile {
        /// The element that names the file.
        at: Location,
        /// The name as written.
        name: String,
        /// The path that was tried.
        path: PathBuf,
    },
    /// An attribute holds a value that cannot be used.
    #[error("{at}: attribute {attribute}=\"{value}\": {expected}")]
    InvalidValue {
        /// The element.
        at: Location,
        /// The attribute's name.
        attribute: String,
        /// The value as written (or as it came from a default class).
        value: String,
        /// What a valid value looks like.
        expected: String,
    },
    /// A `class` or `childclass` that no `<default>` defines.
    #[error("{at}: unknown default class \"{class}\"; defined classes: {known}")]
    UnknownClass {
        /// The element that names the class.
        at: Location,
        /// The class asked for.
        class: String,
        /// The defined classes, comma separated.
        known: String,
    },
    /// A name that refers to nothing (a mesh asset, a body in `<exclude>`).
    #[error("{at}: {kind} \"{name}\" is not defined")]
    UnknownReference {
        /// The element holding the reference.
        at: Location,
        /// What kind of thing was looked for (`mesh`, `body`).
        kind: &'static str,
        /// The name asked for.
        name: String,
    },
    /// An element or attribute that MuJoCo's MJCF schema does not know where it is written
    /// (MuJoCo refuses the model too), with the nearest known name when one is close.
    #[error("{at}: unknown {kind} `{name}` in <{parent}> (not in MuJoCo's MJCF schema){}", suggestion.as_ref().map_or_else(String::new, |s| format!("; did you mean `{s}`?")))]
    UnknownName {
        /// The element (for an unknown element, the element itself).
        at: Location,
        /// An element or an attribute.
        kind: NameKind,
        /// The name as written.
        name: String,
        /// The element it is written in.
        parent: Box<str>,
        /// The closest known name, if one is within two edits.
        suggestion: Option<Box<str>>,
    },
    /// A feature this loader does not support (e.g. `hfield` geoms, `coordinate="global"`).
    #[error("{at}: not supported: {what}")]
    Unsupported {
        /// The element.
        at: Location,
        /// What is not supported.
        what: String,
    },
    /// An element that is well-formed but invalid (a misplaced free joint, a degenerate mesh...).
    #[error("{at}: {problem}")]
    Invalid {
        /// The element.
        at: Location,
        /// What is wrong and how to fix it.
        problem: String,
    },
    /// The kinematic model built from the file was rejected.
    #[error("MJCF model: {0}")]
    Model(#[from] KinematicsError),
}

impl MjcfError {
    /// Where the problem is, when it concerns one element.
    pub fn location(&self) -> Option<&Location> {
        match self {
            MjcfError::Io { at, .. } | MjcfError::File { at, .. } => at.as_ref(),
            MjcfError::IncludeCycle { at, .. }
            | MjcfError::MissingFile { at, .. }
            | MjcfError::InvalidValue { at, .. }
            | MjcfError::UnknownClass { at, .. }
            | MjcfError::UnknownReference { at, .. }
            | MjcfError::UnknownName { at, .. }
            | MjcfError::Unsupported { at, .. }
            | MjcfError::Invalid { at, .. }
            | MjcfError::TooLarge { at, .. } => Some(at),
            MjcfError::Xml { .. } | MjcfError::Model(_) => None,
        }
    }
}

/// What kind of name [`MjcfError::UnknownName`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameKind {
    /// An element's tag.
    Element,
    /// An attribute's name.
    Attribute,
}

impl fmt::Display for NameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NameKind::Element => "element",
            NameKind::Attribute => "attribute",
        })
    }
}

/// The result type of the MJCF loader.
pub type MjcfResult<T> = std::result::Result<T, MjcfError>;
