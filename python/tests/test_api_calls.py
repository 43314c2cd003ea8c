"""Every overload of the shared API description is called, in Python as a function and (when its
first argument is a Morsel object) as a method, and its result compared with the `morsel`
binary's for the same call (MORSEL_BIN; skipped when it is not built).

One generated case per overload of lab/src/api/script_api.txt. The arguments of each overload
are written once (tests/api_cases.py) and translated to Rhai; the binary runs every case in one
script, each on freshly built objects, and saves the results as JSON (objects as their
to_map()); the files a case writes (its 'out:NAME' paths) are compared byte for byte;
Python's results are turned into the same plain data and compared to 1e-12
relative. Overloads without arguments written yet are listed in NOT_YET_CALLED, which only
shrinks (a test fails when a listed overload gets a case or an unlisted one has none)."""

import json
import math
import os
import pathlib
import subprocess

import numpy as np
import pytest

import morsel
from api_cases import CASES, OBJECTS, OPTIONAL_OBJECTS, names_in, parse_args, rhai
from conftest import REPO

OVERLOADS = [o[2] for o in morsel._morsel._api_overloads()]
METHODS = morsel._morsel._api_methods()
RECEIVER = {o[2]: (o[3][0][1] if o[3] else None) for o in morsel._morsel._api_overloads()}
NAME = {o[2]: o[0] for o in morsel._morsel._api_overloads()}

NOT_YET_CALLED_FILE = pathlib.Path(__file__).with_name("api_not_yet_called.txt")
NOT_YET_CALLED = {
    line.strip() for line in NOT_YET_CALLED_FILE.read_text().splitlines() if line.strip() and not line.startswith("#")
}


def case(signature):
    """(arguments, probe or None) of an overload's case."""
    c = CASES[signature]
    return c if isinstance(c, tuple) else (c, None)


def _objects_for(src):
    """OBJECTS, then the optional objects that `src` names or that those are built from."""
    needed = names_in(src)
    for name, expr in reversed(OPTIONAL_OBJECTS):
        if name in needed:
            needed |= names_in(expr)
    return list(OBJECTS) + [(n, e) for n, e in OPTIONAL_OBJECTS if n in needed]


OUT = "'out:"


def out_files(src):
    """The files a case writes: its arguments 'out:NAME'."""
    return [part.split("'", 1)[0] for part in src.split(OUT)[1:]]


def _with_out(src, cid, folder=""):
    """The case with its 'out:NAME' paths as `folder`/cid_NAME (the binary: under --out)."""
    return src.replace(OUT, "'" + (f"{folder}/" if folder else "") + f"{cid}_")


def _case_id(signature):
    return f"c{OVERLOADS.index(signature)}"


def rhai_script():
    """One script that runs every case on fresh objects and saves {id: result or error}."""
    lines = []
    for signature in CASES:
        if signature not in OVERLOADS:
            continue
        src, probe = case(signature)
        src = _with_out(src, _case_id(signature))
        body = []
        for name, expr in _objects_for(", ".join(x for x in (src, probe) if x)):
            body.append(f"let {name} = {rhai(_expr(expr), ())};")
        args = ", ".join(rhai(a, ()) for a in parse_args(src))
        cid = _case_id(signature)
        value = f"{NAME[signature]}({args})"
        if probe is not None:
            value = f"{{ let r = {value}; {rhai(_expr(probe), ())} }}"
        body.append(f'try {{ save("{cid}.json", #{{ value: {value} }}); }}')
        body.append(f'catch (e) {{ save("{cid}.json", #{{ error: `${{e}}` }}); }}')
        lines.append("{ " + " ".join(body) + " }")
    return "\n".join(lines)


def _expr(src):
    import ast

    return ast.parse(src, mode="eval").body


@pytest.fixture(scope="module")
def rhai_results(tmp_path_factory):
    path = pathlib.Path(os.environ.get("MORSEL_BIN", REPO / "target" / "debug" / "morsel"))
    if not path.is_file():
        pytest.skip(f"no morsel binary at {path} (cargo build -p morsel-shell, or set MORSEL_BIN)")
    tmp = tmp_path_factory.mktemp("calls")
    script = tmp / "calls.rhai"
    script.write_text(rhai_script())
    r = subprocess.run(
        [str(path), "run", str(script), "--out", str(tmp / "out"), "--root", "/"],
        capture_output=True, text=True, timeout=600, cwd=REPO,
    )
    assert r.returncode == 0, r.stderr
    results = {f.stem: json.loads(f.read_text()) for f in (tmp / "out").glob("c*.json") if "_" not in f.stem}
    results["_out"] = tmp / "out"
    return results


