//! The contact load on a taxel link: its probes' forces and torques of one reading, summed in
//! the world frame (the same [`BodyLoad`] as touch's).

use nalgebra::{Isometry3, Vector3};

use crate::error::{Result, SensingError};
use crate::scene::Scene;
use crate::taxel::sensor::{TaxelReading, TaxelSensor};
use crate::touch::load::check_options;
use crate::touch::{BodyLoad, LoadOptions};

impl TaxelReading {
    /// The load on the link in environment `env` at the newest step, the link at `link_pose`:
    /// the probes' forces summed, and their torques (about the link origin, twist included)
    /// carried to [`LoadOptions::point`], all turned into the world frame.
    ///
    /// Errors: `env` out of range, arrays of another shape than a reading's, and the errors
    /// of [`LoadOptions`].
    pub fn link_load(
        &self,
        env: usize,
        link_pose: &Isometry3<f64>,
        options: &LoadOptions,
    ) -> Result<BodyLoad> {
        check_options(options)?;
        let shape = self.force.shape();
        let bad = || SensingError::InvalidParameter {
            parameter: "reading",
            requirement: "must hold force and torque arrays of one shape, (envs, probes, 3) or \
                          (envs, history, probes, 3)",
            value: format!("{:?} and {:?}", self.force.shape(), self.torque.shape()),
        };
        if self.torque.shape() != shape || !(shape.len() == 3 || shape.len() == 4) {
            return Err(bad());
        }
        if shape[shape.len() - 1] != 3 {
            return Err(bad());
        }
        if env >= shape[0] {
            return Err(SensingError::InvalidParameter {
                parameter: "env",
                requirement: "must index an environment of the reading",
                value: format!("{env} (the reading has {})", shape[0]),
            });
        }
        let probes = shape[shape.len() - 2];
        let (mut force, mut torque) = (Vector3::zeros(), Vector3::zeros());
        for p in 0..probes {
            let at = |a: &ndarray::ArrayD<f64>, k: usize| {
                if shape.len() == 3 {
                    a[[env, p, k]]
                } else {
                    a[[env, 0, p, k]]
                }
            };
            force += Vector3::new(at(&self.force, 0), at(&self.force, 1), at(&self.force, 2));
            torque += Vector3::new(
                at(&self.torque, 0),
                at(&self.torque, 1),
                at(&self.torque, 2),
            );
        }
        let f = link_pose.rotation * force;
        let origin = link_pose.translation.vector;
        let moment = link_pose.rotation * torque + (origin - options.point.coords).cross(&f);
        Ok(BodyLoad::from_wrench(f, moment, options))
    }
}

impl TaxelReading {
    /// [`TaxelReading::link_load`] of the link named `link_name`, at its pose in `scene` (the
    /// scene that was read). Errors: no body of that name, and those of `link_load`.
    pub fn link_load_in(
        &self,
        scene: &Scene,
        link_name: &str,
        env: usize,
        options: &LoadOptions,
    ) -> Result<BodyLoad> {
        let link = scene.body_index(link_name)?;
        self.link_load(env, &scene.bodies()[link].pose, options)
    }
}

impl TaxelSensor {
    /// [`TaxelReading::link_load`] with the link's pose in `scene` (the scene that was read).
    pub fn link_load(
        &self,
        scene: &Scene,
        reading: &TaxelReading,
        env: usize,
        options: &LoadOptions,
    ) -> Result<BodyLoad> {
        self.check_scene(scene)?;
        reading.link_load(env, &scene.bodies()[self.link()].pose, options)
    }
}
