//! Offline HTML views: pages of a scene of primitives and of a robot (Solo-12, URDF with its
//! meshes) are opened by real headless Chromium from `file://` with the network unreachable;
//! their screenshots must not be blank (many colours, the model in the middle), their scripts
//! must have run (the legend and the ready flag in the DOM), and no page may mention an http(s)
//! URL. Chromium is named by `MORSEL_CHROMIUM` (set by `.ci/html.sh`); without it the Chromium
//! checks print a loud SKIPPED note.

#![allow(clippy::unwrap_used)]

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use morsel_geometry::Shape;
use morsel_kinematics::urdf::{self, UrdfOptions};
use morsel_kinematics::{Data, forward_kinematics};
use morsel_lab::gltf::{Drawing, LegendEntry};
use morsel_lab::html;
use morsel_lab::simulation::{Robot, Simulation};
use morsel_sensing::{Body, Scene};
use nalgebra::{Isometry3, Translation3, UnitQuaternion, Vector3};

fn out_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("html-tests");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn at(x: f64, y: f64, z: f64) -> Isometry3<f64> {
    Isometry3::from_parts(Translation3::new(x, y, z), UnitQuaternion::identity())
}

/// A floor, a box, a sphere, a capsule and a cylinder.
fn primitives() -> Drawing {
    let mut scene = Scene::new();
    let id = Isometry3::identity();
    let bodies = [
        Body::new("floor").with_collider(Shape::halfspace(Vector3::z()).unwrap(), id),
        Body::new("box")
            .with_collider(Shape::cuboid(Vector3::new(0.2, 0.15, 0.1)).unwrap(), id)
            .map(|b| b.with_pose(at(0.0, 0.0, 0.1))),
        Body::new("ball")
            .with_collider(Shape::sphere(0.12).unwrap(), id)
            .map(|b| b.with_pose(at(0.35, 0.2, 0.12))),
        Body::new("capsule")
            .with_collider(Shape::capsule(0.06, 0.15).unwrap(), id)
            .map(|b| b.with_pose(at(-0.35, 0.1, 0.25))),
        Body::new("cylinder")
            .with_collider(Shape::cylinder(0.08, 0.1).unwrap(), id)
            .map(|b| b.with_pose(at(0.1, -0.35, 0.1))),
    ];
    for body in bodies {
        scene.add_body(body.unwrap()).unwrap();
    }
    Drawing::from_scene("primitives", &scene)
}

/// Solo-12 with its meshes, legs bent (HFE 0.8 rad, KFE -1.6 rad).
fn solo12() -> Drawing {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../assets/robots/solo12/solo12.urdf");
    let model = urdf::load_file(path, &UrdfOptions::default()).unwrap();
    let mut q = model.neutral_configuration();
    for joint in model.joints().iter().filter(|j| j.nq() == 1) {
        if joint.name().ends_with("_HFE") {
            q[joint.idx_q()] = 0.8;
        } else if joint.name().ends_with("_KFE") {
            q[joint.idx_q()] = -1.6;
        }
    }
    let mut data = Data::new(&model);
    forward_kinematics(&model, &mut data, q.as_slice()).unwrap();
    Drawing::from_robot("solo12", &model, data.world_from_links()).unwrap()
}

/// Solo-12 folding its front-left leg over 1 s of simulated time (dt 0.05 s): an animation.
fn solo12_motion() -> Drawing {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../assets/robots/solo12/solo12.urdf");
    let model = urdf::load_file(path, &UrdfOptions::default()).unwrap();
    let robot = Robot::from_model("solo".into(), model).unwrap();
    let sim = Simulation::with_pose_record(0.05, true).unwrap();
    sim.add(&robot).unwrap();
    robot.with(|a| a.rotate("FL_HFE", 0.8, Some(1.0))).unwrap();
    robot.with(|a| a.rotate("FL_KFE", -1.6, Some(2.0))).unwrap();
    sim.run(1.0).unwrap();
    Drawing::from_simulation("solo_motion", &sim).unwrap()
}

/// Writes the page of `drawing` as `name` under the tests' folder; checks that it names no
/// http(s) URL.
fn write_page(name: &str, drawing: &Drawing) -> PathBuf {
    let path = out_dir().join(name);
    morsel_lab::view::write(name, &path, drawing).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    for scheme in ["http://", "https://"] {
        if let Some(at) = text.find(scheme) {
            let context = &text[at.saturating_sub(60)..(at + 60).min(text.len())];
            panic!("{name} refers to a URL ({scheme}): ...{context}...");
        }
    }
    path
}

#[test]
fn pages_are_self_contained_and_name_no_url() {
    for (name, drawing) in [("primitives.html", primitives()), ("solo12.html", solo12())] {
        let path = write_page(name, &drawing);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("<!DOCTYPE html>"));
        // Nothing is loaded from elsewhere: no element has a src or href attribute.
        for needle in [" src=", " href="] {
            assert!(!text.contains(needle), "{name} contains {needle:?}");
        }
        // The glb inside is the one gltf::encode writes, in base64.
        let glb = morsel_lab::gltf::encode("x.glb", &drawing).unwrap();
        use base64::Engine as _;
        let b64 = base64::engine::general_purpose::STANDARD.encode(&glb);
        assert!(text.contains(&b64), "{name} embeds its glb");
        assert!(text.contains(&format!("<title>{}</title>", drawing.name)));
    }
}

