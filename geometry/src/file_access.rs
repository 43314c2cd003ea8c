//! Which files Morsel's readers may open, and how they open them.
//!
//! Every file a loader opens (a mesh, an MJCF file and its includes, a URDF's meshes) goes
//! through one [`FileAccess`]: the path is resolved (`..` and symbolic links followed, as the
//! operating system would), and the file is read only when
//!
//! - it lies inside one of the allowed roots (when roots are set; [`FileAccess::anywhere`],
//!   the default for Rust callers, allows every folder),
//! - it is a regular file: devices (`/dev/zero`), FIFOs, sockets and folders are refused
//!   before anything is read, and files are opened without blocking, so a FIFO put in place
//!   after the check cannot hang the reader,
//! - it is at most [`FileAccess::max_file_bytes`] long ([`DEFAULT_MAX_FILE_BYTES`] unless set).
//!
//! A path outside the roots gets the same [`FileAccessError::Outside`] whether it exists or
//! not, and whatever it is, so that the error tells nothing about files outside the roots.
//!
//! ```
//! use morsel_geometry::file_access::{FileAccess, FileAccessError};
//! let dir = std::env::temp_dir();
//! let access = FileAccess::within([dir.as_path()])?;
//! let outside = std::path::Path::new("/etc/hostname");
//! assert!(matches!(access.read(outside), Err(FileAccessError::Outside { .. })));
//! # Ok::<(), FileAccessError>(())
//! ```

use std::fs::{self, File, Metadata};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The largest file read unless [`FileAccess::with_max_file_bytes`] says otherwise: 1 GiB.
pub const DEFAULT_MAX_FILE_BYTES: u64 = 1 << 30;

/// A file a reader may not open, or could not open.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FileAccessError {
    /// The path leads outside the allowed roots (or through a link that does). Given whether
    /// or not the path exists, and whatever it names.
    #[error("cannot read `{}`: it is outside {}{hint}", .path.display(), roots_text(.roots))]
    Outside {
        /// The path as the reader was given it.
        path: PathBuf,
        /// The folders files may be read from.
        roots: Arc<[PathBuf]>,
        /// How to read elsewhere (set by the front end, e.g. "; run with --root DIR ...").
        hint: Arc<str>,
    },
    /// No file at this path (inside the roots).
    #[error("cannot read `{}`: there is no such file", .path.display())]
    NotFound {
        /// The path as given.
        path: PathBuf,
    },
    /// The path names a folder, a device, a FIFO or a socket.
    #[error("cannot read `{}`: it is {what}, not a regular file", .path.display())]
    NotRegular {
        /// The path as given.
        path: PathBuf,
        /// What it is instead.
        what: &'static str,
    },
    /// The file is longer than the limit.
    #[error("cannot read `{}`: it has {size} bytes, more than the limit of {limit} bytes", .path.display())]
    TooLarge {
        /// The path as given.
        path: PathBuf,
        /// Its size.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// The operating system refused (permissions, ...).
    #[error("cannot read `{}`: {source}", .path.display())]
    Io {
        /// The path as given.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: io::Error,
    },
}

fn roots_text(roots: &[PathBuf]) -> String {
    let names: Vec<String> = roots.iter().map(|r| r.display().to_string()).collect();
    match names.as_slice() {
        [one] => format!("the readable folder {one}"),
        _ => format!("the readable folders {}", names.join(", ")),
    }
}

/// The file-access policy of a loader: where files may be read from, and how large they may
/// be. Cheap to clone.
#[derive(Clone, Debug)]
pub struct FileAccess {
    /// Canonical roots; `None` allows every folder.
    roots: Option<Arc<[PathBuf]>>,
    max_file_bytes: u64,
    hint: Arc<str>,
}

impl Default for FileAccess {
    /// [`FileAccess::anywhere`].
    fn default() -> Self {
        Self::anywhere()
    }
}

impl FileAccess {
    /// Any folder, regular files of at most [`DEFAULT_MAX_FILE_BYTES`].
    pub fn anywhere() -> Self {
        FileAccess {
            roots: None,
            max_file_bytes: DEFAULT_MAX_FILE_BYTES,
            hint: Arc::from(""),
        }
    }

