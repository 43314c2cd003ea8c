"""morsel.save of .html (offline 3D views) and .glb: a Scene or a Robot drawn by morsel-lab; the
page embeds the same glb. (Chromium opens such pages in lab/tests/html.rs.)"""

import base64

import pytest

import morsel
from conftest import ROBOTS


def solo():
    robot = morsel.urdf(ROBOTS / "solo12" / "solo12.urdf")
    return robot


def test_a_robot_page_embeds_its_glb_and_names_no_url(tmp_path):
    robot = solo()
    morsel.save(tmp_path / "solo.html", robot)
    morsel.save(str(tmp_path / "solo.glb"), robot)
    page = (tmp_path / "solo.html").read_text()
    glb = (tmp_path / "solo.glb").read_bytes()
    assert page.startswith("<!DOCTYPE html>")
    assert glb[:4] == b"glTF"
    assert base64.b64encode(glb).decode() in page
    assert "http://" not in page and "https://" not in page


def test_a_scene_page(tmp_path):
    sc = morsel.scene()
    sc.add_body("ball", morsel.sphere(0.1), morsel.pose([0.0, 0.0, 0.5]))
    morsel.save(str(tmp_path / "scene.html"), sc)
    page = (tmp_path / "scene.html").read_text()
    assert "<title>scene</title>" in page


def test_bad_requests_raise_and_write_nothing(tmp_path):
    with pytest.raises(morsel.WrongTypeError, match="an HTML view draws a Scene, a Robot"):
        morsel.save(str(tmp_path / "x.html"), 1)
    with pytest.raises(morsel.InvalidValueError, match="nothing to draw"):
        morsel.save(str(tmp_path / "empty.html"), morsel.scene())
    with pytest.raises(morsel.MissingFileError):
        morsel.save(str(tmp_path / "no" / "such" / "x.html"), solo())
    assert list(tmp_path.iterdir()) == []
