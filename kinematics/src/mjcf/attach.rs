//! Model composition: `<asset><model name file>` and `<attach model body prefix>`.
//!
//! Each `<model>` file is read as a model of its own, with its own `<compiler>` (angles,
//! `eulerseq`, `meshdir`), `<default>` classes and assets, as MuJoCo keeps them for the
//! elements it attaches. `<attach>` (in a body, the world body or a frame) copies the named
//! body and its subtree, or the child's whole world body when `body` is not given, into the
//! attaching body at the attach element's place; the names of the copied bodies, joints, geoms
//! and sites get the `prefix` (unnamed ones stay unnamed). Errors name the file and line: a
//! missing model file, an unknown model or body, an `<attach>` without `prefix`, a prefixed
//! name that is already taken. A `<contact><exclude>` of the child naming an attached body,
//! self-attachment (no `model`), `frame=` and child models whose
//! mass settings (`inertiafromgeom`, `inertiagrouprange`, `boundmass`, `boundinertia`,
//! `balanceinertia`) differ from the main model's are [`MjcfError::Unsupported`].

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use morsel_geometry::{FileAccess, FileAccessError, Stop};

use super::assets::Assets;
use super::compiler::Compiler;
use super::defaults::{Defaults, MAIN};
use super::error::{Location, MjcfError, MjcfResult};
use super::reader::{self, Node};
use super::{hfield, mesh, unsupported};

/// The most model files one model may attach, counted over every nesting level.
pub(crate) const MAX_MODELS: usize = 100;

/// A `<model>` asset, read and ready to attach from.
pub(crate) struct ChildModel {
    pub root: Node,
    pub compiler: Compiler,
    pub defaults: Defaults,
    pub assets: Assets,
    /// The child's own `<model>` assets (it may attach further models).
    pub models: Models,
}

/// The `<model>` assets of one model, by name.
#[derive(Default)]
pub(crate) struct Models {
    by_name: HashMap<String, Box<ChildModel>>,
}

/// What one `<attach>` copies: the child model, a frame holding the elements to walk (the
/// attached body, or the child's world-body contents) and the default class they start from.
pub(crate) struct Attachment<'m> {
    pub child: &'m ChildModel,
    pub content: Node,
    pub class: &'m str,
    pub prefix: &'m str,
}

/// Reads the `<model>` assets of `root` (the main model, compiled with `main`), and those of
/// the models they name; every file read is added to `files`. A model file is looked up
/// beside the file that names it.
pub(crate) fn read_models(
    root: &Node,
    main: &Compiler,
    files: &mut Vec<PathBuf>,
    access: &FileAccess,
    stop: &dyn Stop,
) -> MjcfResult<Models> {
    let mut state = State {
        main,
        files,
        access,
        stop,
        open: access.resolve(&root.file).into_iter().collect(),
        count: 0,
    };
    state.models_of(root)
}

struct State<'a> {
    main: &'a Compiler,
    files: &'a mut Vec<PathBuf>,
    access: &'a FileAccess,
    stop: &'a dyn Stop,
    /// Canonical paths of the models being read (a model attaching itself is a cycle).
    open: Vec<PathBuf>,
    count: usize,
}

impl State<'_> {
    fn models_of(&mut self, root: &Node) -> MjcfResult<Models> {
        let mut models = Models::default();
        for asset in root.children.iter().filter(|n| n.tag == "asset") {
            for node in asset.children.iter().filter(|n| n.tag == "model") {
                let child = self.read_child(node)?;
                let name = node
                    .attr("name")
                    .or_else(|| child.root.attr("model"))
                    .ok_or_else(|| MjcfError::Invalid {
                        at: node.location(),
                        problem: "<model> needs a name, or a model file whose <mujoco> has one"
                            .into(),
                    })?
                    .to_owned();
                if models.by_name.contains_key(&name) {
                    return Err(MjcfError::Invalid {
                        at: node.location(),
                        problem: format!("model \"{name}\" is defined twice"),
                    });
                }
                models.by_name.insert(name, Box::new(child));
            }
        }
        Ok(models)
    }

    fn read_child(&mut self, node: &Node) -> MjcfResult<ChildModel> {
        let at = node.location();
        let Some(name) = node.attr("file") else {
            return Err(MjcfError::Invalid {
                at,
                problem: "<model> needs a file attribute".into(),
            });
        };
        self.count += 1;
        if self.count > MAX_MODELS {
            return Err(MjcfError::TooLarge {
                at,
                problem: format!("the model attaches more than {MAX_MODELS} model files"),
            });
        }
        crate::load_stop::check(self.stop)?;
        let path = node.file.parent().unwrap_or(Path::new("")).join(name);
        let canonical = self.access.resolve(&path).map_err(|e| match e {
            FileAccessError::NotFound { .. } => MjcfError::MissingFile {
                at: at.clone(),
                name: name.to_owned(),
                path: path.clone(),
            },
            refused => MjcfError::File {
                at: Some(at.clone()),
                source: refused,
            },
        })?;
        if self.open.contains(&canonical) {
            let mut chain = self.open.clone();
            chain.push(canonical);
            return Err(MjcfError::IncludeCycle { at, chain });
        }
        let root = reader::read_model(&path, self.access, self.stop)?;
        unsupported::check(&root)?;
        collect_files(&root, self.files);
        let dir = path.parent().unwrap_or(Path::new(""));
        let compiler = Compiler::from_root(&root, dir)?;
        if !same_mass_settings(&compiler, self.main) {
            return Err(MjcfError::Unsupported {
                at,
                what: "an attached model whose <compiler> mass settings (inertiafromgeom, inertiagrouprange, boundmass, boundinertia, balanceinertia) differ from the main model's".into(),
            });
        }
        let defaults = Defaults::from_root(&root)?;
        let assets = Assets {
            meshes: mesh::read_meshes(&root, &defaults, &compiler, self.files, self.access)?,
            height_fields: hfield::read_height_fields(&root, &compiler, self.files, self.access)?,
        };
        self.open.push(canonical);
        let models = self.models_of(&root);
        self.open.pop();
        Ok(ChildModel {
            models: models?,
            root,
            compiler,
            defaults,
            assets,
        })
    }
}

