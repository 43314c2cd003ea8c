//! The input formats Morsel reads, for the mutation test and the fuzz harnesses: how a script
//! loads one, and the seed inputs mutations start from. Adding a reader is one more entry in
//! [`FORMATS`].

use std::path::Path;

/// Where a seed input comes from.
pub enum Seed {
    /// A file of the repository (path from the workspace root).
    Asset(&'static str),
    /// Bytes written here.
    Inline(&'static [u8]),
}

/// One input format.
pub struct Format {
    /// Short name (`MORSEL_MUTATION_FORMATS`, failure file names).
    pub name: &'static str,
    /// The extension the input file gets.
    pub extension: &'static str,
    /// Whether the format is text: its errors must then name a line.
    pub text: bool,
    /// The script loading `{file}`; empty when the input is itself the script.
    pub load: &'static str,
    /// The seed inputs.
    pub seeds: &'static [Seed],
    /// Files written beside the input, unmutated (path under the input's folder, bytes): a
    /// model that reads the input as a mesh, or files the input includes. The process-level
    /// mutation test skips these formats (an error may then name a companion, not the input).
    pub companions: &'static [(&'static str, &'static [u8])],
}

impl Format {
    /// The script that loads `file` (for a script format: the input itself, so nothing).
    pub fn script(&self, file: &str) -> String {
        self.load.replace("{file}", file)
    }

    /// Writes the companion files into `dir`.
    pub fn write_companions(&self, dir: &Path) -> std::io::Result<()> {
        for (path, bytes) in self.companions {
            let path = dir.join(path);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::write(path, bytes)?;
        }
        Ok(())
    }

    /// Whether the input is run as the script.
    pub fn is_script(&self) -> bool {
        self.load.is_empty()
    }

    /// The seed inputs' bytes (`root`: the workspace root).
    pub fn seeds(&self, root: &Path) -> Vec<Vec<u8>> {
        self.seeds
            .iter()
            .map(|s| match s {
                Seed::Asset(path) => {
                    std::fs::read(root.join(path)).unwrap_or_else(|e| panic!("seed {path}: {e}"))
                }
                Seed::Inline(bytes) => bytes.to_vec(),
            })
            .collect()
    }
}

const TETRAHEDRON_STL: &[u8] = b"solid tet
facet normal 0 0 -1
 outer loop
  vertex 0 0 0
  vertex 0 1 0
  vertex 1 0 0
 endloop
endfacet
facet normal 0 -1 0
 outer loop
  vertex 0 0 0
  vertex 1 0 0
  vertex 0 0 1
 endloop
endfacet
facet normal -1 0 0
 outer loop
  vertex 0 0 0
  vertex 0 0 1
  vertex 0 1 0
 endloop
endfacet
facet normal 0.577 0.577 0.577
 outer loop
  vertex 1 0 0
  vertex 0 1 0
  vertex 0 0 1
 endloop
endfacet
endsolid tet
";

const CUBE_OBJ: &[u8] = b"# a unit cube
o cube
v 0 0 0
v 1 0 0
v 1 1 0
v 0 1 0
v 0 0 1
v 1 0 1
v 1 1 1
v 0 1 1
vn 0 0 -1
vt 0 0
f 1/1/1 4/1/1 3/1/1 2/1/1
f 5 6 7 8
f 1 2 6 5
f 2 3 7 6
f 3 4 8 7
f 4 1 5 8
";

const TETRAHEDRON_DAE: &[u8] = br##"<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset><unit name="meter" meter="1"/><up_axis>Z_UP</up_axis></asset>
  <library_geometries>
    <geometry id="tet" name="tet">
      <mesh>
        <source id="tet-pos">
          <float_array id="tet-pos-array" count="12">0 0 0 1 0 0 0 1 0 0 0 1</float_array>
          <technique_common>
            <accessor source="#tet-pos-array" count="4" stride="3">
              <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
            </accessor>
          </technique_common>
        </source>
        <vertices id="tet-vtx"><input semantic="POSITION" source="#tet-pos"/></vertices>
        <triangles count="4">
          <input semantic="VERTEX" source="#tet-vtx" offset="0"/>
          <p>0 2 1 0 1 3 0 3 2 1 2 3</p>
        </triangles>
      </mesh>
    </geometry>
  </library_geometries>
  <library_visual_scenes>
    <visual_scene id="scene">
      <node id="n"><instance_geometry url="#tet"/></node>
    </visual_scene>
  </library_visual_scenes>
  <scene><instance_visual_scene url="#scene"/></scene>
</COLLADA>
"##;

const SCRIPT: &[u8] = b"// a small script touching the front end and a few bindings
fn twice(x) { 2 * x }
let s = sphere(0.5);
let b = box(1.0, 2.0, 0.5);
let arm = armature(\"arm\")
    .revolute(\"waist\", #{ axis: [0, 0, 1], origin: [0, 0, 0.3], limits: [-2.9, 2.9] });
let xs = [];
for i in 0..10 { xs.push(twice(i) * 0.1); }
let m = #{ a: xs, n: xs.len(), text: `n = ${xs.len()}` };
if m.n > 3 { print(m.text); } else { print(\"few\"); }
save(\"r.json\", m);
save(\"r.csv\", [[1, 2.5], [3, 4]]);
";

/// Model composition and generated bodies, which the MJCF loader refuses.
const COMPOSITION_MJCF: &[u8] = b"<mujoco>
  <asset><model name=\"arm\" file=\"arm.xml\"/></asset>
  <compiler fusestatic=\"false\"/>
  <worldbody>
    <body name=\"base\"><freejoint align=\"false\"/><geom size=\"0.1\"/>
      <attach model=\"arm\" body=\"link\" prefix=\"a_\"/>
    </body>
    <replicate count=\"2\" offset=\"0.2 0 0\"><body><geom size=\"0.05\"/></body></replicate>
  </worldbody>
</mujoco>
";

/// A model whose mesh lies beside an included file in another folder (`parts/`).
const INCLUDE_DIRS_MJCF: &[u8] = b"<mujoco>
  <include file=\"parts/arm.xml\"/>
  <worldbody>
    <body name=\"arm\"><joint axis=\"0 1 0\"/><geom type=\"mesh\" mesh=\"part_mesh\"/>
      <geom type=\"capsule\" mesh=\"part_mesh\" fitscale=\"1.2\"/>
    </body>
  </worldbody>
</mujoco>
";

/// The model that reads the `obj-mjcf` input: a mesh geom and fitted primitives.
const OBJ_MJCF_MODEL: &[u8] = b"<mujoco>
  <asset><mesh name=\"m\" file=\"input.obj\"/></asset>
  <worldbody>
    <body name=\"a\"><joint axis=\"0 1 0\"/><geom type=\"mesh\" mesh=\"m\"/>
      <geom type=\"capsule\" mesh=\"m\"/><geom type=\"box\" mesh=\"m\" fitscale=\"0.5\"/>
      <site name=\"a\"/>
    </body>
  </worldbody>
</mujoco>
";

/// The models that read the `hfield-png` and `hfield-bin` inputs: a height field in a body and
/// one in the world.
const HFIELD_PNG_MODEL: &[u8] = b"<mujoco>
  <asset><hfield name=\"h\" file=\"input.png\" size=\"0.4 0.3 0.2 0.05\"/></asset>
  <worldbody><geom type=\"hfield\" hfield=\"h\"/>
    <body name=\"a\"><freejoint/><geom type=\"hfield\" hfield=\"h\" pos=\"0 0 1\"/></body>
  </worldbody>
</mujoco>
";
const HFIELD_BIN_MODEL: &[u8] = b"<mujoco>
  <asset><hfield name=\"h\" file=\"input.bin\" size=\"0.4 0.3 0.2 0.05\"/></asset>
  <worldbody><geom type=\"hfield\" hfield=\"h\"/>
    <body name=\"a\"><freejoint/><geom type=\"hfield\" hfield=\"h\" pos=\"0 0 1\"/></body>
  </worldbody>
</mujoco>
";

/// A URDF with the parts the reader's newer paths handle: mimics (followed, on a fixed joint,
/// of an unknown joint, a chain of two), empty textures and unknown material attributes, and
/// meshes named by relative path and by `package://`.
const MIMICS_MESHES_URDF: &[u8] = br#"<?xml version="1.0"?>
<robot name="mimics">
  <material name="shiny" gloss="0.4"><color rgba="1 0 0 1"/><texture/></material>
  <link name="base"><inertial><origin xyz="0 0 0.1" rpy="0.1 0 0"/><mass value="1"/>
    <inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>
    <visual><geometry><mesh filename="meshes/part.stl" scale="1 2 1"/></geometry>
      <material name="m" custom="yes"><texture/></material></visual>
    <collision><geometry><mesh filename="package://meshes/part.stl"/></geometry></collision></link>
  <link name="a"><collision><origin xyz="0 0 0.1"/><geometry><cylinder radius="0.02" length="0.2"/></geometry></collision></link>
  <link name="b"/><link name="c"/><link name="d"/><link name="e"/>
  <joint name="lead" type="revolute"><parent link="base"/><child link="a"/>
    <origin xyz="0 0 0.2"/><axis xyz="0 1 0"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
  <joint name="follow" type="revolute"><parent link="a"/><child link="b"/>
    <origin xyz="0 0 0.2"/><axis xyz="0 1 0"/><limit lower="-2" upper="2" effort="1" velocity="1"/>
    <mimic joint="lead" multiplier="-1" offset="0.1"/></joint>
  <joint name="second" type="prismatic"><parent link="b"/><child link="c"/>
    <axis xyz="0 0 1"/><limit lower="0" upper="0.1" effort="1" velocity="1"/>
    <mimic joint="follow" multiplier="0.5"/></joint>
  <joint name="welded" type="fixed"><parent link="c"/><child link="d"/><mimic joint="lead"/></joint>
  <joint name="orphan" type="continuous"><parent link="d"/><child link="e"/>
    <axis xyz="1 0 0"/><mimic joint="nobody"/></joint>
</robot>
"#;

/// Every format Morsel reads.
pub const FORMATS: &[Format] = &[
    Format {
        name: "stl-binary",
        extension: "stl",
        text: false,
        load: "let m = mesh(\"{file}\");",
        seeds: &[Seed::Asset(
            "assets/robots/solo12/meshes/stl/with_foot/solo_lower_leg_left_side.stl",
        )],
        companions: &[],
    },
    Format {
        name: "stl-ascii",
        extension: "stl",
        text: true,
        load: "let m = mesh(\"{file}\");",
        seeds: &[Seed::Inline(TETRAHEDRON_STL)],
        companions: &[],
    },
    Format {
        name: "obj",
        extension: "obj",
        text: true,
        load: "let m = mesh(\"{file}\");",
        seeds: &[Seed::Inline(CUBE_OBJ)],
        companions: &[],
    },
    Format {
        name: "dae",
        extension: "dae",
        text: true,
        load: "let m = mesh(\"{file}\");",
        seeds: &[Seed::Inline(TETRAHEDRON_DAE)],
        companions: &[],
    },
    Format {
        name: "urdf",
        extension: "urdf",
        text: true,
        load: "let r = urdf(\"{file}\", #{ geometry: false });",
        seeds: &[
            Seed::Asset("assets/robots/panda/panda.urdf"),
            Seed::Asset("assets/robots/ur5/ur5_robot.urdf"),
            Seed::Asset("assets/robots/solo12/solo12.urdf"),
        ],
        companions: &[],
    },
    Format {
        name: "urdf-mimics-meshes",
        extension: "urdf",
        text: true,
        load: "let r = urdf(\"{file}\", #{ package_dirs: [\".\"] });",
        // Mimics Pinocchio ignores, visual oddities, and meshes read with the robot.
        seeds: &[Seed::Inline(MIMICS_MESHES_URDF)],
        companions: &[(
            "meshes/part.stl",
            include_bytes!("../../assets/robots/panda/meshes/collision/hand.stl"),
        )],
    },
    Format {
        name: "mjcf",
        extension: "xml",
        text: true,
        load: "let r = mjcf(\"{file}\");",
        // Self-contained models (no includes or meshes), so mutations reach every element.
        seeds: &[
            Seed::Asset("assets/robots/gymnasium/ant.xml"),
            Seed::Asset("assets/robots/gymnasium/humanoid.xml"),
            // Bodies and sites sharing names; composition and generated bodies (refused).
            Seed::Asset("kinematics/tests/mjcf_models/names.xml"),
            Seed::Inline(COMPOSITION_MJCF),
        ],
        companions: &[],
    },
    Format {
        name: "mjcf-fitted",
        extension: "xml",
        text: true,
        load: "let r = mjcf(\"{file}\");",
        // Primitives fitted to meshes (inertia box and bounding box) and a mesh named in an
        // included file of another folder.
        seeds: &[
            Seed::Asset("kinematics/tests/mjcf_models/fitted.xml"),
            Seed::Asset("kinematics/tests/mjcf_models/fitted_aabb.xml"),
            Seed::Inline(INCLUDE_DIRS_MJCF),
        ],
        companions: &[
            (
                "lump.obj",
                include_bytes!("../../kinematics/tests/mjcf_models/lump.obj"),
            ),
            (
                "parts/arm.xml",
                include_bytes!("../../kinematics/tests/mjcf_models/include_dirs/parts/arm.xml"),
            ),
            (
                "parts/part_mesh.obj",
                include_bytes!(
                    "../../kinematics/tests/mjcf_models/include_dirs/parts/part_mesh.obj"
                ),
            ),
        ],
    },
    Format {
        name: "obj-mjcf",
        extension: "obj",
        text: true,
        load: "let r = mjcf(\"model.xml\");",
        // An OBJ read as MuJoCo reads it (first object, quad splits), as a mesh geom and as
        // fitted primitives.
        seeds: &[
            Seed::Asset("kinematics/tests/mjcf_models/obj/two_objects.obj"),
            Seed::Asset("kinematics/tests/mjcf_models/lump.obj"),
        ],
        companions: &[("model.xml", OBJ_MJCF_MODEL)],
    },
    Format {
        name: "mjcf-hfield",
        extension: "xml",
        text: true,
        load: "let r = mjcf(\"{file}\");",
        // Height fields from an elevation list, grey and RGB PNGs, MuJoCo's binary format and
        // nrow/ncol alone.
        seeds: &[Seed::Asset(
            "kinematics/tests/mjcf_models/height_fields.xml",
        )],
        companions: &[
            (
                "height_fields/bump.png",
                include_bytes!("../../kinematics/tests/mjcf_models/height_fields/bump.png"),
            ),
            (
                "height_fields/ramp_rgb.png",
                include_bytes!("../../kinematics/tests/mjcf_models/height_fields/ramp_rgb.png"),
            ),
            (
                "height_fields/steps.bin",
                include_bytes!("../../kinematics/tests/mjcf_models/height_fields/steps.bin"),
            ),
        ],
    },
    Format {
        name: "hfield-png",
        extension: "png",
        text: false,
        load: "let r = mjcf(\"model.xml\");",
        seeds: &[
            Seed::Asset("kinematics/tests/mjcf_models/height_fields/bump.png"),
            Seed::Asset("kinematics/tests/mjcf_models/height_fields/ramp_rgb.png"),
        ],
        companions: &[("model.xml", HFIELD_PNG_MODEL)],
    },
    Format {
        name: "hfield-bin",
        extension: "bin",
        text: false,
        load: "let r = mjcf(\"model.xml\");",
        seeds: &[Seed::Asset(
            "kinematics/tests/mjcf_models/height_fields/steps.bin",
        )],
        companions: &[("model.xml", HFIELD_BIN_MODEL)],
    },
    Format {
        name: "script",
        extension: "rhai",
        text: true,
        load: "",
        seeds: &[Seed::Inline(SCRIPT)],
        companions: &[],
    },
];
