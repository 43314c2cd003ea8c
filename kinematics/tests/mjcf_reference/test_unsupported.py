"""MJCF features Morsel does not implement are refused, never dropped (issue 36), checked against
real MuJoCo: for each small model, MuJoCo's compile shows that the feature adds or changes bodies
(so that ignoring it would give a wrong model), and `morsel run` with `mjcf(path)` fails with an
error naming the file, the line and the element.
"""
import subprocess

import mujoco
import pytest

from test_against_mujoco import ROOT, morsel_binary

# name -> (main file text, extra files, line of the refused element, its tag,
#          MuJoCo's body count without the feature's effect)
CASES = {
    "replicate": (
        """<mujoco>
  <worldbody>
    <replicate count="4" offset="0.2 0 0">
      <body name="leg"><joint axis="0 1 0"/><geom size="0.05"/></body>
    </replicate>
  </worldbody>
</mujoco>
""",
        {},
        3,
        "replicate",
        2,
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_feature_changes_mujocos_model_and_morsel_refuses_it(case, tmp_path):
    text, extra, line, tag, bodies_without = CASES[case]
    work = ROOT / "target" / "mjcf_unsupported" / case
    work.mkdir(parents=True, exist_ok=True)
    (work / "main.xml").write_text(text)
    for name, content in extra.items():
        (work / name).write_text(content)

    compiled = mujoco.MjModel.from_xml_path(str(work / "main.xml"))
    assert compiled.nbody != bodies_without, f"{case}: MuJoCo's body count does not show the feature"

    script = work / "load.rhai"
    script.write_text('let r = mjcf("main.xml");\nprint(mass(r));\n')
    run = subprocess.run(
        [str(morsel_binary()), "run", str(script), "--out", str(tmp_path / "out"), "--root", str(ROOT)],
        capture_output=True, text=True, timeout=120,
    )
    message = run.stdout + run.stderr
    assert run.returncode != 0, f"{case}: Morsel loaded a model MuJoCo compiles differently:\n{message}"
    assert f"main.xml:{line}: <{tag}" in message, message
    assert "not supported" in message.lower() or "unsupported" in message.lower(), message