#[test]
fn bad_requests_are_refused_with_clear_errors() {
    let drawing = primitives();
    let err = html::encode("x.png", &drawing).unwrap_err().to_string();
    assert_eq!(
        err,
        "cannot save x.png: an HTML view needs the extension .html"
    );
    let empty = Drawing::from_scene("empty", &Scene::new());
    let err = html::encode("empty.html", &empty).unwrap_err().to_string();
    assert!(
        err.starts_with("cannot save empty.html:") && err.contains("nothing to draw"),
        "{err}"
    );
    // A notebook's view of the same empty scene is a page that says so, not an error.
    let page = String::from_utf8(html::view("empty.html", &empty).unwrap()).unwrap();
    assert!(page.contains("<title>empty</title>"), "{page}");
    assert!(
        page.contains("&quot;empty&quot; has nothing to draw (no bodies or links)"),
        "{page}"
    );
    // A drawable one is the same view that a save writes.
    assert_eq!(
        html::view("x.html", &drawing).unwrap(),
        html::encode("x.html", &drawing).unwrap()
    );
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("missing/x.html");
    let err = morsel_lab::view::write("x.html", &target, &drawing)
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("cannot write") && err.contains("missing/x.html"),
        "{err}"
    );
    assert!(!target.exists());
    assert!(html::is_html_path("A.HTML") && !html::is_html_path("a.glb"));
}

/// Chromium named by `MORSEL_CHROMIUM`, or `None` after a loud note.
fn chromium() -> Option<PathBuf> {
    match std::env::var_os("MORSEL_CHROMIUM") {
        Some(path) => Some(PathBuf::from(path)),
        None => {
            eprintln!(
                "\n*** SKIPPED: the HTML views were NOT opened in a browser. Set MORSEL_CHROMIUM \
                 (e.g. /usr/bin/chromium; .ci/html.sh installs it and does) to run this check. ***\n"
            );
            None
        }
    }
}

