//! Resolving mesh file names written in a URDF to paths on disk.

use std::path::{Path, PathBuf};

use morsel_geometry::{FileAccess, FileAccessError};

use crate::{KinematicsError, Result};

/// Where mesh files are looked for, and which files may be opened.
pub(crate) struct MeshLocator<'a> {
    /// The folder relative mesh paths start from.
    pub base_dir: Option<&'a Path>,
    /// The folders searched for `package://` meshes.
    pub package_paths: &'a [PathBuf],
    /// The file-access policy every candidate goes through.
    pub access: &'a FileAccess,
}

/// Finds the file that a URDF mesh `filename` refers to, as a canonical path that the
/// locator's file-access policy allows.
///
/// - `package://NAME/rest` (and Gazebo's `model://NAME/rest`): for each folder `dir` of
///   `package_paths`, tries `dir/NAME/rest`, and `dir/rest` when `dir` itself is named `NAME`.
/// - `file:///abs/path` and absolute paths: used as they are.
/// - Relative paths: relative to `base_dir` (the URDF file's folder).
///
/// Every candidate goes through the policy (`..` and links resolved): one it refuses counts
/// as refused whether or not it exists, and when no candidate is allowed and one was
/// refused, the error is that refusal ([`KinematicsError::File`]), not "not found".
pub(crate) fn resolve_mesh_path(
    filename: &str,
    locator: &MeshLocator,
    element: &str,
) -> Result<PathBuf> {
    let package = filename
        .strip_prefix("package://")
        .or_else(|| filename.strip_prefix("model://"));
    let mut candidates = Vec::new();
    if let Some(rest) = package {
        let (name, inner) = rest.split_once('/').unwrap_or((rest, ""));
        for dir in locator.package_paths {
            candidates.push(dir.join(name).join(inner));
            if dir.file_name().is_some_and(|n| n == name) {
                candidates.push(dir.join(inner));
            }
        }
    } else {
        let plain = filename.strip_prefix("file://").unwrap_or(filename);
        let path = Path::new(plain);
        if path.is_absolute() {
            candidates.push(path.to_path_buf());
        } else if let Some(base) = locator.base_dir {
            candidates.push(base.join(path));
        } else {
            return Err(KinematicsError::UrdfElement {
                element: element.to_owned(),
                location: String::new(),
                problem: format!(
                    "mesh \"{filename}\" is a relative path but the URDF was given as text; set UrdfOptions::base_dir to the folder it is relative to"
                ),
            });
        }
    }
    let mut refused = None;
    let mut searched = Vec::new();
    for candidate in candidates {
        match locator.access.resolve(&candidate) {
            Ok(canonical) => return Ok(canonical),
            Err(FileAccessError::NotFound { .. }) => searched.push(candidate),
            Err(e) => {
                if refused.is_none() {
                    refused = Some(e);
                }
            }
        }
    }
    match refused {
        Some(source) => Err(KinematicsError::File {
            element: format!("URDF {element} \"{filename}\": "),
            source,
        }),
        None => Err(KinematicsError::MeshNotFound {
            element: element.to_owned(),
            uri: filename.to_owned(),
            searched,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn locator<'a>(paths: &'a [PathBuf], access: &'a FileAccess) -> MeshLocator<'a> {
        MeshLocator {
            base_dir: None,
            package_paths: paths,
            access,
        }
    }

    #[test]
    fn package_paths_are_searched_in_order() {
        let dir = tempfile::tempdir().expect("temp dir");
        let package = dir.path().join("my_robot").join("meshes");
        std::fs::create_dir_all(&package).expect("mkdir");
        std::fs::write(package.join("a.stl"), b"x").expect("write");
        let access = FileAccess::anywhere();
        let paths = [PathBuf::from("/nonexistent"), dir.path().to_path_buf()];
        let found = resolve_mesh_path(
            "package://my_robot/meshes/a.stl",
            &locator(&paths, &access),
            "test",
        )
        .expect("found");
        let expected = package.join("a.stl").canonicalize().expect("canonical");
        assert_eq!(found, expected);
        // A search path that is the package folder itself also works.
        let paths = [dir.path().join("my_robot")];
        let found = resolve_mesh_path(
            "package://my_robot/meshes/a.stl",
            &locator(&paths, &access),
            "t",
        )
        .expect("found");
        assert_eq!(found, expected);
    }

    #[test]
    fn missing_package_lists_candidates() {
        let access = FileAccess::anywhere();
        let paths = [PathBuf::from("/tmp/none")];
        let err = resolve_mesh_path(
            "package://nope/x.stl",
            &locator(&paths, &access),
            "link \"a\"",
        )
        .expect_err("missing");
        match err {
            KinematicsError::MeshNotFound { searched, .. } => assert_eq!(searched.len(), 1),
            other => panic!("unexpected {other}"),
        }
    }

    #[test]
    fn relative_paths_need_a_base() {
        let access = FileAccess::anywhere();
        assert!(resolve_mesh_path("meshes/a.stl", &locator(&[], &access), "t").is_err());
    }
}
