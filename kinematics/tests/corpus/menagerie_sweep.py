"""Every MJCF file of a MuJoCo Menagerie checkout: does MuJoCo load it, does Morsel load it, and
is the total mass the same (issue 51's check on the whole collection; not run in CI, which
compares the collection's features as small models instead).

    MORSEL_BIN=target/debug/morsel python kinematics/tests/corpus/menagerie_sweep.py CHECKOUT [WORK]

CHECKOUT: an extracted snapshot of github:johnnynunez/mujoco_menagerie (files absent from the
snapshot stay absent; MuJoCo refuses the models that need them, and those are not counted).
WORK (default /tmp/menagerie_sweep) holds the generated Rhai script and its output. Prints the
counts and every model Morsel refuses or weighs differently (relative 1e-9).
"""
import json
import os
import subprocess
import sys
from pathlib import Path

import mujoco


def main():
    root = Path(sys.argv[1]).resolve()
    work = Path(sys.argv[2] if len(sys.argv) > 2 else "/tmp/menagerie_sweep").resolve()
    work.mkdir(parents=True, exist_ok=True)
    files = sorted(p for p in root.rglob("*.xml")
                   if "<mujoco" in p.read_text(errors="replace")[:5000])
    masses = {}
    for p in files:
        try:
            masses[str(p)] = float(sum(mujoco.MjModel.from_xml_path(str(p)).body_mass))
        except Exception:  # MuJoCo refuses it (often a mesh absent from the snapshot)
            pass
    print(f"{len(files)} MJCF files, MuJoCo {mujoco.__version__} loads {len(masses)}")
    lines = ["let out = #{};"]
    for p in masses:
        key = json.dumps(p)
        lines.append(f"try {{ out[{key}] = `${{mass(mjcf({key}))}}`; }} "
                     f"catch (e) {{ out[{key}] = `ERR ${{e}}`; }}")
    lines.append('save("sweep.json", out);')
    script = work / "sweep.rhai"
    script.write_text("\n".join(lines) + "\n")
    subprocess.run([os.environ["MORSEL_BIN"], "run", str(script), "--root", "/",
                    "--out", str(work / "out")], check=True)
    out = json.loads((work / "out" / "sweep.json").read_text())
    refused = {k: v for k, v in out.items() if str(v).startswith("ERR")}
    heavier = {k: v for k, v in out.items() if k not in refused
               and abs(float(v) - masses[k]) > 1e-9 * max(1.0, masses[k])}
    print(f"Morsel loads {len(out) - len(refused)} of {len(masses)}; total mass differs on "
          f"{len(heavier)}")
    for k, v in sorted(refused.items()):
        print(f"  refused {Path(k).relative_to(root)}: {str(v)[:300]}")
    for k, v in sorted(heavier.items()):
        print(f"  mass {Path(k).relative_to(root)}: Morsel {v}, MuJoCo {masses[k]}")
    return 1 if refused or heavier else 0


if __name__ == "__main__":
    sys.exit(main())
