"""Shared paths and fixtures of the Python tests."""

import json
import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
ROBOTS = REPO / "assets" / "robots"
MIMO_V1 = ROBOTS / "mimo" / "benchmark_scene.xml"


def mimo_v1_scales():
    """MIMo's default v1 touch scales (touch_params.json, from MIMo's mimo_env.py)."""
    params = json.loads((ROBOTS / "mimo" / "touch_params.json").read_text())
    return next(v for k, v in params.items() if k.startswith("v1 "))["scales"]


@pytest.fixture(scope="session")
def mimo():
    import morsel

    return morsel.mjcf(MIMO_V1)
