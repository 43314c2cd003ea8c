//! Walking `<worldbody>`: bodies in MuJoCo's order (depth first, as written), with their
//! joints, geoms, sites and `<inertial>`, `<frame>`s composed onto their children, and the
//! default class each element uses.

use morsel_geometry::Stop;
use nalgebra::Isometry3;

use super::assets::Assets;
use super::attach::{Models, name_clash, prefixed};
use super::attrs::Attrs;
use super::compiler::Compiler;
use super::defaults::{Defaults, MAIN};
use super::error::{Location, MjcfError, MjcfResult};
use super::geoms::{GeomDef, read_geom};
use super::inertial_element::{InertialDef, read_inertial};
use super::joints::{JointDef, read_joint};
use super::orientation::pose;
use super::reader::Node;

/// A site: a named frame on a body.
#[derive(Clone, Debug)]
pub(crate) struct SiteDef {
    pub name: Option<String>,
    pub body_from_site: Isometry3<f64>,
}

/// A body as read (body 0 is the world).
#[derive(Clone, Debug)]
pub(crate) struct BodyDef {
    pub name: Option<String>,
    pub parent: usize,
    /// Pose in the parent body's frame.
    pub parent_from_body: Isometry3<f64>,
    pub joints: Vec<JointDef>,
    pub geoms: Vec<GeomDef>,
    pub sites: Vec<SiteDef>,
    pub inertial: Option<InertialDef>,
    /// `mocap="true"` (never fused by `fusestatic`).
    pub mocap: bool,
    pub location: Location,
}

/// Reads every `<worldbody>` under the root into a body list, world first.
pub(crate) fn read_bodies(
    root: &Node,
    defaults: &Defaults,
    compiler: &Compiler,
    assets: &Assets,
    models: &Models,
    stop: &dyn Stop,
) -> MjcfResult<Vec<BodyDef>> {
    let mut bodies = vec![BodyDef {
        name: Some("world".to_owned()),
        parent: 0,
        parent_from_body: Isometry3::identity(),
        joints: Vec::new(),
        geoms: Vec::new(),
        sites: Vec::new(),
        inertial: None,
        mocap: false,
        location: root.location(),
    }];
    let walker = Walker {
        defaults,
        compiler,
        assets,
        models,
        stop,
    };
    for world in root.children.iter().filter(|n| n.tag == "worldbody") {
        bodies[0].location = world.location();
        if let Err(e) = walker.children(world, 0, &Isometry3::identity(), MAIN, &mut bodies) {
            if matches!(&e, MjcfError::Model(k) if crate::load_stop::is_stop(k)) {
                crate::load_stop::discard(bodies);
            }
            return Err(e);
        }
    }
    Ok(bodies)
}

struct Walker<'a> {
    defaults: &'a Defaults,
    compiler: &'a Compiler,
    assets: &'a Assets,
    /// The `<model>` assets `<attach>` elements copy from.
    models: &'a Models,
    /// Asked once per body.
    stop: &'a dyn Stop,
}

