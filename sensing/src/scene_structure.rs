//! [`SceneStructure`]: the bodies a sensor was built on, which every scene it later reads must
//! have.

use crate::error::{Result, SensingError};
use crate::scene::Scene;

/// The bodies of a scene, in order, by name with their collider counts.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SceneStructure(Vec<(String, usize)>);

impl SceneStructure {
    /// The structure of `scene`.
    pub fn of(scene: &Scene) -> Self {
        Self(
            scene
                .bodies()
                .iter()
                .map(|b| (b.name.clone(), b.colliders.len()))
                .collect(),
        )
    }

    /// The name of body `i`.
    pub fn body_name(&self, i: usize) -> &str {
        &self.0[i].0
    }

    /// The index of the body called `name`.
    pub fn position(&self, name: &str) -> Option<usize> {
        self.0.iter().position(|(n, _)| n == name)
    }

    /// Checks that `scene` has these bodies and collider counts; `sensor` names the sensor in
    /// the error ("touch", "taxel").
    pub fn check(&self, scene: &Scene, sensor: &str) -> Result<()> {
        let bodies = scene.bodies();
        if bodies.len() != self.0.len()
            || bodies
                .iter()
                .zip(&self.0)
                .any(|(b, (name, n))| &b.name != name || b.colliders.len() != *n)
        {
            let built: Vec<&str> = self.0.iter().map(|s| s.0.as_str()).collect();
            return Err(SensingError::SceneMismatch {
                reason: format!(
                    "the {sensor} sensor was built for bodies [{}]; the scene has [{}] (or different collider counts)",
                    built.join(", "),
                    scene.body_names().join(", ")
                ),
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Body;
    use morsel_geometry::Shape;
    use nalgebra::Isometry3;

    fn scene(bodies: &[(&str, usize)]) -> Scene {
        let mut scene = Scene::new();
        for &(name, colliders) in bodies {
            let mut body = Body::new(name);
            for _ in 0..colliders {
                let ball = Shape::sphere(0.1).expect("ball");
                body = body
                    .with_collider(ball, Isometry3::identity())
                    .expect("collider");
            }
            scene.add_body(body).expect("body");
        }
        scene
    }

    #[test]
    fn scenes_must_have_the_same_bodies_and_collider_counts() {
        let built = SceneStructure::of(&scene(&[("pad", 1), ("ball", 2)]));
        assert_eq!(
            (built.body_name(1), built.position("ball")),
            ("ball", Some(1))
        );
        assert_eq!(built.position("hand"), None);
        assert!(
            built
                .check(&scene(&[("pad", 1), ("ball", 2)]), "taxel")
                .is_ok()
        );
        for other in [
            scene(&[("pad", 1)]),
            scene(&[("pad", 1), ("hand", 2)]),
            scene(&[("pad", 1), ("ball", 1)]),
            scene(&[("ball", 2), ("pad", 1)]),
        ] {
            let e = built.check(&other, "taxel").unwrap_err().to_string();
            assert!(
                e.contains("taxel sensor was built for bodies [pad, ball]"),
                "{e}"
            );
        }
    }
}
