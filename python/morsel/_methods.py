"""Module functions that call a method of their first argument, so that ``f(x, a)`` is
``x.f(a)`` as in Rhai."""

from ._errors import WrongTypeError


def method_of_first_argument(name, doc):
    """A module function that calls method `name` of its first argument."""

    def call(obj, *args, **kwargs):
        method = getattr(type(obj), name, None)
        if method is None or not callable(method):
            raise WrongTypeError(
                f"{name}(): the first argument has no `{name}` (got {type(obj).__name__})"
            )
        return method(obj, *args, **kwargs)

    call.__name__ = name
    call.__qualname__ = name
    call.__doc__ = doc
    return call
