"""point_contacts(stance, scene, ground): a stance's distributed wrenches as point contacts
(morsel_lab::point_contacts), checked by statics and against the `morsel` binary."""

import numpy as np
import pytest

import morsel
from test_rhai_parity import run_rhai


def feet(left_link="left", right_link="right", com_y=0.05):
    sc = morsel.scene()
    sc.add_body("floor", morsel.halfspace([0, 0, 1]), morsel.pose([0, 0, 0]))
    sc.add_body("left", morsel.box(0.11, 0.05, 0.02), morsel.pose([0, 0.15, 0.02]))
    sc.add_body("right", morsel.box(0.11, 0.05, 0.02), morsel.pose([0, -0.15, 0.02]))
    contacts = []
    for y, link in [(0.15, left_link), (-0.15, right_link)]:
        o = {"shape": [0.11, 0.05], "pos": [0, y, 0], "friction": 0.7}
        if link is not None:
            o["link"] = link
        contacts.append(morsel.contact(o))
    st = morsel.stance({"com": [0.0, com_y, 0.8], "mass": 10.0, "contacts": contacts})
    return st, sc


def test_forces_carry_the_weight_and_balance_the_moment():
    st, sc = feet()
    pc = morsel.point_contacts(st, sc, "floor")
    assert [c["body_b"] for c in pc] == ["left", "right"]
    assert all(c["body_a"] == "floor" for c in pc)
    f = np.array([c["force"] for c in pc])
    p = np.array([c["position"] for c in pc])
    assert f[:, 2].sum() == pytest.approx(10.0 * 9.81, abs=1e-6)     # m g
    # the vertical forces' moment about the CoM's vertical vanishes (CoM at y = 0.05)
    assert (f[:, 2] * (p[:, 1] - 0.05)).sum() == pytest.approx(0.0, abs=1e-4)
    # a touch sensor on the left foot receives exactly that foot's force
    t = morsel.touch(sc, {"scales": {"left": 0.02}, "kind": "points",
                          "touch_function": "force_vector_global", "mimo_quirks": False})
    t.observe(pc)
    assert morsel.body_output(t, "left")[:, 2].sum() == pytest.approx(f[0, 2], abs=1e-9)


def test_numbers_equal_the_binary(tmp_path):
    rhai = run_rhai(tmp_path, """
        let sc = scene();
        sc.add_body("floor", halfspace([0, 0, 1]), pose([0, 0, 0]));
        sc.add_body("left", box(0.11, 0.05, 0.02), pose([0, 0.15, 0.02]));
        sc.add_body("right", box(0.11, 0.05, 0.02), pose([0, -0.15, 0.02]));
        let st = stance(#{ com: [0.0, 0.05, 0.8], mass: 10.0, contacts: [
            contact(#{ shape: [0.11, 0.05], pos: [0, 0.15, 0], friction: 0.7, link: "left" }),
            contact(#{ shape: [0.11, 0.05], pos: [0, -0.15, 0], friction: 0.7, link: "right" }),
        ] });
        let pc = st.point_contacts(sc, "floor");
        save("out.json", pc.map(|c| c.position + c.force + c.normal));
    """)
    st, sc = feet()
    py = [np.concatenate([c["position"], c["force"], c["normal"]]).tolist()
          for c in morsel.point_contacts(st, sc, "floor")]
    assert py == rhai


def test_bad_input_raises():
    st, sc = feet()
    with pytest.raises(morsel.UnknownNameError):
        morsel.point_contacts(st, sc, "ceiling")
    st2, sc2 = feet(right_link=None)
    with pytest.raises(morsel.InvalidValueError, match="no `link`"):
        morsel.point_contacts(st2, sc2, "floor")
    st3, sc3 = feet(right_link="hand")
    with pytest.raises(morsel.UnknownNameError):
        morsel.point_contacts(st3, sc3, "floor")
    st4, sc4 = feet(com_y=2.0)        # the CoM far outside the feet: no distribution
    with pytest.raises(morsel.InvalidValueError, match="distribution"):
        morsel.point_contacts(st4, sc4, "floor")
    with pytest.raises(morsel.WrongTypeError):
        morsel.point_contacts(sc, sc, "floor")
