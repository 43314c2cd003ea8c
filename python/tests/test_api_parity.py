"""Every function of the script API (docs/scripting.md, generated from the Rhai bindings) is
an attribute of `morsel`, except the names listed in NOT_YET_BOUND; that list only shrinks:
the test fails when a listed name becomes bound (take it off) or an unlisted one is missing."""

import re

import morsel
from conftest import REPO

# Script functions without a Python binding yet (issue 38's joint-space models are bound now).
NOT_YET_BOUND: set = set()


def documented_functions():
    text = (REPO / "docs" / "scripting.md").read_text()
    names = set()
    section = None
    for line in text.splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
        m = re.match(r"- `([A-Za-z_][A-Za-z0-9_]*)\(", line)
        if m and section != "properties":
            names.add(m.group(1))
    return names


def test_the_doc_is_read():
    names = documented_functions()
    # a few names every version of the API has, so a broken parser cannot pass
    assert {"fk", "mjcf", "touch", "observe", "sphere", "stance"} <= names
    assert len(names) > 100


def test_every_documented_function_is_bound_or_listed():
    names = documented_functions()
    missing = sorted(n for n in names - NOT_YET_BOUND if not hasattr(morsel, n))
    assert not missing, f"documented but not bound (bind them or list them): {missing}"
    now_bound = sorted(n for n in NOT_YET_BOUND if hasattr(morsel, n))
    assert not now_bound, f"bound now: take them off NOT_YET_BOUND: {now_bound}"
    stale = sorted(NOT_YET_BOUND - names)
    assert not stale, f"listed but no longer documented: {stale}"


def test_bound_functions_are_callable_with_docstrings():
    for n in documented_functions() - NOT_YET_BOUND:
        f = getattr(morsel, n)
        assert callable(f), n
        assert (f.__doc__ or "").strip(), f"{n} has no docstring"


def test_stubs_name_every_native_function_and_class():
    import ast

    import morsel._morsel as native

    tree = ast.parse((REPO / "python" / "morsel" / "_morsel.pyi").read_text())
    stubbed = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    public = {n for n in dir(native) if not n.startswith("__")}
    assert public - stubbed == set(), f"bound but without a stub: {sorted(public - stubbed)}"
    assert stubbed - public == set(), f"stubs of nothing: {sorted(stubbed - public)}"
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    for name, node in classes.items():
        members = {m.name for m in node.body if isinstance(m, ast.FunctionDef)}
        real = {a for a in dir(getattr(native, name)) if not a.startswith("__")}
        assert real - members == set(), f"{name}: members without stubs {sorted(real - members)}"


def test_docstrings_come_from_the_api_description():
    # Each documented function's docstring holds every description line docs/python.md gives
    # it (docs/python.md and the docstrings are both made from lab/src/api/script_api.txt).
    text = (REPO / "docs" / "python.md").read_text().split("\n## properties")[0]
    entries = re.findall(r"^- `morsel\.(\w+)\(.*?`  \n  (.+)$", text, flags=re.M)
    assert len(entries) > 100, f"only {len(entries)} entries read from docs/python.md"
    for name, description in entries:
        if name in NOT_YET_BOUND:
            continue
        doc = getattr(morsel, name).__doc__ or ""
        assert description in doc, f"{name}: {description!r} is not in its docstring:\n{doc}"
