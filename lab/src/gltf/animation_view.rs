//! The drawing of a simulation: every link of every robot added to it, animated over the
//! recorded time (one key per recorded tick: when the robot was added and after every step).

use crate::simulation::Simulation;

use super::drawing::{Animation, Drawing, Part, SURFACE_COLOUR, Track};
use super::legend::LegendEntry;
use super::robot_view::{robot_legend, robot_parts};
use super::skeleton;

impl Drawing {
    /// The robots of `sim` and their motion so far. Node names are link names (prefixed with
    /// `<robot>/` when the simulation has several robots); every link has a translation and a
    /// rotation channel with one key per recorded tick, at the simulated times. A robot added
    /// after the start holds its first pose until then. Without robots, a drawing of nothing
    /// ([`Drawing::nothing`]).
    pub fn from_simulation(name: &str, sim: &Simulation) -> Result<Self, String> {
        if sim.robot_count().map_err(|e| e.to_string())? == 0 {
            return Ok(Drawing::nothing(
                name,
                "a simulation without robots (add one with add()) has nothing to draw",
            ));
        }
        let motion = sim.motion().map_err(|e| e.to_string())?;
        let keys = motion.times.len();
        let several = motion.robots.len() > 1;
        let mut parts: Vec<Part> = Vec::new();
        let mut tracks = Vec::new();
        let mut skeletal = false;
        for r in &motion.robots {
            let model = r.robot.model().map_err(|e| e.to_string())?;
            skeletal |= robot_legend(&model).len() > 1;
            let first = r.poses.first().ok_or("a robot without recorded poses")?;
            let robot_name = r.robot.name();
            for (i, mut part) in robot_parts(&model, first)?.into_iter().enumerate() {
                if several {
                    part.name = format!("{robot_name}/{}", part.name);
                }
                let mut poses = vec![first[i]; r.first_key];
                poses.extend(r.poses.iter().map(|links| links[i]));
                if poses.len() != keys {
                    return Err(format!(
                        "robot \"{robot_name}\" has {} recorded poses for {keys} keys",
                        poses.len()
                    ));
                }
                tracks.push(Track {
                    part: parts.len(),
                    poses,
                });
                parts.push(part);
            }
        }
        let span = match (motion.times.first(), motion.times.last()) {
            (Some(a), Some(b)) => b - a,
            _ => 0.0,
        };
        let mut drawing = Drawing::new(name, parts);
        drawing.legend = vec![LegendEntry::new(
            format!("robot links ({keys} keys over {span} s)"),
            SURFACE_COLOUR,
        )];
        if skeletal {
            drawing.legend.extend(skeleton::legend());
        }
        drawing.animation = Some(Animation {
            name: format!("{name} motion"),
            times: motion.times,
            tracks,
        });
        Ok(drawing)
    }
}
