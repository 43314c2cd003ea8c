"""save("x.glb" | "x.gltf", value) from Python: a scene, a stance and a touch sensor drawn by
morsel-lab, with the same bytes as the `morsel` binary writes for the same script; objects
that cannot be drawn and bad paths are refused."""

import json
import struct
import subprocess

import pytest

import morsel
from conftest import REPO
from test_rhai_parity import morsel_bin

RHAI = """
let sc = scene();
sc.add_body("pad", box(0.05, 0.05, 0.01), pose([0.1, 0, 0], [0.2, 0, 0]));
sc.add_body("ball", sphere(0.02), pose([0.1, -0.005, 0.0295]));
let left  = contact(#{ shape: [0.11, 0.05], pos: [0.0,  0.15, 0.0], friction: 0.7 });
let right = contact(#{ shape: [0.11, 0.05], pos: [0.0, -0.15, 0.0], friction: 0.5 });
let st = stance(#{ com: [0.02, 0.0, 0.8], mass: 38.0, contacts: [left, right] });
let t = touch(sc, #{ scales: #{ pad: 0.01 }, kind: "points", mimo_quirks: false });
t.observe();
let tx = taxels(#{ link_name: "pad", probe_local_pos: [[0.0, 0.0, 0.01], [0.0, 0.0, 0.2]] });
tx.read(sc);
save("taxels.glb", tx);
save("scene.glb", sc);
save("scene.gltf", sc);
save("stance.glb", st);
save("touch.glb", t);
"""


def python_objects():
    sc = morsel.scene()
    sc.add_body("pad", morsel.box(0.05, 0.05, 0.01), morsel.pose([0.1, 0, 0], [0.2, 0, 0]))
    sc.add_body("ball", morsel.sphere(0.02), morsel.pose([0.1, -0.005, 0.0295]))
    left = morsel.contact(shape=[0.11, 0.05], pos=[0.0, 0.15, 0.0], friction=0.7)
    right = morsel.contact(shape=[0.11, 0.05], pos=[0.0, -0.15, 0.0], friction=0.5)
    st = morsel.stance({"com": [0.02, 0.0, 0.8], "mass": 38.0, "contacts": [left, right]})
    t = morsel.touch(sc, {"scales": {"pad": 0.01}, "kind": "points", "mimo_quirks": False})
    t.observe()
    tx = morsel.taxels({"link_name": "pad", "probe_local_pos": [[0.0, 0.0, 0.01], [0.0, 0.0, 0.2]]})
    tx.read(sc)
    return {"scene.glb": sc, "scene.gltf": sc, "stance.glb": st, "touch.glb": t, "taxels.glb": tx}


def glb_json(data):
    """The JSON chunk of a GLB file."""
    assert data[:4] == b"glTF"
    length, kind = struct.unpack_from("<I4s", data, 12)
    assert kind == b"JSON"
    return json.loads(data[20:20 + length])


