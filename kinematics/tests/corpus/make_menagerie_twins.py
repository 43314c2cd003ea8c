"""Mesh-free "dynamics twins" of the MuJoCo Menagerie's robots, for the CI dynamics comparison
(test_dynamics.py), which can only use what PyPI serves and what the repository holds.

    python kinematics/tests/corpus/make_menagerie_twins.py MENAGERIE_CHECKOUT [OUT]

MENAGERIE_CHECKOUT is an extracted copy of github:johnnynunez/mujoco_menagerie (commit 6052f0c was
used); OUT defaults to assets/robots/menagerie. For every robot folder, each model XML that is not
a scene (`scene*.xml`), not an MJX variant (`*mjx*`) and not a wrapper that only includes another
model of the folder and adds actuators (`talos_motor.xml` includes `talos.xml`) is read with
ElementTree, its <include>s resolved (MjSpec.to_xml would round the numbers to 6 digits), and
written without everything that needs a file or only draws: mesh, sdf and hfield geoms (and geoms fitted to a mesh),
the mesh, texture, material, hfield and skin assets, the sensors and contact pairs naming a removed
geom, `material` / `texture` attributes, `meshdir` / `texturedir` / `assetdir`, comments. The
rest is the original text, numbers as written.

A body whose inertia MuJoCo computes from its geoms (no <inertial>, or `inertiafromgeom="true"`)
and that loses a geom gets an explicit `<inertial pos quat mass diaginertia>`: the body_ipos,
body_iquat, body_mass and body_inertia that MuJoCo compiled from the original (Python repr of
the doubles).

Each twin is checked with MuJoCo: the original (with its meshes) and the twin (read back from the
written file) must have equal nbody, njnt, nq, nv, body tree, body_mass, body_inertia, body_ipos,
body_iquat (up to sign), body_pos, body_quat, the joint and dof arrays, dof_armature, opt.gravity,
opt.density, and equal mj_fullM and qfrc_bias at a few random states, to 1e-12 (relative to the
largest entry, or 1). A model that fails is not written; the reason is printed.

Mesh files absent from the snapshot (its largest files were not mirrored): the original is
compiled twice, with each missing mesh replaced by two different placeholder boxes; both compiles
must equal the twin, which shows the missing mesh does not enter the dynamics (its body has an
explicit inertial). Otherwise the model is skipped.

Each folder's LICENSE is copied beside its twins.
"""
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np

TOL = 1e-12
STATES = 3
ROOT = Path(__file__).resolve().parents[3]


def candidates(folder):
    """The robot model XMLs of a menagerie folder (see the module docstring)."""
    xmls = sorted(p for p in folder.glob("*.xml"))
    names = {p.name for p in xmls}
    out = []
    for p in xmls:
        if p.name.startswith("scene") or "mjx" in p.name:
            continue
        text = p.read_text(errors="replace")
        if "<worldbody" not in text and "<include" not in text:
            continue  # a fragment (keyframes, actuators) that models include
        includes = [part.split('"')[1] for part in text.split("<include file=")[1:]]
        if any(inc in names and "<worldbody" in (folder / inc).read_text(errors="replace")
               for inc in includes):
            continue  # a wrapper around another model of the folder (adds actuators)
        out.append(p)
    return out


def placeholder(spec, folder, variant):
    """Replaces each mesh whose file is absent by a box (two variants); returns their names."""
    missing = []
    meshdir = spec.meshdir or ""
    for mesh in spec.meshes:
        if not mesh.file:
            continue
        path = folder / meshdir / mesh.file
        if not path.exists() and not (folder / mesh.file).exists():
            missing.append(mesh.name or mesh.file)
            half = [0.01, 0.02, 0.015] if variant == 0 else [0.05, 0.01, 0.03]
            shift = [0.0, 0.0, 0.0] if variant == 0 else [0.02, -0.01, 0.03]
            verts = []
            for sx in (-1, 1):
                for sy in (-1, 1):
                    for sz in (-1, 1):
                        verts += [shift[0] + sx * half[0], shift[1] + sy * half[1], shift[2] + sz * half[2]]
            mesh.file = ""
            mesh.content_type = ""
            mesh.uservert = verts
    return missing


