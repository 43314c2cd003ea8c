//! Where scripts may read and write.
//!
//! A [`Sandbox`] has a read root, a base folder inside it (the script's folder) and a write root
//! (the `--out` folder). Scripts name files with relative paths:
//!
//! - reads are resolved from the base folder (or taken as they are when absolute) and must stay
//!   under the read root (`--root`), after `..` and symbolic links are resolved; only regular
//!   files are read (no devices, FIFOs or sockets). A path outside gets the same
//!   [`SandboxError::Outside`] whether or not it exists. The same policy covers every file a
//!   model loader opens on the script's behalf (MJCF includes and meshes, URDF meshes): see
//!   [`Sandbox::file_access`];
//! - writes are resolved from the write root (`--out`, or taken as they are when absolute) and
//!   must stay under it; missing folders (and the write root itself) are created on demand,
//!   one at a time, so nothing is created outside.
//!
//! Every refusal names the folder and the command-line flag that changes it.

use morsel_geometry::{FileAccess, FileAccessError};
use morsel_lab::manifest::AccessLog;
use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

/// A path that a script may not use.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SandboxError {
    /// The path is empty or names no file.
    #[error(
        "the path `{path}` names no file: give a relative file path such as \"data/points.json\""
    )]
    NoFileName {
        /// The path as given.
        path: String,
    },
    /// A file to read lies outside the read root, or is reached through a link that leaves
    /// it. The same whether or not the file exists.
    #[error(
        "cannot read `{path}`: it is outside the read root {}; scripts read only under it (run with `--root DIR` to read under another folder)",
        .root.display()
    )]
    Outside {
        /// The path as given.
        path: String,
        /// The read root.
        root: PathBuf,
    },
    /// An absolute path to write that is not inside the output folder.
    #[error(
        "cannot write `{path}`: it is outside the output folder {}; scripts write only under it (give a path relative to it, or run with `--out DIR`)",
        .root.display()
    )]
    Absolute {
        /// The path as given.
        path: String,
        /// The output folder.
        root: PathBuf,
    },
    /// `..` components climb above the output folder.
    #[error(
        "cannot write `{path}`: `..` leaves the output folder {}; scripts write only under it (run with `--out DIR` to write elsewhere)",
        .root.display()
    )]
    Escapes {
        /// The path as given.
        path: String,
        /// The root it tried to leave.
        root: PathBuf,
    },
    /// A symbolic link along a path to write leads outside the output folder (or nowhere).
    #[error(
        "cannot write `{path}`: the symbolic link {} leads outside the output folder {} (run with `--out DIR` to write elsewhere)",
        .link.display(), .root.display()
    )]
    SymlinkEscape {
        /// The path as given.
        path: String,
        /// The link (or folder) that resolves outside.
        link: PathBuf,
        /// The root.
        root: PathBuf,
    },
    /// A file to read does not exist.
    #[error("cannot read `{path}`: there is no file {}", .resolved.display())]
    NotFound {
        /// The path as given.
        path: String,
        /// Where it was looked for.
        resolved: PathBuf,
    },
    /// Something on the path is not what the operation needs (a file where a folder is needed, ...).
    #[error("cannot use the path `{path}`: {} {problem}", .at.display())]
    WrongKind {
        /// The path as given.
        path: String,
        /// The offending file or folder.
        at: PathBuf,
        /// What is wrong with it.
        problem: &'static str,
    },
    /// A file name the run itself writes in the output folder (its manifest, the shard folder).
    #[error("cannot write `{path}`: the run writes its own {what} there; choose another name")]
    Reserved {
        /// The path as given.
        path: String,
        /// What the run writes there.
        what: &'static str,
    },
    /// A file the read policy refuses for another reason (too large, unreadable).
    #[error("{source}")]
    File {
        /// The refusal.
        #[source]
        source: FileAccessError,
    },
    /// The base folder for reads is not inside the read root.
    #[error(
        "the script folder {} is outside the read root {} (run with `--root DIR` to choose a folder that holds the script)",
        .base.display(), .root.display()
    )]
    BaseOutsideRoot {
        /// The base folder.
        base: PathBuf,
        /// The read root.
        root: PathBuf,
    },
    /// The file system refused an operation.
    #[error("{action} {}: {source}", .at.display())]
    Io {
        /// What was being done.
        action: &'static str,
        /// The file or folder.
        at: PathBuf,
        /// The underlying error.
        #[source]
        source: io::Error,
    },
}

