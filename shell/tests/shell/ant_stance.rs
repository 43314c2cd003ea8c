//! The fixture that the balance tests share: gymnasium's MuJoCo ant (`ant.xml`, copied into the
//! bench) standing on its four foot tips, bound to the robot as the stance `st` of robot `r`.

use crate::{Bench, workspace_root};

/// Script lines that load the ant as `r` and make its four-foot stance `st`.
pub const ANT: &str = r#"
let r = mjcf("ant.xml");
let feet = [["body4", 0.4, 0.4], ["body7", -0.4, 0.4], ["body10", -0.4, -0.4],
            ["body13", 0.4, -0.4]];
let contacts = feet.map(|f| contact(#{ shape: [0.02, 0.02], friction: 0.7, link: f[0],
                                      pos: [f[1], f[2], 0.0], orientation: "world" }));
let st = stance(r, #{ contacts: contacts });
"#;

/// A bench holding `ant.xml`.
pub fn bench() -> Bench {
    let b = Bench::new();
    let ant = std::fs::read_to_string(workspace_root().join("assets/robots/gymnasium/ant.xml"))
        .expect("ant.xml");
    b.write("ant.xml", &ant);
    b
}