def resolve_includes(root, base):
    """Replaces each <include file> by the children of the included file's <mujoco> (a path
    relative to the including file's folder)."""
    for parent in list(root.iter()):
        for i, child in reversed(list(enumerate(list(parent)))):
            if child.tag != "include":
                continue
            file = base / child.get("file")
            included = ET.parse(file).getroot()
            resolve_includes(included, file.parent)
            parent.remove(child)
            for k, grandchild in enumerate(list(included)):
                parent.insert(i + k, grandchild)


def default_classes(root):
    """class name -> (its <default> element, parent class name or None)."""
    classes = {}

    def walk(element, parent):
        name = element.get("class", "main")
        classes[name] = (element, parent)
        for child in element.findall("default"):
            walk(child, name)

    for top in root.findall("default"):
        walk(top, None)
    return classes


def geom_attribute(geom, attr, own_class, classes):
    """The attribute as MuJoCo resolves it: the geom's own, else its class chain's."""
    if attr in geom.attrib:
        return geom.get(attr)
    name = geom.get("class", own_class)
    while name is not None and name in classes:
        element, parent = classes[name]
        found = element.find("geom")
        if found is not None and attr in found.attrib:
            return found.get(attr)
        name = parent
    return None


def mesh_geoms(root, classes):
    """[(geom element, parent element, body element)] of the geoms that need a file: type mesh,
    sdf or hfield, or fitted to a mesh."""
    out = []

    def walk(element, body, childclass):
        for child in list(element):
            if child.tag in ("body", "frame"):
                walk(child, child if child.tag == "body" else body, child.get("childclass", childclass))
            elif child.tag == "geom":
                kind = geom_attribute(child, "type", childclass, classes)
                if kind in ("mesh", "sdf", "hfield") or geom_attribute(child, "mesh", childclass, classes) \
                        or geom_attribute(child, "hfield", childclass, classes):
                    out.append((child, element, body))

    for world in root.findall("worldbody"):
        walk(world, world, "main")
    return out


def number(x):
    return repr(float(x))