/// Runs headless Chromium on `page` (a `file://` URL) with `mode` (`--screenshot=...` or
/// `--dump-dom`) and returns its standard output. The network is unreachable: the run is put
/// in a new network namespace (`unshare -n`) when the system allows it, and every request
/// goes to a proxy that does not exist in any case. Killed after two minutes.
fn run_chromium(chromium: &Path, page: &Path, mode: &str, size: (u32, u32)) -> String {
    let profile = tempfile::tempdir().unwrap();
    let args: Vec<String> = vec![
        "--headless".into(),
        "--no-sandbox".into(),
        "--use-gl=angle".into(),
        "--use-angle=swiftshader".into(),
        "--enable-unsafe-swiftshader".into(),
        "--no-first-run".into(),
        "--no-default-browser-check".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--disable-sync".into(),
        "--disable-dev-shm-usage".into(),
        "--hide-scrollbars".into(),
        "--proxy-server=127.0.0.1:9".into(),
        "--virtual-time-budget=10000".into(),
        format!("--user-data-dir={}", profile.path().display()),
        format!("--window-size={},{}", size.0, size.1),
        mode.into(),
        format!("file://{}", page.display()),
    ];
    let isolated = Command::new("unshare")
        .args(["-n", "true"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    let mut command = if isolated {
        let mut c = Command::new("unshare");
        c.arg("-n").arg(chromium);
        c
    } else {
        eprintln!("note: `unshare -n` is not allowed here; Chromium runs behind a dead proxy only");
        Command::new(chromium)
    };
    // Output goes to files: a page's DOM is larger than a pipe's buffer, and a full pipe
    // would stop Chromium while this waits for it.
    let stdout_path = profile.path().join("stdout");
    let stderr_path = profile.path().join("stderr");
    let mut child = command
        .args(&args)
        .stdout(std::fs::File::create(&stdout_path).unwrap())
        .stderr(std::fs::File::create(&stderr_path).unwrap())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", chromium.display()));
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("Chromium did not finish on {} in 120 s", page.display());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let status = child.wait().unwrap();
    assert!(
        status.success(),
        "Chromium failed on {}: {}",
        page.display(),
        std::fs::read_to_string(&stderr_path).unwrap_or_default()
    );
    String::from_utf8_lossy(&std::fs::read(&stdout_path).unwrap()).into_owned()
}

/// An RGB image.
struct Picture {
    width: usize,
    height: usize,
    rgb: Vec<[u8; 3]>,
}

fn decode_png(path: &Path) -> Picture {
    let decoder = png::Decoder::new(std::fs::File::open(path).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let rgb = buf[..info.buffer_size()]
        .chunks_exact(channels)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    Picture {
        width: info.width as usize,
        height: info.height as usize,
        rgb,
    }
}

/// Checks a screenshot: at least 50 distinct colours, and a fifth or more of its central
/// region (the middle third in each direction) away from the background colour (the most
/// common colour of the right edge column, far from the legend).
fn assert_not_blank(path: &Path) {
    let picture = decode_png(path);
    let colours: HashSet<[u8; 3]> = picture.rgb.iter().copied().collect();
    assert!(
        colours.len() >= 50,
        "{}: only {} distinct colours",
        path.display(),
        colours.len()
    );
    let mut edge: HashMap<[u8; 3], usize> = HashMap::new();
    for y in 0..picture.height {
        *edge
            .entry(picture.rgb[y * picture.width + picture.width - 1])
            .or_default() += 1;
    }
    let background = edge.into_iter().max_by_key(|(_, n)| *n).unwrap().0;
    let (w, h) = (picture.width, picture.height);
    let mut centre = 0usize;
    let mut model = 0usize;
    for y in h / 3..2 * h / 3 {
        for x in w / 3..2 * w / 3 {
            let p = picture.rgb[y * w + x];
            let distance: i32 = (0..3)
                .map(|k| (i32::from(p[k]) - i32::from(background[k])).abs())
                .sum();
            centre += 1;
            if distance > 30 {
                model += 1;
            }
        }
    }
    assert!(
        model * 5 >= centre,
        "{}: only {model} of {centre} central pixels differ from the background {background:?}",
        path.display()
    );
    eprintln!(
        "{}: {} colours, {:.0} % of the centre is model",
        path.display(),
        colours.len(),
        100.0 * model as f64 / centre as f64
    );
}

#[test]
fn chromium_draws_the_pages_offline() {
    let Some(chromium) = chromium() else {
        return;
    };
    let mut legend_drawing = primitives();
    legend_drawing.legend = vec![
        LegendEntry {
            label: "bodies".into(),
            colour: [0.72, 0.74, 0.78, 1.0],
        },
        LegendEntry {
            label: "force arrows (1 cm per N)".into(),
            colour: [0.9, 0.1, 0.1, 1.0],
        },
    ];
    let cases = [
        ("primitives.html", primitives(), "bodies"),
        ("solo12.html", solo12(), "robot links"),
        ("legend.html", legend_drawing, "force arrows (1 cm per N)"),
    ];
    for (name, drawing, label) in cases {
        let page = write_page(name, &drawing);
        let shot = page.with_extension("png");
        let _ = std::fs::remove_file(&shot);
        run_chromium(
            &chromium,
            &page,
            &format!("--screenshot={}", shot.display()),
            (800, 600),
        );
        assert_not_blank(&shot);
        // The page's script ran to its end: the model is loaded and the legend listed.
        let dom = run_chromium(&chromium, &page, "--dump-dom", (800, 600));
        assert!(
            dom.contains("data-ready=\"true\""),
            "{name}: the page did not finish loading"
        );
        assert!(
            dom.contains(&format!("<span>{label}</span>")),
            "{name}: no legend entry {label:?}"
        );
        assert!(
            dom.contains("<div id=\"player\" class=\"panel\" hidden=\"\">"),
            "{name}: the player shows without animation"
        );
    }
    // An animated page: the player (play/pause, time slider) shows and the clip spans 1 s.
    let page = write_page("solo_motion.html", &solo12_motion());
    let shot = page.with_extension("png");
    let _ = std::fs::remove_file(&shot);
    run_chromium(
        &chromium,
        &page,
        &format!("--screenshot={}", shot.display()),
        (800, 600),
    );
    assert_not_blank(&shot);
    let dom = run_chromium(&chromium, &page, "--dump-dom", (800, 600));
    assert!(
        dom.contains("data-ready=\"true\""),
        "solo_motion.html: the page did not finish loading"
    );
    assert!(
        dom.contains("<div id=\"player\" class=\"panel\">"),
        "solo_motion.html: no player for an animation"
    );
    assert!(
        dom.contains("/ 1.000 s"),
        "solo_motion.html: the time slider does not span the simulated second"
    );
}

/// The bar for large models: MIMo v2's page (every link's geometry) stays under
/// 10 MB. (Its writing time is measured by `cargo bench -p morsel-lab --bench html`.)
#[test]
fn mimo_v2_page_stays_under_10_mb() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../assets/robots/mimo/benchmarkv2_scene.xml");
    let model = morsel_kinematics::mjcf::load_file(path).unwrap();
    let mut data = Data::new(&model);
    let q = model.reference_configuration().clone();
    forward_kinematics(&model, &mut data, q.as_slice()).unwrap();
    let drawing = Drawing::from_robot("mimo_v2", &model, data.world_from_links()).unwrap();
    let start = Instant::now();
    let page = html::encode("mimo_v2.html", &drawing).unwrap();
    eprintln!(
        "mimo_v2.html: {} bytes, encoded in {:?} (debug build)",
        page.len(),
        start.elapsed()
    );
    assert!(page.len() <= 10_000_000, "{} bytes", page.len());
}
