#!/usr/bin/env python3
"""Writes kinematics/src/mjcf/schema_table.rs, MuJoCo's MJCF schema as Morsel checks it.

The schema is MuJoCo's own table (src/xml/generated/mjcf_table.inc in its source, read by
mjXSchema in src/xml/xml_util.cc), taken from the PyPI `mujoco` this repository compares with
through `mujoco.mj_printSchema`, which prints that compiled-in table: per element its
cardinality (`!` once, `?` at most once, `*` any, `R` any and recursive) and its attributes,
children indented by three spaces. The source table of a given MuJoCo checkout can differ from
the release (the 3.12.1-dev snapshot lacked 4.0.0's `castshadow`, `springyield`, `fuse`...),
hence the release's own print. `(world)body` is the body row, which also checks `<worldbody>`,
`<frame>` and `<replicate>` (mjXSchema::NameMatch; see schema.rs).

Usage: make_schema.py [--check]   (--check: exit 1 if the committed file is not what this
MuJoCo prints; test_schema.py runs it.)
"""
import re
import sys
from pathlib import Path

import mujoco

ROOT = Path(__file__).resolve().parents[3]
TARGET = ROOT / "kinematics" / "src" / "mjcf" / "schema_table.rs"
ROW = re.compile(r"^( *)(\S+) \(([!?*R])\)(.*)$")


def parse(text):
    """The printed schema as nested dicts {name, card, attrs, children}."""
    root, stack = None, []
    for line in text.splitlines():
        if not line.strip():
            continue
        m = ROW.match(line)
        if m:
            level = len(m.group(1)) // 3
            node = {
                "name": m.group(2).replace("(world)", ""),
                "card": m.group(3),
                "attrs": m.group(4).split(),
                "children": [],
            }
            del stack[level:]
            if stack:
                stack[-1]["children"].append(node)
            else:
                root = node
            stack.append(node)
        else:
            stack[-1]["attrs"] += line.split()
    return root


CARD = {"!": "One", "?": "AtMostOne", "*": "Any", "R": "Recursive"}


def emit(node, depth, out):
    pad = "    " * depth
    out.append(f'{pad}Row {{ name: "{node["name"]}", card: Card::{CARD[node["card"]]},')
    words = [f'"{a}",' for a in sorted(node["attrs"])]
    line = pad + "    attrs: &["
    for w in words:
        if len(line) + len(w) + 1 > 100:
            out.append(line)
            line = pad + "        "
        line += ("" if line.endswith("[") or line.endswith("    ") else " ") + w
    out.append(line + "],")
    if node["children"]:
        out.append(pad + "    children: &[")
        for child in node["children"]:
            emit(child, depth + 2, out)
        out.append(pad + "    ],")
    else:
        out.append(pad + "    children: &[],")
    out.append(pad + "},")


def render():
    root = parse(mujoco.mj_printSchema(False, False))
    out = [
        "//! MuJoCo's MJCF schema (generated: do not edit). Made by",
        "//! kinematics/tests/mjcf_reference/make_schema.py from `mujoco.mj_printSchema` of MuJoCo",
        f"//! {mujoco.__version__}, which prints the schema table compiled into MuJoCo's XML reader.",
        "",
        "use super::schema_row::{Card, Row};",
        "",
        f"/// The `<mujoco>` row of MuJoCo {mujoco.__version__}'s schema, its children nested.",
        "#[rustfmt::skip]",
        "pub(super) const MUJOCO: Row =",
    ]
    body = []
    emit(root, 0, body)
    body[-1] = body[-1].rstrip(",") + ";"
    return "\n".join(out + body) + "\n"


def main():
    text = render()
    if "--check" in sys.argv[1:]:
        if TARGET.read_text() != text:
            print(f"{TARGET} differs from MuJoCo {mujoco.__version__}'s schema: run make_schema.py")
            sys.exit(1)
        return
    TARGET.write_text(text)
    print(f"wrote {TARGET.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