def make_twin(path, original):
    """The twin's XML text, from the original file (its numbers as written), and a note. The
    compiled `original` gives the inertials that removed geoms carried."""
    root = ET.parse(path).getroot()
    resolve_includes(root, path.parent)
    classes = default_classes(root)
    compiler = root.find("compiler")
    from_geoms_everywhere = compiler is not None and compiler.get("inertiafromgeom") == "true"
    removed = mesh_geoms(root, classes)
    removed_names = {g.get("name") for g, _, _ in removed if g.get("name")}
    bodies = {}
    for geom, parent, body in removed:
        parent.remove(geom)
        if body.tag == "body":
            bodies[id(body)] = body
    written = 0
    import mujoco

    # MuJoCo numbers the bodies depth-first in document order, the world 0.
    body_ids = {id(b): k + 1 for k, b in enumerate(root.find("worldbody").iter("body"))}

    def set_inertial(body):
        i = body_ids[id(body)]
        name = body.get("name")
        if name and mujoco.mj_id2name(original, mujoco.mjtObj.mjOBJ_BODY, i) != name:
            raise ValueError(f"body {name!r} is not body {i} of the compiled model")
        for old in body.findall("inertial"):
            body.remove(old)
        inertial = ET.Element("inertial", {
            "pos": " ".join(number(x) for x in original.body_ipos[i]),
            "quat": " ".join(number(x) for x in original.body_iquat[i]),
            "mass": number(original.body_mass[i]),
            "diaginertia": " ".join(number(x) for x in original.body_inertia[i]),
        })
        inertial.tail = body.text
        body.insert(0, inertial)

    for body in bodies.values():
        if body.find("inertial") is None or from_geoms_everywhere:
            set_inertial(body)
            written += 1
    if from_geoms_everywhere and bodies:
        # Explicit inertials everywhere, as the remaining geoms would override them otherwise.
        compiler.set("inertiafromgeom", "auto")
        for body in root.iter("body"):
            if id(body) in bodies:
                continue
            if original.body_mass[body_ids[id(body)]] > 0:
                set_inertial(body)
                written += 1
    for section in ("sensor", "contact"):
        for element in root.findall(section):
            for child in list(element):
                if {child.get(a) for a in ("geom", "geom1", "geom2", "objname")} & removed_names:
                    element.remove(child)
    for asset in root.findall("asset"):
        for child in list(asset):
            if child.tag in ("mesh", "texture", "material", "hfield", "skin"):
                asset.remove(child)
    for top in ("deformable",):
        for element in root.findall(top):
            for child in list(element):
                if child.tag == "skin":
                    element.remove(child)
    for element in root.iter():
        for attr in ("material", "texture"):
            element.attrib.pop(attr, None)
    for default in root.iter("default"):
        for child in default:
            for attr in ("mesh", "hfield"):
                child.attrib.pop(attr, None)
            if child.tag == "geom" and child.get("type") in ("mesh", "sdf", "hfield"):
                child.attrib.pop("type")
    if compiler is not None:
        for attr in ("meshdir", "texturedir", "assetdir"):
            compiler.attrib.pop(attr, None)
    ET.indent(root, "  ")
    xml = ET.tostring(root, encoding="unicode") + "\n"
    note = f"{len(removed)} geoms removed, {written} explicit inertials"
    return xml, note


def dynamics_signature(m, mujoco, seed=7):
    """The arrays compared, and mj_fullM / qfrc_bias at STATES random states."""
    out = {"sizes": np.array([m.nbody, m.njnt, m.nq, m.nv], float)}
    for name in ("body_parentid", "body_jntnum", "body_jntadr", "body_dofnum", "body_dofadr",
                 "body_mass", "body_inertia", "body_ipos", "body_pos", "body_quat", "body_gravcomp",
                 "jnt_type", "jnt_bodyid", "jnt_qposadr", "jnt_dofadr", "jnt_pos", "jnt_axis",
                 "jnt_limited", "jnt_range", "qpos0", "dof_bodyid", "dof_parentid", "dof_armature",
                 "dof_jntid"):
        out[name] = np.asarray(getattr(m, name), float).copy()
    iq = np.asarray(m.body_iquat, float).copy()
    iq *= np.where(iq[:, :1] < 0, -1.0, 1.0)  # q and −q are the same rotation
    out["body_iquat"] = iq
    out["gravity"] = np.asarray(m.opt.gravity, float).copy()
    out["density"] = np.array([m.opt.density])
    out["names"] = [mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_BODY, i) for i in range(m.nbody)] + \
                   [mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_JOINT, j) for j in range(m.njnt)]
    rng = np.random.default_rng(seed)
    d = mujoco.MjData(m)
    for k in range(STATES):
        qpos = m.qpos0.copy()
        for j in range(m.njnt):
            adr, kind = m.jnt_qposadr[j], m.jnt_type[j]
            if kind == mujoco.mjtJoint.mjJNT_FREE:
                qpos[adr:adr + 3] = rng.uniform(-0.5, 0.5, 3)
                g = rng.normal(size=4)
                qpos[adr + 3:adr + 7] = g / np.linalg.norm(g)
            elif kind == mujoco.mjtJoint.mjJNT_BALL:
                g = rng.normal(size=4)
                qpos[adr:adr + 4] = g / np.linalg.norm(g)
            else:
                qpos[adr] = rng.uniform(-1, 1)
        d.qpos[:] = qpos
        d.qvel[:] = rng.uniform(-1, 1, m.nv)
        mujoco.mj_forward(m, d)
        mass = np.zeros((m.nv, m.nv))
        mujoco.mj_fullM(m, d, mass)
        out[f"fullM{k}"] = mass
        out[f"qfrc_bias{k}"] = d.qfrc_bias.copy()
    return out


