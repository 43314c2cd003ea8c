//! Generated URDF files for the fuzz harness: random trees of links and joints whose every part
//! is either well formed or broken in one of the ways people write them: joints of unknown or
//! unsupported kinds, parents that do not exist or close a loop, bad numbers, mimics of unknown,
//! fixed or mimicking joints (chains and loops), meshes inside, outside or missing from the read
//! root (every spelling: absolute, `../`, `file://`, `package://` with `..`), devices and
//! folders named as meshes, elements nested deeper than the readers' limit, and truncated text.
//!
//! The same seed always gives the same file.

use std::path::Path;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One generated file and what it refers to.
pub struct GeneratedUrdf {
    /// The URDF text.
    pub text: String,
    /// Whether a mesh reference names an existing file outside the read root.
    pub names_an_outside_file: bool,
}

/// Numbers written into attributes: mostly ordinary, some troublesome.
const NUMBERS: &[&str] = &[
    "0", "1", "-1", "0.25", "-2e-3", "3.14159", "1e10", "1e300", "nan", "inf", "-inf", "", "x",
    "1 2",
];

/// Joint kinds, the supported ones more often.
const KINDS: &[&str] = &[
    "revolute",
    "revolute",
    "continuous",
    "prismatic",
    "prismatic",
    "fixed",
    "fixed",
    "floating",
    "planar",
    "spherical",
    "hinge",
];

thread_local! {
    /// The chance that a part of the file being generated is broken: 0 for most files, so
    /// that the reader's later stages (mimics, meshes, the model build) are reached too.
    static TROUBLE: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
}

/// Whether to break the next part.
fn broken(rng: &mut ChaCha8Rng) -> bool {
    rng.random_bool(TROUBLE.with(std::cell::Cell::get))
}

fn number(rng: &mut ChaCha8Rng) -> &'static str {
    if !broken(rng) {
        ["0", "0.1", "-0.3", "1.2", "0.05"][rng.random_range(0..5)]
    } else {
        NUMBERS[rng.random_range(0..NUMBERS.len())]
    }
}

fn triple(rng: &mut ChaCha8Rng) -> String {
    format!("{} {} {}", number(rng), number(rng), number(rng))
}

/// A mesh `filename` and whether it names an existing file outside the root. `outside` is the
/// folder beside the root holding `secret.stl`; the root holds `meshes/in.stl`.
fn mesh_reference(rng: &mut ChaCha8Rng, outside: &Path) -> (String, bool) {
    let secret = rng.random_bool(0.5);
    let file = if secret { "secret.stl" } else { "missing.stl" };
    let reference = match rng.random_range(0..12) {
        0..=3 => return ("meshes/in.stl".into(), false),
        4 => return ("package://meshes/in.stl".into(), false),
        5 => return ("meshes/missing.stl".into(), false),
        6 => {
            return (
                ["/dev/zero", "meshes", "", "/proc/self/mem"][rng.random_range(0..4)].into(),
                false,
            );
        }
        7 => outside.join(file).display().to_string(),
        8 => format!("../outside/{file}"),
        9 => format!("meshes/../../outside/{file}"),
        10 => format!("file://{}", outside.join(file).display()),
        _ => format!("package://meshes/../../outside/{file}"),
    };
    (reference, secret)
}

/// A `<visual>` or `<collision>` with a random shape.
fn geometry(rng: &mut ChaCha8Rng, outside: &Path, tag: &str, outside_used: &mut bool) -> String {
    let shape = match rng.random_range(0..6) {
        0 => format!("<box size=\"{}\"/>", triple(rng)),
        1 => format!("<sphere radius=\"{}\"/>", number(rng)),
        2 => format!(
            "<cylinder radius=\"{}\" length=\"{}\"/>",
            number(rng),
            number(rng)
        ),
        3 if broken(rng) => "<cone radius=\"1\"/>".to_owned(),
        3 => "<sphere radius=\"0.1\"/>".to_owned(),
        _ => {
            let (file, secret) = mesh_reference(rng, outside);
            *outside_used |= secret;
            let scale = if rng.random_bool(0.2) {
                format!(" scale=\"{}\"", triple(rng))
            } else {
                String::new()
            };
            format!("<mesh filename=\"{file}\"{scale}/>")
        }
    };
    let material = if rng.random_bool(0.2) {
        "<material name=\"m\" gloss=\"1\"><color rgba=\"1 0 0 1\"/><texture/></material>"
    } else {
        ""
    };
    format!(
        "<{tag}><origin xyz=\"{}\" rpy=\"{}\"/><geometry>{shape}</geometry>{material}</{tag}>",
        triple(rng),
        triple(rng)
    )
}

