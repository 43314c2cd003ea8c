//! Resolving mesh file names written in a URDF to paths on disk.

use std::path::{Path, PathBuf};

use crate::{KinematicsError, Result};

/// Finds the file that a URDF mesh `filename` refers to.
///
/// - `package://NAME/rest` (and Gazebo's `model://NAME/rest`): for each folder `dir` of
///   `package_paths`, tries `dir/NAME/rest`, and `dir/rest` when `dir` itself is named `NAME`.
/// - `file:///abs/path` and absolute paths: used as they are.
/// - Relative paths: relative to `base_dir` (the URDF file's folder).
pub(crate) fn resolve_mesh_path(
    filename: &str,
    base_dir: Option<&Path>,
    package_paths: &[PathBuf],
    element: &str,
) -> Result<PathBuf> {
    let mut searched = Vec::new();
    let package = filename
        .strip_prefix("package://")
        .or_else(|| filename.strip_prefix("model://"));
    if let Some(rest) = package {
        let (name, inner) = rest.split_once('/').unwrap_or((rest, ""));
        for dir in package_paths {
            let mut candidates = vec![dir.join(name).join(inner)];
            if dir.file_name().is_some_and(|n| n == name) {
                candidates.push(dir.join(inner));
            }
            for candidate in candidates {
                if candidate.is_file() {
                    return Ok(candidate);
                }
                searched.push(candidate);
            }
        }
        return Err(KinematicsError::MeshNotFound {
            element: element.to_owned(),
            uri: filename.to_owned(),
            searched,
        });
    }
    let plain = filename.strip_prefix("file://").unwrap_or(filename);
    let path = Path::new(plain);
    let candidate = if path.is_absolute() {
        path.to_path_buf()
    } else if let Some(base) = base_dir {
        base.join(path)
    } else {
        return Err(KinematicsError::UrdfElement {
            element: element.to_owned(),
            location: String::new(),
            problem: format!(
                "mesh \"{filename}\" is a relative path but the URDF was given as text; set UrdfOptions::base_dir to the folder it is relative to"
            ),
        });
    };
    if candidate.is_file() {
        Ok(candidate)
    } else {
        searched.push(candidate);
        Err(KinematicsError::MeshNotFound {
            element: element.to_owned(),
            uri: filename.to_owned(),
            searched,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_paths_are_searched_in_order() {
        let dir = tempfile::tempdir().expect("temp dir");
        let package = dir.path().join("my_robot").join("meshes");
        std::fs::create_dir_all(&package).expect("mkdir");
        std::fs::write(package.join("a.stl"), b"x").expect("write");
        let found = resolve_mesh_path(
            "package://my_robot/meshes/a.stl",
            None,
            &[PathBuf::from("/nonexistent"), dir.path().to_path_buf()],
            "test",
        )
        .expect("found");
        assert_eq!(found, package.join("a.stl"));
        // A search path that is the package folder itself also works.
        let found = resolve_mesh_path(
            "package://my_robot/meshes/a.stl",
            None,
            &[dir.path().join("my_robot")],
            "t",
        )
        .expect("found");
        assert_eq!(found, package.join("a.stl"));
    }

    #[test]
    fn missing_package_lists_candidates() {
        let err = resolve_mesh_path(
            "package://nope/x.stl",
            None,
            &[PathBuf::from("/tmp/none")],
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
        assert!(resolve_mesh_path("meshes/a.stl", None, &[], "t").is_err());
    }
}