def difference(a, b):
    """None if equal to TOL, else the first quantity that differs and by how much."""
    for key in a:
        if key == "names":
            if a[key] != b.get(key):
                return "body or joint names differ"
            continue
        x, y = a[key], b.get(key)
        if y is None or x.shape != y.shape:
            return f"{key}: shape {x.shape} vs {None if y is None else y.shape}"
        if x.size:
            scale = max(1.0, float(np.abs(x).max()))
            err = float(np.abs(x - y).max())
            if not err <= TOL * scale:
                return f"{key}: max difference {err:.3e} (scale {scale:.3e})"
    return None


def twin_of(job):
    """(key, note, None) when the twin is written, (key, None, reason) when skipped."""
    import mujoco

    path, out_dir = job
    folder = path.parent
    key = f"{folder.name}/{path.name}"
    try:
        spec = mujoco.MjSpec.from_file(str(path))
        missing = placeholder(spec, folder, 0)
        original = spec.compile()
    except Exception as e:
        return key, None, f"MuJoCo refuses the original: {str(e).splitlines()[0]}"
    if original.nv == 0:
        return key, None, "no degrees of freedom"
    try:
        xml, note = make_twin(path, original)
    except Exception as e:
        return key, None, f"no twin: {str(e).splitlines()[0]}"
    target = out_dir / folder.name / path.name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(xml)
    try:
        twin = mujoco.MjModel.from_xml_path(str(target))
    except Exception as e:
        target.unlink()
        return key, None, f"MuJoCo refuses the twin: {str(e).splitlines()[0]}"
    expected = dynamics_signature(original, mujoco)
    problem = difference(expected, dynamics_signature(twin, mujoco))
    if problem is None and missing:
        spec_b = mujoco.MjSpec.from_file(str(path))
        placeholder(spec_b, folder, 1)
        try:
            problem = difference(expected, dynamics_signature(spec_b.compile(), mujoco))
        except Exception as e:
            problem = f"placeholder compile: {str(e).splitlines()[0]}"
        if problem:
            problem = f"{len(missing)} mesh files absent from the snapshot enter the dynamics ({problem})"
    if problem:
        target.unlink()
        return key, None, f"twin differs: {problem}"
    licence = folder / "LICENSE"
    if licence.exists():
        shutil.copyfile(licence, target.parent / "LICENSE")
    absent = f", {len(missing)} mesh files absent from the snapshot (placeholders agree)" if missing else ""
    return key, f"nv {original.nv}, {note}{absent}", None


def main(argv):
    from multiprocessing import Pool

    source = Path(argv[1]).resolve()
    out_dir = Path(argv[2]).resolve() if len(argv) > 2 else ROOT / "assets" / "robots" / "menagerie"
    folders = sorted(p for p in source.iterdir() if p.is_dir() and not p.name.startswith(".")
                     and p.name not in ("assets", "test"))
    jobs, skipped, made = [], [], []
    for folder in folders:
        models = candidates(folder)
        if not models:
            skipped.append((folder.name, "no robot model XML"))
        jobs += [(path, out_dir) for path in models]
    with Pool() as pool:
        for key, note, why in pool.imap(twin_of, jobs):
            (made.append((key, note)) if note else skipped.append((key, why)))
    for folder in out_dir.iterdir() if out_dir.exists() else []:
        if folder.is_dir() and not any(folder.glob("*.xml")):
            shutil.rmtree(folder)
    print(f"{len(made)} twins written to {out_dir}")
    for key, note in made:
        print(f"  {key}: {note}")
    print(f"{len(skipped)} skipped")
    for key, why in skipped:
        print(f"  {key}: {why}")


if __name__ == "__main__":
    main(sys.argv)
