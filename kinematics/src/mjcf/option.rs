//! `<option>` settings that the dynamics reads: gravity, and its `<flag gravity>` switch.

use nalgebra::Vector3;

use super::attrs::Attrs;
use super::error::MjcfResult;
use super::reader::Node;
use crate::model::STANDARD_GRAVITY;

/// The model's gravity (m/s², world frame) from every `<option>` directly under `<mujoco>`,
/// later ones overriding earlier ones as MuJoCo merges them: `gravity="x y z"` (MuJoCo's
/// default `0 0 -9.81`), and zero when a `<flag gravity="disable"/>` turns it off.
pub(crate) fn gravity(root: &Node) -> MjcfResult<Vector3<f64>> {
    let mut gravity = Vector3::new(0.0, 0.0, -STANDARD_GRAVITY);
    let mut enabled = true;
    for option in root.children.iter().filter(|n| n.tag == "option") {
        let a = Attrs::new(option, None);
        if let Some([x, y, z]) = a.array::<3>("gravity")? {
            gravity = Vector3::new(x, y, z);
        }
        for flag in option.children.iter().filter(|n| n.tag == "flag") {
            let f = Attrs::new(flag, None);
            if flag.attr("gravity").is_some() {
                enabled = f.keyword("gravity", &["enable", "disable"])? == "enable";
            }
        }
    }
    Ok(if enabled { gravity } else { Vector3::zeros() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mjcf::load_str;

    fn gravity_of(text: &str) -> Vector3<f64> {
        load_str(text, ".").expect("the model loads").gravity()
    }

    #[test]
    fn gravity_defaults_overrides_and_disables() {
        let body = "<worldbody><body><joint type='hinge'/><geom size='0.1'/></body></worldbody>";
        assert_eq!(
            gravity_of(&format!("<mujoco>{body}</mujoco>")),
            Vector3::new(0.0, 0.0, -9.81)
        );
        assert_eq!(
            gravity_of(&format!(
                "<mujoco><option gravity='0 0 -1'/><option gravity='1 2 3'/>{body}</mujoco>"
            )),
            Vector3::new(1.0, 2.0, 3.0)
        );
        assert_eq!(
            gravity_of(&format!(
                "<mujoco><option gravity='1 2 3'><flag gravity='disable'/></option>{body}</mujoco>"
            )),
            Vector3::zeros()
        );
        let bad = load_str(
            &format!("<mujoco><option><flag gravity='off'/></option>{body}</mujoco>"),
            ".",
        );
        assert!(bad.unwrap_err().to_string().contains("gravity"));
        let bad = load_str(
            &format!("<mujoco><option gravity='0 nan'/>{body}</mujoco>"),
            ".",
        );
        assert!(bad.is_err());
    }
}
