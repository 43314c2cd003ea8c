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


def test_an_empty_drawable_shows_a_note_in_a_notebook(tmp_path):
    """A notebook cell that shows a fresh scene (or a simulation without robots) gets a page
    that says there is nothing to draw, not a traceback; saving one stays an error."""
    for obj, says in [
        (morsel.scene(), "&amp;quot;scene&amp;quot; has nothing to draw (no bodies or links)"),
        (morsel.simulation(dt=0.05), "a simulation without robots (add one with add()) has nothing to draw"),
    ]:
        cell = obj._repr_html_()
        assert cell.startswith("<iframe") and says in cell, cell
        page = morsel.view(obj).html
        assert "<script" not in page and "nothing to draw" in page, page
        with pytest.raises(morsel.InvalidValueError, match="nothing to draw"):
            morsel.save(str(tmp_path / "empty.html"), obj)
    assert list(tmp_path.iterdir()) == []
    # Once it has a body, the same scene's cell is the 3D view.
    sc = morsel.scene()
    sc.add_body("ball", morsel.sphere(0.1), morsel.pose([0.0, 0.0, 0.5]))
    assert "nothing to draw" not in sc._repr_html_()
