"""How deep bodies may nest: Morsel's bound against MuJoCo's (pytest; needs `mujoco` and a built
`morsel` binary, as test_against_mujoco.py).

MuJoCo 4.0 reads MJCF with tinyxml2, which refuses elements nested too deep
(XML_ELEMENT_DEPTH_EXCEEDED): a chain of 496 bodies, each holding a joint and a geom, compiles, and
497 do not. Morsel's XML readers refuse nesting deeper than 500 elements (`MAX_XML_DEPTH`, the
document's root at depth 1) with a typed error, never a stack overflow. So every chain MuJoCo
compiles, Morsel loads, with the same bodies; a 20,000-deep chain is refused by both.
"""
import os
import subprocess

import pytest

from test_against_mujoco import ROOT, morsel_binary

mujoco = pytest.importorskip("mujoco")


def chain(n):
    bodies = "".join(
        f'<body name="b{i}" pos="0 0 0.01"><joint axis="0 1 0"/><geom type="capsule" size="0.01 0.005"/>'
        for i in range(n)
    )
    return f"<mujoco><worldbody>{bodies}{'</body>' * n}</worldbody></mujoco>"


def mujoco_loads(xml):
    try:
        return mujoco.MjModel.from_xml_string(xml).nbody - 1
    except ValueError as e:
        assert "XML_ELEMENT_DEPTH_EXCEEDED" in str(e), e
        return None


def morsel_loads(n, tmp_path):
    work = ROOT / "target" / "mjcf_reference" / "nesting"
    work.mkdir(parents=True, exist_ok=True)
    (work / f"chain{n}.xml").write_text(chain(n))
    script = work / f"chain{n}.rhai"
    script.write_text(f'let r = mjcf("chain{n}.xml"); print(fk(r, r.get_joints().map(|j| 0.0)).len());\n')
    run = subprocess.run(
        [str(morsel_binary()), "run", str(script), "--out", str(tmp_path / "out"), "--root", str(ROOT)],
        capture_output=True, text=True, timeout=300,
    )
    if run.returncode == 0:
        # fk's map holds the world body too.
        return int(run.stdout.split()[-1]) - 1
    assert "nested more than 500 deep" in run.stderr, run.stderr
    return None


@pytest.mark.parametrize("n", [496, 497, 20_000])
def test_morsel_loads_every_chain_mujoco_compiles(n, tmp_path):
    in_mujoco = mujoco_loads(chain(n))
    in_morsel = morsel_loads(n, tmp_path)
    if n == 496:
        assert in_mujoco == 496 and in_morsel == 496
    elif n == 497:
        # Beyond MuJoCo's parser, within Morsel's bound (the deepest element is at 500).
        assert in_mujoco is None and in_morsel == 497
    else:
        assert in_mujoco is None and in_morsel is None
