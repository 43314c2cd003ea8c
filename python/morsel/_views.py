"""Notebook views: ``morsel.view(x)`` and ``x._repr_html_()`` show a drawable object (Scene,
Robot, Touch, Taxels, Stance, Simulation, Boundary) as the offline three.js view that
``save("x.html", x)`` writes, inline in a Jupyter cell, without network access (three.js is
inlined in the document, which an iframe's ``srcdoc`` holds)."""

import html

from . import _morsel

DRAWABLE = ("Scene", "Robot", "Touch", "Taxels", "Stance", "Simulation", "Boundary")


class View:
    """The offline 3D view of one object: ``html`` is the whole document; Jupyter shows it
    through ``_repr_html_`` (an iframe of ``height`` pixels)."""

    def __init__(self, document, name="morsel", height=480):
        self.html = document
        self.name = name
        self.height = height

    def _repr_html_(self):
        return (
            f'<iframe title="{html.escape(self.name)}" srcdoc="{html.escape(self.html, quote=True)}" '
            f'style="width: 100%; height: {int(self.height)}px; border: 0"></iframe>'
        )

    def save(self, path):
        """Writes the document (as save("x.html", obj) does)."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.html)

    def __repr__(self):
        return f"View({self.name!r}, {len(self.html)} bytes of HTML)"


def view(obj, name=None, height=480):
    """view(x): the offline 3D view of a Scene, Robot, Touch, Taxels, Stance, Simulation or
    2-3 joint Boundary, shown inline by Jupyter (``View._repr_html_``); WrongTypeError for
    anything else, InvalidValueError when the object cannot be drawn (a 4-joint boundary). An
    object with nothing to draw yet (an empty scene, a simulation without robots) gives a page
    that says so, never an error (``save`` of one still raises)."""
    if name is None:
        name = type(obj).__name__.lower()
    return View(_morsel._view_html(obj, name), name, height)


def _repr_html_(self):
    return view(self)._repr_html_()


def install():
    """Gives every drawable class its ``_repr_html_``."""
    for name in DRAWABLE:
        setattr(getattr(_morsel, name), "_repr_html_", _repr_html_)