fn same_mass_settings(a: &Compiler, b: &Compiler) -> bool {
    a.inertiafromgeom == b.inertiafromgeom
        && a.inertiagrouprange == b.inertiagrouprange
        && a.boundmass == b.boundmass
        && a.boundinertia == b.boundinertia
        && a.balanceinertia == b.balanceinertia
}

fn collect_files(node: &Node, files: &mut Vec<PathBuf>) {
    if files.last().is_none_or(|f| f.as_path() != &*node.file) {
        files.push(node.file.to_path_buf());
    }
    for child in &node.children {
        collect_files(child, files);
    }
}

impl Models {
    /// What the `<attach>` element `node` copies, from these models.
    pub(crate) fn attachment<'m>(&'m self, node: &'m Node) -> MjcfResult<Attachment<'m>> {
        let at = node.location();
        let unsupported = |what: &str| MjcfError::Unsupported {
            at: at.clone(),
            what: what.to_owned(),
        };
        let Some(model) = node.attr("model") else {
            return Err(unsupported(
                "<attach> without model (self-attachment); attach a <model> asset",
            ));
        };
        if node.attr("frame").is_some() {
            return Err(unsupported(
                "<attach frame=...>; attach a body, or the whole model",
            ));
        }
        let Some(prefix) = node.attr("prefix") else {
            return Err(MjcfError::Invalid {
                at,
                problem: "<attach> needs a prefix".into(),
            });
        };
        let child = self
            .by_name
            .get(model)
            .ok_or_else(|| MjcfError::UnknownReference {
                at: at.clone(),
                kind: "model",
                name: model.to_owned(),
            })?;
        let worlds = child.root.children.iter().filter(|n| n.tag == "worldbody");
        let frame = |children: Vec<Node>, file: Arc<Path>, line: u32| Node {
            tag: "frame".into(),
            attrs: Vec::new(),
            children,
            file,
            line,
        };
        let Some(body) = node.attr("body") else {
            let children = worlds.flat_map(|w| w.children.iter().cloned()).collect();
            return Ok(Attachment {
                child,
                content: frame(children, Arc::clone(&child.root.file), child.root.line),
                class: MAIN,
                prefix,
            });
        };
        for world in worlds {
            if let Some((found, class)) = find_body(world, body, MAIN) {
                return Ok(Attachment {
                    child,
                    content: frame(vec![found.clone()], Arc::clone(&found.file), found.line),
                    class,
                    prefix,
                });
            }
        }
        Err(MjcfError::UnknownReference {
            at,
            kind: "body in the attached model",
            name: body.to_owned(),
        })
    }
}

/// The body named `name` under `node`, with the default class it inherits from its ancestors'
/// `childclass`.
fn find_body<'n>(node: &'n Node, name: &str, class: &'n str) -> Option<(&'n Node, &'n str)> {
    let mut stack = vec![(node, class)];
    while let Some((n, class)) = stack.pop() {
        for child in n.children.iter().rev() {
            if !matches!(child.tag.as_str(), "body" | "frame") {
                continue;
            }
            if child.tag == "body" && child.attr("name") == Some(name) {
                return Some((child, class));
            }
            stack.push((child, child.attr("childclass").unwrap_or(class)));
        }
    }
    None
}

impl ChildModel {
    /// Fails on a `<contact><exclude>` of this model that names one of `attached` (the copied
    /// bodies' names before prefixing): MuJoCo copies it with the bodies; this loader does not
    /// yet, and dropping it would change the collision filter silently.
    pub(crate) fn check_excludes<'a>(
        &self,
        attached: impl Iterator<Item = &'a str> + Clone,
    ) -> MjcfResult<()> {
        for contact in self.root.children.iter().filter(|n| n.tag == "contact") {
            for e in contact.children.iter().filter(|n| n.tag == "exclude") {
                let named = |attr: &str| {
                    e.attr(attr)
                        .is_some_and(|b| attached.clone().any(|a| a == b))
                };
                if named("body1") || named("body2") {
                    return Err(MjcfError::Unsupported {
                        at: e.location(),
                        what: "a <contact><exclude> of an attached model naming an attached body (it would be lost); write it in the main model with the prefixed names".into(),
                    });
                }
            }
        }
        Ok(())
    }
}

/// `prefix` + `name`, for a named element.
pub(crate) fn prefixed(prefix: &str, name: &mut Option<String>) {
    if let Some(n) = name {
        *n = format!("{prefix}{n}");
    }
}

/// The error for a prefixed `name` of `kind` that another element already has.
pub(crate) fn name_clash(at: &Location, kind: &str, name: &str) -> MjcfError {
    MjcfError::Invalid {
        at: at.clone(),
        problem: format!("the attached {kind} \"{name}\" has the name of another {kind}"),
    }
}
