"""Every class of `morsel` has a useful repr: its name and what it holds, not Python's default
"<morsel.X object at 0x...>". One object of each class is built as the API cases build them."""

import morsel
import morsel._morsel as native
from api_cases import OPTIONAL_OBJECTS
from test_api_calls import python_objects


def test_every_class_has_a_useful_repr():
    ns = python_objects(", ".join(n for n, _ in OPTIONAL_OBJECTS))
    objects = {type(v).__name__: v for v in ns.values() if type(v).__module__ == "morsel"}
    objects["Recorder"] = morsel.record(ns["sim"], ns["arm"], "pose")
    objects["View"] = morsel.view(ns["sc"])
    classes = {n for n in native.__all__ if not n.startswith("_") and isinstance(getattr(native, n), type)}
    assert not classes - set(objects), f"no object built for {sorted(classes - set(objects))}"
    for name, obj in sorted(objects.items()):
        text = repr(obj)
        assert text.startswith(f"{name}(") and " object at 0x" not in text, f"{name}: {text}"
