"""Per-geom contype/conaffinity in scenes built from MJCF robots, against MuJoCo's own filter:
the body pairs MuJoCo's collision detection reports for kinematics/tests/mjcf_models/contact_bits.xml
(every geom overlaps every other, so only the bit masks decide) equal the body pairs of the
contacts of a Morsel scene holding the same robot."""
import json
import os

import mujoco

from test_against_mujoco import ROOT, run_script

MODEL = "kinematics/tests/mjcf_models/contact_bits.xml"


def mujoco_pairs():
    m = mujoco.MjModel.from_xml_path(str(ROOT / MODEL))
    d = mujoco.MjData(m)
    mujoco.mj_forward(m, d)
    body = lambda g: m.body(m.geom_bodyid[g]).name
    return {tuple(sorted((body(c.geom[0]), body(c.geom[1])))) for c in d.contact[: d.ncon]}


def morsel_pairs(tmp_path):
    work = ROOT / "target" / "mjcf_reference" / tmp_path.name
    work.mkdir(parents=True, exist_ok=True)
    script = work / "contact_bits.rhai"
    model = os.path.relpath(ROOT / MODEL, work)
    script.write_text(
        f"let r = mjcf({json.dumps(model)});\n"
        "let sc = scene();\n"
        "sc.add_robot(r);\n"
        "save(\"pairs.json\", sc.contacts().map(|k| [k.body_a, k.body_b]));\n"
    )
    out = tmp_path / "out"
    run_script(script, out, ROOT)
    return {tuple(sorted(p)) for p in json.loads((out / "pairs.json").read_text())}


def test_contact_pairs_follow_mujocos_bit_masks(tmp_path):
    expected = mujoco_pairs()
    # The model is built so that the masks matter: some overlapping pairs are filtered out.
    assert 3 <= len(expected) < 21, expected
    assert morsel_pairs(tmp_path) == expected