    /// Only files inside `roots` (each must exist; they are resolved to canonical paths).
    pub fn within<P: AsRef<Path>>(
        roots: impl IntoIterator<Item = P>,
    ) -> Result<Self, FileAccessError> {
        let roots = roots
            .into_iter()
            .map(|root| {
                let root = root.as_ref();
                fs::canonicalize(root).map_err(|source| FileAccessError::Io {
                    path: root.to_path_buf(),
                    source,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(FileAccess {
            roots: Some(roots.into()),
            ..Self::anywhere()
        })
    }

    /// The same policy with another per-file size limit.
    pub fn with_max_file_bytes(mut self, limit: u64) -> Self {
        self.max_file_bytes = limit;
        self
    }

    /// The same policy; refusals of paths outside the roots end with `hint` (say how to
    /// allow more, e.g. "; run with --root DIR to read under DIR").
    pub fn with_hint(mut self, hint: &str) -> Self {
        self.hint = Arc::from(hint);
        self
    }

    /// The allowed roots (canonical), or `None` when every folder is allowed.
    pub fn roots(&self) -> Option<&[PathBuf]> {
        self.roots.as_deref()
    }

    /// The per-file size limit in bytes.
    pub fn max_file_bytes(&self) -> u64 {
        self.max_file_bytes
    }

    fn outside(&self, path: &Path) -> FileAccessError {
        FileAccessError::Outside {
            path: path.to_path_buf(),
            roots: self.roots.clone().unwrap_or_else(|| Arc::from(Vec::new())),
            hint: Arc::clone(&self.hint),
        }
    }

    fn inside(&self, canonical: &Path) -> bool {
        self.roots
            .as_deref()
            .is_none_or(|roots| roots.iter().any(|r| canonical.starts_with(r)))
    }

    /// Resolves `path` to the canonical path of a regular file the policy allows, checking its
    /// size; nothing is opened.
    pub fn resolve(&self, path: impl AsRef<Path>) -> Result<PathBuf, FileAccessError> {
        let path = path.as_ref();
        let io_error = |source| FileAccessError::Io {
            path: path.to_path_buf(),
            source,
        };
        let absolute = std::path::absolute(path).map_err(io_error)?;
        let canonical = match fs::canonicalize(&absolute) {
            Ok(c) => c,
            Err(_) => {
                // Say "outside" when the path would resolve outside (links followed as far as
                // they exist), so that missing and existing outside files get the same answer.
                return Err(if self.inside(&resolve_partially(&absolute)) {
                    FileAccessError::NotFound {
                        path: path.to_path_buf(),
                    }
                } else {
                    self.outside(path)
                });
            }
        };
        if !self.inside(&canonical) {
            return Err(self.outside(path));
        }
        let meta = fs::metadata(&canonical).map_err(io_error)?;
        self.check_metadata(path, &meta)?;
        Ok(canonical)
    }

    fn check_metadata(&self, path: &Path, meta: &Metadata) -> Result<(), FileAccessError> {
        if !meta.is_file() {
            return Err(FileAccessError::NotRegular {
                path: path.to_path_buf(),
                what: kind_of(meta),
            });
        }
        if meta.len() > self.max_file_bytes {
            return Err(FileAccessError::TooLarge {
                path: path.to_path_buf(),
                size: meta.len(),
                limit: self.max_file_bytes,
            });
        }
        Ok(())
    }

    /// Reads the whole file at `path` if the policy allows it.
    pub fn read(&self, path: impl AsRef<Path>) -> Result<Vec<u8>, FileAccessError> {
        let path = path.as_ref();
        let io_error = |source| FileAccessError::Io {
            path: path.to_path_buf(),
            source,
        };
        let file = if self.roots.is_some() {
            open_without_blocking(&self.resolve(path)?).map_err(io_error)?
        } else {
            // Every folder is allowed: the path is opened as written, without resolving it to a
            // canonical path first (a system call per component: a fifth of loading a small
            // URDF), and what was opened is checked below.
            open_without_blocking(path).map_err(|source| {
                if source.kind() == io::ErrorKind::NotFound {
                    FileAccessError::NotFound {
                        path: path.to_path_buf(),
                    }
                } else {
                    io_error(source)
                }
            })?
        };
        // The file may have changed since `resolve`: check what was actually opened.
        let meta = file.metadata().map_err(io_error)?;
        self.check_metadata(path, &meta)?;
        let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
        file.take(self.max_file_bytes.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(io_error)?;
        if bytes.len() as u64 > self.max_file_bytes {
            return Err(FileAccessError::TooLarge {
                path: path.to_path_buf(),
                size: bytes.len() as u64,
                limit: self.max_file_bytes,
            });
        }
        Ok(bytes)
    }

    /// Reads the file at `path` as UTF-8 text if the policy allows it; `Ok(Err(line))` gives
    /// the 1-based line of the first byte that is not UTF-8.
    pub fn read_text(
        &self,
        path: impl AsRef<Path>,
    ) -> Result<Result<String, usize>, FileAccessError> {
        let path = path.as_ref();
        let bytes = self.read(path)?;
        Ok(String::from_utf8(bytes).map_err(|e| {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            1 + valid.iter().filter(|&&b| b == b'\n').count()
        }))
    }
}

/// Where an absolute path that does not fully exist leads: symbolic links along it are
/// followed (at most 40), components below the first missing one are applied as written.
fn resolve_partially(path: &Path) -> PathBuf {
    use std::collections::VecDeque;
    use std::ffi::OsString;
    use std::path::Component;
    fn parts(path: &Path) -> VecDeque<Option<OsString>> {
        // `None` stands for the root, `Some("..")` for a parent step.
        path.components()
            .filter_map(|c| match c {
                Component::RootDir | Component::Prefix(_) => Some(None),
                Component::CurDir => None,
                Component::ParentDir => Some(Some(OsString::from(".."))),
                Component::Normal(n) => Some(Some(n.to_os_string())),
            })
            .collect()
    }
    let mut queue = parts(path);
    let mut out = PathBuf::from("/");
    let mut links = 0;
    while let Some(part) = queue.pop_front() {
        let Some(name) = part else {
            out = PathBuf::from("/");
            continue;
        };
        if name == ".." {
            out.pop();
            continue;
        }
        let next = out.join(&name);
        let is_link = fs::symlink_metadata(&next).is_ok_and(|m| m.file_type().is_symlink());
        match fs::read_link(&next) {
            Ok(target) if is_link && links < 40 => {
                links += 1;
                let mut expanded = parts(&target);
                expanded.extend(queue);
                queue = expanded;
            }
            _ => out = next,
        }
    }
    out
}

#[cfg(unix)]
fn open_without_blocking(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_without_blocking(path: &Path) -> io::Result<File> {
    File::open(path)
}

fn kind_of(meta: &Metadata) -> &'static str {
    if meta.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
    }
    "not a file"
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Tree {
        _dir: tempfile::TempDir,
        root: PathBuf,
        outside: PathBuf,
    }

    fn tree() -> Tree {
        let dir = tempfile::tempdir().expect("temp dir");
        let root = dir.path().join("root");
        let outside = dir.path().join("outside");
        fs::create_dir_all(root.join("sub")).expect("mkdir");
        fs::create_dir_all(&outside).expect("mkdir");
        fs::write(root.join("sub/in.txt"), "in").expect("write");
        fs::write(outside.join("secret.txt"), "secret").expect("write");
        Tree {
            _dir: dir,
            root,
            outside,
        }
    }

    #[test]
    fn files_inside_are_read_and_outside_ones_refused_alike() {
        let t = tree();
        let access = FileAccess::within([&t.root]).expect("policy");
        assert_eq!(access.read(t.root.join("sub/in.txt")).expect("in"), b"in");
        assert_eq!(
            access.read(t.root.join("sub/../sub/in.txt")).expect("in"),
            b"in"
        );
        let existing = t.root.join("sub/../../outside/secret.txt");
        let missing = t.root.join("sub/../../outside/nothing.txt");
        let a = access.read(&existing).expect_err("outside");
        let b = access.read(&missing).expect_err("outside");
        assert!(matches!(a, FileAccessError::Outside { .. }), "{a}");
        assert!(matches!(b, FileAccessError::Outside { .. }), "{b}");
        // The messages differ only by the path as written.
        assert_eq!(
            a.to_string().replace("secret", "X"),
            b.to_string().replace("nothing", "X")
        );
        let err = access.read(Path::new("/etc/passwd")).expect_err("outside");
        assert!(matches!(err, FileAccessError::Outside { .. }), "{err}");
        let err = access.read(t.root.join("none.txt")).expect_err("missing");
        assert!(matches!(err, FileAccessError::NotFound { .. }), "{err}");
        let err = access
            .read(t.root.join("no/such/../file.txt"))
            .expect_err("missing");
        assert!(matches!(err, FileAccessError::NotFound { .. }), "{err}");
        let err = access.read(t.root.join("sub")).expect_err("folder");
        assert!(matches!(err, FileAccessError::NotRegular { .. }), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn links_out_devices_fifos_and_large_files_are_refused() {
        let t = tree();
        let access = FileAccess::within([&t.root]).expect("policy");
        std::os::unix::fs::symlink(t.outside.join("secret.txt"), t.root.join("link.txt"))
            .expect("symlink");
        std::os::unix::fs::symlink(t.outside.join("gone.txt"), t.root.join("dangling.txt"))
            .expect("symlink");
        std::os::unix::fs::symlink(&t.outside, t.root.join("dir")).expect("symlink");
        for p in ["link.txt", "dangling.txt", "dir/secret.txt", "dir/gone.txt"] {
            let err = access.read(t.root.join(p)).expect_err(p);
            assert!(matches!(err, FileAccessError::Outside { .. }), "{p}: {err}");
        }
        let anywhere = FileAccess::anywhere();
        let err = anywhere.read(Path::new("/dev/zero")).expect_err("device");
        assert!(matches!(err, FileAccessError::NotRegular { .. }), "{err}");
        // Without roots the path is opened as written: the same answers.
        assert_eq!(
            anywhere.read(t.root.join("link.txt")).expect("link"),
            b"secret"
        );
        let err = anywhere
            .read(t.root.join("dangling.txt"))
            .expect_err("dangling");
        assert!(matches!(err, FileAccessError::NotFound { .. }), "{err}");
        let err = anywhere.read(t.root.join("none.txt")).expect_err("missing");
        assert!(matches!(err, FileAccessError::NotFound { .. }), "{err}");
        let err = anywhere.read(t.root.join("sub")).expect_err("folder");
        assert!(
            matches!(
                err,
                FileAccessError::NotRegular {
                    what: "a folder",
                    ..
                }
            ),
            "{err}"
        );
        let err = anywhere
            .with_max_file_bytes(1)
            .read(t.root.join("sub/in.txt"))
            .expect_err("large");
        assert!(matches!(err, FileAccessError::TooLarge { .. }), "{err}");
        let small = FileAccess::within([&t.root])
            .expect("policy")
            .with_max_file_bytes(1);
        let err = small.read(t.root.join("sub/in.txt")).expect_err("large");
        assert!(matches!(err, FileAccessError::TooLarge { .. }), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let t = tree();
        let fifo = t.root.join("pipe.xml");
        let status = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo");
        assert!(status.success());
        let (send, receive) = std::sync::mpsc::channel();
        let path = fifo.clone();
        std::thread::spawn(move || {
            let access = FileAccess::anywhere();
            let _ = send.send(access.read(&path).map(|_| ()));
        });
        let result = receive
            .recv_timeout(std::time::Duration::from_secs(5))
            .expect("reading a FIFO must not block");
        let err = result.expect_err("a FIFO is not a regular file");
        assert!(
            matches!(err, FileAccessError::NotRegular { what: "a FIFO", .. }),
            "{err}"
        );
    }
}