def test_gltf_bytes_equal_the_binary(tmp_path):
    script = tmp_path / "views.rhai"
    script.write_text(RHAI)
    out = tmp_path / "rhai_out"
    r = subprocess.run([str(morsel_bin()), "run", str(script), "--out", str(out), "--root", "/"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    for name, value in python_objects().items():
        morsel.save(str(tmp_path / name), value)
        assert (tmp_path / name).read_bytes() == (out / name).read_bytes(), name
    stance = glb_json((tmp_path / "stance.glb").read_bytes())
    assert [n["name"] for n in stance["nodes"]] == [
        "contact 0", "friction cone 0", "contact 1", "friction cone 1", "com", "static polygon"]
    legend = stance["scenes"][0]["extras"]["legend"]
    assert any("friction cones" in e["label"] for e in legend)
    touch = glb_json((tmp_path / "touch.glb").read_bytes())
    names = [n["name"] for n in touch["nodes"]]
    assert names[:3] == ["pad", "ball", "pad/geom0 sensors"]
    assert len(names) > 3 and all(n.startswith("pad/geom0 force ") for n in names[3:])
    # The probe at the pad's top face touches the ball; the one 0.2 m up touches nothing.
    taxels = glb_json((tmp_path / "taxels.glb").read_bytes())
    assert [n["name"] for n in taxels["nodes"]] == ["pad", "ball", "pad taxels", "pad taxel force 0"]


def test_gltf_refuses_what_it_cannot_draw(tmp_path):
    with pytest.raises(morsel.WrongTypeError, match="a glTF file draws"):
        morsel.save(str(tmp_path / "x.glb"), {"a": 1})
    with pytest.raises(morsel.InvalidValueError, match="call read"):
        morsel.save(str(tmp_path / "x.glb"), morsel.taxels({"link_name": "pad"}))
    with pytest.raises(morsel.InvalidValueError, match="nothing to draw"):
        morsel.save(str(tmp_path / "x.glb"), morsel.scene())
    sc = morsel.scene()
    sc.add_body("ball", morsel.sphere(0.02), morsel.pose([0, 0, 0]))
    with pytest.raises(morsel.MissingFileError, match="does its folder exist"):
        morsel.save(str(tmp_path / "missing" / "x.glb"), sc)
    assert not (tmp_path / "x.glb").exists()


def test_a_simulation_saves_as_an_animation(tmp_path):
    """A Python simulation of Solo-12 (dt 0.05 s, 1 s): one animation whose key times are the
    recorded ticks (21, from 0 to the simulated time) on every link's channels."""
    solo = morsel.urdf(str(REPO / "assets" / "robots" / "solo12" / "solo12.urdf"))
    sim = morsel.simulation({"dt": 0.05, "record_poses": True})
    sim.add(solo)
    morsel.rotate(solo, "FL_HFE", 0.5, 1.0)
    sim.run(1.0)
    path = tmp_path / "motion.glb"
    morsel.save(str(path), sim)
    doc = glb_json(path.read_bytes())
    (animation,) = doc["animations"]
    inputs = {animation["samplers"][c["sampler"]]["input"] for c in animation["channels"]}
    assert len(animation["channels"]) == 2 * len(doc["nodes"])
    for i in inputs:
        accessor = doc["accessors"][i]
        assert accessor["count"] == 21
        assert accessor["min"][0] == 0.0
        assert abs(accessor["max"][0] - sim.time) < 1e-6


def test_a_simulation_without_pose_records_refuses_to_animate(tmp_path):
    solo = morsel.urdf(str(REPO / "assets" / "robots" / "solo12" / "solo12.urdf"))
    sim = morsel.simulation(dt=0.05)
    sim.add(solo)
    sim.run(0.2)
    with pytest.raises(morsel.MorselError, match="record_poses"):
        morsel.save(str(tmp_path / "motion.glb"), sim)
    assert not (tmp_path / "motion.glb").exists()
    with pytest.raises(morsel.WrongTypeError):
        morsel.simulation(dt=0.05, record_poses="yes")


def test_a_boundary_saves_as_markers_in_joint_coordinates(tmp_path):
    """A 2-joint collision boundary: one node "boundary" whose mesh has 6 vertices (an
    octahedron) per point, each marker centred on its point (z = 0)."""
    solo = morsel.urdf(str(REPO / "assets" / "robots" / "solo12" / "solo12.urdf"))
    cs = morsel.collision_sampler(solo, {"joints": ["FL_HAA", "FL_HFE"],
                                         "ranges": [[-3.14159, 3.14159], [-3.14159, 3.14159]],
                                         "pairs": [["base_link", "FL_UPPER_LEG"]]})
    b = morsel.boundary(cs, 12, {"seed": 5})
    path = tmp_path / "boundary.glb"
    morsel.save(str(path), b)
    data = path.read_bytes()
    doc = glb_json(data)
    assert [n["name"] for n in doc["nodes"]] == ["boundary"]
    (primitive,) = doc["meshes"][0]["primitives"]
    positions = doc["accessors"][primitive["attributes"]["POSITION"]]
    assert positions["count"] == 6 * len(b.points)
    view = doc["bufferViews"][positions["bufferView"]]
    json_len = struct.unpack_from("<I", data, 12)[0]
    bin_start = 20 + json_len + 8
    start = bin_start + view.get("byteOffset", 0) + positions.get("byteOffset", 0)
    xyz = struct.unpack_from(f"<{3 * positions['count']}f", data, start)
    for i, point in enumerate(b.points):
        marker = [xyz[3 * (6 * i + k):3 * (6 * i + k) + 3] for k in range(6)]
        centre = [sum(v[a] for v in marker) / 6 for a in range(3)]
        assert abs(centre[0] - point[0]) < 1e-6 and abs(centre[1] - point[1]) < 1e-6
        assert abs(centre[2]) < 1e-6