impl Walker<'_> {
    fn attrs<'n>(&'n self, node: &'n Node, tag: &str, class: &'n str) -> MjcfResult<Attrs<'n>> {
        let class = self.defaults.class_of(node, class)?;
        Ok(Attrs::new(node, self.defaults.values(class, tag)))
    }

    /// Reads the children of `node` (a body, the world body or a frame) into body `body`,
    /// depth first as written (MuJoCo's body order); `body_from_frame` places `node`'s frame
    /// in the body. Walks with an explicit stack, so deep nesting costs no call stack.
    fn children<'n>(
        &self,
        node: &'n Node,
        body: usize,
        body_from_frame: &Isometry3<f64>,
        class: &'n str,
        bodies: &mut Vec<BodyDef>,
    ) -> MjcfResult<()> {
        struct Level<'n> {
            node: &'n Node,
            next: usize,
            body: usize,
            body_from_frame: Isometry3<f64>,
            class: &'n str,
        }
        let mut stack = vec![Level {
            node,
            next: 0,
            body,
            body_from_frame: *body_from_frame,
            class,
        }];
        while let Some(top) = stack.last_mut() {
            let Some(child) = top.node.children.get(top.next) else {
                stack.pop();
                continue;
            };
            top.next += 1;
            let (body, body_from_frame, class) = (top.body, top.body_from_frame, top.class);
            match child.tag.as_str() {
                "body" => {
                    crate::load_stop::check(self.stop)?;
                    let childclass = self.childclass(child, class)?;
                    let a = Attrs::new(child, None);
                    let local = body_from_frame * pose(&a, self.compiler)?;
                    let index = bodies.len();
                    bodies.push(BodyDef {
                        name: child.attr("name").map(str::to_owned),
                        parent: body,
                        parent_from_body: local,
                        joints: Vec::new(),
                        geoms: Vec::new(),
                        sites: Vec::new(),
                        inertial: None,
                        mocap: a.bool("mocap")?.unwrap_or(false),
                        location: child.location(),
                    });
                    stack.push(Level {
                        node: child,
                        next: 0,
                        body: index,
                        body_from_frame: Isometry3::identity(),
                        class: childclass,
                    });
                }
                "frame" => {
                    let childclass = self.childclass(child, class)?;
                    let a = Attrs::new(child, None);
                    let frame = body_from_frame * pose(&a, self.compiler)?;
                    stack.push(Level {
                        node: child,
                        next: 0,
                        body,
                        body_from_frame: frame,
                        class: childclass,
                    });
                }
                "attach" => self.attach(child, body, &body_from_frame, bodies)?,
                _ => self.element(child, body, &body_from_frame, class, bodies)?,
            }
        }
        Ok(())
    }

    /// Copies what the `<attach>` element `node` names into body `body`, with the child
    /// model's defaults, compiler settings and assets, and prefixes the copied names.
    fn attach(
        &self,
        node: &Node,
        body: usize,
        body_from_frame: &Isometry3<f64>,
        bodies: &mut Vec<BodyDef>,
    ) -> MjcfResult<()> {
        let attachment = self.models.attachment(node)?;
        let child = attachment.child;
        let walker = Walker {
            defaults: &child.defaults,
            compiler: &child.compiler,
            assets: &child.assets,
            models: &child.models,
            stop: self.stop,
        };
        let start = bodies.len();
        let (geoms, sites) = (bodies[body].geoms.len(), bodies[body].sites.len());
        walker.children(
            &attachment.content,
            body,
            body_from_frame,
            attachment.class,
            bodies,
        )?;
        child.check_excludes(bodies[start..].iter().filter_map(|b| b.name.as_deref()))?;
        let prefix = attachment.prefix;
        let mut taken = Names::default();
        for (i, b) in bodies.iter().enumerate().take(start) {
            let (g, s) = if i == body {
                (geoms, sites)
            } else {
                (b.geoms.len(), b.sites.len())
            };
            taken.add(b, g, s);
        }
        let at = node.location();
        for b in &mut bodies[start..] {
            prefixed(prefix, &mut b.name);
            b.joints
                .iter_mut()
                .for_each(|j| prefixed(prefix, &mut j.name));
            b.geoms
                .iter_mut()
                .for_each(|g| prefixed(prefix, &mut g.name));
            b.sites
                .iter_mut()
                .for_each(|s| prefixed(prefix, &mut s.name));
        }
        let own = &mut bodies[body];
        own.geoms[geoms..]
            .iter_mut()
            .for_each(|g| prefixed(prefix, &mut g.name));
        own.sites[sites..]
            .iter_mut()
            .for_each(|s| prefixed(prefix, &mut s.name));
        let own = &bodies[body];
        let new_geoms = own.geoms[geoms..].iter().map(|g| &g.name);
        let new_sites = own.sites[sites..].iter().map(|s| &s.name);
        taken.check("geom", new_geoms, &at)?;
        taken.check("site", new_sites, &at)?;
        for b in &bodies[start..] {
            taken.check("body", std::iter::once(&b.name), &at)?;
            taken.check("joint", b.joints.iter().map(|j| &j.name), &at)?;
            taken.check("geom", b.geoms.iter().map(|g| &g.name), &at)?;
            taken.check("site", b.sites.iter().map(|s| &s.name), &at)?;
        }
        Ok(())
    }

    /// Reads one element of body `body` that is not a body or frame (geom, site, joint,
    /// inertial; others are ignored).
    fn element(
        &self,
        child: &Node,
        body: usize,
        body_from_frame: &Isometry3<f64>,
        class: &str,
        bodies: &mut [BodyDef],
    ) -> MjcfResult<()> {
        match child.tag.as_str() {
            "geom" => {
                let a = self.attrs(child, "geom", class)?;
                let geom = read_geom(&a, self.compiler, self.assets, body_from_frame)?;
                bodies[body].geoms.push(geom);
            }
            "site" => {
                let a = self.attrs(child, "site", class)?;
                let mut local = pose(&a, self.compiler)?;
                if let Some(ft) = a.array::<6>("fromto")? {
                    let from = nalgebra::Vector3::new(ft[0], ft[1], ft[2]);
                    let to = nalgebra::Vector3::new(ft[3], ft[4], ft[5]);
                    let d = from - to;
                    let rotation = match d.try_normalize(1e-10) {
                        Some(u) => super::orientation::z_to(&u),
                        None => {
                            return Err(a.invalid(
                                "fromto",
                                a.str("fromto").unwrap_or_default(),
                                "two different points",
                            ));
                        }
                    };
                    local = Isometry3::from_parts((0.5 * (from + to)).into(), rotation);
                }
                bodies[body].sites.push(SiteDef {
                    name: child.attr("name").map(str::to_owned),
                    body_from_site: body_from_frame * local,
                });
            }
            "joint" | "freejoint" => {
                if body == 0 {
                    return Err(MjcfError::Invalid {
                        at: child.location(),
                        problem: "the world body cannot have joints".into(),
                    });
                }
                let free = child.tag == "freejoint";
                let a = if free {
                    Attrs::new(child, None)
                } else {
                    self.attrs(child, "joint", class)?
                };
                let joint = read_joint(&a, self.compiler, body_from_frame, free)?;
                bodies[body].joints.push(joint);
            }
            "inertial" => {
                if body == 0 {
                    return Ok(());
                }
                let a = Attrs::new(child, None);
                let inertial = read_inertial(&a, self.compiler, body_from_frame)?;
                bodies[body].inertial = Some(inertial);
            }
            _ => {}
        }
        Ok(())
    }

    fn childclass<'n>(&self, node: &'n Node, inherited: &'n str) -> MjcfResult<&'n str> {
        match node.attr("childclass") {
            Some(c) => {
                self.defaults.check(c, node)?;
                Ok(c)
            }
            None => Ok(inherited),
        }
    }
}

