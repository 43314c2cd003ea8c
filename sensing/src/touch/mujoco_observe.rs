//! Touch read from MuJoCo's state: the contacts decoded from MuJoCo's arrays, and only the
//! bodies those contacts press on a sensor posed, so that a step costs what its contacts cost
//! and not what the model's size costs.

use ndarray::ArrayView2;

use crate::contact::Side;
use crate::error::Result;
use crate::mujoco_scene::{MujocoContacts, MujocoScene};
use crate::touch::Touch;
use crate::touch::observe::MIN_NORMAL_FORCE;

impl Touch {
    /// The pipeline on MuJoCo's state: the contacts of `batch` (see
    /// [`MujocoScene::contacts`]), the sensing bodies they press (a normal force of at least
    /// [`MIN_NORMAL_FORCE`]) moved to their rows of `xpos`/`xquat`, and the sensor outputs.
    /// Returns the flat output (see [`Touch::output`]); [`Touch::contacts`] gives the decoded
    /// contacts.
    ///
    /// No other body's pose is read: a body that presses no sensor keeps its last pose in
    /// `mujoco`, and a non-finite pose there is no error (it is one, as in
    /// [`MujocoScene::set_body_pose`], for a body the output uses). The sensor must have been
    /// built on `mujoco`'s scene or one with the same bodies and colliders; that is checked
    /// once per scene.
    pub fn observe_mujoco(
        &mut self,
        mujoco: &mut MujocoScene,
        xpos: ArrayView2<'_, f64>,
        xquat: ArrayView2<'_, f64>,
        batch: &MujocoContacts<'_>,
    ) -> Result<&[f64]> {
        if self.checked_mujoco != Some(mujoco.id()) {
            self.model.check_scene(mujoco.scene())?;
            self.checked_mujoco = Some(mujoco.id());
        }
        let mut contacts = std::mem::take(&mut self.data.contacts);
        let result = mujoco.contacts(batch, &mut contacts).and_then(|()| {
            for c in contacts
                .iter()
                .filter(|c| c.normal_force() >= MIN_NORMAL_FORCE)
            {
                for side in [Side::A, Side::B] {
                    let body = c.body(side);
                    if !self.model.groups_of_body(body).is_empty() {
                        mujoco.set_body_pose(body, xpos, xquat)?;
                    }
                }
            }
            self.model
                .observe_checked_scene(&mut self.data, mujoco.scene(), &contacts)
        });
        self.data.contacts = contacts;
        result?;
        Ok(&self.data.output)
    }
}

#[cfg(test)]
mod tests {
    use ndarray::{Array1, Array2, array};

    use crate::mujoco_scene::tests::{Arrays, model};
    use crate::mujoco_scene::{MujocoContacts, MujocoScene};
    use crate::{MujocoCone, Touch, TouchConfig, TouchKind};

    /// World (a floor plane), "ball" (a sensing sphere of radius 0.05 m) resting on it, and
    /// "other" (a sphere that senses nothing) elsewhere; one contact floor–ball.
    fn scene() -> MujocoScene {
        spheres_on_a_floor(&["ball", "other"])
    }

    /// The world with a floor plane and one sphere of radius 0.05 m per body of `bodies`.
    fn spheres_on_a_floor(bodies: &[&str]) -> MujocoScene {
        let n = bodies.len() + 1;
        let mut size = Array2::zeros((n, 3));
        size[(0, 2)] = 0.1;
        for g in 1..n {
            size[(g, 0)] = 0.05;
        }
        let mut quat = Array2::zeros((n, 4));
        quat.column_mut(0).fill(1.0);
        let a = Arrays {
            names: std::iter::once("world")
                .chain(bodies.iter().copied())
                .map(String::from)
                .collect(),
            ints: [
                (0..n).map(|g| if g == 0 { 0 } else { 2 }).collect(),
                (0..n as i32).collect(),
                Array1::ones(n),
                Array1::ones(n),
                Array1::from_elem(n, -1),
            ],
            size,
            pos: Array2::zeros((n, 3)),
            quat,
            vert: Array2::zeros((0, 3)),
            face: Array2::zeros((0, 3)),
            ranges: Array1::zeros(0),
        };
        MujocoScene::new(&model(&a), &[1]).unwrap()
    }

