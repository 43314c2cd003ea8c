"""MJCF names outside MuJoCo's schema, against real MuJoCo (issue 51): every model MuJoCo refuses
for an unknown element or attribute (or a second unique element, attributes on the world body)
`morsel run` with `mjcf(path)` refuses too, naming the file, the line and the name (with the
intended name when close); every model MuJoCo accepts despite odd names (its lenient spots)
Morsel loads. Also: the committed schema table is what this MuJoCo prints.
"""
import subprocess
import sys

import mujoco
import pytest

import make_schema
from test_against_mujoco import ROOT, morsel_binary


def world(inside):
    return f'<mujoco>\n<worldbody>\n<body name="b">\n{inside}\n</body>\n</worldbody>\n</mujoco>\n'


# name -> (model, line of the refused element, the name Morsel reports, its suggestion)
REFUSED = {
    "misspelt element": (world('<geom size="0.1"/>\n<jiont type="hinge"/>'), 5, "jiont", "joint"),
    "unknown element": ('<mujoco>\n<frobnicate/>\n<worldbody/>\n</mujoco>\n', 2, "frobnicate", None),
    "unknown attribute": (world('<geom size="0.1" bogus="2"/>'), 4, "bogus", None),
    "misspelt attribute": (world('<geom size="0.1" densty="2"/>'), 4, "densty", "density"),
    "root attribute": ('<mujoco\n bogus="1">\n<worldbody/>\n</mujoco>\n', 1, "bogus", None),
    "default class attribute": ('<mujoco>\n<default class="a" bogus="1"/>\n<worldbody/>\n</mujoco>\n', 2, "bogus", None),
    "default child": ('<mujoco>\n<default>\n<jiont/>\n</default>\n<worldbody/>\n</mujoco>\n', 3, "jiont", "joint"),
    "custom child": ('<mujoco>\n<custom>\n<frob/>\n</custom>\n<worldbody/>\n</mujoco>\n', 3, "frob", None),
    "plugin config": ('<mujoco>\n<extension><plugin plugin="mujoco.elasticity.cable"><instance name="i">\n'
                      '<config key="a" value="1" bogus="1"/></instance></plugin></extension>\n<worldbody/>\n</mujoco>\n',
                      3, "bogus", None),
    "sensor attribute": ('<mujoco>\n<worldbody/>\n<sensor>\n<jointpos joint="j" nosie="1"/>\n</sensor>\n</mujoco>\n', 4, "nosie", "noise"),
    "composite (gone in MuJoCo 4)": (world('<composite type="grid" count="2 2 1"/>'), 4, "composite", None),
    "element in a frame's body": ('<mujoco>\n<worldbody>\n<frame>\n<body>\n<jiont/>\n</body>\n</frame>\n</worldbody>\n</mujoco>\n',
                                  5, "jiont", "joint"),
    "capitalised element": (world('<Geom size="0.1"/>'), 4, "Geom", "geom"),
    "second inertial": (world('<inertial mass="1" pos="0 0 0" diaginertia="1 1 1"/>\n'
                              '<inertial mass="1" pos="0 0 0" diaginertia="1 1 1"/>'), 3, "inertial", None),
    "world body attribute": ('<mujoco>\n<worldbody name="w"/>\n</mujoco>\n', 2, "worldbody", None),
}

# name -> model (files beside it: part.xml) that MuJoCo loads
ACCEPTED = {
    "frame subtree attributes": '<mujoco><worldbody><frame bogus="1"><body name="x" bogus="1"><geom size="0.1" bogus="1">'
                                '<frob/></geom></body></frame></worldbody></mujoco>',
    "namespace on the root": '<mujoco xmlns:xi="http://www.w3.org/2001/XInclude"><worldbody/></mujoco>',
    "include and included root attributes": world('<include file="part.xml" bogus="1"/>'),
    "nested defaults": '<mujoco><default><default class="a"><geom size="1"/></default></default><worldbody/></mujoco>',
    "body directly in mujoco": '<mujoco><body/><worldbody><body><geom size="0.1"/></body></worldbody></mujoco>',
    "visual-only elements": '<mujoco><visual><global fovy="50"/></visual><asset><texture name="t" builtin="checker" '
                            'width="8" height="8"/><material name="m" texture="t"/></asset><worldbody><light/>'
                            '<camera name="c"/><body><geom size="0.1" material="m"/></body></worldbody></mujoco>',
}
PART = '<mujoco bogus="1"><geom size="0.1"/></mujoco>'


def write(folder, name, text):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "part.xml").write_text(PART)
    path = folder / "model.xml"
    path.write_text(text)
    return path


def morsel(path, tmp_path):
    script = path.parent / "load.rhai"
    script.write_text('let r = mjcf("model.xml");\nprint(mass(r));\n')
    return subprocess.run(
        [str(morsel_binary()), "run", str(script), "--out", str(tmp_path / "out"), "--root", str(path.parent)],
        capture_output=True, text=True, timeout=120,
    )


@pytest.mark.parametrize("case", list(REFUSED))
def test_mujoco_and_morsel_refuse(case, tmp_path):
    text, line, name, suggestion = REFUSED[case]
    path = write(tmp_path / "m", case, text)
    with pytest.raises(ValueError) as refusal:
        mujoco.MjModel.from_xml_path(str(path))
    assert f"line {line}" in str(refusal.value), str(refusal.value)
    run = morsel(path, tmp_path)
    assert run.returncode != 0, run.stdout
    message = run.stdout + run.stderr
    assert f"model.xml:{line}:" in message, message
    assert name in message, message
    if suggestion:
        assert f"did you mean `{suggestion}`?" in message, message
    else:
        assert "did you mean" not in message, message


@pytest.mark.parametrize("case", list(ACCEPTED))
def test_mujoco_and_morsel_accept(case, tmp_path):
    path = write(tmp_path / "m", case, ACCEPTED[case])
    mujoco.MjModel.from_xml_path(str(path))
    run = morsel(path, tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr


def test_schema_table_is_current():
    run = subprocess.run([sys.executable, str(ROOT / "kinematics/tests/mjcf_reference/make_schema.py"), "--check"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert make_schema.TARGET.exists()