/// The names already taken, per kind, when an `<attach>` copies more.
#[derive(Default)]
struct Names {
    by_kind: std::collections::HashMap<&'static str, std::collections::HashSet<String>>,
}

impl Names {
    /// Adds body `b`'s name, joints, and its first `geoms` geoms and `sites` sites.
    fn add(&mut self, b: &BodyDef, geoms: usize, sites: usize) {
        let mut put = |kind: &'static str, name: &Option<String>| {
            if let Some(n) = name {
                self.by_kind.entry(kind).or_default().insert(n.clone());
            }
        };
        put("body", &b.name);
        b.joints.iter().for_each(|j| put("joint", &j.name));
        b.geoms[..geoms].iter().for_each(|g| put("geom", &g.name));
        b.sites[..sites].iter().for_each(|s| put("site", &s.name));
    }

    /// Adds `names` of `kind`; a name already there is an error at `at`.
    fn check<'a>(
        &mut self,
        kind: &'static str,
        names: impl Iterator<Item = &'a Option<String>>,
        at: &Location,
    ) -> MjcfResult<()> {
        let set = self.by_kind.entry(kind).or_default();
        for name in names.flatten() {
            if !set.insert(name.clone()) {
                return Err(name_clash(at, kind, name));
            }
        }
        Ok(())
    }
}