    /// `observe_mujoco` with body `bad`'s row of `xpos` not finite (none for `None`), and
    /// the same through `set_poses` and `observe_contacts` (which read every row).
    fn both(bad: Option<usize>) -> (crate::Result<Vec<f64>>, crate::Result<Vec<f64>>) {
        let mut xpos = array![[0.0, 0.0, 0.0], [0.01, 0.0, 0.049], [1.0, 0.0, 0.05]];
        let xquat = array![
            [1.0, 0.0, 0.0, 0.0],
            [0.9, 0.1, 0.0, 0.0],
            [1.0, 0.0, 0.0, 0.0]
        ];
        if let Some(b) = bad {
            xpos[(b, 2)] = f64::NAN;
        }
        let (g1, g2) = (array![0], array![1]);
        let cpos = array![[0.01, 0.0, -0.0005]];
        let frame = array![[0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0]];
        let (dist, dim, adr) = (array![-0.001], array![3], array![0]);
        let friction = Array2::zeros((1, 5));
        let efc = [4.0, 0.5, -0.25];
        let batch = MujocoContacts {
            geom1: g1.view(),
            geom2: g2.view(),
            pos: cpos.view(),
            frame: frame.view(),
            dist: dist.view(),
            dim: dim.view(),
            efc_address: adr.view(),
            friction: friction.view(),
            efc_force: &efc,
            cone: MujocoCone::Elliptic,
        };
        let config = TouchConfig::new(TouchKind::Points).scale("ball", 0.01);
        let mut mujoco = scene();
        let mut touch = Touch::new(mujoco.scene(), &config).unwrap();
        let new = touch
            .observe_mujoco(&mut mujoco, xpos.view(), xquat.view(), &batch)
            .map(<[f64]>::to_vec);
        let mut mujoco = scene();
        let mut touch = Touch::new(mujoco.scene(), &config).unwrap();
        let mut contacts = Vec::new();
        let old = mujoco
            .set_poses(xpos.view(), xquat.view())
            .and_then(|()| mujoco.contacts(&batch, &mut contacts))
            .and_then(|()| {
                touch
                    .observe_contacts(mujoco.scene(), &contacts)
                    .map(<[f64]>::to_vec)
            });
        (new, old)
    }

    #[test]
    fn only_the_pressed_sensing_bodies_are_read() {
        let (new, old) = both(None);
        let (new, old) = (new.unwrap(), old.unwrap());
        assert_eq!(new, old, "the same output as posing every body");
        let z: f64 = new.chunks(3).map(|f| f[2]).sum();
        assert!(
            z.abs() > 1.0,
            "the contact's force reached the ball's sensors: {z}"
        );
        // A body that presses no sensor is not read; the output is the same.
        let (quiet, old_quiet) = both(Some(2));
        assert_eq!(quiet.unwrap(), new);
        assert!(old_quiet.is_err(), "set_poses reads every row");
        // The pressed sensing body's pose is checked.
        let err = both(Some(1)).0.unwrap_err().to_string();
        assert!(err.contains("pose"), "{err}");
    }

    #[test]
    fn another_structure_is_refused() {
        let config = TouchConfig::new(TouchKind::Points).scale("ball", 0.01);
        let built = scene();
        let mut touch = Touch::new(built.scene(), &config).unwrap();
        let mut other = spheres_on_a_floor(&["ball"]);
        let (xpos, xquat) = (
            Array2::zeros((2, 3)),
            array![[1.0, 0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0]],
        );
        let (g, pos2, frame, d, dim, adr, fr) = (
            Array1::<i32>::zeros(0),
            Array2::zeros((0, 3)),
            Array2::zeros((0, 9)),
            Array1::zeros(0),
            Array1::<i32>::zeros(0),
            Array1::<i32>::zeros(0),
            Array2::zeros((0, 5)),
        );
        let batch = MujocoContacts {
            geom1: g.view(),
            geom2: g.view(),
            pos: pos2.view(),
            frame: frame.view(),
            dist: d.view(),
            dim: dim.view(),
            efc_address: adr.view(),
            friction: fr.view(),
            efc_force: &[],
            cone: MujocoCone::Pyramidal,
        };
        let err = touch
            .observe_mujoco(&mut other, xpos.view(), xquat.view(), &batch)
            .unwrap_err()
            .to_string();
        assert!(err.contains("built for"), "{err}");
    }
}