/// The folders a script may read from and write to.
#[derive(Debug, Clone)]
pub struct Sandbox {
    /// Canonical read root.
    read_root: PathBuf,
    /// The base folder for reads, as normal components below `read_root`.
    read_base: Vec<OsString>,
    /// Absolute write root (created on first write).
    write_root: PathBuf,
    /// Every file resolved so far, shared by clones (for the run manifest).
    log: Arc<Mutex<AccessLog>>,
    /// The read policy: regular files under the read root.
    access: FileAccess,
}

fn io_error(action: &'static str, at: &Path) -> impl FnOnce(io::Error) -> SandboxError {
    let at = at.to_path_buf();
    move |source| SandboxError::Io { action, at, source }
}

fn absolute(path: &Path) -> Result<PathBuf, SandboxError> {
    std::path::absolute(path).map_err(io_error("cannot resolve", path))
}

impl Sandbox {
    /// A sandbox reading under `read_root` (relative paths start at `read_base`, which must lie
    /// inside it) and writing under `write_root`.
    ///
    /// The read root and base must exist; the write root is created on the first write.
    pub fn new(
        read_root: &Path,
        read_base: &Path,
        write_root: &Path,
    ) -> Result<Self, SandboxError> {
        let root =
            fs::canonicalize(read_root).map_err(io_error("cannot open the folder", read_root))?;
        let base =
            fs::canonicalize(read_base).map_err(io_error("cannot open the folder", read_base))?;
        let relative = base
            .strip_prefix(&root)
            .map_err(|_| SandboxError::BaseOutsideRoot {
                base: base.clone(),
                root: root.clone(),
            })?;
        let read_base = relative
            .components()
            .map(|c| c.as_os_str().to_os_string())
            .collect();
        let access = FileAccess::within([&root])
            .map_err(|e| SandboxError::File { source: e })?
            .with_hint(" (run with `--root DIR` to read under another folder)");
        Ok(Self {
            read_root: root,
            read_base,
            write_root: absolute(write_root)?,
            log: Arc::default(),
            access,
        })
    }

    /// The policy for every file read on a script's behalf (model files, their includes and
    /// meshes): regular files under the read root, `..` and links resolved.
    pub fn file_access(&self) -> &FileAccess {
        &self.access
    }

