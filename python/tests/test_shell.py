"""The shell group from Python: save (JSON, CSV, NPY through morsel-lab), seed, test_mode.

The saved bytes are compared with the bytes the `morsel` binary writes for the same data
(both encode through morsel_lab::save), and read back with json / csv / numpy."""

import json
import os
import subprocess

import numpy as np
import pytest

import morsel
from test_rhai_parity import morsel_bin

DATA_RHAI = '#{ a: [1.0, 2.5, 1e-7], b: "x", c: 3, d: true, e: (), f: #{ g: [[1.0, 2.0], [3.0, 4.0]] } }'
DATA_PY = {"a": [1.0, 2.5, 1e-7], "b": "x", "c": 3, "d": True, "e": None,
           "f": {"g": np.array([[1.0, 2.0], [3.0, 4.0]])}}
COLUMNS_RHAI = "#{ t: [0.0, 0.5, 1.0], x: [1.5, -2.0, 1.0e20] }"
COLUMNS_PY = {"t": np.array([0.0, 0.5, 1.0]), "x": [1.5, -2.0, 1.0e20]}


def rhai_saves(tmp_path, saves):
    """Runs a script that saves each (name, rhai value) and returns {name: bytes}."""
    script = tmp_path / "save.rhai"
    script.write_text("\n".join(f'save("{n}", {v});' for n, v in saves))
    out = tmp_path / "rhai_out"
    r = subprocess.run([str(morsel_bin()), "run", str(script), "--out", str(out), "--root", "/"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return {n: (out / n).read_bytes() for n, _ in saves}


def test_saved_bytes_equal_the_binary(tmp_path):
    rhai = rhai_saves(tmp_path, [("d.json", DATA_RHAI), ("c.csv", COLUMNS_RHAI),
                                 ("c.npy", "[[1.0, 2.0, 3.0], [4.0, 5.0, 6.5]]")])
    morsel.save(tmp_path / "d.json", DATA_PY)
    morsel.save(str(tmp_path / "c.csv"), COLUMNS_PY)
    morsel.save(str(tmp_path / "c.npy"), np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.5]]))
    for name, data in rhai.items():
        assert (tmp_path / name).read_bytes() == data, name


def test_values_read_back(tmp_path):
    p = tmp_path / "d.json"
    morsel.save(str(p), DATA_PY)
    back = json.loads(p.read_text())
    assert back == {"a": [1.0, 2.5, 1e-7], "b": "x", "c": 3, "d": True, "e": None,
                    "f": {"g": [[1.0, 2.0], [3.0, 4.0]]}}
    # header = sorted keys, one row per sample
    morsel.save(str(tmp_path / "c.csv"), COLUMNS_PY)
    lines = (tmp_path / "c.csv").read_text().splitlines()
    assert lines[0] == "t,x"
    assert [tuple(map(float, l.split(","))) for l in lines[1:]] == [(0.0, 1.5), (0.5, -2.0), (1.0, 1e20)]
    # an N-d array, NumPy scalars and a 3-D int array (widened to f64)
    a = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
    morsel.save(str(tmp_path / "a.npy"), a)
    b = np.load(tmp_path / "a.npy")
    assert b.dtype == np.float64 and b.shape == (2, 3, 4) and (b == a).all()
    morsel.save(str(tmp_path / "s.json"), {"x": np.float64(0.1), "n": np.int64(7), "ok": np.bool_(True)})
    assert json.loads((tmp_path / "s.json").read_text()) == {"x": 0.1, "n": 7, "ok": True}


def test_morsel_objects_are_saved_as_their_map(tmp_path):
    pose = morsel.pose([1.0, 2.0, 3.0], [0.0, 0.0, 0.5])
    morsel.save(str(tmp_path / "p.json"), {"p": pose})
    back = json.loads((tmp_path / "p.json").read_text())["p"]
    expected = {k: np.asarray(v).tolist() for k, v in pose.to_map().items()}
    assert back == expected


@pytest.mark.parametrize("name, value, error", [
    ("x.txt", 1, morsel.InvalidValueError),              # unknown extension
    ("noext", 1, morsel.InvalidValueError),
    ("x.json", float("nan"), morsel.InvalidValueError),   # JSON cannot hold NaN
    ("x.npy", [[1.0, 2.0], [3.0]], morsel.InvalidValueError),  # ragged
    ("x.json", object(), morsel.WrongTypeError),
    ("x.json", {1: 2.0}, morsel.WrongTypeError),          # non-string key
    ("x.json", np.array([1 + 2j]), morsel.WrongTypeError),
    ("x.json", 2**70, morsel.InvalidValueError),
])
def test_bad_values_raise_and_write_nothing(tmp_path, name, value, error):
    with pytest.raises(error):
        morsel.save(str(tmp_path / name), value)
    assert list(tmp_path.iterdir()) == []


def test_bad_paths_raise(tmp_path):
    with pytest.raises(morsel.WrongTypeError):
        morsel.save(12, [1.0])
    with pytest.raises(morsel.MissingFileError):
        morsel.save(str(tmp_path / "no" / "such" / "x.json"), [1.0])
    deep = [1.0]
    for _ in range(100):
        deep = [deep]
    with pytest.raises(morsel.InvalidValueError):
        morsel.save(str(tmp_path / "deep.json"), deep)


def test_seed_and_test_mode_follow_the_environment(monkeypatch):
    monkeypatch.delenv("MORSEL_SEED", raising=False)
    monkeypatch.delenv("MORSEL_TEST_MODE", raising=False)
    assert morsel.seed() == 0 and morsel.test_mode() is False
    monkeypatch.setenv("MORSEL_SEED", "18446744073709551615")
    assert morsel.seed() == 2**64 - 1
    monkeypatch.setenv("MORSEL_TEST_MODE", "1")
    assert morsel.test_mode() is True
    monkeypatch.setenv("MORSEL_SEED", "-3")
    with pytest.raises(morsel.InvalidValueError):
        morsel.seed()
    monkeypatch.setenv("MORSEL_TEST_MODE", "maybe")
    with pytest.raises(morsel.InvalidValueError):
        morsel.test_mode()