fn link(rng: &mut ChaCha8Rng, i: usize, outside: &Path, outside_used: &mut bool) -> String {
    let name = match rng.random_range(0..2) {
        0 if broken(rng) => String::new(),
        1 if broken(rng) => " name=\"l0\"".to_owned(),
        _ => format!(" name=\"l{i}\""),
    };
    let mut body = String::new();
    if rng.random_bool(0.6) {
        let inertia = if !broken(rng) {
            format!(
                "<inertia ixx=\"{}\" ixy=\"0\" ixz=\"0\" iyy=\"0.01\" iyz=\"0\" izz=\"0.01\"/>",
                number(rng)
            )
        } else {
            String::new()
        };
        body += &format!(
            "<inertial><origin xyz=\"{}\" rpy=\"{}\"/><mass value=\"{}\"/>{inertia}</inertial>",
            triple(rng),
            triple(rng),
            if broken(rng) { number(rng) } else { "0.5" }
        );
    }
    for tag in ["visual", "collision"] {
        if rng.random_bool(0.4) {
            body += &geometry(rng, outside, tag, outside_used);
        }
    }
    format!("<link{name}>{body}</link>\n")
}

fn joint(rng: &mut ChaCha8Rng, i: usize, links: usize) -> String {
    let parent = match rng.random_range(0..3) {
        0 if broken(rng) => "nowhere".to_owned(),
        1 if broken(rng) => format!("l{i}"),
        2 if broken(rng) => format!("l{}", rng.random_range(0..links)),
        _ => format!("l{}", rng.random_range(0..i)),
    };
    // The last three kinds are refused.
    let kinds = if broken(rng) {
        KINDS.len()
    } else {
        KINDS.len() - 3
    };
    let kind = KINDS[rng.random_range(0..kinds)];
    let mut body = format!("<parent link=\"{parent}\"/><child link=\"l{i}\"/>");
    body += &format!("<origin xyz=\"{}\" rpy=\"{}\"/>", triple(rng), triple(rng));
    if rng.random_bool(0.9) {
        let axes = if broken(rng) { 4 } else { 3 };
        let axis = ["0 0 1", "1 0 0", "0 1 1", "0 0 0"][rng.random_range(0..axes)];
        body += &format!("<axis xyz=\"{axis}\"/>");
    }
    if !broken(rng) {
        let (lower, upper) = if broken(rng) {
            (number(rng), number(rng))
        } else {
            ("-1", "1.5")
        };
        body += &format!(
            "<limit lower=\"{lower}\" upper=\"{upper}\" effort=\"1\" velocity=\"{}\"/>",
            number(rng)
        );
    }
    if rng.random_bool(0.3) {
        let leader = match rng.random_range(0..10) {
            0 => "nobody".to_owned(),
            1 => format!("j{i}"),
            _ => format!("j{}", rng.random_range(1..links.max(2))),
        };
        body += &format!(
            "<mimic joint=\"{leader}\" multiplier=\"{}\" offset=\"{}\"/>",
            number(rng),
            number(rng)
        );
    }
    format!("<joint name=\"j{i}\" type=\"{kind}\">{body}</joint>\n")
}

/// A random URDF from `seed`; `outside` is the folder (beside the read root) that holds
/// `secret.stl`.
pub fn urdf(seed: u64, outside: &Path) -> GeneratedUrdf {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let trouble = if rng.random_bool(0.6) { 0.0 } else { 0.05 };
    TROUBLE.with(|t| t.set(trouble));
    let links = rng.random_range(1..30);
    let mut outside_used = false;
    let mut parts: Vec<String> = (0..links)
        .map(|i| link(&mut rng, i, outside, &mut outside_used))
        .collect();
    parts.extend((1..links).map(|i| joint(&mut rng, i, links)));
    // Nesting: one part wrapped in unknown elements, within or past the readers' limit.
    if rng.random_bool(0.1) {
        let depth = [5, 400, 520, 5_000][rng.random_range(0..4)];
        let at = rng.random_range(0..parts.len());
        parts[at] = format!(
            "{}{}{}",
            "<extra>".repeat(depth),
            parts[at],
            "</extra>".repeat(depth)
        );
    }
    let mut text = format!(
        "<?xml version=\"1.0\"?>\n<robot name=\"generated\">\n{}</robot>\n",
        parts.concat()
    );
    // Malformed text: cut short, or a stray byte.
    match rng.random_range(0..40) {
        0 => {
            // The text is ASCII (the temporary folder's path included), so any cut is a boundary.
            let cut = rng.random_range(0..text.len());
            if text.is_char_boundary(cut) {
                text.truncate(cut);
            }
        }
        1 => {
            let at = rng.random_range(0..text.len());
            if text.is_char_boundary(at) {
                text.insert(at, ['<', '>', '"', '&', '\u{0}'][rng.random_range(0..5)]);
            }
        }
        _ => {}
    }
    GeneratedUrdf {
        text,
        names_an_outside_file: outside_used,
    }
}
