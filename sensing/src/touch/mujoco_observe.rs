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
