"""The Python loaders read anywhere by default; with `root` they read only inside it."""

import pytest

import morsel

BOX_STL = """solid t
facet normal 0 0 -1
outer loop
vertex 0 0 0
vertex 1 0 0
vertex 0 1 0
endloop
endfacet
facet normal 0 0 1
outer loop
vertex 0 0 1
vertex 1 0 1
vertex 0 1 1
endloop
endfacet
endsolid t
"""


def write_tree(tmp_path):
    inside, outside = tmp_path / "inside", tmp_path / "outside"
    inside.mkdir()
    outside.mkdir()
    (outside / "secret.xml").write_text(
        '<mujoco><worldbody><body name="stolen"><geom type="sphere" size="0.1"/></body>'
        "</worldbody></mujoco>"
    )
    (inside / "own.xml").write_text(
        '<mujoco><worldbody><body name="own"><geom type="sphere" size="0.1"/></body>'
        "</worldbody></mujoco>"
    )
    (inside / "leaky.xml").write_text('<mujoco><include file="../outside/secret.xml"/></mujoco>')
    (outside / "part.stl").write_text(BOX_STL)
    (inside / "leaky.urdf").write_text(
        '<robot name="r"><link name="base"><visual><geometry>'
        '<mesh filename="../outside/part.stl"/></geometry></visual></link></robot>'
    )
    return inside, outside


def test_without_a_root_the_loaders_read_anywhere(tmp_path):
    inside, outside = write_tree(tmp_path)
    robot = morsel.mjcf(inside / "leaky.xml")
    assert "stolen" in robot.frames
    morsel.urdf(inside / "leaky.urdf")
    morsel.mesh(outside / "part.stl")


def test_a_root_confines_the_model_and_every_file_it_names(tmp_path):
    inside, outside = write_tree(tmp_path)
    assert "own" in morsel.mjcf(inside / "own.xml", root=inside).frames
    with pytest.raises(morsel.MorselError, match="outside"):
        morsel.mjcf(inside / "leaky.xml", root=inside)
    with pytest.raises(morsel.MorselError, match="outside"):
        morsel.urdf(inside / "leaky.urdf", root=inside)
    with pytest.raises(morsel.MorselError, match="outside"):
        morsel.mesh(outside / "part.stl", root=inside)
    # an outside path that does not exist gets the same error as one that does
    with pytest.raises(morsel.MorselError, match="outside"):
        morsel.mjcf(outside / "missing.xml", root=inside)
    with pytest.raises(morsel.InvalidValueError, match="`root` of mjcf"):
        morsel.mjcf(inside / "own.xml", root=inside / "own.xml")