    /// The files resolved so far through this sandbox and its clones.
    pub fn access_log(&self) -> AccessLog {
        self.log
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The folder that reads may not leave.
    pub fn read_root(&self) -> &Path {
        &self.read_root
    }

    /// The folder that relative reads start from.
    pub fn read_base(&self) -> PathBuf {
        self.read_root
            .join(self.read_base.iter().collect::<PathBuf>())
    }

    /// The folder that writes go to (it may not exist yet).
    pub fn write_root(&self) -> &Path {
        &self.write_root
    }

    /// Resolves a file a script wants to read: relative to the script's folder, or absolute;
    /// either way it must be a regular file inside the read root.
    pub fn read_path(&self, path: &str) -> Result<PathBuf, SandboxError> {
        let outside = || SandboxError::Outside {
            path: path.to_string(),
            root: self.read_root.clone(),
        };
        let candidate = if Path::new(path).is_absolute() {
            PathBuf::from(path)
        } else {
            let parts = match normalise(path, self.read_base.clone(), &self.read_root) {
                Ok(parts) => parts,
                Err(SandboxError::Escapes { .. }) => return Err(outside()),
                Err(e) => return Err(e),
            };
            self.read_root.join(parts.iter().collect::<PathBuf>())
        };
        let canonical = self.access.resolve(&candidate).map_err(|e| match e {
            FileAccessError::Outside { .. } => outside(),
            FileAccessError::NotFound { .. } => SandboxError::NotFound {
                path: path.to_string(),
                resolved: candidate.clone(),
            },
            FileAccessError::NotRegular { what, .. } => SandboxError::WrongKind {
                path: path.to_string(),
                at: candidate.clone(),
                problem: if what == "a folder" {
                    "is a folder, not a file"
                } else {
                    "is not a regular file (a device, FIFO or socket)"
                },
            },
            source => SandboxError::File { source },
        })?;
        let mut log = self.log.lock().unwrap_or_else(PoisonError::into_inner);
        log.reads.insert(canonical.clone());
        Ok(canonical)
    }

    /// Records files a library read on the script's behalf (the meshes a URDF names), so that
    /// the run's manifest lists them among its inputs.
    pub fn note_reads(&self, paths: &[PathBuf]) {
        let mut log = self.log.lock().unwrap_or_else(PoisonError::into_inner);
        log.reads.extend(paths.iter().cloned());
    }

    /// Resolves a file a script wants to write, creating the write root and any missing folders
    /// below it. An existing file at the path is allowed (it will be replaced).
    pub fn write_path(&self, path: &str) -> Result<PathBuf, SandboxError> {
        let relative = self.inside_write_root(path)?;
        let parts = normalise(
            relative.as_deref().unwrap_or(path),
            Vec::new(),
            &self.write_root,
        )
        .map_err(|e| match e {
            SandboxError::Escapes { root, .. } => SandboxError::Escapes {
                path: path.to_string(),
                root,
            },
            SandboxError::Absolute { root, .. } => SandboxError::Absolute {
                path: path.to_string(),
                root,
            },
            SandboxError::NoFileName { .. } => SandboxError::NoFileName {
                path: path.to_string(),
            },
            other => other,
        })?;
        let Some((file_name, folders)) = parts.split_last() else {
            return Err(SandboxError::NoFileName {
                path: path.to_string(),
            });
        };
        if folders.is_empty() && file_name == morsel_lab::manifest::FILE_NAME {
            return Err(SandboxError::Reserved {
                path: path.to_string(),
                what: "manifest",
            });
        }
        if folders
            .first()
            .is_some_and(|f| f == morsel_lab::sharding::SHARD_FOLDER)
        {
            return Err(SandboxError::Reserved {
                path: path.to_string(),
                what: "shard files (folder `shards/`)",
            });
        }
        fs::create_dir_all(&self.write_root).map_err(io_error(
            "cannot create the output folder",
            &self.write_root,
        ))?;
        let root = fs::canonicalize(&self.write_root)
            .map_err(io_error("cannot open the output folder", &self.write_root))?;
        let escape = |link: &Path| SandboxError::SymlinkEscape {
            path: path.to_string(),
            link: link.to_path_buf(),
            root: root.clone(),
        };
        let mut folder = root.clone();
        for part in folders {
            folder.push(part);
            match fs::symlink_metadata(&folder) {
                Ok(_) => {
                    let canonical = fs::canonicalize(&folder).map_err(|_| escape(&folder))?;
                    if !canonical.starts_with(&root) {
                        return Err(escape(&folder));
                    }
                    if !canonical.is_dir() {
                        return Err(SandboxError::WrongKind {
                            path: path.to_string(),
                            at: folder,
                            problem: "is a file, not a folder",
                        });
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    fs::create_dir(&folder)
                        .map_err(io_error("cannot create the folder", &folder))?;
                }
                Err(e) => return Err(io_error("cannot inspect", &folder)(e)),
            }
        }
        let target = folder.join(file_name);
        if fs::symlink_metadata(&target).is_ok() {
            let canonical = fs::canonicalize(&target).map_err(|_| escape(&target))?;
            if !canonical.starts_with(&root) {
                return Err(escape(&target));
            }
            if canonical.is_dir() {
                return Err(SandboxError::WrongKind {
                    path: path.to_string(),
                    at: target,
                    problem: "is a folder, not a file",
                });
            }
        }
        let mut log = self.log.lock().unwrap_or_else(PoisonError::into_inner);
        log.writes.insert(target.clone());
        Ok(target)
    }
}

impl Sandbox {
    /// For an absolute `path` inside the write root (as given, or after resolving links in
    /// the write root's own path), the part below the root; `None` for a relative path.
    fn inside_write_root(&self, path: &str) -> Result<Option<String>, SandboxError> {
        let given = Path::new(path);
        if !given.is_absolute() {
            return Ok(None);
        }
        let absolute_error = || SandboxError::Absolute {
            path: path.to_string(),
            root: self.write_root.clone(),
        };
        let lexical: PathBuf = {
            let mut parts = PathBuf::new();
            for c in given.components() {
                match c {
                    Component::ParentDir => {
                        parts.pop();
                    }
                    Component::CurDir => {}
                    other => parts.push(other),
                }
            }
            parts
        };
        let canonical_root = fs::canonicalize(&self.write_root).ok();
        let below = lexical.strip_prefix(&self.write_root).ok().or_else(|| {
            canonical_root
                .as_deref()
                .and_then(|r| lexical.strip_prefix(r).ok())
        });
        match below {
            Some(rest) => Ok(Some(rest.to_string_lossy().into_owned())),
            None => Err(absolute_error()),
        }
    }
}

/// Applies the components of `path` to `start` (normal components below a root), refusing
/// absolute paths and `..` that would leave the root.
fn normalise(path: &str, start: Vec<OsString>, root: &Path) -> Result<Vec<OsString>, SandboxError> {
    if path.is_empty() {
        return Err(SandboxError::NoFileName {
            path: String::new(),
        });
    }
    let mut parts = start;
    for component in Path::new(path).components() {
        match component {
            Component::Prefix(_) | Component::RootDir => {
                return Err(SandboxError::Absolute {
                    path: path.to_string(),
                    root: root.to_path_buf(),
                });
            }
            Component::CurDir => {}
            Component::ParentDir => {
                if parts.pop().is_none() {
                    return Err(SandboxError::Escapes {
                        path: path.to_string(),
                        root: root.to_path_buf(),
                    });
                }
            }
            Component::Normal(part) => parts.push(part.to_os_string()),
        }
    }
    Ok(parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A temporary tree: `root/scripts/`, `root/data.txt`, `root/scripts/local.txt`,
    /// `outside/secret.txt`, and an output folder `root/out` that does not exist yet.
    struct Tree {
        _dir: tempfile::TempDir,
        top: PathBuf,
        sandbox: Sandbox,
    }

    fn tree() -> Tree {
        let dir = tempfile::tempdir().expect("temp dir");
        let top = dir.path().to_path_buf();
        let root = top.join("root");
        fs::create_dir_all(root.join("scripts")).expect("mkdir");
        fs::create_dir_all(top.join("outside")).expect("mkdir");
        fs::write(root.join("data.txt"), "data").expect("write");
        fs::write(root.join("scripts/local.txt"), "local").expect("write");
        fs::write(top.join("outside/secret.txt"), "secret").expect("write");
        let sandbox =
            Sandbox::new(&root, &root.join("scripts"), &root.join("out")).expect("sandbox");
        Tree {
            _dir: dir,
            top,
            sandbox,
        }
    }

    #[test]
    fn reads_start_at_the_script_folder() {
        let t = tree();
        let p = t.sandbox.read_path("local.txt").expect("local");
        assert_eq!(fs::read_to_string(p).expect("read"), "local");
        let p = t
            .sandbox
            .read_path("./../data.txt")
            .expect("parent within root");
        assert_eq!(fs::read_to_string(p).expect("read"), "data");
        let p = t
            .sandbox
            .read_path("sub/../local.txt")
            .expect("up and down");
        assert_eq!(fs::read_to_string(p).expect("read"), "local");
    }

    #[test]
    fn reads_refuse_escapes_alike_and_name_the_root_flag() {
        let t = tree();
        let secret = t.top.join("outside/secret.txt");
        let missing = t.top.join("outside/missing.txt");
        let mut messages = Vec::new();
        for p in [
            "../../outside/secret.txt".to_string(),
            "../../outside/missing.txt".to_string(),
            secret.to_str().expect("utf8").to_string(),
            missing.to_str().expect("utf8").to_string(),
            "/etc/passwd".to_string(),
            "/dev/zero".to_string(),
        ] {
            let err = t.sandbox.read_path(&p).unwrap_err();
            assert!(matches!(err, SandboxError::Outside { .. }), "{p}: {err}");
            let text = err.to_string();
            assert!(text.contains("--root"), "{text}");
            assert!(
                text.contains(&t.sandbox.read_root().display().to_string()),
                "{text}"
            );
            messages.push(text.replace(&p, "P"));
        }
        // Existing and missing outside files get the same answer.
        assert!(messages.windows(2).all(|w| w[0] == w[1]), "{messages:?}");
    }

    #[test]
    fn absolute_paths_inside_the_roots_are_accepted() {
        let t = tree();
        let inside = t.sandbox.read_root().join("data.txt");
        let p = t
            .sandbox
            .read_path(inside.to_str().expect("utf8"))
            .expect("absolute path inside the read root");
        assert_eq!(fs::read_to_string(p).expect("read"), "data");
        let out = t.top.join("root/out/a/b.json");
        let w = t
            .sandbox
            .write_path(out.to_str().expect("utf8"))
            .expect("absolute path inside the output folder");
        assert_eq!(w, out);
        let err = t
            .sandbox
            .write_path(t.top.join("x.json").to_str().expect("utf8"))
            .unwrap_err();
        assert!(matches!(err, SandboxError::Absolute { .. }), "{err}");
        assert!(err.to_string().contains("--out"), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn devices_and_fifos_are_not_read() {
        let t = tree();
        let fifo = t.top.join("root/scripts/pipe.txt");
        let status = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo");
        assert!(status.success());
        let err = t.sandbox.read_path("pipe.txt").unwrap_err();
        assert!(matches!(err, SandboxError::WrongKind { .. }), "{err}");
    }

    #[test]
    fn reads_of_missing_files_and_folders_are_errors() {
        let t = tree();
        let err = t.sandbox.read_path("nothing.stl").unwrap_err();
        assert!(matches!(err, SandboxError::NotFound { .. }), "{err}");
        let err = t.sandbox.read_path("..").unwrap_err();
        assert!(matches!(err, SandboxError::WrongKind { .. }), "{err}");
        let err = t.sandbox.read_path("").unwrap_err();
        assert!(matches!(err, SandboxError::NoFileName { .. }), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_out_of_the_root_are_refused() {
        let t = tree();
        let root = t.top.join("root");
        std::os::unix::fs::symlink(t.top.join("outside"), root.join("scripts/link"))
            .expect("symlink");
        std::os::unix::fs::symlink(t.top.join("outside/secret.txt"), root.join("scripts/s.txt"))
            .expect("symlink");
        std::os::unix::fs::symlink(root.join("data.txt"), root.join("scripts/inside.txt"))
            .expect("symlink");
        for p in ["link/secret.txt", "link/missing.txt", "s.txt"] {
            let err = t.sandbox.read_path(p).unwrap_err();
            assert!(matches!(err, SandboxError::Outside { .. }), "{p}: {err}");
        }
        let p = t
            .sandbox
            .read_path("inside.txt")
            .expect("a link inside the root is fine");
        assert_eq!(fs::read_to_string(p).expect("read"), "data");
    }

    #[test]
    fn writes_create_folders_under_the_output_root() {
        let t = tree();
        let out = t.top.join("root/out");
        assert!(!out.exists());
        let p = t.sandbox.write_path("a/b/c.json").expect("nested");
        fs::write(&p, "{}").expect("write");
        assert!(out.join("a/b/c.json").is_file());
        let p2 = t
            .sandbox
            .write_path("a/./x/../b/c.json")
            .expect("normalised");
        assert_eq!(p, p2);
    }

    #[test]
    fn writes_refuse_escapes_and_create_nothing_outside() {
        let t = tree();
        let err = t.sandbox.write_path("../x.json").unwrap_err();
        assert!(matches!(err, SandboxError::Escapes { .. }), "{err}");
        let err = t.sandbox.write_path("a/../../x.json").unwrap_err();
        assert!(matches!(err, SandboxError::Escapes { .. }), "{err}");
        let err = t.sandbox.write_path("/tmp/x.json").unwrap_err();
        assert!(matches!(err, SandboxError::Absolute { .. }), "{err}");
        for p in [".", "a/.."] {
            let err = t.sandbox.write_path(p).unwrap_err();
            assert!(matches!(err, SandboxError::NoFileName { .. }), "{p}: {err}");
        }
        assert!(!t.top.join("x.json").exists());
        assert!(!t.top.join("root/out/a").exists());
    }

    #[cfg(unix)]
    #[test]
    fn writes_refuse_symlinks_that_leave_the_output_root() {
        let t = tree();
        let out = t.top.join("root/out");
        fs::create_dir_all(&out).expect("mkdir");
        std::os::unix::fs::symlink(t.top.join("outside"), out.join("link")).expect("symlink");
        std::os::unix::fs::symlink(t.top.join("outside/secret.txt"), out.join("f.txt"))
            .expect("symlink");
        std::os::unix::fs::symlink(t.top.join("nowhere"), out.join("dangling")).expect("symlink");
        for p in ["link/new/file.json", "link/file.json", "f.txt", "dangling"] {
            let err = t.sandbox.write_path(p).unwrap_err();
            assert!(
                matches!(err, SandboxError::SymlinkEscape { .. }),
                "{p}: {err}"
            );
        }
        assert!(!t.top.join("outside/new").exists());
    }

    #[test]
    fn the_manifest_and_shard_folder_are_reserved() {
        let t = tree();
        for p in [
            "manifest.json",
            "./manifest.json",
            "a/../manifest.json",
            "shards/w.json",
        ] {
            let err = t.sandbox.write_path(p).unwrap_err();
            assert!(matches!(err, SandboxError::Reserved { .. }), "{p}: {err}");
        }
        t.sandbox
            .write_path("results/manifest.json")
            .expect("a manifest.json below the output folder is the script's");
    }

    #[test]
    fn a_file_in_place_of_a_folder_is_an_error() {
        let t = tree();
        let out = t.top.join("root/out");
        fs::create_dir_all(&out).expect("mkdir");
        fs::write(out.join("file"), "x").expect("write");
        let err = t.sandbox.write_path("file/inner.json").unwrap_err();
        assert!(matches!(err, SandboxError::WrongKind { .. }), "{err}");
    }

    #[test]
    fn the_script_folder_must_be_inside_the_read_root() {
        let t = tree();
        let err = Sandbox::new(
            &t.top.join("root"),
            &t.top.join("outside"),
            &t.top.join("o"),
        )
        .unwrap_err();
        assert!(matches!(err, SandboxError::BaseOutsideRoot { .. }), "{err}");
    }
}
