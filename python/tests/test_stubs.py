"""The stubs of the methods that `import morsel` adds to the native classes (the API
description's method table, morsel/_methods.py; `_repr_html_`, morsel/_views.py) are generated
into morsel/_morsel.pyi from the classes themselves, so that they cannot drift: this test fails
when the file differs from what the classes hold now. Regenerate with

    MORSEL_BLESS=1 python -m pytest python/tests/test_stubs.py
"""

import ast
import inspect
import os
import types

import morsel  # noqa: F401  (adds the methods)
import morsel._morsel as native
from conftest import REPO

STUBS = REPO / "python" / "morsel" / "_morsel.pyi"
MARK = "  # generated: tests/test_stubs.py"


def added_methods(cls):
    """{name: function} of the Python functions `import morsel` put on a native class."""
    return {
        name: f
        for name, f in sorted(vars(cls).items())
        if isinstance(f, types.FunctionType) and (not name.startswith("__"))
    }


def stub_line(name, f):
    params = []
    for p in inspect.signature(f).parameters.values():
        if p.name == "self":
            params.append("self")
        elif p.kind is p.VAR_POSITIONAL:
            params.append(f"*{p.name}: Any")
        elif p.kind is p.VAR_KEYWORD:
            params.append(f"**{p.name}: Any")
        elif p.default is p.empty:
            params.append(f"{p.name}: Any")
        else:
            params.append(f"{p.name}: Any = ...")
    returns = "str" if name == "_repr_html_" else "Any"
    return f"    def {name}({', '.join(params)}) -> {returns}: ...{MARK}"


def generated_text():
    text = STUBS.read_text()
    lines = text.splitlines()
    tree = ast.parse(text)
    drop = set()
    insert = {}
    for node in tree.body:
        if not isinstance(node, ast.ClassDef) or not isinstance(getattr(native, node.name, None), type):
            continue
        added = added_methods(getattr(native, node.name))
        for item in node.body:
            if isinstance(item, ast.FunctionDef) and item.name in added:
                first = min([item.lineno] + [d.lineno for d in item.decorator_list])
                drop.update(range(first - 1, item.end_lineno))
        if added:
            insert[node.end_lineno - 1] = [stub_line(n, f) for n, f in added.items()]
    out = []
    for i, line in enumerate(lines):
        if i not in drop:
            out.append(line)
        if i in insert:
            out.extend(insert[i])
    return "\n".join(out) + "\n"


def test_method_stubs_are_generated_from_the_classes():
    expected = generated_text()
    if os.environ.get("MORSEL_BLESS") == "1":
        STUBS.write_text(expected)
    assert STUBS.read_text() == expected, (
        "python/morsel/_morsel.pyi is stale: MORSEL_BLESS=1 python -m pytest python/tests/test_stubs.py"
    )