def plain(x, depth=0):
    """Python results as the plain data the binary's JSON holds."""
    assert depth < 50
    if x is None or isinstance(x, (bool, str)):
        return x
    if isinstance(x, (int, float, np.integer, np.floating)):
        return x.item() if hasattr(x, "item") else x
    if isinstance(x, np.ndarray):
        return plain(x.tolist(), depth + 1)
    if isinstance(x, (list, tuple)):
        return [plain(v, depth + 1) for v in x]
    if isinstance(x, dict):
        return {str(k): plain(v, depth + 1) for k, v in x.items()}
    if type(x).__module__.startswith("morsel"):
        return plain(x.to_map(), depth + 1)
    raise TypeError(f"no plain form for {type(x).__name__}")


def same(a, b, at="result"):
    """Whether plain data a (Python) and b (Rhai JSON) agree, numbers to 1e-12 relative."""
    if isinstance(a, bool) or isinstance(b, bool):
        assert a == b, f"{at}: {a!r} != {b!r}"
    elif isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if math.isnan(a) and math.isnan(b):
            return
        assert a == pytest.approx(b, rel=1e-12, abs=1e-12), f"{at}: {a!r} != {b!r}"
    elif isinstance(a, list) and isinstance(b, list):
        assert len(a) == len(b), f"{at}: length {len(a)} != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            same(x, y, f"{at}[{i}]")
    elif isinstance(a, dict) and isinstance(b, dict):
        assert set(a) == set(b), f"{at}: keys {sorted(a)} != {sorted(b)}"
        for k in a:
            same(a[k], b[k], f"{at}.{k}")
    else:
        assert a == b, f"{at}: {a!r} != {b!r}"


def python_objects(src):
    ns = {n: getattr(morsel, n) for n in dir(morsel) if not n.startswith("_")}
    ns["len"] = morsel.len
    cwd = os.getcwd()
    os.chdir(REPO)
    try:
        for name, expr in _objects_for(src):
            ns[name] = eval(expr, ns)  # noqa: S307 - the cases of api_cases.py
        return ns
    finally:
        os.chdir(cwd)


def call(signature, form, folder):
    src, probe = case(signature)
    src = _with_out(src, _case_id(signature), str(folder))
    ns = python_objects(", ".join(x for x in (src, probe) if x))
    args = [eval(compile(_as_expression(a), "<case>", "eval"), ns) for a in parse_args(src)]  # noqa: S307
    name = NAME[signature]
    cwd = os.getcwd()
    os.chdir(REPO)
    try:
        if form == "function":
            r = getattr(morsel, name)(*args)
        else:
            r = getattr(args[0], name)(*args[1:])
        return r if probe is None else eval(probe, dict(ns, r=r))  # noqa: S307
    finally:
        os.chdir(cwd)


def _as_expression(node):
    import ast

    return ast.Expression(body=node)


def test_cases_name_real_overloads():
    stale = sorted(set(CASES) - set(OVERLOADS))
    assert not stale, f"cases of no overload of script_api.txt: {stale}"


def test_not_yet_called_only_shrinks():
    now_called = sorted(NOT_YET_CALLED & set(CASES))
    assert not now_called, f"called now: take them off api_not_yet_called.txt: {now_called}"
    missing = sorted(set(OVERLOADS) - set(CASES) - NOT_YET_CALLED)
    assert not missing, f"overloads without a case (write one or list them): {missing}"
    stale = sorted(NOT_YET_CALLED - set(OVERLOADS))
    assert not stale, f"listed but not overloads: {stale}"


@pytest.mark.parametrize("signature", OVERLOADS, ids=[f"{NAME[s]}:{i}" for i, s in enumerate(OVERLOADS)])
def test_overload(signature, rhai_results, tmp_path):
    if signature not in CASES:
        pytest.skip("no arguments written yet (api_not_yet_called.txt)")
    expected = rhai_results.get(_case_id(signature), {"error": "no result saved"})
    assert "error" not in expected, f"the binary failed: {expected.get('error')}"
    expected = expected.get("value")
    forms = ["function"]
    receiver = RECEIVER[signature]
    if receiver in METHODS and NAME[signature] in METHODS[receiver]:
        forms.append("method")
    cid = _case_id(signature)
    for form in forms:
        got = plain(call(signature, form, tmp_path))
        same(got, expected, f"{NAME[signature]} ({form})")
        for name in out_files(case(signature)[0]):
            written = (tmp_path / f"{cid}_{name}").read_bytes()
            assert written == (rhai_results["_out"] / f"{cid}_{name}").read_bytes(), (
                f"{NAME[signature]} ({form}): {name} differs from the binary's"
            )
            (tmp_path / f"{cid}_{name}").unlink()
